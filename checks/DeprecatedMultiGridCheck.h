// cg-deprecated-multi-grid: multi_grid_group and this_multi_grid(), deprecated since CUDA 11.3 and
// removed in CUDA 13. One finding per function, at its first this_multi_grid() call.
#pragma once
#include "checks/CheckSupport.h"

namespace coopcheck::checks {

class DeprecatedMultiGridCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::TUAnalysis &TU) override;
};

} // namespace coopcheck::checks
