#include "analysis/flow/Divergence.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;
using Shape = DivergentBranch::Shape;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void repeat_sync(const cg::thread_block &block, int n) {
  for (int i = 0; i < n; ++i) block.sync();
}
__device__ void sync_if(const cg::thread_block &block, bool go) {
  if (go) block.sync();
}
__global__ void callers(int *data, int n) {
  cg::thread_block block = cg::this_thread_block();
  repeat_sync(block, n);
  repeat_sync(block, data[threadIdx.x]);
  sync_if(block, blockIdx.x > 2);
  sync_if(block, threadIdx.x > 2);
}
__global__ void shapes(int *data) {
  int t = threadIdx.x;
  if (t < 5) __syncthreads(); else __syncthreads();
  if (t > 7) return;
  __syncthreads();
  for (int i = 0; i < t; ++i) __syncthreads();
  int v = t > 3 ? __syncthreads_count(1) : 0;
  auto active = cg::coalesced_threads();
  if (t == 1) active.sync();
}
)";

std::vector<const GuardedEffect *> divergent(test::ParsedSource &S, const char *Function) {
  std::vector<const GuardedEffect *> Found;
  for (const GuardedEffect &G :
       S.analysis().get<DivergenceAnalysis>().effectsOf(S.function(Function)))
    if (G.Divergent)
      Found.push_back(&G);
  return Found;
}

TEST(Divergence, ParameterGuardsAreDecidedAtEachCall) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  // Inside the helpers nothing is divergent: it depends on what callers pass.
  EXPECT_TRUE(divergent(S, "repeat_sync").empty());
  EXPECT_TRUE(divergent(S, "sync_if").empty());
  auto Found = divergent(S, "callers");
  ASSERT_EQ(Found.size(), 2u); // the per-thread trip count and the per-thread flag
  EXPECT_EQ(Found[0]->Effect.Chain.front(), S.call("callers", "repeat_sync", 1));
  EXPECT_EQ(Found[0]->Branch->Form, Shape::LoopTripCount);
  EXPECT_EQ(Found[1]->Effect.Chain.front(), S.call("callers", "sync_if", 1));
  EXPECT_EQ(Found[1]->Branch->Form, Shape::Holds);
}

TEST(Divergence, BranchShapes) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  auto Found = divergent(S, "shapes");
  // then-side, else-side, loop, ?: ; the barrier after the kernel's early return is not this
  // analysis's finding, and coalesced groups are exempt.
  ASSERT_EQ(Found.size(), 4u);
  std::vector<Shape> Forms;
  for (const GuardedEffect *G : Found)
    Forms.push_back(G->Branch->Form);
  EXPECT_EQ(std::count(Forms.begin(), Forms.end(), Shape::Holds), 2);
  EXPECT_EQ(std::count(Forms.begin(), Forms.end(), Shape::DoesNotHold), 1);
  EXPECT_EQ(std::count(Forms.begin(), Forms.end(), Shape::LoopTripCount), 1);
}

TEST(Divergence, Requirements) {
  test::ParsedSource S(R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *p) {
  cg::thread_block block = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(block);
  t16.sync();
  cg::this_grid().sync();
  cg::coalesced_threads().sync();
  __syncwarp();
  auto dyn = cg::tiled_partition(block, 8);
  dyn.sync();
}
)");
  ASSERT_TRUE(S.ok());
  std::vector<std::optional<UniformRequirement>> Needed;
  for (const GuardedEffect &G : S.analysis().get<DivergenceAnalysis>().effectsOf(S.function("k")))
    if (G.Effect.Kind == CollectiveKind::Barrier || G.Effect.Kind == CollectiveKind::WarpBarrier)
      Needed.push_back(requirementOf(G.Effect, 32));
  ASSERT_EQ(Needed.size(), 5u);
  EXPECT_EQ(Needed[0]->Granule, 16u);
  EXPECT_EQ(Needed[1]->Level, model::Scope::Grid);
  EXPECT_FALSE(Needed[2].has_value()); // coalesced
  EXPECT_FALSE(Needed[3].has_value()); // masks: cg-warp-mask
  EXPECT_EQ(Needed[4]->Granule, 8u);   // the constant size of a dynamic partition
}

const char *ExitSource = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
static __device__ void sortTail(int *data, unsigned len, const cg::thread_block &block) {
  if (threadIdx.x >= len) return;
  block.sync();
  data[threadIdx.x] = 0;
}
static __device__ void sortMiddle(int *data, unsigned len, const cg::thread_block &block) {
  if (threadIdx.x >= len) return;
  block.sync();
}
__device__ void sortExternal(int *data, unsigned len, const cg::thread_block &block) {
  if (threadIdx.x >= len) return;
  block.sync();
}
__global__ void last(int *data, unsigned len) {
  cg::thread_block block = cg::this_thread_block();
  sortTail(data, len, block);
}
__global__ void notLast(int *data, unsigned len) {
  cg::thread_block block = cg::this_thread_block();
  sortMiddle(data, len, block);
  data[0] = 1;
}
__global__ void external(int *data, unsigned len) {
  cg::thread_block block = cg::this_thread_block();
  sortExternal(data, len, block);
}
)";

TEST(Divergence, ReturnsOfHelpersCalledLastEndTheThread) {
  test::ParsedSource S(ExitSource);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(S.analysis().returnsEndThread(S.function("sortTail")));
  EXPECT_FALSE(S.analysis().returnsEndThread(S.function("sortMiddle")));   // work follows
  EXPECT_FALSE(S.analysis().returnsEndThread(S.function("sortExternal"))); // other units
  // A block barrier after a thread exit: exited threads stop counting on CUDA.
  EXPECT_TRUE(divergent(S, "sortTail").empty());
  EXPECT_EQ(divergent(S, "sortMiddle").size(), 1u);
  EXPECT_EQ(divergent(S, "sortExternal").size(), 1u);
}

TEST(Divergence, ExitsInHelpersStayDivergentWhereExitsDoNotRelease) {
  test::ParsedSource S(ExitSource, model::Platform::Hip, "input.hip");
  ASSERT_TRUE(S.ok());
  // On AMD an exited thread hangs the block barrier: the helper's exit still splits it.
  EXPECT_EQ(divergent(S, "sortTail").size(), 1u);
}

TEST(Divergence, DefaultArgumentsAreBoundAtTheCall) {
  test::ParsedSource S(R"(
template <int NT> __device__ void load(int *dest, int count, bool sync = true) {
  for (int i = threadIdx.x; i < count; i += NT) dest[i] = 0;
  if (sync) __syncthreads();
}
__global__ void defaults(int *dest, int count) {
  load<128>(dest, count);
  load<128>(dest, count, false);
}
__global__ void perThread(int *dest, int count) {
  load<128>(dest, count, threadIdx.x & 1);
}
)");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(divergent(S, "defaults").empty());
  EXPECT_EQ(divergent(S, "perThread").size(), 1u);
}

} // namespace
