// Hitting a bound ends the replay without a verdict and without crashing: the finding stays as
// the static rules reported it.
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

TEST(Bounds, MemoryBoundStopsAKernelThatFillsMemory) {
  Bounds Limits = coopcheck::testing_support::verdictBounds();
  Limits.MemoryCells = 4096;
  ReplayResult R = replaySource(R"cu(
    __global__ void fill(int *out) {
      for (int i = 0; i < 100000; ++i)
        out[threadIdx.x * 100000 + i] = i;
    })cu",
                                Limits);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
  EXPECT_EQ(R.BoundHit, "memory bound");
}

TEST(Bounds, StepBudgetStopsALongReplay) {
  Bounds Limits;
  Limits.Steps = 100000;
  ReplayResult R = replaySource(R"cu(
    __global__ void count(int *out) {
      int acc = 0;
      for (int i = 0; i < 10000000; ++i)
        acc += i ^ threadIdx.x;
      out[threadIdx.x] = acc;
    })cu",
                                Limits);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
  EXPECT_EQ(R.BoundHit, "step budget");
  EXPECT_EQ(R.Done.Steps, Limits.Steps + 1); // counted, whatever the machine's speed
}

// A sum of loaded inputs grows by a term each trip, and simplifying it costs more each time: past
// the bound on a value's nodes the replay stops, after the same count of steps on every run.
TEST(Bounds, AValueTooLargeToFollowStopsTheReplay) {
  const char *Kernel = R"cu(
    __global__ void sum(const int *in, int *out) {
      int acc = 0;
      for (int i = 0; i < 1000000; ++i)
        acc += in[i];
      out[threadIdx.x] = acc;
    })cu";
  Bounds Limits;
  Limits.ValueNodes = 512;
  ReplayResult R = replaySource(Kernel, Limits);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
  EXPECT_EQ(R.BoundHit, "value bound");
  EXPECT_EQ(replaySource(Kernel, Limits).Done.Steps, R.Done.Steps);
}

TEST(Bounds, LoopBoundLeavesSymbolicLoopsAndStillDecides) {
  ReplayResult R = replaySource(R"cu(
    __global__ void trips(int *out, int n) {
      for (int i = 0; i < n; ++i)
        __syncthreads();
      out[threadIdx.x] = n;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(R.BoundHit, "loop bound");
  EXPECT_TRUE(R.Exhausted); // every path within the loop bound
}

// Each thread branches on its own input: the paths differ only in which threads took which side,
// and once they stop taking new edges or ending new ways the search ends, not exhaustive.
TEST(Bounds, PathsWithoutNewBehaviourEndTheSearch) {
  Bounds Limits = coopcheck::testing_support::verdictBounds();
  ReplayResult R = replaySource(R"cu(
    __global__ void own_input(int *p) {
      if (p[threadIdx.x])
        __syncthreads();
    })cu",
                                Limits);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
  EXPECT_EQ(R.BoundHit, "no new behaviour in 8 paths");
  EXPECT_LE(R.PathsExplored, 2 + Limits.PathsWithoutNewBehaviour);
}

// Thirty-two paths (thread 0 syncs itself or not, five times) that all end alike, within the path
// bound: explored to the end, so the replay can still rule a finding out.
TEST(Bounds, ASmallTreeIsExploredToTheEndEvenWithoutNewBehaviour) {
  Bounds Limits = coopcheck::testing_support::verdictBounds();
  Limits.PathsWithoutNewBehaviour = 2;
  ReplayResult R = replaySource(R"cu(
    __global__ void thread_zero_sums(int *p, int *out) {
      if (threadIdx.x == 0 && blockIdx.x == 0) {
        if (p[0])
          __syncwarp(1u);
        if (p[1])
          __syncwarp(1u);
        if (p[2])
          __syncwarp(1u);
        if (p[3])
          __syncwarp(1u);
        if (p[4])
          __syncwarp(1u);
      }
      __syncthreads();
      out[threadIdx.x] = 1;
    })cu",
                                Limits);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_TRUE(R.Exhausted);
  EXPECT_EQ(R.PathsExplored, 32u);
}

} // namespace
