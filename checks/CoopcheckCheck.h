// What every coopcheck check shares: it analyses whole translation units (matched once), asks
// the unit's session for the unit's shared analysis, and reports with levels and notes the same
// way.
#pragma once
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/flow/UnitSession.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>

namespace coopcheck::checks {

/// How a front door runs the checks: what the checks of one set of check factories (one
/// CoopcheckModule) share.
struct FrontDoor {
  /// Where the checks of a unit find its session. A front door that starts the sessions itself
  /// (the CLI: its time limit, its record of the stage for crash reports) passes its own.
  std::shared_ptr<analysis::UnitSessions> Sessions = std::make_shared<analysis::UnitSessions>();
  /// Findings at note level are clang remarks. clangd has no standalone remark (it takes one for
  /// a note of the diagnostic before it), so coopcheck-clangd asks for them as warnings.
  bool NoteLevelAsWarnings = false;
};

class CoopcheckCheck : public clang::tidy::ClangTidyCheck {
public:
  CoopcheckCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}

  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA || LangOpts.HIP;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  /// clang-tidy's diag(), except that an error a NOLINT comment covers is reported as a
  /// warning: clang-tidy never lets NOLINT cover an error, and then suppresses the warning in
  /// every front door (the CLI keeps it as a suppressed finding). Remarks become warnings where
  /// the front door asks for it (FrontDoor::NoteLevelAsWarnings).
  clang::DiagnosticBuilder diag(clang::SourceLocation Loc, llvm::StringRef Message,
                                clang::DiagnosticIDs::Level Level = clang::DiagnosticIDs::Warning);
  using ClangTidyCheck::diag;

  /// One of the rule's options (a COOPCHECK_RULE_OPTION row of Rules.def): the configured value,
  /// else the row's default. A check reads each once, in its constructor, as clang-tidy's do.
  std::string stringOption(llvm::StringRef Name) const;
  bool boolOption(llvm::StringRef Name) const;

  /// Called once per translation unit with its shared analysis.
  virtual void checkTranslationUnit(analysis::UnitCache &TU) = 0;

  /// Whether a finding at Loc may be reported: code the user wrote (not a system header), outside
  /// the functions that compile errors break.
  bool reportableAt(analysis::UnitCache &TU, clang::SourceLocation Loc) const {
    return TU.isAnalysable(Loc);
  }

  /// Whether a finding at Loc is reportable and the first one there in this unit: a site in a
  /// template is reported once, for its first instantiation with a problem.
  bool firstUserFindingAt(analysis::UnitCache &TU, clang::SourceLocation Loc) {
    return reportableAt(TU, Loc) && ReportedAt.insert(Loc.getPtrEncoding()).second;
  }

  /// Where a finding at Loc is shown: the place in the user's file that a macro expanded at,
  /// so that no "expanded from macro" notes are attached.
  clang::SourceLocation userLocation(analysis::UnitCache &TU, clang::SourceLocation Loc) const;
  clang::CharSourceRange userRange(analysis::UnitCache &TU, clang::SourceRange Range) const;

  /// Notes leading from the reporting function to a collective in a callee: "'helper' is called
  /// here" for each call of the chain (the first one only when it is not the primary location
  /// already), then Final at the collective itself.
  void noteCallChain(analysis::UnitCache &TU, const analysis::CollectiveEffect &Effect,
                     llvm::StringRef Final, bool FirstCallIsPrimary);

private:
  friend class CoopcheckModule; // sets Door when it creates the check
  std::shared_ptr<const FrontDoor> Door;
  /// The session of the unit the check is created for (clang-tidy creates checks per unit).
  analysis::UnitSession *Session = nullptr;
  const clang::SourceManager *Sources = nullptr;
  /// The places of the unit's findings so far (firstUserFindingAt).
  llvm::SmallPtrSet<const void *, 32> ReportedAt;
};

/// "grid.sync()" when called directly, "grid.sync() (in 'helper')" through calls.
std::string describeCollective(const analysis::CollectiveEffect &Effect);

/// What every front door starts a unit's session with: the analyses above the flow engine that
/// it asks through the session (the block widths kernels are launched with).
analysis::SessionOptions unitSessionOptions();

/// The name of the function a call calls, for notes: 'helper'.
std::string calleeDisplayName(const clang::CallExpr *Call);

} // namespace coopcheck::checks
