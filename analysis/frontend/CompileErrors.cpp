#include "analysis/frontend/CompileErrors.h"
#include "analysis/frontend/DroppedStatements.h"
#include "analysis/frontend/WrittenTokens.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <memory>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// An error in the expression of an `#if` (a version macro of a header that is missing): the
/// preprocessor still picks one branch, so the parser sees a whole body.
bool inConditionalDirective(unsigned ID) {
  switch (ID) {
  case diag::err_pp_expr_bad_token_lparen:
  case diag::err_pp_expr_bad_token_binop:
  case diag::err_pp_expr_bad_token_start_expr:
  case diag::err_pp_expected_value_in_expr:
  case diag::err_pp_division_by_zero:
  case diag::err_pp_remainder_by_zero:
  case diag::err_pp_colon_without_question:
    return true;
  default:
    return false;
  }
}

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
        !inConditionalDirective(Info.getID()) && Info.hasSourceManager() &&
        Info.getLocation().isValid())
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

/// The marks the parser leaves in a body where it recovered from an error: expressions that
/// contain errors (a RecoveryExpr, a call of an undeclared function) and invalid declarations (a
/// variable of a type no header declared). What it dropped leaves no mark.
class ErrorMarks : public RecursiveASTVisitor<ErrorMarks> {
public:
  /// ReportsErrorIn: whether the compiler reported an error inside a range.
  explicit ErrorMarks(llvm::function_ref<bool(SourceRange)> ReportsErrorIn)
      : ReportsErrorIn(ReportsErrorIn) {}
  std::vector<SourceRange> Ranges;
  /// Inline assembly an error lies inside, each a mark: nvcc hands PTX to ptxas as written, and
  /// clang rejects some of it (`%globaltimer_lo` with a single `%`, another target's
  /// constraints) but keeps the statement whole. What it computes is then unknown.
  std::vector<const GCCAsmStmt *> RejectedAsm;
  bool VisitExpr(Expr *E) {
    if (E->containsErrors())
      Ranges.push_back(E->getSourceRange());
    return true;
  }
  bool VisitDecl(Decl *D) {
    if (D->isInvalidDecl())
      Ranges.push_back(D->getSourceRange());
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    if (ReportsErrorIn(S->getSourceRange())) {
      Ranges.push_back(S->getSourceRange());
      RejectedAsm.push_back(S);
    }
    return true;
  }
  // The initializer of a variable whose type is invalid is dropped, past the variable's own
  // range: the statement declaring it is the mark.
  bool VisitDeclStmt(DeclStmt *S) {
    if (llvm::any_of(S->decls(), [](const Decl *D) { return D->isInvalidDecl(); }))
      Ranges.push_back(S->getSourceRange());
    return true;
  }

private:
  llvm::function_ref<bool(SourceRange)> ReportsErrorIn;
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
  std::vector<FunctionDecl *> Functions;
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      Functions.push_back(F);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
};

/// Whether a collective is named in F's text. Read from the tokens, not the AST, so that a
/// function whose body the parser dropped counts too.
bool textNamesCollective(const FunctionDecl *F, const SourceManager &SM, const LangOptions &Opts) {
  bool Found = false;
  forEachWrittenToken(SM.getExpansionRange(F->getSourceRange()), SM, Opts,
                      [&](const Token &T, tok::TokenKind Before) {
                        Found = namesCollective(T, Before);
                        return !Found;
                      });
  return Found;
}

} // namespace

std::shared_ptr<const CompileErrors::Log> CompileErrors::recordFor(Preprocessor &PP) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  // Every error must reach the log: one the compiler kept quiet about (after a missing header, a
  // fatal error, or past the error limit) could hide a statement the parser dropped. clangd
  // parses on the same way.
  Diags.setFatalsAsError(true);
  Diags.setErrorLimit(0);
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
  auto Within = [&](FilePosition At, SourceRange R) {
    FilePosition Begin = positionOf(SM, R.getBegin()), End = positionOf(SM, R.getEnd());
    return At.File == Begin.File && Begin.Offset <= At.Offset && At.Offset <= End.Offset;
  };
  // The errors reported inside R.
  auto ErrorsWithin = [&](SourceRange R) {
    FilePosition Begin = positionOf(SM, R.getBegin()), End = positionOf(SM, R.getEnd());
    auto First = std::lower_bound(Errors.begin(), Errors.end(), Begin);
    auto Last = First;
    while (Last != Errors.end() && Last->File == Begin.File && Last->Offset <= End.Offset)
      ++Last;
    return llvm::make_range(First, Last);
  };
  auto ReportsErrorIn = [&](SourceRange R) { return !ErrorsWithin(R).empty(); };
  FunctionsWithBodies All;
  All.TraverseDecl(Ctx.getTranslationUnitDecl());
  DroppedStatements Gaps(Ctx, All.Functions);
  for (FunctionDecl *F : All.Functions) {
    ErrorMarks Marks(ReportsErrorIn);
    for (ParmVarDecl *P : F->parameters()) // a parameter of a type no header declared
      Marks.TraverseDecl(P);
    Marks.TraverseStmt(F->getBody());
    auto Inside = ErrorsWithin(F->getSourceRange());
    // An error in the signature (a return type no header declared) leaves the body whole.
    auto InBody = F->getBody() ? ErrorsWithin(F->getBody()->getSourceRange()) : Inside;
    RejectedAsm.insert(Marks.RejectedAsm.begin(), Marks.RejectedAsm.end());
    bool HasErrors = F->isInvalidDecl() || !Inside.empty() || !Marks.Ranges.empty();
    // An error the parser left a mark for keeps the body's shape: the function is analysed,
    // the marked parts (a parameter's type among them) unknown. One it left none for dropped
    // statements: when they were plain, what they name is unknown; else they may have been a
    // branch or a loop, and the function is not analysed. Without the compiler's log, every error
    // counts as such.
    llvm::StringSet<> Names;
    bool Dropped = llvm::any_of(InBody, [&](FilePosition At) {
      return llvm::none_of(Marks.Ranges, [&](SourceRange R) { return Within(At, R); }) &&
             !Gaps.addPlainGap(F->getBody(), SM.getComposedLoc(At.File, At.Offset), Names);
    });
    bool IsBroken = !F->getBody() || Dropped || (Reported.empty() && HasErrors);
    bool Written = !F->isTemplateInstantiation() && !SM.isInSystemHeader(F->getLocation());
    Totals.Functions += Written;
    Totals.WithErrors += Written && HasErrors;
    Totals.NotAnalysed += Written && IsBroken;
    if (Written && textNamesCollective(F, SM, Ctx.getLangOpts())) {
      ++Totals.WithCollectives;
      Totals.WithCollectivesNotAnalysed += IsBroken;
    }
    if (HasErrors)
      WithErrors.push_back(F);
    if (IsBroken) {
      Broken->insert(F);
      BrokenRanges.push_back(F->getSourceRange());
    } else if (!Names.empty()) {
      DroppedNames.try_emplace(F, std::move(Names));
    }
  }
}

bool CompileErrors::rejects(const GCCAsmStmt *Asm) const {
  findBrokenFunctions();
  return RejectedAsm.contains(Asm);
}

const llvm::StringSet<> *CompileErrors::namesInDroppedStatements(const FunctionDecl *F) const {
  findBrokenFunctions();
  auto It = DroppedNames.find(F);
  return It == DroppedNames.end() ? nullptr : &It->second;
}

bool CompileErrors::breaks(const FunctionDecl *F) const {
  findBrokenFunctions();
  return F && Broken->contains(F);
}

const std::vector<FunctionDecl *> &CompileErrors::functionsWithErrors() const {
  findBrokenFunctions();
  return WithErrors;
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
