// Lane sets: the values of lane expressions thread by thread, the lanes where a condition holds
// and the lanes that reach a statement, for small kernels whose lanes are known by hand.
#include "analysis/warp/LaneSets.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

/// A condition of `lane` and `warp` (the initializer of `bool c`) and the lanes where it holds.
struct LaneRow {
  const char *Condition;
  uint64_t Lanes; ///< of every warp
};

class LanesWhere : public testing::TestWithParam<LaneRow> {};

TEST_P(LanesWhere, EvaluatesTheConditionInEveryLane) {
  std::string Source = std::string("__global__ void k(int *p) {\n"
                                   "  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;\n"
                                   "  bool c = ") +
                       GetParam().Condition + ";\n  p[threadIdx.x] = c;\n}\n";
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  std::optional<LaneSets::PerWarp> Where = Lanes.lanesWhere(S.init("k", "c"));
  ASSERT_TRUE(Where);
  for (unsigned W = 0; W < LaneSets::Warps; ++W)
    EXPECT_EQ((*Where)[W], GetParam().Lanes) << "warp " << W;
}

const LaneRow Conditions[] = {
    {"lane < 16", 0x0000ffff},
    {"lane >= 16", 0xffff0000},
    {"(threadIdx.x & 1) == 0", 0x55555555},
    {"lane % 4 == 3", 0x88888888},
    {"lane == 0 || lane == 31", 0x80000001},
    {"lane > 3 && lane < 8", 0x000000f0},
    {"(lane ^ 1) < 2", 0x00000003},
    {"warp >= 0", 0xffffffff},
};
INSTANTIATE_TEST_SUITE_P(Conditions, LanesWhere, testing::ValuesIn(Conditions));

TEST(LaneSets, ValuesPerThreadAndConstants) {
  test::ParsedSource S(R"(
    __global__ void k(int *p, int n) {
      int lane = threadIdx.x % warpSize;
      int twice = lane * 2;
      int width = 16;
      int param = n + lane;
      p[threadIdx.x] = twice + width + param;
    })");
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  EXPECT_EQ(Lanes.warpSize(), 32u);
  EXPECT_EQ(Lanes.allLanes(), 0xffffffffu);
  const std::vector<int64_t> *Twice = Lanes.values(S.init("k", "twice"));
  ASSERT_NE(Twice, nullptr);
  ASSERT_EQ(Twice->size(), LaneSets::Warps * 32);
  EXPECT_EQ((*Twice)[0], 0);
  EXPECT_EQ((*Twice)[5], 10);
  EXPECT_EQ((*Twice)[37], 10); // lane 5 of warp 1
  EXPECT_EQ(Lanes.constant(S.init("k", "width")), 16);
  EXPECT_FALSE(Lanes.constant(S.init("k", "twice")));
  EXPECT_EQ(Lanes.values(S.init("k", "param")), nullptr); // a kernel parameter
}

TEST(LaneSets, LanesReachingAStatementAndTheConditionThatLimitsThem) {
  test::ParsedSource S(R"(
    __global__ void k(int *p) {
      int lane = threadIdx.x % 32;
      if (lane < 24) {
        if (lane >= 8)
          p[0] = __ballot_sync(0x00ffff00, 1);
      }
      if (p[lane] > 0)
        p[1] = __ballot_sync(0xffffffff, 1);
    })");
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  const clang::Expr *Limiting = nullptr;
  std::optional<LaneSets::PerWarp> Reaching =
      Lanes.lanesReaching(S.call("k", "__ballot_sync", 0), nullptr, &Limiting);
  ASSERT_TRUE(Reaching);
  EXPECT_EQ((*Reaching)[0], 0x00ffff00u);
  EXPECT_EQ((*Reaching)[3], 0x00ffff00u);
  ASSERT_NE(Limiting, nullptr);
  EXPECT_NE(Limiting->getBeginLoc(), clang::SourceLocation());
  // A branch on loaded data: no lane set, but a data-dependent guard.
  const clang::CallExpr *Guarded = S.call("k", "__ballot_sync", 1);
  EXPECT_FALSE(Lanes.lanesReaching(Guarded));
  EXPECT_NE(Lanes.dataDependentGuard(Guarded), nullptr);
  EXPECT_EQ(Lanes.dataDependentGuard(S.call("k", "__ballot_sync", 0)), nullptr);
}

TEST(LaneSets, AnExitThatDiffersBetweenLanes) {
  test::ParsedSource S(R"(
    __global__ void k(int *p, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i >= n) return;
      p[i] = __shfl_down_sync(0xffffffff, p[i], 1);
    }
    __global__ void uniform(int *p, int n) {
      if (n == 0) return;
      p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 1);
    })");
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  EXPECT_NE(Lanes.laneVaryingExit(S.call("k", "__shfl_down_sync")).Condition, nullptr);
  LaneSets Uniform(S.analysis(), S.function("uniform"));
  EXPECT_EQ(Uniform.laneVaryingExit(S.call("uniform", "__shfl_down_sync")).Condition, nullptr);
}

TEST(LaneSets, WhichLanesAnExitLetsStay) {
  test::ParsedSource S(R"(
    __global__ void below(int *p, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (!(i < n)) return;
      p[i] = __shfl_sync(0xffffffff, p[i], 0);
    }
    __global__ void above(int *p, int first) {
      if (first > (int)threadIdx.x) return;
      p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], 0);
    }
    __global__ void both(int *p, int first, int n) {
      if ((int)threadIdx.x >= n) return;
      if ((int)threadIdx.x < first) return;
      p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], 0);
    }
    __global__ void loaded(int *p, int n) {
      if (p[threadIdx.x] >= n) return;
      p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], 0);
    })");
  ASSERT_TRUE(S.ok());
  using StayingLanes = LaneSets::StayingLanes;
  auto Staying = [&](const char *Kernel) {
    LaneSets Lanes(S.analysis(), S.function(Kernel));
    LaneSets::LaneVaryingExit Exit = Lanes.laneVaryingExit(S.call(Kernel, "__shfl_sync"));
    EXPECT_NE(Exit.Condition, nullptr) << Kernel;
    return Exit.Staying;
  };
  EXPECT_EQ(Staying("below"), StayingLanes::Lowest);
  EXPECT_EQ(Staying("above"), StayingLanes::Highest);
  EXPECT_EQ(Staying("both"), StayingLanes::Any);
  EXPECT_EQ(Staying("loaded"), StayingLanes::Any);
}

TEST(LaneSets, ACountedLoopTakesItsValuesTripByTrip) {
  test::ParsedSource S(R"(
    __global__ void k(int *p) {
      for (int offset = 1; offset < 32; offset *= 2)
        p[threadIdx.x] += __shfl_xor_sync(0xffffffff, p[threadIdx.x], offset);
    })");
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  const clang::ForStmt *Loop = nullptr;
  for (const clang::Stmt *Child : S.function("k")->getBody()->children())
    Loop = llvm::dyn_cast<clang::ForStmt>(Child);
  ASSERT_NE(Loop, nullptr);
  std::optional<LaneSets::CountedLoop> Counted = Lanes.countedLoop(Loop);
  ASSERT_TRUE(Counted);
  EXPECT_EQ(Counted->Counter->getName(), "offset");
  EXPECT_EQ(Counted->Values, (std::vector<int64_t>{1, 2, 4, 8, 16}));
}

TEST(LaneSets, ACallContextGivesTheCallersLanesAndArguments) {
  test::ParsedSource S(R"(
    __device__ void warpReduce(volatile int *s, int tid) { s[tid] += s[tid + 16]; }
    __global__ void k(int *p) {
      __shared__ int s[64];
      int tid = threadIdx.x;
      if (tid < 32) warpReduce(s, tid);
    })");
  ASSERT_TRUE(S.ok());
  const clang::FunctionDecl *Helper = S.function("warpReduce");
  std::vector<LaneSets::CallContext> Contexts = LaneSets::contextsOf(S.analysis(), Helper);
  ASSERT_EQ(Contexts.size(), 1u);
  const LaneSets::CallContext &C = Contexts[0];
  EXPECT_EQ(C.Call, S.call("k", "warpReduce"));
  EXPECT_EQ(C.Entry[0], 0xffffffffu);
  EXPECT_EQ(C.Entry[1], 0u);
  EXPECT_NE(C.Limiting, nullptr);
  const clang::ParmVarDecl *Tid = Helper->getParamDecl(1);
  ASSERT_EQ(C.Arguments.count(Tid), 1u);
  EXPECT_EQ(C.Arguments.lookup(Tid)[33], 33);
  LaneSets InCall(S.analysis(), Helper, C);
  ASSERT_TRUE(InCall.context());
}

TEST(LaneSets, MasksAsUsersReadThem) {
  EXPECT_EQ(laneRanges(0xffff0000u), "16-31");
  EXPECT_EQ(laneRanges(0xf5u), "0, 2, 4-7");
  EXPECT_EQ(laneRanges(0), "");
  EXPECT_EQ(hexMask(0xffffffffu), "0xffffffff");
  EXPECT_EQ(hexMask(0xffffffffffffffffull), "0xffffffffffffffff");
}

TEST(LaneSets, WarpsOf64LanesOnHip) {
  test::ParsedSource S(R"(
    __global__ void k(int *p) {
      bool c = threadIdx.x % 64 >= 32;
      p[threadIdx.x] = c;
    })",
                       model::Platform::Hip, "input.hip");
  ASSERT_TRUE(S.ok());
  LaneSets Lanes(S.analysis(), S.function("k"));
  EXPECT_EQ(Lanes.warpSize(), 64u);
  std::optional<LaneSets::PerWarp> Where = Lanes.lanesWhere(S.init("k", "c"));
  ASSERT_TRUE(Where);
  EXPECT_EQ((*Where)[0], 0xffffffff00000000ull);
}

} // namespace
