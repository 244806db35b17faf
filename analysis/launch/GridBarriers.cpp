#include "analysis/launch/GridBarriers.h"

namespace coopcheck::analysis {

KernelGridBarriers gridBarriersOf(SummaryTable &Summaries, const clang::FunctionDecl *Kernel) {
  KernelGridBarriers Result;
  for (const CollectiveEffect &E : Summaries.summaryOf(Kernel).Effects) {
    if (E.Kind != CollectiveKind::Barrier)
      continue;
    if (E.Group.isKnown(GroupKind::Grid) && !Result.Grid)
      Result.Grid = E;
    if (E.Group.isKnown(GroupKind::MultiGrid) && !Result.MultiGrid)
      Result.MultiGrid = E;
  }
  return Result;
}

LaunchProblem launchProblem(bool GridSync, bool MultiGridSync, Cooperation Coop) {
  if (Coop == Cooperation::Unknown)
    return LaunchProblem::None;
  if (MultiGridSync && Coop != Cooperation::MultiDevice)
    return LaunchProblem::MultiGridSyncWithoutMultiDevice;
  if (GridSync && Coop == Cooperation::None)
    return LaunchProblem::GridSyncWithoutCooperativeLaunch;
  return LaunchProblem::None;
}

} // namespace coopcheck::analysis
