// cg-warp-mask: the mask of a warp intrinsic (shuffles, votes, matches, the warp barrier,
// __reduce_*_sync) names lanes that never reach the call, omits the calling lane or the source
// lane, is the active-lane mask in data-dependent code, has the wrong width, or names lanes that
// left the kernel.
#pragma once
#include "analysis/rules/WarpMasks.h"
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class WarpMaskCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  /// The finding P at Loc, worded with clang's %select and %plural forms.
  clang::DiagnosticBuilder diagProblem(clang::SourceLocation Loc, const analysis::MaskProblem &P,
                                       analysis::UnitCache &TU);
  /// A problem a caller makes for a helper's intrinsic, said at the caller's call of the helper.
  clang::DiagnosticBuilder diagProblemThroughCall(clang::SourceLocation Loc,
                                                  const analysis::MaskProblem &P);
};

} // namespace coopcheck::checks
