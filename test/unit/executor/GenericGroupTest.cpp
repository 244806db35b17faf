// A generic thread_group answers as the group it was made from: its sync is that group's barrier,
// and its size and ranks are that group's, the same in every thread (cuda-samples'
// simpleCooperativeGroups reduces over a thread_group that holds a block once and a tile of 16
// once; loops over g.size() run as many trips in every member).
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

constexpr const char *SumReduction = R"cu(
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    __device__ int sumReduction(cg::thread_group g, int *x, int val) {
      int lane = g.thread_rank();
      for (int i = g.size() / 2; i > 0; i /= 2) {
        x[lane] = val;
        g.sync();
        if (lane < i) val += x[lane + i];
        g.sync();
      }
      return g.thread_rank() == 0 ? val : -1;
    }
)cu";

TEST(GenericGroup, ABlockAndATileReduceWithoutMismatch) {
  std::string Source = std::string(SumReduction) + R"cu(
    __global__ void k(int *out) {
      extern __shared__ int workspace[];
      cg::thread_block block = cg::this_thread_block();
      out[block.thread_rank()] = sumReduction(block, workspace, block.thread_rank());
      block.sync();
      cg::thread_group tile = cg::tiled_partition(block, 16);
      int offset = block.thread_rank() - tile.thread_rank();
      out[block.thread_rank()] += sumReduction(tile, workspace + offset, tile.thread_rank());
    })cu";
  ReplayResult R = replaySource(Source.c_str());
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_TRUE(R.Exhausted);
}

TEST(GenericGroup, SizeAndRankFollowTheHeldGroup) {
  // A thread whose generic group answers with the wrong size or rank skips the grid barrier.
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    __device__ bool matches(cg::thread_group g, unsigned size, unsigned rank) {
      return g.size() == size && g.thread_rank() == rank && g.is_valid();
    }
    __global__ void k(int *out) {
      cg::thread_block block = cg::this_thread_block();
      cg::thread_group tile = cg::tiled_partition(block, 16);
      bool ok = matches(block, blockDim.x, threadIdx.x) && matches(tile, 16, threadIdx.x % 16) &&
                matches(cg::this_grid(), gridDim.x * blockDim.x,
                        blockIdx.x * blockDim.x + threadIdx.x);
      if (ok) cg::this_grid().sync();
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_TRUE(R.Exhausted);
}

TEST(GenericGroup, AMismatchThroughAThreadGroupIsStillFound) {
  // Half of each tile skips the tile's barrier, reached through the generic group: the other
  // half waits for lanes that are still there, at a later barrier of the block.
  std::string Source = std::string(SumReduction) + R"cu(
    __global__ void k(int *out) {
      extern __shared__ int workspace[];
      cg::thread_block block = cg::this_thread_block();
      cg::thread_group tile = cg::tiled_partition(block, 16);
      if (tile.thread_rank() < 8) tile.sync();
      block.sync();
      out[block.thread_rank()] = 1;
    })cu";
  ReplayResult R = replaySource(Source.c_str());
  ASSERT_FALSE(R.Failures.empty());
  EXPECT_EQ(R.Failures.front().Result, Outcome::Hang);
}

} // namespace
