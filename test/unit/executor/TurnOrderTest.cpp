// Atomics make the order of threads matter: which thread takes ticket 0. The executor replays a
// kernel with atomics with threads taking turns from the lowest id and from the highest id.
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

TEST(TurnOrder, TheLastThreadCanTakeTheFirstTicket) {
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      __shared__ int ticket;
      if (threadIdx.x == 0) ticket = 0;
      __syncthreads();
      int mine = atomicAdd(&ticket, 1);
      if (mine == 0 && threadIdx.x == blockDim.x - 1)
        cooperative_groups::this_grid().sync();   // alone: the grid never gets there
      out[threadIdx.x] = mine;
    })cu");
  ASSERT_FALSE(R.Failures.empty());
  EXPECT_EQ(R.Failures.front().Result, Outcome::Hang);
}

TEST(TurnOrder, KernelsWithoutAtomicsAreReplayedInOneOrder) {
  ReplayResult R = replaySource(R"cu(
    __global__ void k(int *out) {
      __syncthreads();
      out[threadIdx.x] = threadIdx.x;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(R.PathsExplored, 1u);
  EXPECT_TRUE(R.Exhausted);
}

} // namespace
