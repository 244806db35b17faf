// Threads that spin on memory: a hang is a witness only when the flags and counters they poll
// start at zero, as the host leaves them before a launch.
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

// The last thread waits until every other block has counted itself: with the counter cleared it
// gets there, and only a counter that starts near UINT_MAX (and wraps around) keeps it waiting.
TEST(SpinWait, ACounterThatReachesItsTargetFromZeroIsNoHang) {
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    __global__ void k(unsigned *count) {
      cooperative_groups::grid_group grid = cooperative_groups::this_grid();
      if (grid.thread_rank() == grid.size() - 1)
        while (atomicAdd(count, 0) < gridDim.x - 1) {
        }
      if (threadIdx.x == 0 && blockIdx.x != gridDim.x - 1)
        atomicInc(count, 0xffffffffu);
      grid.sync();
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
}

// No thread of the kernel sets the flag the last thread waits for: another kernel, a peer or the
// host does, and the replay cannot say when, so no hang is confirmed. The same wait on a flag a
// thread sets only after the grid barrier hangs.
TEST(SpinWait, AFlagNoThreadSetsIsNoWitness) {
  const char *Kernel = R"cu(
    #include <cooperative_groups.h>
    __global__ void k(volatile int *flag) {
      cooperative_groups::grid_group grid = cooperative_groups::this_grid();
      if (grid.thread_rank() == grid.size() - 1)
        while (*flag == 0) {
        }
      grid.sync();
      SET
    })cu";
  auto Replayed = [&](const char *Set) {
    std::string Source = Kernel;
    Source.replace(Source.find("SET"), 3, Set);
    return replaySource(Source.c_str());
  };
  for (const PathResult &Failure : Replayed("").Failures)
    EXPECT_NE(Failure.Result, Outcome::Hang);
  ReplayResult SetAfter = Replayed("if (grid.thread_rank() == 0) *flag = 1;");
  ASSERT_FALSE(SetAfter.Failures.empty());
  EXPECT_EQ(SetAfter.Failures.front().Result, Outcome::Hang);
}

// Thread 0 waits for a flag the kernel raises only through a second pointer (a multicast view of
// the same buffer, as multi-GPU collectives pass them): the replay's buffers for the two are
// apart, the hardware's may not be, so no hang is confirmed.
TEST(SpinWait, AFlagRaisedOnlyThroughAnotherArgumentIsNoWitness) {
  ReplayResult R = replaySource(R"cu(
    __global__ void k(volatile int *flag, int *raised) {
      if (threadIdx.x == 0) {
        if (blockIdx.x == 0)
          atomicAdd(raised, 1);
        while (*flag < 1) {
        }
      }
      __syncthreads();
    })cu");
  for (const PathResult &Failure : R.Failures)
    EXPECT_NE(Failure.Result, Outcome::Hang);
}

// Thread 0 waits for a flag while block 0 raises a peer's flag through a pointer it reads from a
// table (a window of peer pointers, as multi-GPU barriers keep them): on the hardware the peer
// may be this very flag, so no hang is confirmed.
TEST(SpinWait, AFlagRaisedThroughAPointerReadFromATableIsNoWitness) {
  ReplayResult R = replaySource(R"cu(
    __global__ void k(volatile int *flag, int **peers) {
      if (threadIdx.x == 0) {
        if (blockIdx.x == 0)
          atomicAdd(peers[0], 1);
        while (*flag < 1) {
        }
      }
      __syncthreads();
    })cu");
  for (const PathResult &Failure : R.Failures)
    EXPECT_NE(Failure.Result, Outcome::Hang);
}

// A helper's loop run again in a second call, with the same values as in the first (a warp
// reduction of the same numbers before and after a barrier), is a new activation, not a spin.
TEST(SpinWait, AHelperLoopCalledTwiceWithTheSameValuesIsNoSpin) {
  ReplayResult R = replaySource(R"cu(
    __device__ float warp_max(float v) {
      for (int mask = 16; mask > 0; mask >>= 1)
        v = max(v, __shfl_xor_sync(0xffffffff, v, mask, 32));
      return v;
    }
    __global__ void k(float *out) {
      __shared__ float partial[32];
      float v = warp_max(0.0f);
      if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = v;
      __syncthreads();
      v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x % 32] : 0.0f;
      out[threadIdx.x] = warp_max(v);
    })cu");
  EXPECT_TRUE(R.Failures.empty());
}

} // namespace
