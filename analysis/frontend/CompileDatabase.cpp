#include "analysis/frontend/CompileDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>

namespace coopcheck::analysis {
namespace {

using llvm::StringRef;
using llvm::Twine;

llvm::Error failure(StringRef Path, const Twine &Reason) {
  return llvm::createStringError(Twine(Path) + ": " + Reason);
}

/// Path made absolute against Base (or the working directory) with . and .. removed.
std::string normalizedAbsolute(StringRef Path, StringRef Base) {
  llvm::SmallString<256> Result(Path);
  if (!llvm::sys::path::is_absolute(Result)) {
    if (Base.empty())
      (void)llvm::sys::fs::make_absolute(Result); // without a current directory it stays as given
    else
      Result = (Twine(Base) + llvm::sys::path::get_separator() + Path).str();
  }
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return Result.str().str();
}

/// A string member of an entry, or an error naming the entry and the member.
llvm::Expected<std::string> stringMember(const nlohmann::json &Entry, const char *Name,
                                         StringRef DbPath, size_t Index) {
  auto It = Entry.find(Name);
  if (It == Entry.end())
    return failure(DbPath, "entry " + Twine(Index) + " has no \"" + Name + "\"");
  if (!It->is_string())
    return failure(DbPath, "entry " + Twine(Index) + ": \"" + Name + "\" is not a string");
  return It->get<std::string>();
}

/// "arguments" when present (already split), else "command" split like a shell would.
llvm::Expected<std::vector<std::string>> commandOf(const nlohmann::json &Entry, StringRef DbPath,
                                                   size_t Index) {
  auto Arguments = Entry.find("arguments");
  if (Arguments == Entry.end()) {
    llvm::Expected<std::string> Command = stringMember(Entry, "command", DbPath, Index);
    if (!Command)
      return failure(DbPath,
                     "entry " + Twine(Index) + " has neither \"command\" nor \"arguments\"");
    return splitShellCommand(*Command);
  }
  std::vector<std::string> Argv;
  if (Arguments->is_array())
    for (const nlohmann::json &Arg : *Arguments)
      if (Arg.is_string())
        Argv.push_back(Arg.get<std::string>());
  if (!Arguments->is_array() || Argv.size() != Arguments->size())
    return failure(DbPath, "entry " + Twine(Index) + ": \"arguments\" is not an array of strings");
  if (Argv.empty())
    return failure(DbPath, "entry " + Twine(Index) + ": \"arguments\" is empty");
  return Argv;
}

llvm::Expected<CompileEntry> entryOf(const nlohmann::json &Entry, StringRef DbPath, size_t Index) {
  if (!Entry.is_object())
    return failure(DbPath, "entry " + Twine(Index) + " is not an object");
  llvm::Expected<std::string> Directory = stringMember(Entry, "directory", DbPath, Index);
  if (!Directory)
    return Directory.takeError();
  llvm::Expected<std::string> File = stringMember(Entry, "file", DbPath, Index);
  if (!File)
    return File.takeError();
  llvm::Expected<std::vector<std::string>> Argv = commandOf(Entry, DbPath, Index);
  if (!Argv)
    return Argv.takeError();
  // A relative "directory" is relative to the database's own folder (clang's reading of it).
  std::string Dir = normalizedAbsolute(*Directory, llvm::sys::path::parent_path(DbPath));
  std::string AbsoluteFile = normalizedAbsolute(*File, Dir);
  return CompileEntry{std::move(Dir), std::move(AbsoluteFile), std::move(*Argv)};
}

llvm::Expected<std::vector<CompileEntry>> entriesOf(const nlohmann::json &Db, StringRef DbPath) {
  if (!Db.is_array())
    return failure(DbPath, "not a JSON array of compile commands");
  if (Db.empty())
    return failure(DbPath, "no compile commands");
  std::vector<CompileEntry> Entries;
  for (size_t Index = 0; Index < Db.size(); ++Index) {
    llvm::Expected<CompileEntry> Entry = entryOf(Db[Index], DbPath, Index);
    if (!Entry)
      return Entry.takeError();
    Entries.push_back(std::move(*Entry));
  }
  return Entries;
}

/// nlohmann's messages start with "[json.exception.parse_error.101] ": the tag says nothing to a
/// user.
std::string jsonReason(const nlohmann::json::exception &E) {
  StringRef Message = E.what();
  if (Message.starts_with("["))
    Message = Message.split("] ").second;
  return Message.str();
}

} // namespace

llvm::Expected<std::vector<CompileEntry>> loadCompileDatabase(StringRef DirOrFile) {
  std::string DbPath = normalizedAbsolute(DirOrFile, "");
  if (llvm::sys::fs::is_directory(DbPath))
    DbPath = normalizedAbsolute("compile_commands.json", DbPath);
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(DbPath, Status))
    return failure(DbPath,
                   EC == std::errc::no_such_file_or_directory ? "no such file" : EC.message());
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(DbPath, /*IsText=*/true);
  if (!Buffer)
    return failure(DbPath, "cannot read: " + Buffer.getError().message());
  StringRef Text = (*Buffer)->getBuffer();
  if (Text.trim().empty())
    return failure(DbPath, "empty file");
  try {
    return entriesOf(nlohmann::json::parse(Text.begin(), Text.end()), DbPath);
  } catch (const nlohmann::json::exception &E) {
    return failure(DbPath, "not valid JSON: " + jsonReason(E));
  }
}

const CompileEntry *findCompileEntry(const std::vector<CompileEntry> &Db, StringRef File) {
  std::string Wanted = normalizedAbsolute(File, "");
  for (const CompileEntry &Entry : Db)
    if (Entry.File == Wanted)
      return &Entry;
  // The same file reached through a symbolic link (a build tree beside the sources, /tmp on macOS).
  llvm::SmallString<256> WantedReal;
  if (llvm::sys::fs::real_path(Wanted, WantedReal))
    return nullptr;
  for (const CompileEntry &Entry : Db) {
    llvm::SmallString<256> EntryReal;
    if (!llvm::sys::fs::real_path(Entry.File, EntryReal) && EntryReal == WantedReal)
      return &Entry;
  }
  return nullptr;
}

std::vector<std::string> splitShellCommand(StringRef Command) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  for (size_t I = 0; I < Command.size(); ++I) {
    char C = Command[I];
    if (C == '\\' && I + 1 < Command.size()) {
      // A backslash before a newline continues the line; before anything else it quotes it.
      if (Command[++I] != '\n') {
        Word += Command[I];
        InWord = true;
      }
    } else if (C == '\'') {
      size_t Close = Command.find('\'', I + 1);
      size_t End = Close == StringRef::npos ? Command.size() : Close;
      Word += Command.slice(I + 1, End);
      InWord = true;
      I = End;
    } else if (C == '"') {
      // Inside double quotes a backslash only escapes $ ` " \ and newline.
      for (++I; I < Command.size() && Command[I] != '"'; ++I) {
        bool Escapes = Command[I] == '\\' && I + 1 < Command.size() &&
                       StringRef("$`\"\\\n").contains(Command[I + 1]);
        I += Escapes;
        if (!(Escapes && Command[I] == '\n'))
          Word += Command[I];
      }
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Words.push_back(std::move(Word));
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(std::move(Word));
  return Words;
}

} // namespace coopcheck::analysis
