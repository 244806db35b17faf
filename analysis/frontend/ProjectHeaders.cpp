#include "analysis/frontend/ProjectHeaders.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/SourceManagerInternals.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace coopcheck::analysis {

std::string repositoryRoot(llvm::StringRef Path, llvm::vfs::FileSystem &FS) {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir))
    if (FS.exists(Dir + "/.git"))
      return Dir.str();
  return "";
}

namespace {

class SystemHeaderRecorder : public PPCallbacks {
public:
  SystemHeaderRecorder(SourceManager &SM, ProjectSystemHeaders &Out) : SM(SM), Out(Out) {
    llvm::SmallString<256> Real; // the build tree links them to the sources
    if (!SM.getFileManager().getVirtualFileSystem().getRealPath(modelIncludeDir(), Real))
      ModelHeaders = (Real + "/").str();
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Type,
                   FileID) override {
    bool Entered = Reason == EnterFile && SrcMgr::isSystem(Type);
    if (!Entered && Reason != SystemHeaderPragma)
      return;
    FileID File = SM.getFileID(SM.getExpansionLoc(Loc));
    if (File.isValid() && File != SM.getMainFileID() && !llvm::is_contained(Out.Files, File) &&
        isProjectFile(File))
      Out.Files.push_back(File);
  }

private:
  SourceManager &SM;
  ProjectSystemHeaders &Out;
  llvm::StringMap<std::string> RootOfDirectory; // a unit reads many headers of few directories

  std::string rootOf(FileID File) {
    llvm::StringRef Path = pathOf(File);
    if (Path.empty())
      return "";
    llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
    auto [Known, New] = RootOfDirectory.try_emplace(Dir);
    if (New) // repositoryRoot starts from the parent of what it is given
      Known->second = repositoryRoot(Path, SM.getFileManager().getVirtualFileSystem());
    return Known->second;
  }

  bool isProjectFile(FileID File) {
    std::string Project = rootOf(SM.getMainFileID());
    return !Project.empty() && rootOf(File) == Project && !isModelHeader(File);
  }

  // coopcheck's own model headers stand for a toolkit's, wherever coopcheck is built: in the
  // build tree of coopcheck's repository, its fixtures are in the same repository as they.
  bool isModelHeader(FileID File) { return pathOf(File).starts_with(ModelHeaders); }
  std::string ModelHeaders = modelIncludeDir() + "/";

  /// The file's absolute path, symbolic links resolved; empty for a buffer with no file.
  llvm::StringRef pathOf(FileID File) {
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    return Entry ? SM.getFileManager().getCanonicalName(*Entry) : llvm::StringRef();
  }
};

} // namespace

std::unique_ptr<PPCallbacks> recordProjectSystemHeaders(SourceManager &SM,
                                                        ProjectSystemHeaders &Out) {
  return std::make_unique<SystemHeaderRecorder>(SM, Out);
}

void readAsProjectCode(SourceManager &SM, const ProjectSystemHeaders &Headers) {
  for (FileID File : Headers.Files) {
    // A header an -isystem found is a system header from its first byte: a line entry at its
    // start makes it user code. Line 2 there keeps every line's number: a line entry, as a line
    // marker, numbers the line after it.
    bool FoundAsSystem = SrcMgr::isSystem(SM.getSLocEntry(File).getFile().getFileCharacteristic());
    LineTableInfo &Lines = SM.getLineTable();
    auto Entries = llvm::find_if(Lines, [&](const auto &E) { return E.first == File; });
    if (Entries == Lines.end()) {
      if (FoundAsSystem)
        SM.AddLineNote(SM.getLocForStartOfFile(File), 2, -1, false, false, SrcMgr::C_User);
      continue;
    }
    std::vector<LineEntry> Rewritten = Entries->second;
    // A pragma's entry makes the rest of its file a system header.
    for (LineEntry &E : Rewritten)
      if (SrcMgr::isSystem(E.FileKind))
        E.FileKind = SrcMgr::C_User;
    if (FoundAsSystem && Rewritten.front().FileOffset != 0)
      Rewritten.insert(Rewritten.begin(), LineEntry::get(0, 2, -1, SrcMgr::C_User, 0));
    Lines.AddEntry(File, Rewritten);
  }
}

} // namespace coopcheck::analysis
