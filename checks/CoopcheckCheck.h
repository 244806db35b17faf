// What every coopcheck check shares: it analyses whole translation units (matched once), asks
// analysis/ for the shared per-TU analysis, and reports with levels and notes the same way.
#pragma once
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace coopcheck::checks {

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
  /// the front door asked for it (reportNoteLevelFindingsAsWarnings).
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
  bool firstUserFindingAt(analysis::UnitCache &TU, clang::SourceLocation Loc,
                          llvm::SmallPtrSetImpl<const void *> &Reported) const {
    return reportableAt(TU, Loc) && Reported.insert(Loc.getPtrEncoding()).second;
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
  clang::Preprocessor *PP = nullptr;
  const clang::SourceManager *Sources = nullptr;
};

/// Findings at note level are clang remarks. clangd has no standalone remark (it takes one for a
/// note of the diagnostic before it), so coopcheck-clangd asks for them as warnings.
void reportNoteLevelFindingsAsWarnings(bool On);

/// "grid.sync()" when called directly, "grid.sync() (in 'helper')" through calls.
std::string describeCollective(const analysis::CollectiveEffect &Effect);

/// The name of the function a call calls, for notes: 'helper'.
std::string calleeDisplayName(const clang::CallExpr *Call);

} // namespace coopcheck::checks
