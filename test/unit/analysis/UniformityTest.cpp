#include "analysis/flow/Uniformity.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;
using model::Scope;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__device__ int helper(int x);
__device__ int scaled(int n, int k) { int twice = 2 * n; int both = twice + k; return both; }
__global__ void k(const int *in, int *out, int n) {
  int tid = threadIdx.x;
  int block = blockIdx.x;
  int global = blockIdx.x * blockDim.x + threadIdx.x;
  int width = blockDim.x * gridDim.x;
  int param = n * 2 + 1;
  int counter = 0;
  for (int i = 0; i < n; ++i) counter += 2;
  int divergent = 0;
  if (tid == 0) divergent = 1;
  int uniform_branch = 0;
  if (n > 4) uniform_branch = 1;
  int loaded = in[0];
  int loaded_by_thread = in[tid];
  out[tid] = loaded;
  int stored_then_read = out[0];
  int atomic = atomicAdd(out, 1);
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int meta = tile.meta_group_rank();
  int rank = tile.thread_rank();
  int vote = tile.any(tid > 3);
  int unknown_call = helper(n);
  int sum = cg::reduce(tile, tid, cg::plus<int>());
  int m = min(n, 7);
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  bool first_eight = threadIdx.x < 8;
  bool half_warp = lane < 16;
  bool lane_zero = lane == 0;
  int warp_base = threadIdx.x & ~31;
  int broadcast = tile.shfl(tid, 0);
  int shuffled = tile.shfl(tid, rank);
  int block_or = __syncthreads_or(tid == 3);
  int after_loop = counter;
  int after_divergent = divergent;
  int after_uniform = uniform_branch;
  int reassigned = tid;
  reassigned = tile.shfl(reassigned, 0);
  int after_broadcast = reassigned;
}
__global__ void ordered(int *flag_out, float *residual, int n) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = flag_out[blockIdx.x];
  __syncthreads();
  int after_barrier = flag;
  if (threadIdx.x == 1) flag = 2;
  int racing = flag;
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0) *residual = 1.0f;
  grid.sync();
  float r = *residual;
}
)";

class UniformityTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(Parsed.ok()); }
  UniformValue valueOf(const char *Var, const char *Function = "k") {
    const clang::FunctionDecl *F = Parsed.function(Function);
    const clang::Expr *Init = Parsed.init(Function, Var);
    EXPECT_NE(Init, nullptr) << Var;
    return Parsed.analysis().uniformityOf(F).valueOf(Init);
  }
  Scope levelOf(const char *Var, const char *Function = "k") {
    return valueOf(Var, Function).Level;
  }
  unsigned granuleOf(const char *Var) {
    UniformValue V = valueOf(Var);
    EXPECT_EQ(V.Level, Scope::Thread) << Var;
    return V.Granule;
  }
  test::ParsedSource Parsed{Source};
};

TEST_F(UniformityTest, Sources) {
  EXPECT_EQ(granuleOf("tid"), 1u);
  EXPECT_EQ(levelOf("block"), Scope::Block);
  EXPECT_EQ(granuleOf("global"), 1u);
  EXPECT_EQ(levelOf("width"), Scope::MultiGrid);
  EXPECT_EQ(levelOf("param"), Scope::MultiGrid);
  EXPECT_EQ(granuleOf("rank"), 1u);
  EXPECT_EQ(granuleOf("atomic"), 1u);
  EXPECT_EQ(granuleOf("unknown_call"), 1u);
  EXPECT_EQ(levelOf("m"), Scope::MultiGrid);
}

TEST_F(UniformityTest, GranulesFromRankArithmetic) {
  EXPECT_EQ(granuleOf("meta"), 8u); // uniform in its 8-thread tile
  EXPECT_EQ(granuleOf("warp"), 32u);
  EXPECT_TRUE(valueOf("lane").Rank);
  EXPECT_EQ(granuleOf("first_eight"), 8u);
  EXPECT_EQ(granuleOf("half_warp"), 16u);
  EXPECT_EQ(granuleOf("lane_zero"), 1u);
  EXPECT_EQ(granuleOf("warp_base"), 32u);
  EXPECT_TRUE(satisfies(valueOf("warp"), UniformRequirement::tile(32)));
  EXPECT_FALSE(satisfies(valueOf("warp"), UniformRequirement::scope(Scope::Block)));
}

TEST_F(UniformityTest, CollectiveResultsAreUniformInTheirGroup) {
  EXPECT_EQ(granuleOf("vote"), 8u);
  EXPECT_EQ(granuleOf("sum"), 8u);
  EXPECT_EQ(granuleOf("broadcast"), 8u);
  EXPECT_EQ(granuleOf("shuffled"), 1u);
  EXPECT_EQ(levelOf("block_or"), Scope::Block);
}

TEST_F(UniformityTest, VariablesFollowTheirDefinitionsAndBranches) {
  EXPECT_EQ(levelOf("after_loop"), Scope::MultiGrid);
  EXPECT_EQ(granuleOf("after_divergent"), 1u);
  EXPECT_EQ(levelOf("after_uniform"), Scope::MultiGrid);
  EXPECT_EQ(granuleOf("after_broadcast"), 8u); // the reaching definition, not every one
}

TEST_F(UniformityTest, LoadsDependOnAddressAndWrites) {
  EXPECT_EQ(levelOf("loaded"), Scope::Grid);
  EXPECT_EQ(granuleOf("loaded_by_thread"), 1u);
  EXPECT_EQ(granuleOf("stored_then_read"), 1u);
}

TEST_F(UniformityTest, LoadsOrderedByABarrier) {
  EXPECT_EQ(levelOf("after_barrier", "ordered"), Scope::Block);
  EXPECT_EQ(levelOf("racing", "ordered"), Scope::Thread);
  EXPECT_EQ(levelOf("r", "ordered"), Scope::Grid);
}

TEST_F(UniformityTest, DeviceFunctionParametersAreCarried) {
  UniformValue Both = valueOf("both", "scaled");
  EXPECT_EQ(Both.Params, 3u); // parameters 0 and 1
  EXPECT_TRUE(satisfies(Both, UniformRequirement::scope(Scope::Grid)));
}

const char *CallsSource = R"(
__device__ bool isFirstBlock() { return blockIdx.x == 0; }
__device__ bool isFirstThread() { return threadIdx.x == 0; }
__device__ int twice(int v) { return 2 * v; }
__device__ int pick(int v) { if (threadIdx.x == 0) return v; return v + 1; }
__device__ int first(const int *p) { return p[0]; }
__device__ int recursive(int v) { return v > 0 ? recursive(v - 1) : 0; }
__device__ unsigned highBit(unsigned word) {
  unsigned bit;
  asm("bfind.u32 %0, %1;" : "=r"(bit) : "r"(word));
  return bit;
}
__device__ unsigned lane() {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}
__device__ int withDefault(int v, int step = 4) { return v + step; }
__global__ void calls(int *data, int n) {
  bool first_block = isFirstBlock();
  bool first_thread = isFirstThread();
  int doubled = twice(n);
  int doubled_tid = twice(threadIdx.x);
  int picked = pick(n);
  data[threadIdx.x] = 1;
  int read = first(data);
  int rec = recursive(n);
  int rec_tid = recursive(threadIdx.x);
  unsigned bit = highBit(n - 1);
  unsigned bit_tid = highBit(threadIdx.x);
  unsigned my_lane = lane();
  int defaulted = withDefault(n);
}
)";

TEST(UniformityOfCalls, ReturnValuesAreBoundToArguments) {
  test::ParsedSource S(CallsSource);
  ASSERT_TRUE(S.ok());
  Uniformity &U = S.analysis().uniformityOf(S.function("calls"));
  auto Level = [&](const char *Var) { return U.valueOf(S.init("calls", Var)).Level; };
  EXPECT_EQ(Level("first_block"), Scope::Block);
  EXPECT_EQ(Level("first_thread"), Scope::Thread);
  EXPECT_EQ(Level("doubled"), Scope::MultiGrid);
  EXPECT_EQ(Level("doubled_tid"), Scope::Thread);
  EXPECT_EQ(Level("picked"), Scope::Thread); // two returns chosen per thread
  EXPECT_EQ(Level("read"), Scope::Thread);   // memory the caller may have written
  EXPECT_EQ(Level("rec"), Scope::MultiGrid); // recursion: as uniform as what it is given
  EXPECT_EQ(Level("rec_tid"), Scope::Thread);
  EXPECT_EQ(Level("bit"), Scope::MultiGrid); // pure inline asm: as uniform as its inputs
  EXPECT_EQ(Level("bit_tid"), Scope::Thread);
  EXPECT_EQ(Level("my_lane"), Scope::Thread); // a special register
  EXPECT_EQ(Level("defaulted"), Scope::MultiGrid);
}

const char *WarpRowsSource = R"(
__global__ void rows(const int *in, int n) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  int global_warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  int trips = 0;
  for (int i = lane; i < n; i += 32)
    trips = i - lane;
  int stepped_by_data = 0;
  for (int j = lane; j < n; j += in[j])
    stepped_by_data = j - lane;
}
)";

// Warp-per-row code: with rows of whole warps, threadIdx.y and warp indices computed from the
// global index are shared by each warp; the counter of a strided loop less its start is the same
// in every lane whose steps are.
TEST(UniformityOfWarpRows, RowsOfWholeWarpsAndStridedCounters) {
  test::ParsedSource S(WarpRowsSource);
  ASSERT_TRUE(S.ok());
  const clang::FunctionDecl *F = S.function("rows");
  Uniformity &Plain = S.analysis().uniformityOf(F);
  Uniformity &Rows = S.analysis().rowsOfWholeWarpsUniformityOf(F);
  auto Warp = UniformRequirement::tile(32);
  EXPECT_FALSE(Plain.isUniformAt(S.init("rows", "row"), Warp));
  EXPECT_TRUE(Rows.isUniformAt(S.init("rows", "row"), Warp));
  EXPECT_FALSE(Plain.isUniformAt(S.init("rows", "global_warp"), Warp));
  EXPECT_TRUE(Rows.isUniformAt(S.init("rows", "global_warp"), Warp));
  EXPECT_FALSE(Rows.isUniformAt(S.init("rows", "lane"), Warp));
  auto AssignedIn = [&](const char *Var) {
    const clang::Expr *Found = nullptr;
    for (const clang::Stmt *Child : F->getBody()->children())
      if (const auto *Loop = llvm::dyn_cast<clang::ForStmt>(Child))
        if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(Loop->getBody()))
          if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(BO->getLHS()))
            if (DRE->getDecl()->getName() == Var)
              Found = BO->getRHS();
    return Found;
  };
  ASSERT_NE(AssignedIn("trips"), nullptr);
  EXPECT_EQ(Plain.valueOf(AssignedIn("trips")).Level, Scope::MultiGrid);
  ASSERT_NE(AssignedIn("stepped_by_data"), nullptr);
  EXPECT_EQ(Plain.valueOf(AssignedIn("stepped_by_data")).Level, Scope::Thread);
}

} // namespace

const char *WarpResultsSource = R"(
__global__ void results(const int *in, int n) {
  int v = in[threadIdx.x];
  unsigned voted = __ballot_sync(0xffffffffu, v > 0);
  unsigned half_voted = __ballot_sync(0x0000ffffu, v > 0);
  int any = __any_sync(0xffffffffu, v > n);
  int most = __reduce_max_sync(0xffffffffu, unsigned(v));
  int count = __popc(__ballot_sync(0xffffffffu, v != 0));
  int from_lane_zero = __shfl_sync(0xffffffffu, v, 0);
  int from_own_lane = __shfl_sync(0xffffffffu, v, v & 31);
  int per_eight = __shfl_sync(0xffffffffu, v, 0, 8);
  int from_neighbour = __shfl_down_sync(0xffffffffu, v, 1);
  unsigned peers = __match_any_sync(0xffffffffu, v);
}
)";

// Votes, reductions and broadcasts over the whole warp give every lane the same result (the
// operations table's result column); a partial mask, a per-lane source lane, a shift and a match
// do not.
TEST(UniformityOfWarpResults, FullMaskVotesAndBroadcastsAreTheWarps) {
  test::ParsedSource S(WarpResultsSource);
  ASSERT_TRUE(S.ok());
  Uniformity &U = S.analysis().uniformityOf(S.function("results"));
  auto Value = [&](const char *Var) { return U.valueOf(S.init("results", Var)); };
  auto WarpWide = [&](const char *Var) {
    return satisfies(Value(Var), UniformRequirement::tile(32));
  };
  for (const char *Var : {"voted", "any", "most", "count", "from_lane_zero"}) {
    EXPECT_TRUE(WarpWide(Var)) << Var;
    EXPECT_FALSE(satisfies(Value(Var), UniformRequirement::scope(Scope::Block))) << Var;
  }
  for (const char *Var : {"half_voted", "from_own_lane", "from_neighbour", "peers"})
    EXPECT_FALSE(WarpWide(Var)) << Var;
  EXPECT_FALSE(WarpWide("per_eight"));
  EXPECT_TRUE(satisfies(Value("per_eight"), UniformRequirement::tile(8)));
}

const char *SameInEachWarpSource = R"(
template <int width> __device__ int all_of(int x) {
  if (width == 32)
    return __all_sync(0xffffffff, x);
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x = __shfl_xor_sync(0xffffffff, x, offset, width) && x;
  return x;
}
__global__ void votes(const int *in) {
  __shared__ int slots[32];
  int tid = threadIdx.x;
  int own = in[tid];
  slots[tid / 32] = __all_sync(0xffffffff, own);
  __syncthreads();
  int lane_slot = slots[tid % 32];
  int warp_slot = slots[tid / 32];
  int lane_of_16 = tid % 16;
  int block_vote = __all_sync(0xffffffff, lane_slot);
  int block_ballot = __ballot_sync(0xffffffff, lane_of_16 < 4);
  int warp_vote = __all_sync(0xffffffff, warp_slot);
  int helper_block = all_of<32>(lane_slot);
  int helper_warp = all_of<32>(own);
}
)";

// A value of the lane alone (the lane, `tid % 16`, a slot read at the lane after a barrier) is
// the same in every warp, so what a whole warp reduces it to is the block's, also through a
// helper whose reduction the caller's argument decides.
TEST(UniformityOfWarpResults, ReductionsOfValuesEachWarpHoldsAlikeAreTheBlocks) {
  test::ParsedSource S(SameInEachWarpSource);
  ASSERT_TRUE(S.ok());
  Uniformity &U = S.analysis().uniformityOf(S.function("votes"));
  auto Value = [&](const char *Var) { return U.valueOf(S.init("votes", Var)); };
  auto BlockWide = [&](const char *Var) {
    return satisfies(Value(Var), UniformRequirement::scope(Scope::Block));
  };
  for (const char *Var : {"lane_slot", "lane_of_16"}) {
    EXPECT_TRUE(Value(Var).sameInEachWarp()) << Var;
    EXPECT_FALSE(BlockWide(Var)) << Var;
  }
  EXPECT_FALSE(Value("warp_slot").sameInEachWarp());
  EXPECT_FALSE(Value("own").sameInEachWarp());
  for (const char *Var : {"block_vote", "block_ballot", "helper_block"})
    EXPECT_TRUE(BlockWide(Var)) << Var;
  for (const char *Var : {"warp_vote", "helper_warp"}) {
    EXPECT_FALSE(BlockWide(Var)) << Var;
    EXPECT_TRUE(satisfies(Value(Var), UniformRequirement::tile(32))) << Var;
  }
}

// The solver only narrows a value; a whole warp's result that gave a narrower argument fewer
// parameters to bind than a wider one would flip between the two on every pass of a loop.
TEST(UniformityOfWarpResults, WholeWarpResultsNarrowWithTheirArgument) {
  auto WithParam = [](UniformValue V) {
    V.Params |= 1;
    return V;
  };
  UniformValue Lane16 = UniformValue::rank();
  Lane16.SameInEachWarp = true;
  std::vector<UniformValue> Values = {UniformValue::perThread(),      UniformValue::granule(32),
                                      UniformValue::lane(),           Lane16,
                                      UniformValue::at(Scope::Block), UniformValue::everywhere()};
  for (size_t I = 0, N = Values.size(); I < N; ++I)
    Values.push_back(WithParam(Values[I]));
  auto Narrower = [](UniformValue A, UniformValue B) { return meet(A, B) == A; };
  for (const UniformValue &A : Values)
    for (const UniformValue &B : Values)
      if (Narrower(A, B))
        EXPECT_TRUE(Narrower(wholeWarpResult(A, 32), wholeWarpResult(B, 32)))
            << "level " << int(A.Level) << "/" << int(B.Level) << ", params " << A.Params << "/"
            << B.Params;
}
