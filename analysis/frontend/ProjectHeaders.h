// The project's own headers that its parse reads as system headers: ones that say so themselves
// (`#pragma GCC system_header`, `#pragma clang system_header`: CCCL's, unless
// _CCCL_NO_SYSTEM_HEADER) or that an `-isystem` into the project finds. Clang keeps every finding
// and every analysis out of system headers, which left about a tenth of a library's functions
// unread when its own tests were analysed. A header of the main file's repository is the
// project's; a library's headers, in another repository or in none, stay system headers.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}
namespace llvm::vfs {
class FileSystem;
}

namespace coopcheck::analysis {

/// The files of the main file's repository that the parse entered as system headers or that
/// declared themselves one.
struct ProjectSystemHeaders {
  std::vector<clang::FileID> Files;
};

/// Records them into Out as the preprocessor runs.
std::unique_ptr<clang::PPCallbacks> recordProjectSystemHeaders(clang::SourceManager &SM,
                                                               ProjectSystemHeaders &Out);

/// Makes Headers user code for every question asked of SM from now on (isInSystemHeader), once
/// the parse is done: the parse itself read them as the compiler does. Their lines and file names
/// stay as they were.
void readAsProjectCode(clang::SourceManager &SM, const ProjectSystemHeaders &Headers);

/// The repository Path is in: the nearest directory up from it that holds `.git` (a directory,
/// or a file in a submodule or worktree); empty when there is none.
std::string repositoryRoot(llvm::StringRef Path, llvm::vfs::FileSystem &FS);

} // namespace coopcheck::analysis
