#include "checks/DeprecatedMultiGridCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/rules/MultiGridUses.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

/// The use a finding is reported at: the first this_multi_grid() call, else the first use.
const MultiGridUse &primaryUse(const std::vector<MultiGridUse> &Uses) {
  for (const MultiGridUse &U : Uses)
    if (U.What == MultiGridUse::HandleCreation)
      return U;
  return Uses.front();
}

std::string describeUse(const MultiGridUse &U, const ASTContext &Ctx) {
  if (U.What == MultiGridUse::Parameter)
    return "a multi_grid_group parameter";
  return "'" + sourceText(U.Call, Ctx) + "'";
}

} // namespace

void DeprecatedMultiGridCheck::checkTranslationUnit(UnitCache &TU) {
  // HIP and MXMACA still provide the multi-device grid.
  if (TU.platform() != model::Platform::Cuda)
    return;
  const ASTContext &Ctx = TU.context();
  // A function template is reported once, for its first instantiation.
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions())) {
    std::vector<MultiGridUse> Uses = multiGridUses(F);
    if (Uses.empty())
      continue;
    const MultiGridUse &Primary = primaryUse(Uses);
    SourceLocation Loc = userLocation(TU, Primary.Loc);
    if (!firstUserFindingAt(TU, Loc))
      continue;
    diag(Loc,
         "%0 uses multi_grid_group, deprecated since CUDA 11.3 and removed in CUDA 13; it works "
         "only in kernels compiled with -rdc=true and launched with "
         "cudaLaunchCooperativeKernelMultiDevice (also deprecated): synchronise each device's grid "
         "with this_grid().sync() and coordinate the devices from the host",
         DiagnosticIDs::Warning)
        << describeUse(Primary, Ctx) << userRange(TU, Primary.Range);
    for (const MultiGridUse &U : Uses)
      if (&U != &Primary)
        diag(userLocation(TU, U.Loc), "%0 also uses multi_grid_group", DiagnosticIDs::Note)
            << describeUse(U, Ctx) << userRange(TU, U.Range);
  }
}

} // namespace coopcheck::checks
