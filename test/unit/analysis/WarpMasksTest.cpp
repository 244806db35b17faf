// The masks of warp intrinsics against the lanes that reach them: one kernel per kind of problem,
// each checked for the kind, the mask and the lanes it reports, and kernels whose masks match
// their lanes, which must report nothing.
#include "analysis/rules/WarpMasks.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

std::vector<MaskProblem> problemsOf(test::ParsedSource &S, const char *Kernel) {
  const clang::FunctionDecl *F = S.function(Kernel);
  EXPECT_NE(F, nullptr) << Kernel;
  return F ? maskProblems(S.analysis(), F) : std::vector<MaskProblem>();
}

struct MaskRow {
  const char *Name;
  const char *Kernel; ///< a kernel named k
  MaskProblem::Kind What;
  MaskProblem::Level Severity;
  const char *Intrinsic;
  uint64_t Mask;
  uint64_t Lanes;
};

class WarpMaskProblems : public testing::TestWithParam<MaskRow> {};

TEST_P(WarpMaskProblems, ReportsTheKindMaskAndLanes) {
  const MaskRow &Row = GetParam();
  test::ParsedSource S(Row.Kernel);
  ASSERT_TRUE(S.ok());
  std::vector<MaskProblem> Problems = problemsOf(S, "k");
  ASSERT_EQ(Problems.size(), 1u);
  const MaskProblem &P = Problems.front();
  EXPECT_EQ(P.What, Row.What);
  EXPECT_EQ(P.Severity, Row.Severity);
  EXPECT_EQ(P.Intrinsic, Row.Intrinsic);
  EXPECT_EQ(P.Mask, Row.Mask);
  EXPECT_EQ(P.Lanes, Row.Lanes);
  EXPECT_EQ(P.Via, nullptr);
}

using K = MaskProblem::Kind;
using L = MaskProblem::Level;
const MaskRow Rows[] = {
    {"FullMaskUnderALaneBranch", R"(
      __global__ void k(float *v) {
        int lane = threadIdx.x % 32;
        float x = v[threadIdx.x];
        if (lane < 16) x += __shfl_xor_sync(0xffffffff, x, 1);
        v[threadIdx.x] = x;
      })",
     K::LanesNeverArrive, L::Error, "__shfl_xor_sync", 0xffffffff, 0xffff0000},
    {"CallerOutsideItsMask", R"(
      __global__ void k(float *v) {
        int lane = threadIdx.x & 31;
        float x = v[threadIdx.x];
        if (lane < 16) x = __shfl_sync(0xffff0000, x, 16);
        v[threadIdx.x] = x;
      })",
     K::CallerNotInMask, L::Error, "__shfl_sync", 0xffff0000, 0x0000ffff},
    {"WiderThanTheWarp", R"(
      __global__ void k(unsigned *out, const int *in) {
        out[threadIdx.x / 32] = __ballot_sync(0xffffffffffffffffull, in[threadIdx.x] > 0);
      })",
     K::Width, L::Error, "__ballot_sync", 0xffffffffffffffffull, 0},
    {"SyncwarpInHalfAWarp", R"(
      __global__ void k(float *v) {
        if (threadIdx.x % 32 < 8) { v[threadIdx.x] += 1; __syncwarp(); }
      })",
     K::LanesNeverArrive, L::Error, "__syncwarp", 0xffffffff, 0xffffff00},
};

INSTANTIATE_TEST_SUITE_P(Kinds, WarpMaskProblems, testing::ValuesIn(Rows),
                         [](const testing::TestParamInfo<MaskRow> &I) { return I.param.Name; });

TEST(WarpMasks, SourceLaneOutsideTheMask) {
  test::ParsedSource S(R"(
    __global__ void k(float *v) {
      int lane = threadIdx.x % warpSize;
      float x = v[threadIdx.x];
      if (lane < 16) x = __shfl_sync(0x0000ffff, x, 20);
      v[threadIdx.x] = x;
    })");
  ASSERT_TRUE(S.ok());
  std::vector<MaskProblem> Problems = problemsOf(S, "k");
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0].What, K::SourceLaneNotInMask);
  EXPECT_EQ(Problems[0].SourceLane, 20u);
  EXPECT_EQ(Problems[0].Mask, 0xffffu);
}

TEST(WarpMasks, ActiveMaskUnderDataAndFullMaskAfterAnExit) {
  test::ParsedSource S(R"(
    __global__ void k(int *out, const int *flags) {
      int v = flags[threadIdx.x];
      if (v > 0) out[threadIdx.x] = __any_sync(__activemask(), v > 10);
    }
    __global__ void exits(float *out, const float *in, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i >= n) return;
      float v = in[i];
      out[i] = v + __shfl_down_sync(0xffffffff, v, 16);
    })");
  ASSERT_TRUE(S.ok());
  std::vector<MaskProblem> Active = problemsOf(S, "k");
  ASSERT_EQ(Active.size(), 1u);
  EXPECT_EQ(Active[0].What, K::ActiveMaskInDivergentCode);
  ASSERT_NE(Active[0].Condition, nullptr);
  std::vector<MaskProblem> Exited = problemsOf(S, "exits");
  ASSERT_EQ(Exited.size(), 1u);
  EXPECT_EQ(Exited[0].What, K::ExitedLanes);
  EXPECT_EQ(Exited[0].Severity, L::Warning);
  EXPECT_NE(Exited[0].Condition, nullptr);
}

TEST(WarpMasks, AHelpersFullMaskIsReportedAtTheCallThatKeepsLanesOut) {
  test::ParsedSource S(R"(
    __device__ float warpSum(float v) { return v + __shfl_xor_sync(0xffffffff, v, 1); }
    __global__ void k(float *v) {
      if (threadIdx.x % 32 < 16) v[threadIdx.x] = warpSum(v[threadIdx.x]);
    })");
  ASSERT_TRUE(S.ok());
  std::vector<MaskProblem> Problems = problemsOf(S, "warpSum");
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0].What, K::LanesNeverArrive);
  EXPECT_EQ(Problems[0].Via, S.call("k", "warpSum"));
  EXPECT_EQ(Problems[0].Lanes, 0xffff0000u);
}

TEST(WarpMasks, MasksThatMatchTheirLanesAreFine) {
  test::ParsedSource S(R"(
    __global__ void k(float *v, const int *in, int n) {
      int lane = threadIdx.x % 32;
      float x = v[threadIdx.x];
      if (lane < 16) x += __shfl_xor_sync(0x0000ffff, x, 1);
      else x += __shfl_xor_sync(0xffff0000, x, 1);
      unsigned m = __ballot_sync(0xffffffff, in[threadIdx.x] < n);
      if (in[threadIdx.x] < n) x += __shfl_down_sync(m, x, 1);
      x += __shfl_down_sync(0xffffffff, x, 8, 16);
      v[threadIdx.x] = x;
    })");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(problemsOf(S, "k").empty());
}

TEST(WarpMasks, A32BitFullMaskOnA64LaneWarp) {
  test::ParsedSource S(R"(
    __global__ void k(float *v) {
      float x = v[threadIdx.x];
      v[threadIdx.x] = x + __shfl_down_sync(0xffffffff, x, 1);
    })",
                       model::Platform::Hip, "input.hip");
  ASSERT_TRUE(S.ok());
  std::vector<MaskProblem> Problems = problemsOf(S, "k");
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0].What, K::Width);
  EXPECT_EQ(Problems[0].Mask, 0xffffffffu);
}

} // namespace
