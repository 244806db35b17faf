// compile_commands.json for coopcheck-clangd as coopcheck reads it: an nvcc, hipcc or mxcc command
// becomes the Clang command coopcheck parses the file with (analysis/frontend/ClangReadyCommand.h),
// so an editor on the database of a CMake CUDA project shows the CLI's findings.
//
// clangd loads the database as inferMissingCompileCommands(expandResponseFiles(JSON)), and its
// CommandMangler later drops every argument it takes for an input, among them the value of nvcc's
// --options-file, so the translation must come before it. coopcheck-clangd defines
// expandResponseFiles itself: the linker takes this definition over libclang-cpp's for clangd's
// code. It expands response files as Clang's does (tooling::addExpandedResponseFiles), then makes
// GPU commands Clang-ready. tools/test's nvcc_database_front_doors fails if clangd stops calling
// it.
#include "analysis/frontend/ClangReadyCommand.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace clang::tooling {

std::unique_ptr<CompilationDatabase>
expandResponseFiles(std::unique_ptr<CompilationDatabase> Base,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  auto Expand = [FS = std::move(FS)](CompileCommand &Command) {
    addExpandedResponseFiles(Command.CommandLine, Command.Directory,
                             llvm::cl::TokenizeGNUCommandLine, *FS);
  };
  return coopcheck::analysis::clangReadyDatabase(
      coopcheck::analysis::rewrittenDatabase(std::move(Base), std::move(Expand)));
}

} // namespace clang::tooling
