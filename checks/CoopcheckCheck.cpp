#include "checks/CoopcheckCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/launch/LaunchConfig.h"
#include "analysis/support/AnalysisStage.h"
#include "checks/NolintComments.h"
#include "checks/RuleTable.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace coopcheck::checks {

void CoopcheckCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void CoopcheckCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP, Preprocessor *) {
  // Called at the start of every translation unit, before it is parsed: the first check of the
  // unit starts its session, the others find it.
  Session = &Door->Sessions->sessionOf(*PP, unitSessionOptions());
}

analysis::SessionOptions unitSessionOptions() {
  analysis::SessionOptions Options;
  Options.LaunchedBlocks = analysis::launchedBlocks;
  Options.LaunchedMultiples = analysis::launchedArgumentMultiples;
  return Options;
}

void CoopcheckCheck::check(const MatchFinder::MatchResult &Result) {
  Sources = Result.SourceManager;
  analysis::AnalysisStage Stage(Session->stages(), getID().str());
  analysis::UnitCache &TU = Session->analysis(*Result.Context);
  ReportedAt.clear();
  if (!TU.outOfTime())
    checkTranslationUnit(TU);
}

DiagnosticBuilder CoopcheckCheck::diag(SourceLocation Loc, llvm::StringRef Message,
                                       DiagnosticIDs::Level Level) {
  if (Level == DiagnosticIDs::Remark && Door->NoteLevelAsWarnings)
    Level = DiagnosticIDs::Warning;
  if (Level == DiagnosticIDs::Error && Sources && Loc.isValid()) {
    FullSourceLoc At(Sources->getExpansionLoc(Loc), *Sources);
    bool Invalid = false;
    llvm::StringRef Text = Sources->getBufferData(At.getFileID(), &Invalid);
    if (!Invalid && nolintCovers(Text, At.getLineNumber(), getID()))
      Level = DiagnosticIDs::Warning;
  }
  return ClangTidyCheck::diag(Loc, Message, Level);
}

std::string CoopcheckCheck::stringOption(llvm::StringRef Name) const {
  const RuleOption *Row = findRuleOption(getID(), Name);
  assert(Row && "an option that Rules.def does not list");
  return Options.get(Name, Row ? Row->Default : "").str();
}

bool CoopcheckCheck::boolOption(llvm::StringRef Name) const {
  const RuleOption *Row = findRuleOption(getID(), Name);
  assert(Row && "an option that Rules.def does not list");
  return Options.get(Name, Row && Row->Default == "true");
}

std::string calleeDisplayName(const CallExpr *Call) {
  if (const FunctionDecl *F = analysis::calleeOf(Call))
    return F->getNameAsString();
  return "callee";
}

std::string describeCollective(const analysis::CollectiveEffect &Effect) {
  if (Effect.Chain.empty())
    return Effect.Spelling;
  return Effect.Spelling + " (in '" + calleeDisplayName(Effect.Chain.back()) + "')";
}

SourceLocation CoopcheckCheck::userLocation(analysis::UnitCache &TU, SourceLocation Loc) const {
  return TU.context().getSourceManager().getExpansionLoc(Loc);
}

CharSourceRange CoopcheckCheck::userRange(analysis::UnitCache &TU, SourceRange Range) const {
  return TU.context().getSourceManager().getExpansionRange(Range);
}

void CoopcheckCheck::noteCallChain(analysis::UnitCache &TU,
                                   const analysis::CollectiveEffect &Effect, llvm::StringRef Final,
                                   bool FirstCallIsPrimary) {
  for (const CallExpr *Call : llvm::drop_begin(Effect.Chain, FirstCallIsPrimary ? 1 : 0)) {
    diag(userLocation(TU, Call->getBeginLoc()), "'%0' is called here", DiagnosticIDs::Note)
        << calleeDisplayName(Call) << userRange(TU, Call->getSourceRange());
  }
  diag(userLocation(TU, Effect.Site->getBeginLoc()), Final, DiagnosticIDs::Note)
      << userRange(TU, Effect.Site->getSourceRange());
}

} // namespace coopcheck::checks
