// Scheduling: threads run in turns until each waits, leaves or spins, and the collective tracker
// releases what it can; a path ends complete, hung (with the threads that wait and where), trapped
// or with the contract it broke. The same kernels under the hardware model and the specification.
#include "ReplaySource.h"
#include <map>
#include <set>

using coopcheck::testing_support::replaySource;
using coopcheck::testing_support::verdictBounds;
using namespace coopcheck::model;
using namespace coopcheck::model::executor;

namespace {

const LaunchShape TwoBlocks{{2}, {64}, 32, LaunchCooperation::Cooperative};

ReplayResult underSpecification(const char *Source) {
  return replaySource(Source, verdictBounds(), TwoBlocks, Semantics::Specification);
}

TEST(Scheduling, EveryThreadAtEveryBarrierCompletes) {
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      __syncthreads();
      __syncwarp();
      cooperative_groups::this_grid().sync();
      out[threadIdx.x] = 1;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_TRUE(R.Exhausted);
  EXPECT_EQ(R.PathsExplored, 1u);
}

TEST(Scheduling, HalfAWarpAtSyncwarpAndHalfAtABlockBarrierHang) {
  ReplayResult R = replaySource(R"cu(
    __global__ void k(int *out) {
      if (threadIdx.x % 32 < 16)
        __syncwarp();
      else
        __syncthreads();
      out[threadIdx.x] = 1;
    })cu");
  ASSERT_EQ(R.Failures.size(), 1u);
  const PathResult &P = R.Failures.front();
  EXPECT_EQ(P.Result, Outcome::Hang);
  ASSERT_FALSE(P.Threads.empty());
  std::set<unsigned> Lines;
  for (const ThreadEnd &T : P.Threads)
    if (T.State == ThreadState::Waiting)
      Lines.insert(T.At.Line);
  EXPECT_EQ(Lines, (std::set<unsigned>{4, 6})); // the two call sites
}

TEST(Scheduling, AGridBarrierWithoutACooperativeLaunchTraps) {
  const char *Source = R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      cooperative_groups::this_grid().sync();
      out[threadIdx.x] = 1;
    })cu";
  ReplayResult R =
      replaySource(Source, verdictBounds(), {{2}, {64}, 32, LaunchCooperation::Standard});
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_EQ(R.Failures.front().Result, Outcome::Trap);
  EXPECT_TRUE(replaySource(Source).Failures.empty()); // cooperative
}

TEST(Scheduling, ABlockWhoseThreadZeroLeftHangsTheGrid) {
  // Probe P6: exit does not release a grid barrier.
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      if (blockIdx.x == 1 && threadIdx.x == 0) return;
      cooperative_groups::this_grid().sync();
      out[threadIdx.x] = 1;
    })cu");
  ASSERT_FALSE(R.Failures.empty());
  EXPECT_EQ(R.Failures.front().Result, Outcome::Hang);
}

/// The hardware model lets Source complete; the specification's first failure breaks Kind.
void expectOnlySpecificationReports(const char *Source, ViolationKind Kind) {
  EXPECT_TRUE(replaySource(Source).Failures.empty());
  ReplayResult Spec = underSpecification(Source);
  ASSERT_FALSE(Spec.Failures.empty());
  ASSERT_FALSE(Spec.Failures.front().Violations.empty());
  EXPECT_EQ(Spec.Failures.front().Violations.front().Kind, Kind);
}

TEST(Scheduling, ExitedThreadsExcuseABlockBarrierOnlyOnTheHardware) {
  // Probe P1: the block barrier goes on without the threads that left.
  const char *Source = R"cu(
    __global__ void k(int *out) {
      if (threadIdx.x >= 32) return;
      __syncthreads();
      out[threadIdx.x] = 1;
    })cu";
  expectOnlySpecificationReports(Source, ViolationKind::ExitedParticipants);
}

TEST(Scheduling, TwoBarrierSitesPairOnlyOnTheHardware) {
  // Probe P3: whole warps at two __syncthreads() sites act as one barrier.
  const char *Source = R"cu(
    __global__ void k(int *out) {
      if (threadIdx.x < 32)
        __syncthreads();
      else
        __syncthreads();
      out[threadIdx.x] = 1;
    })cu";
  expectOnlySpecificationReports(Source, ViolationKind::MixedSites);
}

TEST(Scheduling, ThreadsPassingDifferentNumbersOfBarriersMismatch) {
  // Probe P4: barriers pair by count; the side that passed fewer reads stale data. The first warp
  // passes the barriers of lines 3 and 4; the second passes only line 4's, which paired with the
  // first warp's line 3: the witness records how often each thread passed each barrier.
  ReplayResult R = replaySource(R"cu(
    __global__ void k(int *out) {
      if (threadIdx.x < 32) __syncthreads();
      __syncthreads();
      out[threadIdx.x] = 1;
    })cu");
  ASSERT_FALSE(R.Failures.empty());
  const PathResult &P = R.Failures.front();
  ASSERT_FALSE(P.Violations.empty());
  EXPECT_EQ(P.Violations.front().Kind, ViolationKind::BarrierCountMismatch);
  auto PassesByLine = [&](ThreadId T) {
    std::map<unsigned, unsigned> ByLine;
    for (auto [Site, Times] : P.Threads[T].BlockBarrierPasses)
      ByLine[P.Sites.at(Site).Line] += Times;
    return ByLine;
  };
  std::map<unsigned, unsigned> BothOnce{{3, 1}, {4, 1}}, SecondOnly{{4, 1}};
  for (ThreadId T : {0u, 31u, 64u, 95u})
    EXPECT_EQ(PassesByLine(T), BothOnce) << "thread " << T;
  for (ThreadId T : {32u, 63u, 96u, 127u})
    EXPECT_EQ(PassesByLine(T), SecondOnly) << "thread " << T;
}

TEST(Scheduling, OutcomesHaveNames) {
  EXPECT_STREQ(outcomeName(Outcome::Completes), "completes");
  EXPECT_STREQ(outcomeName(Outcome::Hang), "hang");
  EXPECT_STREQ(outcomeName(Outcome::Trap), "trap");
}

} // namespace
