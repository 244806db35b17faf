// cg-legacy-warp-intrinsic: the mask-less pre-CUDA-9 shuffles and votes (the table's legacy rows)
// on CUDA, with a fix-it to the _sync form where whole warps reach the call.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class LegacyWarpIntrinsicCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
