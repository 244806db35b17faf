// compile_commands.json as CMake writes it for nvcc, hipcc or mxcc.
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace coopcheck::analysis {

struct CompileEntry {
  std::string Directory;         ///< the command's working directory (absolute)
  std::string File;              ///< the source file, made absolute against Directory
  std::vector<std::string> Argv; ///< "arguments", or "command" split the way a POSIX shell would
};

/// Loads DirOrFile/compile_commands.json (or the file itself when a .json file is named).
/// Errors carry a one-line reason: no such file, not JSON, not an array, an entry without
/// "directory"/"file"/"command"|"arguments", an empty database.
llvm::Expected<std::vector<CompileEntry>> loadCompileDatabase(llvm::StringRef DirOrFile);

/// The entry for File (compared as absolute, normalized paths), or nullptr.
const CompileEntry *findCompileEntry(const std::vector<CompileEntry> &Db, llvm::StringRef File);

/// Splits a "command" string like a POSIX shell: quotes, backslash escapes.
std::vector<std::string> splitShellCommand(llvm::StringRef Command);

} // namespace coopcheck::analysis
