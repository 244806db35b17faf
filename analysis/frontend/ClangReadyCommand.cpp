#include "analysis/frontend/ClangReadyCommand.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace coopcheck::analysis {

static std::optional<std::string> readFile(const llvm::Twine &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

TranslatedCommand translateEntry(const CompileEntry &Entry) {
  auto Reader = [&](llvm::StringRef ResponseFile) -> std::optional<std::string> {
    if (llvm::sys::path::is_relative(ResponseFile))
      return readFile(llvm::Twine(Entry.Directory) + "/" + ResponseFile);
    return readFile(ResponseFile);
  };
  TranslatedCommand Command = translateCompileCommand(Entry.Argv, Reader);
  if (Command.CudaPath && llvm::sys::path::is_relative(*Command.CudaPath)) {
    llvm::SmallString<256> Abs(Entry.Directory);
    llvm::sys::path::append(Abs, *Command.CudaPath);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Command.CudaPath = std::string(Abs);
  }
  return Command;
}

bool runsGpuCompilerDriver(llvm::ArrayRef<std::string> Argv) {
  return gpuCompilerDriverPlatform(Argv).has_value();
}

std::vector<std::string> clangReadyCommand(const CompileEntry &Entry, llvm::StringRef Contents,
                                           const ParseOptions &Options) {
  TranslatedCommand Command = translateEntry(Entry);
  model::Platform P = detectPlatform(Entry.File, Contents, &Command, Options);
  std::vector<std::string> Argv = {"clang++"};
  for (std::string &Arg : parseArguments(P, Options, &Command))
    Argv.push_back(std::move(Arg));
  Argv.push_back(Entry.File);
  return Argv;
}

namespace {

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

void makeClangReady(CompileCommand &Command) {
  if (!runsGpuCompilerDriver(Command.CommandLine))
    return;
  llvm::SmallString<256> File(Command.Filename);
  llvm::sys::path::make_absolute(Command.Directory, File);
  auto Contents = llvm::MemoryBuffer::getFile(File);
  if (!Contents)
    return;
  CompileEntry Entry{Command.Directory, std::string(File), std::move(Command.CommandLine)};
  Command.CommandLine = clangReadyCommand(Entry, (*Contents)->getBuffer());
}

class RewrittenDatabase : public CompilationDatabase {
public:
  RewrittenDatabase(std::unique_ptr<CompilationDatabase> Base, CommandRewrite Rewrite)
      : Base(std::move(Base)), Rewrite(std::move(Rewrite)) {}
  std::vector<CompileCommand> getCompileCommands(llvm::StringRef File) const override {
    return rewritten(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override { return Base->getAllFiles(); }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return rewritten(Base->getAllCompileCommands());
  }

private:
  std::vector<CompileCommand> rewritten(std::vector<CompileCommand> Commands) const {
    for (CompileCommand &Command : Commands)
      Rewrite(Command);
    return Commands;
  }
  std::unique_ptr<CompilationDatabase> Base;
  CommandRewrite Rewrite;
};

} // namespace

std::unique_ptr<CompilationDatabase> rewrittenDatabase(std::unique_ptr<CompilationDatabase> Base,
                                                       CommandRewrite Rewrite) {
  return std::make_unique<RewrittenDatabase>(std::move(Base), std::move(Rewrite));
}

std::unique_ptr<CompilationDatabase> clangReadyDatabase(std::unique_ptr<CompilationDatabase> Base) {
  return rewrittenDatabase(std::move(Base), makeClangReady);
}

} // namespace coopcheck::analysis
