#include "tools/coopcheck/Inputs.h"
#include "analysis/frontend/ClangReadyCommand.h"
#include "tools/coopcheck/IncludingUnits.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

namespace coopcheck::cli {

static std::string absolutePath(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  (void)llvm::sys::fs::make_absolute(Abs); // without a current directory it stays as given
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::optional<std::string> unreadableReason(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return "no such file";
  if (llvm::sys::fs::is_directory(Status))
    return "is a directory, not a source file";
  if (!llvm::sys::fs::is_regular_file(Status))
    return "not a regular file";
  auto Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "cannot read: " + Buffer.getError().message();
  // An object file or an image: NUL bytes throughout its first 8 KiB. A stray one in a comment
  // is source still (clang reads it with a warning).
  llvm::StringRef Head = (*Buffer)->getBuffer().take_front(8192);
  constexpr size_t StrayNuls = 8;
  if (Head.count('\0') > StrayNuls || Head.starts_with("\x7f"
                                                       "ELF"))
    return "is a binary file, not source";
  return std::nullopt;
}

static std::optional<std::string> readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

static void addUnit(Inputs &Result, const std::string &Path, std::string Directory,
                    std::optional<analysis::TranslatedCommand> Command) {
  if (!llvm::sys::fs::is_directory(Directory)) {
    // An absolute file needs no directory to be found; its relative -I paths may then miss.
    if (!llvm::sys::fs::exists(Path)) {
      Result.Failures.push_back(
          {Path, "the compile command's directory '" + Directory + "' does not exist"});
      return;
    }
    Result.Warnings.push_back(Path + ": the compile command's directory '" + Directory +
                              "' does not exist; analysed from the file's own directory");
    Directory = std::string(llvm::sys::path::parent_path(Path));
  }
  if (auto Reason = unreadableReason(Path)) {
    Result.Failures.push_back({Path, *Reason});
    return;
  }
  auto Contents = readFile(Path);
  if (!Contents) {
    Result.Failures.push_back({Path, "cannot read"});
    return;
  }
  Result.Units.push_back({Path, Directory, std::move(*Contents), std::move(Command)});
}

/// A file named with -p: its own entry, a unit including it, or the nearest entry's command.
static void addDatabaseUnit(Inputs &Result, const std::string &Path,
                            const std::vector<analysis::CompileEntry> &Database) {
  if (auto Reason = unreadableReason(Path)) {
    Result.Failures.push_back({Path, *Reason});
    return;
  }
  if (const analysis::CompileEntry *Entry = analysis::findCompileEntry(Database, Path)) {
    addUnit(Result, Path, Entry->Directory, analysis::translateEntry(*Entry));
    return;
  }
  if (const analysis::CompileEntry *Includer =
          findIncludingUnit(Database, Path, analysis::translateEntry)) {
    addUnit(Result, Includer->File, Includer->Directory, analysis::translateEntry(*Includer));
    if (!Result.Units.empty() && Result.Units.back().File == Includer->File)
      Result.Units.back().OnlyFindingsIn = Path;
    return;
  }
  const analysis::CompileEntry *Nearest = nearestEntry(Database, Path);
  if (!Nearest) {
    Result.Failures.push_back({Path, "no compile command for this file in the database"});
    return;
  }
  addUnit(Result, Path, Nearest->Directory, analysis::translateEntry(*Nearest));
}

/// What shapes an entry's parse: its file, directory and translated command (output options,
/// the compiler's path and launcher are not in it).
static std::string parseOf(const analysis::CompileEntry &Entry,
                           const analysis::TranslatedCommand &Command) {
  std::string Key = Entry.File + '\0' + Entry.Directory + '\0' + Command.CudaPath.value_or("") +
                    '\0' + std::to_string(Command.Platform ? int(*Command.Platform) : -1);
  for (const std::vector<std::string> *Part : {&Command.Args, &Command.GpuArchs})
    for (const std::string &Arg : *Part)
      Key += '\0' + Arg;
  return Key;
}

Inputs gatherInputs(const std::vector<std::string> &Files,
                    const std::vector<analysis::CompileEntry> *Database) {
  Inputs Result;
  llvm::SmallString<256> Cwd;
  (void)llvm::sys::fs::current_path(Cwd); // empty when unknown: paths stay as given
  if (Database && Files.empty()) {
    std::set<std::string> Parses;
    for (const analysis::CompileEntry &Entry : *Database) {
      analysis::TranslatedCommand Command = analysis::translateEntry(Entry);
      if (!Parses.insert(parseOf(Entry, Command)).second)
        continue;
      if (Entry.Argv.empty())
        Result.Warnings.push_back(Entry.File +
                                  ": its compile command is empty; analysed with coopcheck's "
                                  "own flags");
      addUnit(Result, Entry.File, Entry.Directory, std::move(Command));
    }
    return Result;
  }
  for (const std::string &File : Files) {
    std::string Path = absolutePath(File);
    if (!Database) {
      addUnit(Result, Path, std::string(Cwd), std::nullopt);
      continue;
    }
    addDatabaseUnit(Result, Path, *Database);
  }
  return Result;
}

} // namespace coopcheck::cli
