// cg-divergent-collective: a collective that only part of its group can reach, through
// branches, loops, early returns and calls.
#pragma once
#include "analysis/flow/Divergence.h"
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class DivergentCollectiveCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  void report(analysis::UnitCache &TU, const clang::FunctionDecl *F,
              const analysis::GuardedEffect &G);
};

} // namespace coopcheck::checks
