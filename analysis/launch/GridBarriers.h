// Which grid-wide barriers a kernel can execute, and what that demands of its launch.
#pragma once
#include "analysis/flow/Summaries.h"
#include "analysis/launch/LaunchSites.h"
#include <optional>

namespace coopcheck::analysis {

/// The first grid.sync() and multi_grid.sync() a kernel may execute: directly, in a callee, or
/// through a thread_group that holds the grid.
struct KernelGridBarriers {
  std::optional<CollectiveEffect> Grid;
  std::optional<CollectiveEffect> MultiGrid;
};

KernelGridBarriers gridBarriersOf(SummaryTable &Summaries, const clang::FunctionDecl *Kernel);

enum class LaunchProblem {
  None,
  GridSyncWithoutCooperativeLaunch, ///< grid.sync() traps at the first barrier
  MultiGridSyncWithoutMultiDevice,  ///< multi_grid.sync() needs the multi-device launch
};

/// What is wrong with launching a kernel that can execute these barriers with Coop. Unknown
/// cooperation (attributes built elsewhere) is given the benefit of the doubt.
LaunchProblem launchProblem(bool GridSync, bool MultiGridSync, Cooperation Coop);

} // namespace coopcheck::analysis
