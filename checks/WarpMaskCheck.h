// cg-warp-mask: the mask of a warp intrinsic (shuffles, votes, matches, the warp barrier,
// __reduce_*_sync) names lanes that never reach the call, omits the calling lane or the source
// lane, is the active-lane mask in data-dependent code, has the wrong width, or names lanes that
// left the kernel.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class WarpMaskCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
