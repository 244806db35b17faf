// cg-deprecated-multi-grid: multi_grid_group and this_multi_grid(), deprecated since CUDA 11.3 and
// removed in CUDA 13. One finding per function, at its first this_multi_grid() call.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class DeprecatedMultiGridCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
