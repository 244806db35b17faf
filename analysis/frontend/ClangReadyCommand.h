// A database's compile command as Clang's own tools can run it. CMake writes nvcc, hipcc and mxcc
// commands whose options Clang's driver rejects (-forward-unknown-to-host-compiler,
// --generate-code=..., -rdc=true) and whose toolkit layout it does not know (CUDA 13's
// include/cccl). clang-tidy and clangd get the command coopcheck parses the file with instead, so
// every front door reads a unit the same way; coopcheck --export-compile-commands writes them for
// other tools.
#pragma once
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coopcheck::analysis {

/// Entry's command translated, its response files read from its directory, a toolkit found through
/// a relative compiler path made absolute against that directory.
TranslatedCommand translateEntry(const CompileEntry &Entry);

/// Whether Argv is run by a GPU compiler driver Clang's tools cannot stand in for (nvcc, hipcc,
/// mxcc, after a launcher such as ccache). Commands of clang and of host compilers stay as they
/// are: a host .cpp file must not become a CUDA parse.
bool runsGpuCompilerDriver(llvm::ArrayRef<std::string> Argv);

/// "clang++", the arguments coopcheck parses Entry.File with (device side, platform from the
/// command and Contents), the file.
std::vector<std::string> clangReadyCommand(const CompileEntry &Entry, llvm::StringRef Contents,
                                           const ParseOptions &Options = {});

/// Changes one command of a database in place.
using CommandRewrite = std::function<void(clang::tooling::CompileCommand &)>;

/// Base with Rewrite applied to every command it gives.
std::unique_ptr<clang::tooling::CompilationDatabase>
rewrittenDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                  CommandRewrite Rewrite);

/// Base with every command of a GPU compiler driver replaced by clangReadyCommand (left as it is
/// when its file cannot be read: the tool reports that itself); other commands unchanged. What
/// the clang-tidy plugin and coopcheck-clangd load compile_commands.json through.
std::unique_ptr<clang::tooling::CompilationDatabase>
clangReadyDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> Base);

} // namespace coopcheck::analysis
