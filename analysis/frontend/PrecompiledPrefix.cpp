#include "analysis/frontend/PrecompiledPrefix.h"
#include "analysis/support/AtomicWrite.h"
#include "analysis/support/Digest.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <set>

using namespace clang;

namespace coopcheck::analysis {

/// A file the prefix read, as clang's own check of a precompiled header sees it.
struct FileStamp {
  std::string Path;
  uint64_t Size = 0;
  int64_t ModificationTime = 0;
};

struct PrecompiledPrefixes::Stored {
  /// Seen: one unit was parsed with this prefix, which is built when a second one is. Broken: the
  /// prefix does not compile on its own. UserCode: a file of the prefix is not a system header
  /// (a project's -include), whose code the rules must see in each unit: not precompiled.
  enum State { Seen, Built, Broken, UserCode } Is = Seen;
  std::string Pch;                    ///< the precompiled header, when built
  std::vector<FileStamp> Files;       ///< what it was built from
  std::vector<std::string> Spellings; ///< the names its #include lines gave, to check shadowing
};

namespace {

/// The unit's options that decide its prefix's parse, less what names the unit itself (its
/// input, outputs, compilation directory) and its own include directories (-I, -iquote), which
/// units of one project differ in and which the prefix, found through the system directories,
/// rarely sees: `use` checks that they, and the working directory where -include looks first,
/// hide none of its headers.
std::string prefixOptions(const CompilerInvocation &Unit, llvm::StringRef WorkingDirectory) {
  CompilerInvocation Key(Unit);
  Key.getFrontendOpts().Inputs.clear();
  Key.getFrontendOpts().OutputFile.clear();
  Key.getFrontendOpts().ProgramAction = frontend::ParseSyntaxOnly;
  Key.getCodeGenOpts().MainFileName.clear();
  Key.getCodeGenOpts().DebugCompilationDir.clear();
  Key.getCodeGenOpts().CoverageCompilationDir.clear();
  Key.getDependencyOutputOpts() = DependencyOutputOptions();
  Key.getLangOpts().CUID.clear(); // named after the unit's file, only for code generation
  llvm::erase_if(Key.getHeaderSearchOpts().UserEntries, [](const HeaderSearchOptions::Entry &E) {
    return E.Group == frontend::Angled || E.Group == frontend::Quoted;
  });
  std::string Options = getClangFullVersion();
  for (const HeaderSearchOptions::Entry &E : Key.getHeaderSearchOpts().UserEntries)
    if (llvm::sys::path::is_relative(E.Path)) {
      Options += "\n" + WorkingDirectory.str();
      break;
    }
  Key.generateCC1CommandLine([&](const llvm::Twine &Arg) { Options += "\n" + Arg.str(); });
  return Options;
}

bool unchanged(const FileStamp &F) {
  llvm::sys::fs::file_status Status;
  return !llvm::sys::fs::status(F.Path, Status) && Status.getSize() == F.Size &&
         llvm::sys::toTimeT(Status.getLastModificationTime()) == F.ModificationTime;
}

/// The stored prefix, when its record reads and none of its files changed since.
std::unique_ptr<PrecompiledPrefixes::Stored> readStored(llvm::StringRef RecordPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(RecordPath);
  if (!Buffer)
    return nullptr;
  llvm::Expected<llvm::json::Value> Json = llvm::json::parse((*Buffer)->getBuffer());
  if (!Json) {
    llvm::consumeError(Json.takeError());
    return nullptr;
  }
  auto S = std::make_unique<PrecompiledPrefixes::Stored>();
  const llvm::json::Object *O = Json->getAsObject();
  const llvm::json::Array *Files = O ? O->getArray("files") : nullptr;
  const llvm::json::Array *Spellings = O ? O->getArray("spellings") : nullptr;
  std::optional<int64_t> Is = O ? O->getInteger("state") : std::nullopt;
  if (!Files || !Spellings || !Is || *Is < 0 || *Is > PrecompiledPrefixes::Stored::UserCode)
    return nullptr;
  S->Is = PrecompiledPrefixes::Stored::State(*Is);
  for (const llvm::json::Value &F : *Files) {
    const llvm::json::Array *A = F.getAsArray();
    if (!A || A->size() != 3 || !(*A)[0].getAsString() || !(*A)[1].getAsInteger() ||
        !(*A)[2].getAsInteger())
      return nullptr;
    S->Files.push_back(
        {(*A)[0].getAsString()->str(), uint64_t(*(*A)[1].getAsInteger()), *(*A)[2].getAsInteger()});
    if (!unchanged(S->Files.back()))
      return nullptr;
  }
  for (const llvm::json::Value &Name : *Spellings)
    if (std::optional<llvm::StringRef> N = Name.getAsString())
      S->Spellings.push_back(N->str());
  return S;
}

std::string recordOf(const PrecompiledPrefixes::Stored &S) {
  llvm::json::Array Files, Spellings;
  for (const FileStamp &F : S.Files)
    Files.push_back(llvm::json::Array{F.Path, int64_t(F.Size), F.ModificationTime});
  for (const std::string &N : S.Spellings)
    Spellings.push_back(N);
  llvm::json::Object O{
      {"state", int64_t(S.Is)}, {"files", std::move(Files)}, {"spellings", std::move(Spellings)}};
  return llvm::formatv("{0}", llvm::json::Value(std::move(O))).str();
}

/// The names of the prefix's #include lines, and the files it enters that are not system headers.
class PrefixObserver : public PPCallbacks {
public:
  PrefixObserver(const SourceManager &SM, std::set<std::string> &Names, std::set<FileID> &UserFiles)
      : SM(SM), Names(Names), UserFiles(UserFiles) {}
  void InclusionDirective(SourceLocation, const Token &, llvm::StringRef FileName, bool,
                          CharSourceRange, OptionalFileEntryRef, llvm::StringRef, llvm::StringRef,
                          const Module *, bool, SrcMgr::CharacteristicKind) override {
    Names.insert(FileName.str());
  }
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    FileID File = SM.getFileID(Loc);
    // The empty source and the predefines are buffers, not files.
    if (Reason == EnterFile && Kind == SrcMgr::C_User && SM.getFileEntryRefForID(File))
      UserFiles.insert(File);
    else if (Reason == SystemHeaderPragma)
      UserFiles.erase(File);
  }

private:
  const SourceManager &SM;
  std::set<std::string> &Names;
  std::set<FileID> &UserFiles;
};

/// Precompiles the prefix and records the files it read and the names it included them by.
class PrefixAction : public GeneratePCHAction {
public:
  explicit PrefixAction(PrecompiledPrefixes::Stored &Out) : Out(Out) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<PrefixObserver>(CI.getSourceManager(), Spellings, UserFiles));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }
  bool hasUserCode() const { return !UserFiles.empty(); }
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.Files.push_back({It->first.getName().str(), uint64_t(It->first.getSize()),
                           int64_t(It->first.getModificationTime())});
    Out.Spellings.assign(Spellings.begin(), Spellings.end());
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  PrecompiledPrefixes::Stored &Out;
  std::set<std::string> Spellings;
  std::set<FileID> UserFiles;
};

/// Compiles the unit's prefix alone (the unit with an empty source) into Pch.
std::unique_ptr<PrecompiledPrefixes::Stored>
build(const CompilerInvocation &Unit, llvm::StringRef WorkingDirectory, llvm::StringRef Pch) {
  auto Prefix = std::make_shared<CompilerInvocation>(Unit);
  InputKind Kind = Unit.getFrontendOpts().Inputs.empty()
                       ? InputKind(Language::CUDA)
                       : Unit.getFrontendOpts().Inputs.front().getKind();
  std::unique_ptr<llvm::MemoryBuffer> Empty =
      llvm::MemoryBuffer::getMemBuffer("", "<coopcheck prefix>");
  Prefix->getFrontendOpts().Inputs = {FrontendInputFile(Empty->getMemBufferRef(), Kind)};
  Prefix->getFrontendOpts().OutputFile = Pch.str();
  Prefix->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  Prefix->getDependencyOutputOpts() = DependencyOutputOptions();

  CompilerInstance Clang(Prefix);
  // Its own working directory: the process's is shared by the units analysed in parallel.
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  (void)FS->setCurrentWorkingDirectory(WorkingDirectory);
  Clang.createVirtualFileSystem(FS);
  Clang.createDiagnostics(new IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  auto S = std::make_unique<PrecompiledPrefixes::Stored>();
  PrefixAction Action(*S);
  bool Built = Clang.ExecuteAction(Action) && !Clang.getDiagnostics().hasErrorOccurred() &&
               llvm::sys::fs::exists(Pch);
  S->Is = !Built                 ? PrecompiledPrefixes::Stored::Broken
          : Action.hasUserCode() ? PrecompiledPrefixes::Stored::UserCode
                                 : PrecompiledPrefixes::Stored::Built;
  return S;
}

/// The system directories a C++ (CUDA, HIP) parse searches.
bool isSystemGroup(frontend::IncludeDirGroup Group) {
  return Group == frontend::System || Group == frontend::ExternCSystem ||
         Group == frontend::CXXSystem;
}

/// The unit's own include directories (-iquote, -I) as its parse searches them. Clang drops an
/// -I directory that is also a system directory (the toolkit's include directory, which compile
/// databases written by nvcc's CMake name with -I): it cannot shadow anything.
std::vector<std::string> ownIncludeDirectories(const CompilerInvocation &Unit,
                                               llvm::StringRef WorkingDirectory) {
  auto RealPath = [&](llvm::StringRef Path) {
    llvm::SmallString<256> Dir(Path), Real;
    llvm::sys::path::make_absolute(WorkingDirectory, Dir);
    return llvm::sys::fs::real_path(Dir, Real) ? std::string(Dir) : std::string(Real);
  };
  const auto &Entries = Unit.getHeaderSearchOpts().UserEntries;
  llvm::StringSet<> SystemDirectories;
  for (const HeaderSearchOptions::Entry &E : Entries)
    if (isSystemGroup(E.Group))
      SystemDirectories.insert(RealPath(E.Path));
  std::vector<std::string> Directories = {WorkingDirectory.str()};
  for (const HeaderSearchOptions::Entry &E : Entries)
    if (E.Group == frontend::Quoted ||
        (E.Group == frontend::Angled && !SystemDirectories.contains(RealPath(E.Path))))
      Directories.push_back(E.Path);
  return Directories;
}

/// Whether one of the unit's own include directories holds a file the prefix includes: then it
/// might be what the unit's parse of its prefix would find.
bool shadowed(const CompilerInvocation &Unit, const std::vector<std::string> &Spellings,
              llvm::StringRef WorkingDirectory) {
  for (const std::string &Directory : ownIncludeDirectories(Unit, WorkingDirectory)) {
    llvm::SmallString<256> Dir(Directory);
    llvm::sys::path::make_absolute(WorkingDirectory, Dir);
    for (const std::string &Name : Spellings) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Name);
      if (llvm::sys::fs::exists(Candidate))
        return true;
    }
  }
  return false;
}

} // namespace

PrecompiledPrefixes::PrecompiledPrefixes(std::string Directory, bool ManyUnits)
    : Directory(std::move(Directory)), ManyUnits(ManyUnits) {
  removeStaleTemporaries(this->Directory, std::chrono::hours(24));
}

/// Removes Temporary (`<key>-XXXXXX.pch.tmp`) and what Clang's writer made beside it
/// (`<key>-XXXXXX.pch-YYYYYYYY.tmp.tmp`), which a failed write (a full disk) can leave.
static void removeTemporaries(llvm::StringRef Temporary) {
  llvm::StringRef Directory = llvm::sys::path::parent_path(Temporary);
  llvm::StringRef Name = llvm::sys::path::stem(Temporary);
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Directory, EC), End; It != End && !EC; It.increment(EC))
    if (llvm::sys::path::filename(It->path()).starts_with(Name))
      (void)llvm::sys::fs::remove(It->path());
}
PrecompiledPrefixes::~PrecompiledPrefixes() = default;

const PrecompiledPrefixes::Stored *PrecompiledPrefixes::stored(const CompilerInvocation &Unit,
                                                               llvm::StringRef WorkingDirectory) {
  std::string Key = digestOf(prefixOptions(Unit, WorkingDirectory));
  Slot *Found;
  {
    std::lock_guard<std::mutex> Guard(KnownLock);
    Found = &Known[Key]; // std::map: the slot stays where it is as others are added
  }
  std::lock_guard<std::mutex> Guard(Found->Lock);
  std::unique_ptr<Stored> &S = Found->Prefix;
  if (S && S->Is != Stored::Seen)
    return S.get();
  if (llvm::sys::fs::create_directories(Directory))
    return nullptr;
  llvm::SmallString<256> Base(Directory);
  llvm::sys::path::append(Base, Key);
  std::string Pch = (Base + ".pch").str(), Record = (Base + ".json").str();
  // Built for a second unit: one seen before in this run or recorded by an earlier one.
  bool Build = S != nullptr;
  if (!S) {
    S = readStored(Record);
    if (S && S->Is == Stored::Built && !llvm::sys::fs::exists(Pch))
      S = nullptr;
    if (S && S->Is != Stored::Seen) {
      S->Pch = Pch;
      return S.get();
    }
    Build = S || ManyUnits;
  }
  if (Build) {
    // Built beside its final name and renamed: a concurrent run sees the old file or the new.
    llvm::SmallString<256> Temporary;
    if (llvm::sys::fs::createUniqueFile(Base + "-%%%%%%.pch.tmp", Temporary))
      return nullptr;
    llvm::sys::RemoveFileOnSignal(Temporary); // SIGINT mid-build leaves nothing
    S = build(Unit, WorkingDirectory, Temporary);
    if (S->Is == Stored::Built && llvm::sys::fs::rename(Temporary, Pch))
      S->Is = Stored::Broken;
    removeTemporaries(Temporary);
    llvm::sys::DontRemoveFileOnSignal(Temporary);
  } else {
    S = std::make_unique<Stored>();
  }
  // A prefix that is not precompiled is recorded too, so that no unit tries it again until one of
  // its files changes; a record that cannot be written only costs a rebuild.
  if (llvm::Error Err = writeAtomically(Record, recordOf(*S)))
    llvm::consumeError(std::move(Err));
  S->Pch = Pch;
  return S.get();
}

bool PrecompiledPrefixes::use(CompilerInvocation &Unit, llvm::StringRef WorkingDirectory,
                              std::vector<std::string> &FilesRead) {
  PreprocessorOptions &PP = Unit.getPreprocessorOpts();
  if (PP.Includes.empty() || !PP.ImplicitPCHInclude.empty() || !PP.MacroIncludes.empty())
    return false;
  const Stored *S = stored(Unit, WorkingDirectory);
  if (!S || S->Is != Stored::Built || shadowed(Unit, S->Spellings, WorkingDirectory))
    return false;
  PP.ImplicitPCHInclude = S->Pch;
  PP.Includes.clear();
  for (const FileStamp &F : S->Files)
    FilesRead.push_back(F.Path);
  return true;
}

} // namespace coopcheck::analysis
