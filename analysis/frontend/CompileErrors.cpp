#include "analysis/frontend/CompileErrors.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <memory>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Sits between the compiler and the front door's consumer: passes every diagnostic on and keeps
/// where the compiler's own errors are (the checks' findings are custom diagnostics, not errors
/// of the code).
class ErrorRecorder final : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer *Target, std::unique_ptr<DiagnosticConsumer> Owned)
      : Target(Target), Owned(std::move(Owned)) {}

  void BeginSourceFile(const LangOptions &Opts, const Preprocessor *PP) override {
    Target->BeginSourceFile(Opts, PP);
  }
  void EndSourceFile() override { Target->EndSourceFile(); }
  void finish() override { Target->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    Target->clear();
  }
  bool IncludeInDiagnosticCounts() const override { return Target->IncludeInDiagnosticCounts(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && !DiagnosticIDs::IsCustomDiag(Info.getID()) &&
        Info.hasSourceManager() && Info.getLocation().isValid())
      Errors->push_back(Info.getSourceManager().getExpansionLoc(Info.getLocation()));
    Target->HandleDiagnostic(Level, Info);
  }

  /// Shared with the unit's session: a front door may replace the recorder (clangd does once it
  /// has parsed) before the session is done with the log.
  std::shared_ptr<CompileErrors::Log> Errors = std::make_shared<CompileErrors::Log>();

private:
  DiagnosticConsumer *Target;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

/// Whether a function body holds a mark the parser leaves where it recovered from an error.
class ErrorMarkFinder : public RecursiveASTVisitor<ErrorMarkFinder> {
public:
  bool Found = false;
  bool VisitExpr(Expr *E) {
    Found = E->containsErrors();
    return !Found;
  }
  bool VisitDecl(Decl *D) {
    Found = D->isInvalidDecl();
    return !Found;
  }
};

/// A source position as its file and offset, for sorting and range tests without walking the
/// include tree for every comparison.
struct FilePosition {
  FileID File;
  unsigned Offset;
  bool operator<(const FilePosition &O) const {
    return File != O.File ? File < O.File : Offset < O.Offset;
  }
};

FilePosition positionOf(const SourceManager &SM, SourceLocation Loc) {
  auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  return {File, Offset};
}

/// Every function with a body, instantiations included, and whether the user wrote it.
class FunctionsWithBodies : public RecursiveASTVisitor<FunctionsWithBodies> {
public:
  std::vector<const FunctionDecl *> Functions;
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      Functions.push_back(F);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
};

} // namespace

std::shared_ptr<const CompileErrors::Log> CompileErrors::recordFor(Preprocessor &PP) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  std::unique_ptr<DiagnosticConsumer> Owned = Diags.ownsClient() ? Diags.takeClient() : nullptr;
  auto *Recorder = new ErrorRecorder(Diags.getClient(), std::move(Owned));
  Diags.setClient(Recorder, /*ShouldOwnClient=*/true);
  return Recorder->Errors;
}

CompileErrors::CompileErrors(ASTContext &Ctx, const Log *Recorded)
    : Ctx(Ctx),
      HasErrors(Ctx.getDiagnostics().hasErrorOccurred() || (Recorded && !Recorded->empty())),
      Reported(Recorded ? *Recorded : Log()) {}

void CompileErrors::findBrokenFunctions() const {
  if (Broken)
    return;
  Broken.emplace();
  if (!HasErrors)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<FilePosition> Errors;
  for (SourceLocation Loc : Reported)
    Errors.push_back(positionOf(SM, Loc));
  llvm::sort(Errors);
  auto ErrorWithin = [&](SourceRange R) {
    FilePosition Begin = positionOf(SM, R.getBegin()), End = positionOf(SM, R.getEnd());
    if (Begin.File != End.File)
      return false;
    auto It = std::lower_bound(Errors.begin(), Errors.end(), Begin);
    return It != Errors.end() && It->File == Begin.File && It->Offset <= End.Offset;
  };
  FunctionsWithBodies All;
  All.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : All.Functions) {
    ErrorMarkFinder Marks;
    bool IsBroken = F->isInvalidDecl() || ErrorWithin(F->getSourceRange()) ||
                    !Marks.TraverseStmt(F->getBody()) || Marks.Found;
    bool Written = !F->isTemplateInstantiation() && !SM.isInSystemHeader(F->getLocation());
    Totals.Functions += Written;
    Totals.Broken += Written && IsBroken;
    Totals.BrokenDeviceCode +=
        Written && IsBroken && (F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAGlobalAttr>());
    if (IsBroken) {
      Broken->insert(F);
      BrokenRanges.push_back(F->getSourceRange());
    }
  }
}

bool CompileErrors::breaks(const FunctionDecl *F) const {
  findBrokenFunctions();
  return F && Broken->contains(F);
}

bool CompileErrors::inBrokenFunction(SourceLocation Loc) const {
  findBrokenFunctions();
  if (BrokenRanges.empty() || Loc.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  FilePosition At = positionOf(SM, Loc);
  return llvm::any_of(BrokenRanges, [&](SourceRange R) {
    FilePosition Begin = positionOf(SM, R.getBegin()), End = positionOf(SM, R.getEnd());
    return At.File == Begin.File && Begin.Offset <= At.Offset && At.Offset <= End.Offset;
  });
}

CompileErrors::Counts CompileErrors::counts() const {
  findBrokenFunctions();
  return Totals;
}

} // namespace coopcheck::analysis
