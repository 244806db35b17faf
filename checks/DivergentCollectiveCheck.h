// cg-divergent-collective: a collective that only part of its group can reach, through
// branches, loops, early returns and calls.
#pragma once
#include "checks/CheckSupport.h"

namespace coopcheck::checks {

class DivergentCollectiveCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::TUAnalysis &TU) override;

private:
  void report(analysis::TUAnalysis &TU, const analysis::GuardedEffect &G);
};

} // namespace coopcheck::checks
