// cg-divergent-collective: a collective that only part of its group can reach, through
// branches, loops, early returns and calls.
#pragma once
#include "analysis/flow/Divergence.h"
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class DivergentCollectiveCheck : public CoopcheckCheck {
public:
  DivergentCollectiveCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  void report(analysis::UnitCache &TU, const clang::FunctionDecl *F,
              const analysis::GuardedEffect &G);

  /// Also report block and warp collectives that threads which left the kernel skip (as
  /// warnings): --strict.
  const bool Strict;
  /// Platforms the code is also built for (`cuda,hip`): --targets.
  const std::string Targets;
};

} // namespace coopcheck::checks
