// Replays of a unit the compiler rejected in part (a header the checkout lacks): the functions it
// accepted are lowered and replayed as in a clean unit; a function an error is in is only declared,
// and a path that calls it ends without a verdict.
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

// The kernel uses nothing of the missing header: its replay is the clean unit's.
TEST(PartialUnit, AValidKernelBesideErrorsIsReplayed) {
  const char *Kernel = R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      if (threadIdx.x == 0)
        cooperative_groups::this_grid().sync();
      out[threadIdx.x] = 1;
    })cu";
  ReplayResult Clean = replaySource(Kernel);
  ReplayResult Partial = replaySource((std::string(Kernel) + R"cu(
    #include "missing_epilogue.h"
    __device__ float rejected(float v) { return v * epilogue_scale(); })cu")
                                          .c_str());
  ASSERT_FALSE(Clean.Failures.empty());
  ASSERT_EQ(Partial.Failures.size(), Clean.Failures.size());
  EXPECT_EQ(Partial.Failures.front().Result, Clean.Failures.front().Result);
  EXPECT_EQ(Partial.Failures.front().failure(), Clean.Failures.front().failure());
}

// The thread that would wait alone first calls a function the compiler rejected: what that does
// is unknown (it might wait, or never return), so no path confirms the hang.
TEST(PartialUnit, NoVerdictThroughARejectedFunction) {
  ReplayResult R = replaySource(R"cu(
    #include <cooperative_groups.h>
    __device__ int rejected(int v) { return v + undeclared_offset(); }
    __global__ void k(int *out) {
      if (threadIdx.x == 0) {
        out[0] = rejected(1);
        cooperative_groups::this_grid().sync();
      }
      out[threadIdx.x] = 1;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_FALSE(R.Exhausted);
  EXPECT_NE(R.BoundHit.find("rejected"), std::string::npos) << R.BoundHit;
  EXPECT_NE(R.BoundHit.find("compile errors"), std::string::npos) << R.BoundHit;
}

} // namespace
