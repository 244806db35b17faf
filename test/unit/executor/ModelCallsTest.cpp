// The semantics of the operations the executor models, one row per operation: each thread of a
// block of two warps computes the operation's result and traps unless it equals the value the
// programming guide gives for its lane, so the replay completes only when every lane got its
// value. Reductions other than add and __match_all_sync are modelled as one unknown value per
// instance, the same in every lane.
#include "OperationTable.h"

using namespace coopcheck::testing_support;
using namespace coopcheck::model;
using namespace coopcheck::model::executor;

namespace {

const char *Prelude = R"cu(
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    constexpr unsigned Full = 0xffffffffu;
    __global__ void k(int *out) {
      unsigned tid = threadIdx.x, lane = tid % 32;
      cg::thread_block block = cg::this_thread_block();
      cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
)cu";
const char *Epilogue = "out[tid] = 0; }\n";

/// The row: Result, an expression of `lane` and `tid`, must equal Expected, which may also read
/// `result`.
TableRow row(const char *Name, const std::string &Result, const std::string &Expected) {
  return {Name, "{ unsigned long long result = " + Result +
                    "; if (result != (unsigned long long)(" + Expected + ")) __trap(); }"};
}

const std::vector<TableRow> Operations = {
    // Shuffles: the source lane, up and down by a delta (lanes without a source keep their own
    // value), a butterfly, and a width that splits the warp into segments.
    row("ShflFromALane", "__shfl_sync(Full, lane * 10, 3)", "30"),
    row("ShflRotates", "__shfl_sync(Full, lane, (lane + 1) % 32)", "(lane + 1) % 32"),
    row("ShflWithinAWidth", "__shfl_sync(Full, lane, 0, 8)", "lane & ~7u"),
    row("ShflUp", "__shfl_up_sync(Full, lane, 2)", "lane < 2 ? lane : lane - 2"),
    row("ShflDown", "__shfl_down_sync(Full, lane, 4)", "lane + 4 < 32 ? lane + 4 : lane"),
    row("ShflXor", "__shfl_xor_sync(Full, lane, 1)", "lane ^ 1"),
    row("ShflXorAcrossHalves", "__shfl_xor_sync(Full, lane, 16)", "lane ^ 16"),
    // Votes.
    row("Ballot", "__ballot_sync(Full, lane < 5)", "0x1f"),
    row("BallotOfOddLanes", "__ballot_sync(Full, lane & 1)", "0xaaaaaaaa"),
    row("AnyOfOneLane", "(__any_sync(Full, lane == 7) != 0)", "1"),
    row("AllButOneLane", "(__all_sync(Full, lane < 31) != 0)", "0"),
    row("AllLanes", "(__all_sync(Full, lane < 32) != 0)", "1"),
    row("BlockCount", "__syncthreads_count(tid % 4 == 0)", "16"),
    row("BlockOr", "__syncthreads_or(tid == 63)", "1"),
    row("BlockAnd", "__syncthreads_and(tid < 63)", "0"),
    // Reductions over the warp.
    row("ReduceAdd", "__reduce_add_sync(Full, lane)", "496"),
    row("MatchAny", "__match_any_sync(Full, lane / 8)", "0xffull << (lane / 8 * 8)"),
    row("TileMatchAny", "tile8.match_any(lane % 2)", "lane % 2 ? 0xaa : 0x55"),
    row("ReduceMaxIsOneValue", "__reduce_max_sync(Full, lane)", "__shfl_sync(Full, result, 0)"),
    row("MatchAllIsOneValue", "[&] { int p; return __match_all_sync(Full, lane, &p); }()",
        "__shfl_sync(Full, result, 5)"),
    // The lanes converged at the call (probe P17).
    row("ActiveMask", "__activemask()", "Full"),
    // Cooperative groups: ranks and sizes, a tile's shuffle and votes, coalesced threads.
    row("BlockRank", "block.thread_rank()", "tid"),
    row("BlockSize", "block.size()", "64"),
    row("GridRank", "cg::this_grid().thread_rank()", "blockIdx.x * 64 + tid"),
    row("GridSize", "cg::this_grid().size()", "128"),
    row("TileRank", "tile8.thread_rank()", "lane % 8"),
    row("TileShfl", "tile8.shfl(lane, 2)", "(lane & ~7u) + 2"),
    row("TileShflDown", "tile8.shfl_down(lane, 1)", "lane % 8 == 7 ? lane : lane + 1"),
    row("TileBallot", "tile8.ballot(lane % 2 == 0)", "0x55"),
    row("TileAny", "tile8.any(lane == 9)", "lane / 8 == 1"),
    row("CoalescedSize", "cg::coalesced_threads().size()", "32"),
    row("CoalescedRank", "cg::coalesced_threads().thread_rank()", "lane"),
};

const LaunchShape TwoBlocks{{2}, {64}, 32, LaunchCooperation::Cooperative};
using Names = std::vector<std::string>;

TEST(ModelCalls, EveryLaneGetsTheGuidesValue) {
  EXPECT_EQ(failingRows(Prelude, Operations, Epilogue, TwoBlocks), Names());
}

TEST(ModelCalls, AWrongValueTrapsOnItsRow) {
  EXPECT_EQ(failingRows(Prelude,
                        {row("Right", "__shfl_xor_sync(Full, lane, 1)", "lane ^ 1"),
                         row("Wrong", "__shfl_xor_sync(Full, lane, 1)", "lane")},
                        Epilogue, TwoBlocks),
            Names{"Wrong"});
}

TEST(ModelCalls, TheActiveMaskNamesTheLanesConvergedUnderABranch) {
  EXPECT_EQ(failingRows(Prelude,
                        {{"EightLanes", "if (lane < 8 && __activemask() != 0xffu) __trap();"}},
                        Epilogue, TwoBlocks),
            Names());
}

TEST(ModelCalls, AShuffleFromALaneThatLeftReadsZero) {
  // Probe P23: lanes 16-31 have exited; the others read lane 20's value as 0.
  EXPECT_EQ(failingRows(Prelude,
                        {{"Exit", "if (lane >= 16) return;"},
                         row("FromAnExitedLane", "__shfl_sync(Full, lane + 100, 20)", "0")},
                        Epilogue, TwoBlocks),
            Names());
}

} // namespace
