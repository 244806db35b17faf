#include "tools/coopcheck/TidyRunner.h"
#include "analysis/flow/UnitSession.h"
#include "analysis/frontend/ProjectHeaders.h"
#include "checks/CoopcheckCheck.h"
#include "checks/CoopcheckModule.h"
#include "checks/FindingAnchor.h"
#include "checks/RuleTable.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;
using namespace clang::tidy;

namespace coopcheck::cli {
namespace {

/// The sessions of the units the CLI analyses, on every thread: CoopcheckAction starts each one
/// with the unit's time limit and stage record, and the unit's checks find it there.
const std::shared_ptr<analysis::UnitSessions> &unitSessions() {
  static const auto Sessions = std::make_shared<analysis::UnitSessions>();
  return Sessions;
}

checks::FrontDoor cliDoor() {
  checks::FrontDoor Door;
  Door.Sessions = unitSessions();
  return Door;
}

class CliModule : public checks::CoopcheckModule {
public:
  CliModule() : CoopcheckModule(cliDoor()) {}
};

ClangTidyModuleRegistry::Add<CliModule>
    Registration("coopcheck-module", "Cooperative-groups and warp-synchronous checks.");

/// Collects the TU's facts, and how much of it compile errors kept from analysis, after the
/// checks have run (sharing their cached analysis).
class FactsConsumer : public ASTConsumer {
public:
  FactsConsumer(analysis::UnitSession &Session, Preprocessor &PP, std::string File,
                unsigned TimeLimitSeconds, TidyResult &Out)
      : Session(Session), PP(PP), File(std::move(File)), TimeLimitSeconds(TimeLimitSeconds),
        Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    analysis::AnalysisStage Stage(Session.stages(), "the unit's cross-unit facts");
    analysis::UnitCache &TU = Session.analysis(Ctx);
    Out.Facts = analysis::collectUnitFacts(TU, File);
    analysis::CompileErrors::Counts Counts = TU.compileErrors().counts();
    Out.Partial.Functions = Counts.Functions;
    Out.Partial.FunctionsNotAnalysed = Counts.NotAnalysed;
    Out.Partial.CollectiveFunctions = Counts.WithCollectives;
    Out.Partial.CollectiveFunctionsNotAnalysed = Counts.WithCollectivesNotAnalysed;
    if (TU.stoppedEarly())
      Out.Partial.StoppedAfterSeconds = TimeLimitSeconds;
    recordInputs(Ctx.getSourceManager());
  }

private:
  void recordInputs(const SourceManager &SM) {
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.FilesRead.push_back(It->first.getName().str());
    HeaderSearch &Search = PP.getHeaderSearchInfo();
    for (const DirectoryLookup &Dir : Search.search_dir_range())
      if (OptionalDirectoryEntryRef Entry = Dir.getDirRef())
        Out.DirectoriesSearched.push_back(Entry->getName().str());
    // Quoted includes look beside the file first.
    Out.DirectoriesSearched.push_back(llvm::sys::path::parent_path(File).str());
  }

  analysis::UnitSession &Session;
  Preprocessor &PP;
  std::string File;
  unsigned TimeLimitSeconds;
  TidyResult &Out;
};

/// With a precompiled prefix, limits every traversal of the unit (the checks' matchers, the
/// analyses' visitors) to the declarations parsed in it, as clangd limits clang-tidy's: walking
/// the prefix's declarations would read the whole precompiled header back. They are system headers,
/// which no rule reports in; a call into them still reaches the callee, read on demand.
class TraversalScopeConsumer : public ASTConsumer {
public:
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    TopLevel.insert(TopLevel.end(), Group.begin(), Group.end());
    return true;
  }
  // Declarations of the precompiled header that code generation would need: not parsed here.
  void HandleInterestingDecl(DeclGroupRef) override {}
  void HandleTranslationUnit(ASTContext &Ctx) override { Ctx.setTraversalScope(TopLevel); }

private:
  std::vector<Decl *> TopLevel;
};

/// Makes the project's headers that the parse read as system headers user code before anything
/// analyses the unit or reports on it (analysis/frontend/ProjectHeaders.h). The CLI's own
/// decision: the clang-tidy plugin and coopcheck-clangd keep clang-tidy's system headers.
class ProjectCodeConsumer : public ASTConsumer {
public:
  ProjectCodeConsumer(SourceManager &SM, const analysis::ProjectSystemHeaders &Headers)
      : SM(SM), Headers(Headers) {}
  void HandleTranslationUnit(ASTContext &) override { analysis::readAsProjectCode(SM, Headers); }

private:
  SourceManager &SM;
  const analysis::ProjectSystemHeaders &Headers;
};

/// What every parse of a unit shares: the macros of clang-tidy's parse, the precompiled prefix.
void prepare(CompilerInvocation &Invocation, const TidyRequest &Request,
             std::vector<std::string> &FilesRead) {
  // As clang-tidy does: code may test for __clang_analyzer__.
  Invocation.getPreprocessorOpts().SetUpStaticAnalyzer = true;
  if (Request.Prefixes)
    Request.Prefixes->use(Invocation, Request.Directory, FilesRead);
}

class CoopcheckAction : public ASTFrontendAction {
public:
  CoopcheckAction(ClangTidyASTConsumerFactory &Factory, const TidyRequest &Request,
                  TidyResult &Result, const unsigned &ErrorsToConfirm)
      : Factory(Factory), Request(Request), Result(Result), ErrorsToConfirm(ErrorsToConfirm) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef File) override {
    // As clangd does: a missing header is an error like any other, and parsing goes on.
    CI.getDiagnostics().setFatalsAsError(true);
    // Started before the checks are created for the unit, which then find it.
    analysis::SessionOptions Unit = checks::unitSessionOptions();
    if (Request.TimeLimitSeconds)
      Unit.TimeLimit = std::chrono::seconds(Request.TimeLimitSeconds);
    Unit.Stages = Request.Stages;
    analysis::UnitSession &Session = unitSessions()->sessionOf(CI.getPreprocessor(), Unit);
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    CI.getPreprocessor().addPPCallbacks(
        analysis::recordProjectSystemHeaders(CI.getSourceManager(), ProjectHeaders));
    Consumers.push_back(
        std::make_unique<ProjectCodeConsumer>(CI.getSourceManager(), ProjectHeaders));
    // Then the scope is set, before any other consumer traverses the unit.
    if (!CI.getPreprocessorOpts().ImplicitPCHInclude.empty())
      Consumers.push_back(std::make_unique<TraversalScopeConsumer>());
    Consumers.push_back(Factory.createASTConsumer(CI, File));
    Consumers.push_back(std::make_unique<FactsConsumer>(Session, CI.getPreprocessor(), File.str(),
                                                        Request.TimeLimitSeconds, Result));
    CI.getPreprocessor().addPPCallbacks(
        analysis::recordLineVisibility(CI.getSourceManager(), Result.Lines));
    if (Request.LowersDeviceIR) {
      auto Declarations = std::make_unique<analysis::ParsedDeclarations>();
      Parsed = Declarations.get();
      Consumers.push_back(std::move(Declarations));
    }
    this->Session = &Session;
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  /// The rules are done with the AST, which is still there.
  void EndSourceFileAction() override {
    if (Parsed && replaysWantIR()) {
      analysis::AnalysisStage Stage(Session->stages(), "the lowering of the device side to IR");
      llvm::Expected<analysis::DeviceModule> IR =
          analysis::lowerParsedUnit(getCompilerInstance(), *Parsed, &Session->compileErrors());
      if (IR)
        Result.DeviceIR = std::move(*IR);
      else // the executor then lowers the unit from a parse of its own
        llvm::consumeError(IR.takeError());
    }
    ASTFrontendAction::EndSourceFileAction();
  }

private:
  bool replaysWantIR() const {
    std::optional<bool> KernelMayWait;
    if (Result.Facts)
      KernelMayWait = llvm::any_of(Result.Facts->Kernels,
                                   [](const analysis::KernelFact &K) { return K.MayWaitOnMemory; });
    return confirmation::replaysWanted(ErrorsToConfirm > 0, Request.Confirmation, KernelMayWait);
  }

  ClangTidyASTConsumerFactory &Factory;
  const TidyRequest &Request;
  TidyResult &Result;
  const unsigned &ErrorsToConfirm;
  analysis::ProjectSystemHeaders ProjectHeaders;
  analysis::UnitSession *Session = nullptr;
  analysis::ParsedDeclarations *Parsed = nullptr; ///< owned by the parse's consumer
};

class CoopcheckActionFactory : public tooling::FrontendActionFactory {
public:
  CoopcheckActionFactory(ClangTidyContext &Context, const TidyRequest &Request, TidyResult &Result,
                         const unsigned &ErrorsToConfirm)
      : Factory(Context), Request(Request), Result(Result), ErrorsToConfirm(ErrorsToConfirm) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CoopcheckAction>(Factory, Request, Result, ErrorsToConfirm);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    prepare(*Invocation, Request, Result.FilesRead);
    // No "N errors generated" on stderr: compile errors are summed up on one line per unit.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    // Every error is counted and the whole unit parsed, however many there are.
    Invocation->getDiagnosticOpts().ErrorLimit = 0;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHContainerOps), DiagConsumer);
  }

private:
  ClangTidyASTConsumerFactory Factory;
  const TidyRequest &Request;
  TidyResult &Result;
  const unsigned &ErrorsToConfirm;
};

/// A finding's check, file and offset: what ties a diagnostic seen in flight to the error that
/// clang-tidy's consumer records for it.
using DiagnosticKey = std::tuple<std::string, std::string, unsigned>;

/// clang-tidy's consumer drops the findings that a NOLINT comment covers, and never lets one cover
/// an error-level finding. coopcheck keeps both as suppressed findings, so that SARIF can carry
/// them with a suppression (the decision stays visible in the report) while the text output hides
/// them and they do not count for the exit code. NOLINT comments are matched by clang-tidy's own
/// handler, so they cover what they cover in clang-tidy-22, and errors as well.
class SuppressionKeepingConsumer : public ClangTidyDiagnosticConsumer {
public:
  explicit SuppressionKeepingConsumer(ClangTidyContext &Context)
      : ClangTidyDiagnosticConsumer(Context), Context(Context) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (Level != DiagnosticsEngine::Note)
      reportNoLintErrors();
    unsigned IgnoredBefore = Context.getStats().ErrorsIgnoredNOLINT;
    ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == DiagnosticsEngine::Note) {
      if (KeepingNotes)
        Dropped.back().Notes.push_back(messageOf(Info, Dropped.back().DiagnosticName));
      return;
    }
    KeepingNotes = false;
    std::string Check = Context.getCheckName(Info.getID());
    // clang-tidy sorts what it collected by place; the compiler's first error is the one that
    // explains the rest (a missing header before the unknown types it declared).
    if (Level >= DiagnosticsEngine::Error && !FirstCompileError && !checks::findRule(Check) &&
        Info.hasSourceManager() && Info.getLocation().isValid())
      FirstCompileError = messageOf(Info, Check);
    const checks::RuleInfo *Rule = checks::findRule(Check);
    if (!Rule || !Info.hasSourceManager() || Info.getLocation().isInvalid() ||
        Info.getSourceManager().isInSystemHeader(Info.getLocation()))
      return;
    if (Level >= DiagnosticsEngine::Error && Rule->Executor != checks::ExecutorRole::None)
      ++ErrorsToConfirm;
    if (Context.getStats().ErrorsIgnoredNOLINT != IgnoredBefore) {
      Dropped.emplace_back(Check,
                           Level == DiagnosticsEngine::Remark ? ClangTidyError::Remark
                                                              : ClangTidyError::Warning,
                           "", false);
      Dropped.back().Message = messageOf(Info, Check);
      KeepingNotes = true;
    } else if (Level >= DiagnosticsEngine::Error && coveredByNoLint(Info)) {
      tooling::DiagnosticMessage M = messageOf(Info, Check);
      SuppressedErrors.insert({Check, M.FilePath, M.FileOffset});
    }
    if (const CallExpr *Call = checks::anchorCallOf(Info)) {
      tooling::DiagnosticMessage M = messageOf(Info, Check);
      const SourceManager &SM = Info.getSourceManager();
      Anchors.insert({{Check, M.FilePath, M.FileOffset},
                      tooling::DiagnosticMessage("", SM, checks::anchorLocation(SM, *Call))});
    }
  }

  void EndSourceFile() override {
    reportNoLintErrors();
    ClangTidyDiagnosticConsumer::EndSourceFile();
  }

  /// Findings covered by NOLINT that clang-tidy dropped (warnings, remarks), with their notes.
  std::vector<ClangTidyError> Dropped;
  /// Error-level findings that a NOLINT comment covers; clang-tidy reports them all the same.
  std::set<DiagnosticKey> SuppressedErrors;
  /// Where each finding's collective call is (checks/FindingAnchor.h), for those that name one.
  std::map<DiagnosticKey, tooling::DiagnosticMessage> Anchors;
  /// The first error the compiler reported, in the order it reported them.
  std::optional<tooling::DiagnosticMessage> FirstCompileError;
  /// Error-level findings of rules whose findings the executor confirms, as they are reported.
  unsigned ErrorsToConfirm = 0;

private:
  /// Asks clang-tidy's NOLINT handler as if the error were a warning (it ignores NOLINT on errors).
  bool coveredByNoLint(const Diagnostic &Info) {
    return Context.shouldSuppressDiagnostic(DiagnosticsEngine::Warning, Info, PendingNoLintErrors);
  }

  /// Malformed NOLINTs (a BEGIN without its END) that coveredByNoLint found first, reported as
  /// clang-tidy reports them, but after the finding's notes, which would otherwise attach to them.
  void reportNoLintErrors() {
    SmallVector<tooling::Diagnostic, 1> Errors = std::move(PendingNoLintErrors);
    PendingNoLintErrors.clear();
    for (const tooling::Diagnostic &E : Errors)
      Context.diag(E);
  }

  /// The diagnostic as clang-tidy's renderer stores it: at its file location, without the
  /// " [check]" suffix, token ranges widened to character ranges.
  tooling::DiagnosticMessage messageOf(const Diagnostic &Info, StringRef Check) {
    const SourceManager &SM = Info.getSourceManager();
    SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    StringRef Message = Text;
    Message.consume_back((" [" + Check + "]").str());
    FullSourceLoc Loc = FullSourceLoc(Info.getLocation(), SM).getFileLoc();
    tooling::DiagnosticMessage M(Message, SM, Loc);
    for (CharSourceRange Range : Info.getRanges()) {
      if (!Range.isValid())
        continue;
      if (Range.isTokenRange())
        Range = CharSourceRange::getCharRange(
            Range.getBegin(),
            Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, Context.getLangOpts()));
      M.Ranges.emplace_back(SM, Range);
    }
    return M;
  }

  ClangTidyContext &Context;
  bool KeepingNotes = false;
  SmallVector<tooling::Diagnostic, 1> PendingNoLintErrors;
};

/// Byte offset → 1-based line and column, from the file's text.
class LineTable {
public:
  explicit LineTable(const std::string &Path) {
    if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
      llvm::StringRef Text = (*Buffer)->getBuffer();
      Starts.push_back(0);
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n')
          Starts.push_back(I + 1);
    }
  }
  std::pair<unsigned, unsigned> position(unsigned Offset) const {
    if (Starts.empty())
      return {0, 0};
    auto It = llvm::upper_bound(Starts, Offset);
    size_t Line = It - Starts.begin();
    return {static_cast<unsigned>(Line), Offset - Starts[Line - 1] + 1};
  }

private:
  std::vector<unsigned> Starts;
};

/// Spans with absolute paths: clang names a header found through a relative -I relative to the
/// compile command's directory, which is not the process's.
class SpanMaker {
public:
  explicit SpanMaker(std::string Directory) : Directory(std::move(Directory)) {}

  report::SourceSpan span(const tooling::DiagnosticMessage &M) {
    report::SourceSpan S;
    S.File = absolute(M.FilePath);
    if (M.FilePath.empty())
      return S;
    const LineTable &Lines = table(S.File);
    std::tie(S.Line, S.Column) = Lines.position(M.FileOffset);
    S.EndLine = S.Line;
    S.EndColumn = S.Column;
    for (const tooling::FileByteRange &R : M.Ranges)
      if (R.FilePath == M.FilePath && R.FileOffset <= M.FileOffset &&
          M.FileOffset <= R.FileOffset + R.Length)
        std::tie(S.EndLine, S.EndColumn) = Lines.position(R.FileOffset + R.Length);
    return S;
  }

private:
  std::string absolute(const std::string &Path) const {
    if (Path.empty() || llvm::sys::path::is_absolute(Path))
      return Path;
    llvm::SmallString<256> Abs(Directory);
    llvm::sys::path::append(Abs, Path);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    return std::string(Abs);
  }
  const LineTable &table(const std::string &Path) {
    auto It = Tables.find(Path);
    if (It == Tables.end())
      It = Tables.emplace(Path, LineTable(Path)).first;
    return It->second;
  }
  std::string Directory;
  std::map<std::string, LineTable> Tables;

public:
  /// The bytes [Offset, Offset + Length) of a file as a span (EndColumn exclusive).
  report::SourceSpan span(const std::string &Path, unsigned Offset, unsigned Length) {
    report::SourceSpan S;
    S.File = absolute(Path);
    const LineTable &Lines = table(S.File);
    std::tie(S.Line, S.Column) = Lines.position(Offset);
    std::tie(S.EndLine, S.EndColumn) = Lines.position(Offset + Length);
    return S;
  }
};

report::Level levelOf(const ClangTidyError &E) {
  switch (E.DiagLevel) {
  case tooling::Diagnostic::Error:
    return report::Level::Error;
  case tooling::Diagnostic::Warning:
    return report::Level::Warning;
  default:
    return report::Level::Note;
  }
}

std::string firstLine(llvm::StringRef Text) { return Text.split('\n').first.str(); }

} // namespace

namespace {

ClangTidyOptions tidyOptions(const TidyRequest &Request) {
  ClangTidyOptions Options = ClangTidyOptions::getDefaults();
  Options.Checks = Request.Checks;
  Options.HeaderFilterRegex = ".*";
  Options.SystemHeaders = false;
  for (const auto &[Key, Value] : Request.CheckOptions)
    Options.CheckOptions[Key] = ClangTidyOptions::ClangTidyValue(Value);
  return Options;
}

/// The unit's one compile command: the request's arguments.
struct OneCommand : tooling::CompilationDatabase {
  explicit OneCommand(const TidyRequest &Request) {
    std::vector<std::string> CommandLine = {"clang++"};
    CommandLine.insert(CommandLine.end(), Request.Args.begin(), Request.Args.end());
    CommandLine.push_back(Request.File);
    Command = tooling::CompileCommand(Request.Directory, Request.File, CommandLine, "");
  }
  std::vector<tooling::CompileCommand> getCompileCommands(StringRef) const override {
    return {Command};
  }
  tooling::CompileCommand Command;
};

/// A file system with its own working directory: the real one changes the process's, which races
/// between units analysed in parallel.
std::unique_ptr<tooling::ClangTool> toolFor(const OneCommand &Compilations,
                                            const TidyRequest &Request) {
  auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  auto Tool =
      std::make_unique<tooling::ClangTool>(Compilations, std::vector<std::string>{Request.File},
                                           std::make_shared<PCHContainerOperations>(), BaseFS);
  Tool->setPrintErrorMessage(false);
  return Tool;
}

/// Runs the preprocessor alone over the unit, recording which lines it skipped.
class LineVisibilityFactory : public tooling::FrontendActionFactory {
public:
  LineVisibilityFactory(const TidyRequest &Request, analysis::LineVisibility &Out)
      : Request(Request), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    struct Action : PreprocessOnlyAction {
      explicit Action(analysis::LineVisibility &Out) : Out(Out) {}
      bool BeginSourceFileAction(CompilerInstance &CI) override {
        CI.getPreprocessor().addPPCallbacks(
            analysis::recordLineVisibility(CI.getSourceManager(), Out));
        return true;
      }
      analysis::LineVisibility &Out;
    };
    return std::make_unique<Action>(Out);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    std::vector<std::string> FilesRead; // the parse that follows, if any, records its own
    prepare(*Invocation, Request, FilesRead);
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHContainerOps), DiagConsumer);
  }

private:
  const TidyRequest &Request;
  analysis::LineVisibility &Out;
};

/// A compiler error on one line, prefixed with where it is ("3:7: ", or "header.h:3:7: " when it
/// is in an included header).
std::string compileFailure(const tooling::DiagnosticMessage &Error, SpanMaker &Spans,
                           const std::string &File) {
  report::SourceSpan At = Spans.span(Error);
  std::string Where;
  if (At.Line)
    Where = (At.File == File ? "" : At.File + ":") + std::to_string(At.Line) + ":" +
            std::to_string(At.Column) + ": ";
  return Where + firstLine(Error.Message);
}

report::Finding findingOf(const ClangTidyError &E, SpanMaker &Spans, bool Suppressed,
                          const tooling::DiagnosticMessage *Anchor) {
  report::Finding F;
  F.RuleId = E.DiagnosticName;
  F.Severity = levelOf(E);
  F.Message = E.Message.Message;
  F.Location = Spans.span(E.Message);
  F.Suppressed = Suppressed;
  if (Anchor) {
    report::SourceSpan At = Spans.span(*Anchor);
    F.Anchor = report::SourcePosition{At.File, At.Line, At.Column};
  }
  for (const tooling::DiagnosticMessage &Note : E.Notes)
    F.Notes.push_back({Spans.span(Note), Note.Message});
  // The fix-its of the finding itself (those of notes are alternatives clang-tidy applies only
  // with -fix-notes), as line/column spans that `--fix` turns back into byte offsets.
  for (const auto &FileFixes : E.Message.Fix)
    for (const tooling::Replacement &R : FileFixes.second)
      if (!R.getFilePath().empty())
        F.Fixes.push_back({Spans.span(R.getFilePath().str(), R.getOffset(), R.getLength()),
                           R.getReplacementText().str()});
  return F;
}

/// Findings from the checks' diagnostics (those NOLINT dropped come back suppressed), and the
/// compiler's errors counted, the first one kept.
void collectDiagnostics(SuppressionKeepingConsumer &DiagConsumer, const TidyRequest &Request,
                        TidyResult &Result) {
  const std::string &File = Request.File;
  SpanMaker Spans(Request.Directory);
  std::vector<ClangTidyError> Errors = DiagConsumer.take();
  size_t Reported = Errors.size();
  Errors.insert(Errors.end(), DiagConsumer.Dropped.begin(), DiagConsumer.Dropped.end());
  for (size_t I = 0; I < Errors.size(); ++I) {
    const ClangTidyError &E = Errors[I];
    if (llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-")) {
      if (E.DiagLevel == tooling::Diagnostic::Error && Result.Partial.CompileErrors++ == 0)
        Result.Partial.FirstError =
            compileFailure(DiagConsumer.FirstCompileError.value_or(E.Message), Spans, File);
      continue;
    }
    DiagnosticKey Key{E.DiagnosticName, E.Message.FilePath, E.Message.FileOffset};
    bool Suppressed = I >= Reported || DiagConsumer.SuppressedErrors.count(Key);
    auto Anchor = DiagConsumer.Anchors.find(Key);
    Result.Findings.push_back(findingOf(
        E, Spans, Suppressed, Anchor == DiagConsumer.Anchors.end() ? nullptr : &Anchor->second));
  }
}

} // namespace

TidyResult runTidy(const TidyRequest &Request) {
  TidyResult Result;
  ClangTidyContext Context(
      std::make_unique<DefaultOptionsProvider>(ClangTidyGlobalOptions(), tidyOptions(Request)));
  OneCommand Compilations(Request);
  std::unique_ptr<tooling::ClangTool> ToolOwner = toolFor(Compilations, Request);
  tooling::ClangTool &Tool = *ToolOwner;
  SuppressionKeepingConsumer DiagConsumer(Context);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine DE(DiagnosticIDs::create(), *DiagOpts, &DiagConsumer,
                       /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);

  CoopcheckActionFactory Factory(Context, Request, Result, DiagConsumer.ErrorsToConfirm);
  int Status = Tool.run(&Factory);

  collectDiagnostics(DiagConsumer, Request, Result);
  // Error-level findings count as errors for the compiler instance too and make the status
  // non-zero; only a failure with no such finding and no compiler error is unexplained.
  bool ReportedErrors = llvm::any_of(
      Result.Findings, [](const report::Finding &F) { return F.Severity == report::Level::Error; });
  const report::PartialAnalysis &Partial = Result.Partial;
  if (Partial.CompileErrors && Partial.FunctionsNotAnalysed == Partial.Functions)
    Result.Failure = Partial.FirstError; // nothing could be analysed
  else if (Status != 0 && !Partial.CompileErrors && !ReportedErrors)
    Result.Failure = "the compiler could not process this file";
  if (Result.Failure)
    Result.Findings.clear();
  return Result;
}

analysis::LineVisibility preprocessedLines(const TidyRequest &Request) {
  analysis::LineVisibility Lines;
  OneCommand Compilations(Request);
  std::unique_ptr<tooling::ClangTool> Tool = toolFor(Compilations, Request);
  IgnoringDiagConsumer Quiet; // the parse of the same side reports the unit's errors
  Tool->setDiagnosticConsumer(&Quiet);
  LineVisibilityFactory Factory(Request, Lines);
  (void)Tool->run(&Factory);
  return Lines;
}

} // namespace coopcheck::cli

// Referenced by every program that runs the CLI's pipeline, so that the linker keeps this file
// and its registration of the checks.
volatile int CoopcheckModuleAnchorSource = 0;
