#include "analysis/flow/Summaries.h"
#include "ParsedSource.h"
#include "analysis/launch/GridBarriers.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void sync_any(cg::thread_group g) { g.sync(); }
__device__ void forward(cg::thread_group g) { sync_any(g); }
__device__ void ping(cg::grid_group &grid, int n);
__device__ void pong(cg::grid_group &grid, int n) { if (n > 0) ping(grid, n - 1); else grid.sync(); }
__device__ void ping(cg::grid_group &grid, int n) { pong(grid, n); }
__device__ void fail_hard() { __trap(); }
__device__ void check(int v) { if (v < 0) fail_hard(); }

__global__ void through_params(int *p) { forward(cg::this_grid()); }
__global__ void block_only(int *p) { forward(cg::this_thread_block()); }
__global__ void recursive(int n) { cg::grid_group grid = cg::this_grid(); ping(grid, n); }
__global__ void multi(int *p) { cg::this_multi_grid().sync(); }
__global__ void may_trap(int *p) { check(p[threadIdx.x]); }
)";

TEST(Summaries, GroupParametersAreBoundAtEachCall) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  UnitCache &TU = S.analysis();
  const FunctionSummary &Forward = TU.summaries().summaryOf(S.function("forward"));
  ASSERT_EQ(Forward.Effects.size(), 1u);
  EXPECT_EQ(Forward.Effects[0].Group.Origin, GroupOrigin::Kind::Parameter);
  EXPECT_EQ(Forward.Effects[0].Chain.size(), 1u);

  KernelGridBarriers Grid = gridBarriersOf(TU.summaries(), S.function("through_params"));
  ASSERT_TRUE(Grid.Grid.has_value());
  EXPECT_EQ(Grid.Grid->Spelling, "g.sync()");
  EXPECT_EQ(Grid.Grid->Chain.size(), 2u); // forward, then sync_any
  EXPECT_FALSE(gridBarriersOf(TU.summaries(), S.function("block_only")).Grid.has_value());
}

TEST(Summaries, RecursionReachesAFixpoint) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  UnitCache &TU = S.analysis();
  EXPECT_TRUE(gridBarriersOf(TU.summaries(), S.function("recursive")).Grid.has_value());
  EXPECT_FALSE(TU.summaries().summaryOf(S.function("ping")).Effects.empty());
}

TEST(Summaries, MultiGridAndThreadExits) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  UnitCache &TU = S.analysis();
  KernelGridBarriers Multi = gridBarriersOf(TU.summaries(), S.function("multi"));
  EXPECT_TRUE(Multi.MultiGrid.has_value());
  EXPECT_FALSE(Multi.Grid.has_value());
  const FunctionSummary &MayTrap = TU.summaries().summaryOf(S.function("may_trap"));
  ASSERT_NE(MayTrap.ThreadExit, nullptr); // the __trap() two calls down
}

TEST(Summaries, LaunchProblems) {
  EXPECT_EQ(launchProblem(true, false, Cooperation::None),
            LaunchProblem::GridSyncWithoutCooperativeLaunch);
  EXPECT_EQ(launchProblem(true, false, Cooperation::Single), LaunchProblem::None);
  EXPECT_EQ(launchProblem(true, false, Cooperation::Unknown), LaunchProblem::None);
  EXPECT_EQ(launchProblem(false, true, Cooperation::Single),
            LaunchProblem::MultiGridSyncWithoutMultiDevice);
  EXPECT_EQ(launchProblem(true, true, Cooperation::MultiDevice), LaunchProblem::None);
  EXPECT_EQ(launchProblem(false, false, Cooperation::None), LaunchProblem::None);
}

} // namespace

namespace {
/// Kernels, each calling the helpers before it, and every tenth helper in a recursive pair:
/// the shape of a unit that instantiates a large template library.
std::string manyFunctions(unsigned Count) {
  std::string S = "__device__ void h0(int n) { __syncthreads(); }\n";
  for (unsigned I = 1; I < Count; ++I) {
    std::string Now = std::to_string(I), Before = std::to_string(I - 1);
    if (I % 10 == 0)
      S += "__device__ void r" + Now + "(int n);\n__device__ void h" + Now +
           "(int n) { if (n > 0) r" + Now + "(n - 1); h" + Before + "(n); }\n" +
           "__device__ void r" + Now + "(int n) { h" + Now + "(n); }\n";
    else
      S += "__device__ void h" + Now + "(int n) { h" + Before + "(n); }\n";
    S += "__global__ void k" + Now + "(int n) { h" + Now + "(n); }\n";
  }
  return S;
}

size_t summaryWork(unsigned Count) {
  test::ParsedSource S(manyFunctions(Count));
  EXPECT_TRUE(S.ok());
  if (!S.ok())
    return 0;
  UnitCache &TU = S.analysis();
  for (unsigned I = 1; I < Count; ++I)
    EXPECT_FALSE(
        TU.summaries().summaryOf(S.function(("k" + std::to_string(I)).c_str())).Effects.empty());
  return TU.summaries().work();
}
} // namespace

TEST(Summaries, WorkGrowsLinearlyWithTheFunctions) {
  size_t Small = summaryWork(200), Large = summaryWork(400);
  ASSERT_GT(Small, 0u);
  EXPECT_LT(double(Large) / double(Small), 2.5) << Small << " then " << Large;
}

TEST(Summaries, HostCodeIsNotRead) {
  // A launching host function reaches the host library through its calls; none of it can run a
  // collective. A lambda without attributes in a kernel is device code (clang marks it so).
  test::ParsedSource S(R"(
void count_down(int n) { if (n > 0) count_down(n - 1); }
void launcher(int n) { count_down(n); }
__global__ void waits_in_lambda(int n) { auto wait = [] { __syncthreads(); }; wait(); }
)");
  ASSERT_TRUE(S.ok());
  UnitCache &TU = S.analysis();
  EXPECT_TRUE(TU.summaries().summaryOf(S.function("launcher")).Effects.empty());
  EXPECT_EQ(TU.summaries().work(), 0u);
  EXPECT_FALSE(TU.summaries().summaryOf(S.function("waits_in_lambda")).Effects.empty());
}
