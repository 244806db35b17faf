// cg-missing-syncwarp: lanes of one warp exchanging data through memory (a lane reads the element
// another lane of its warp wrote) with no warp or other barrier between the write and the
// read.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class MissingSyncwarpCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
