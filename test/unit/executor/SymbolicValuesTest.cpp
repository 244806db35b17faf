// Symbolic values: kernel inputs are symbols, a branch on them forks the path where both sides
// are feasible, a failing path reports the input values that lead to it, scalar arguments known
// at the launch are concrete, and __device__ variables start at their initializers.
#include "ReplaySource.h"

using coopcheck::testing_support::replaySource;
using coopcheck::testing_support::verdictBounds;
using namespace coopcheck::model;
using namespace coopcheck::model::executor;

namespace {

std::string inputValue(const PathResult &P, const std::string &Name) {
  for (const auto &[Input, Value] : P.Inputs)
    if (Input == Name)
      return Value;
  return "";
}

TEST(SymbolicValues, ABranchOnAnInputForksAndTheFailingPathNamesTheInput) {
  ReplayResult R = replaySource(R"cu(
    __global__ void k(const int *in, int *out) {
      if (in[0] * 3 + 1 == 22) __trap();
      out[threadIdx.x] = 1;
    })cu");
  ASSERT_EQ(R.Failures.size(), 1u); // the search stops at the first failing path
  EXPECT_EQ(R.Failures[0].Result, Outcome::Trap);
  EXPECT_EQ(inputValue(R.Failures[0], "in[0]"), "7");
}

TEST(SymbolicValues, AConditionDecidedOnceHoldsForEveryThreadOfThePath) {
  // Every thread branches on the same input: two paths, not one per thread and side.
  ReplayResult R = replaySource(R"cu(
    __global__ void k(const int *in, int *out) {
      if (in[0] > 5) out[threadIdx.x] = 1;
      else out[threadIdx.x] = 2;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_TRUE(R.Exhausted);
  EXPECT_EQ(R.PathsExplored, 2u);
}

TEST(SymbolicValues, KnownArgumentsAreConcrete) {
  const char *Source = R"cu(
    __global__ void k(int *out, int n) {
      if (n == 3) __trap();
      out[threadIdx.x] = n;
    })cu";
  const LaunchShape Shape{{2}, {64}, 32, LaunchCooperation::Cooperative};
  ReplayResult Three = replaySource(Source, verdictBounds(), Shape, Semantics::Hardware, {{1, 3}});
  EXPECT_EQ(Three.PathsExplored, 1u);
  ASSERT_EQ(Three.Failures.size(), 1u);
  EXPECT_EQ(Three.Failures[0].Result, Outcome::Trap);
  ReplayResult Four = replaySource(Source, verdictBounds(), Shape, Semantics::Hardware, {{1, 4}});
  EXPECT_EQ(Four.PathsExplored, 1u);
  EXPECT_TRUE(Four.Failures.empty());
  ReplayResult Unknown = replaySource(Source); // symbolic: the side where n == 3 traps
  ASSERT_EQ(Unknown.Failures.size(), 1u);
  EXPECT_EQ(Unknown.Failures[0].Result, Outcome::Trap);
}

TEST(SymbolicValues, ScalarDeviceVariablesStartAtTheirInitializers) {
  ReplayResult R = replaySource(R"cu(
    __device__ int limit = 7;
    __device__ unsigned long long wide = 1ull << 40;
    __global__ void k(int *out) {
      if (limit != 7 || wide >> 40 != 1) __trap();
      out[threadIdx.x] = limit;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(R.PathsExplored, 1u);
}

} // namespace
