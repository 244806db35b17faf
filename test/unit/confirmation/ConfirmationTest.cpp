// Confirmation of findings as a library: a finding the executor reproduces is confirmed with a
// witness, one every path of the program's own launches rules out becomes a note, and a deadlock
// no finding explains is reported as cg-deadlock (when that rule is enabled).
#include "checks/confirmation/Confirmation.h"
#include "../report/TempTree.h"
#include "checks/confirmation/Witnesses.h"
#include "gtest/gtest.h"

namespace coopcheck::confirmation {
namespace {

/// The kernels below, written to a file; Line(N) is line N of it.
struct Unit {
  /// Name's extension picks the platform: .cu for CUDA, .hip for HIP.
  explicit Unit(const std::string &Source, const std::string &Name = "unit.cu")
      : Contents(std::string(llvm::StringRef(Name).ends_with(".hip")
                                 ? "#include <hip/hip_runtime.h>\n"
                                 : "#include <cooperative_groups.h>\n") +
                 Source),
        File(Tree.write(Name, Contents)) {}

  /// A finding at the collective call that starts at Line and Column, anchored there as the CLI
  /// anchors it: at the call's name (the `sync` of `g.sync()`).
  report::Finding finding(const char *Rule, unsigned Line, unsigned Column) const {
    report::Finding F;
    F.RuleId = Rule;
    F.Message = "a collective only part of its group reaches";
    F.Location = {File, Line, Column, Line, Column + 8};
    F.Anchor = report::SourcePosition{File, Line, Column};
    return F;
  }

  std::vector<report::Finding> confirm(std::vector<report::Finding> Findings,
                                       std::vector<analysis::LaunchFact> Launches = {},
                                       bool ReportDeadlocks = false) const {
    ConfirmOptions Options;
    Options.ReportDeadlocks = ReportDeadlocks;
    confirmUnit({File, Contents, nullptr, analysis::ParseOptions(), std::move(Launches)}, Options,
                Findings);
    return Findings;
  }

  /// What --verbose prints of the replays that confirming Findings makes (Options.Verbose set),
  /// with MayWait the kernels the static facts say can wait on memory.
  std::string replaysPrinted(std::vector<report::Finding> &Findings, ConfirmOptions Options,
                             std::set<std::string> MayWait) const {
    Options.Verbose = true;
    ::testing::internal::CaptureStderr();
    confirmUnit({File, Contents, nullptr, analysis::ParseOptions(), {}, std::move(MayWait)},
                Options, Findings);
    return ::testing::internal::GetCapturedStderr();
  }

  report::test::TempTree Tree;
  std::string Contents, File;
};

// Line 2 on: the kernels' sources. Block 0 leaves before the grid barrier (line 6), which the
// other blocks then wait at forever.
const char *BlockLeavesBeforeGridSync = R"(__global__ void k(int *p) {
  cooperative_groups::grid_group g = cooperative_groups::this_grid();
  if (blockIdx.x == 0)
    return;
  g.sync();
  p[threadIdx.x] = 1;
}
)";

// Thread 0 waits for a flag that thread 32 sets only after the barrier (line 6) thread 0 never
// reaches: a hang no static rule explains.
const char *FlagAfterBarrier = R"(__global__ void k(volatile int *flag, int *out) {
  if (threadIdx.x == 0)
    while (*flag == 0) {
    }
  __syncthreads();
  if (threadIdx.x == 32)
    *flag = 1;
  out[threadIdx.x] = 1;
}
)";

TEST(Confirmation, ReproducedFindingIsConfirmedWithAWitness) {
  Unit U(BlockLeavesBeforeGridSync);
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-early-exit-before-sync", 6, 5)});
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed.has_value());
  EXPECT_TRUE(*Out[0].Confirmed);
  ASSERT_TRUE(Out[0].Witness.has_value());
  EXPECT_EQ(Out[0].Witness->Kind, model::FailureKind::Hang);
  EXPECT_FALSE(Out[0].Witness->Threads.empty());
  EXPECT_EQ(Out[0].Severity, report::Level::Error);
}

// Line 2 on: threads past n return before the block barrier (line 6).
const char *ExitBeforeBlockBarrier = R"(__global__ void k(int *p, int n) {
  __shared__ int s[256];
  if (threadIdx.x >= n)
    return;
  __syncthreads();
  s[threadIdx.x] = p[threadIdx.x];
  p[threadIdx.x] = s[0];
}
)";

// NVIDIA hardware excuses the threads that left (probes P1, P2); an AMD GPU waits for them.
TEST(Confirmation, AnExitBeforeABlockBarrierHangsOnAmdOnly) {
  Unit Hip(ExitBeforeBlockBarrier, "unit.hip");
  std::vector<report::Finding> OnAmd =
      Hip.confirm({Hip.finding("cg-early-exit-before-sync", 6, 3)});
  ASSERT_EQ(OnAmd.size(), 1u);
  EXPECT_EQ(OnAmd[0].Confirmed, std::optional<bool>(true));
  ASSERT_TRUE(OnAmd[0].Witness.has_value());
  EXPECT_EQ(OnAmd[0].Witness->Kind, model::FailureKind::Hang);

  Unit Cuda(ExitBeforeBlockBarrier);
  std::vector<report::Finding> OnNvidia =
      Cuda.confirm({Cuda.finding("cg-early-exit-before-sync", 6, 3)});
  ASSERT_EQ(OnNvidia.size(), 1u);
  EXPECT_NE(OnNvidia[0].Confirmed, std::optional<bool>(true));
}

// Line 2 on: block 0 leaves before a block barrier and a grid barrier on one line (line 6). The
// other blocks pass the block barrier, which excuses threads that left (probes P1, P2), and wait
// at the grid barrier forever (P7).
const char *TwoBarriersOnOneLine = R"(__global__ void k(int *p) {
  cooperative_groups::grid_group g = cooperative_groups::this_grid();
  if (blockIdx.x == 0)
    return;
  __syncthreads(); g.sync();
  p[threadIdx.x] = 1;
}
)";

TEST(Confirmation, TwoCollectivesOnOneLineAreConfirmedEachByItsOwnCall) {
  Unit U(TwoBarriersOnOneLine);
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-early-exit-before-sync", 6, 3),
                                                U.finding("cg-early-exit-before-sync", 6, 22)});
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_FALSE(Out[0].Confirmed.has_value()) << "__syncthreads() does not hang";
  EXPECT_EQ(Out[1].Confirmed, std::optional<bool>(true)) << "g.sync() hangs";
}

TEST(Confirmation, OnlyTheRulesTheExecutorMayConfirmAreConfirmed) {
  Unit U(BlockLeavesBeforeGridSync);
  // cg-tile-size's claim is nothing a replay shows, even where the run hangs at its call.
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-tile-size", 6, 5)});
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_FALSE(Out[0].Confirmed.has_value());
}

TEST(Confirmation, FindingsBelowErrorAndSuppressedOnesAreLeftAlone) {
  Unit U(BlockLeavesBeforeGridSync);
  report::Finding Warning = U.finding("cg-early-exit-before-sync", 6, 5);
  Warning.Severity = report::Level::Warning;
  report::Finding Suppressed = U.finding("cg-early-exit-before-sync", 6, 5);
  Suppressed.Suppressed = true;
  for (const report::Finding &F : U.confirm({Warning, Suppressed}))
    EXPECT_FALSE(F.Confirmed.has_value());
}

TEST(Confirmation, FindingRuledOutOnEveryLaunchOfTheProgramBecomesANote) {
  // Every thread of the launched block passes the condition: the static rule cannot know the
  // launch, the replay of it can.
  Unit U(R"(__global__ void k(int *p, int n) {
  if (threadIdx.x < 64)
    __syncthreads();
  p[threadIdx.x] = n;
}
)");
  analysis::LaunchFact Launch;
  Launch.KernelName = "k";
  Launch.Where = {U.File, 20, 3};
  Launch.Grid = model::Dim3{1, 1, 1};
  Launch.Block = model::Dim3{64, 1, 1};
  std::vector<report::Finding> Out =
      U.confirm({U.finding("cg-divergent-collective", 4, 5)}, {Launch});
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Severity, report::Level::Note);
  EXPECT_EQ(Out[0].Confirmed, std::optional<bool>(false));
  ASSERT_FALSE(Out[0].Notes.empty());
  EXPECT_NE(Out[0].Notes.back().Message.find("ruled out by the executor"), std::string::npos);
}

TEST(Confirmation, UnexplainedDeadlockIsReportedOnlyWhenCgDeadlockIsEnabled) {
  Unit U(FlagAfterBarrier);
  EXPECT_TRUE(U.confirm({}).empty());
  std::vector<report::Finding> Out = U.confirm({}, {}, /*ReportDeadlocks=*/true);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].RuleId, "cg-deadlock");
  EXPECT_EQ(normalisedPath(Out[0].Location.File), normalisedPath(U.File));
  EXPECT_EQ(Out[0].Location.Line, 6u);
  ASSERT_TRUE(Out[0].Witness.has_value());
  EXPECT_EQ(Out[0].Witness->Kind, model::FailureKind::Hang);
}

TEST(Confirmation, UnitThatDoesNotLowerKeepsItsFindings) {
  Unit U("__global__ void k( {\n");
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-divergent-collective", 2, 1)});
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_FALSE(Out[0].Confirmed.has_value());
}

// simpleCooperativeGroups' reduction over a generic thread_group, called with the block and with
// a tile of 16: each call's barriers are its group's, so nothing deadlocks or mismatches.
const char *ReductionOverBlockAndTile = R"(namespace cg = cooperative_groups;
__device__ int sum(cg::thread_group g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i) val += x[lane + i];
    g.sync();
  }
  return g.thread_rank() == 0 ? val : -1;
}
__global__ void k(int *out) {
  __shared__ int workspace[64];
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = sum(block, workspace, block.thread_rank());
  block.sync();
  cg::thread_group tile = cg::tiled_partition(block, 16);
  int offset = block.thread_rank() - tile.thread_rank();
  out[block.thread_rank()] += sum(tile, workspace + offset, tile.thread_rank());
}
)";

// Through the generic group, the first warp passes one block barrier (line 5) and the second
// two, before all meet at the block's barrier: they pair by count and read stale data.
const char *UnevenBarriersThroughAThreadGroup = R"(namespace cg = cooperative_groups;
__device__ void sync_times(cg::thread_group g, int times) {
  for (int i = 0; i < times; ++i)
    g.sync();
}
__global__ void k(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  sync_times(block, threadIdx.x < 32 ? 1 : 2);
  block.sync();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
)";

TEST(Confirmation, AThreadGroupSyncsAsTheGroupItHolds) {
  Unit U(ReductionOverBlockAndTile);
  analysis::LaunchFact Launch;
  Launch.KernelName = "k";
  Launch.Where = {U.File, 30, 3};
  Launch.Grid = model::Dim3{1};
  Launch.Block = model::Dim3{64};
  EXPECT_TRUE(U.confirm({}, {Launch}, /*ReportDeadlocks=*/true).empty());
}

TEST(Confirmation, AMismatchThroughAThreadGroupIsConfirmedWithTheBrokenContract) {
  Unit U(UnevenBarriersThroughAThreadGroup);
  // As cg-divergent-collective reports it: at the call, with a note at the barrier, anchored at
  // the barrier.
  report::Finding Uneven = U.finding("cg-divergent-collective", 11, 3);
  Uneven.Notes.push_back({{U.File, 5, 5, 5, 13}, "g.sync() is called here"});
  Uneven.Anchor = report::SourcePosition{U.File, 5, 7};
  std::vector<report::Finding> Out = U.confirm({Uneven});
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Confirmed, std::optional<bool>(true));
  EXPECT_EQ(Out[0].Severity, report::Level::Error);
  // The witness says which contract the run broke, not only where the threads ended.
  ASSERT_TRUE(Out[0].Witness.has_value());
  EXPECT_EQ(Out[0].Witness->Kind, model::FailureKind::Mismatch);
  EXPECT_NE(Out[0].Witness->Violation.find("different numbers of block barriers"),
            std::string::npos);
}

// The mismatch's witness says who passed which barrier how often: the first warp of each block
// passed the helper's barrier (line 5) once, the second warp twice, and all passed the block's
// (line 12) once.
TEST(Confirmation, AMismatchWitnessCountsTheBarriersEachThreadPassed) {
  Unit U(UnevenBarriersThroughAThreadGroup);
  report::Finding Uneven = U.finding("cg-divergent-collective", 11, 3);
  Uneven.Anchor = report::SourcePosition{U.File, 5, 7};
  std::vector<report::Finding> Out = U.confirm({Uneven});
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Witness.has_value());
  const report::Witness &W = *Out[0].Witness;
  std::vector<unsigned> SiteLines;
  for (const report::SourceSpan &Site : W.BarrierSites)
    SiteLines.push_back(Site.Line);
  EXPECT_EQ(SiteLines, (std::vector<unsigned>{5, 12}));
  ASSERT_EQ(W.Passing.size(), 2u);
  std::string Blocks = W.Blocks > 1 ? "blocks 0-" + std::to_string(W.Blocks - 1) : "block 0";
  EXPECT_EQ(W.Passing[0].Threads, Blocks + ", threads 0-31");
  EXPECT_EQ(W.Passing[0].Passes, (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(W.Passing[1].Threads, Blocks + ", threads 32-63");
  EXPECT_EQ(W.Passing[1].Passes, (std::vector<unsigned>{2, 1}));
  ASSERT_EQ(W.Passing[1].Members.size(), W.Blocks);
  EXPECT_EQ(W.Passing[1].Members[0].Ranks, (std::vector<std::pair<unsigned, unsigned>>{{32, 63}}));
}

// With no finding to confirm, only kernels whose threads can wait for each other through memory
// (volatile or atomic accesses) are replayed to look for deadlocks: the others' collectives go
// wrong only through branches the static rules judge.
TEST(Confirmation, KernelsThatCannotWaitOnMemoryAreNotReplayedForDeadlocksAlone) {
  // The static facts name the kernels that can wait (analysis/flow/MemoryWaits.h).
  auto ReplaysPrinted = [](const Unit &U, std::set<std::string> MayWait) {
    ConfirmOptions Options;
    Options.ReportDeadlocks = true;
    std::vector<report::Finding> Findings;
    return U.replaysPrinted(Findings, Options, std::move(MayWait));
  };
  Unit Both(std::string(FlagAfterBarrier) + R"(__global__ void plain(int *p) {
  __shared__ int s[64];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[63 - threadIdx.x];
}
)");
  EXPECT_EQ(ReplaysPrinted(Both, {}), "");
  std::string Printed = ReplaysPrinted(Both, {"k"});
  EXPECT_NE(Printed.find("coopcheck: executor: _Z1kPViPi"), std::string::npos) << Printed;
  EXPECT_EQ(Printed.find("plain"), std::string::npos) << Printed;
}

// A finding in a template the unit instantiates many times is tried on the first instances only,
// within its own budget; it keeps its level, unconfirmed.
TEST(Confirmation, AFindingInManyInstancesIsReplayedWithinItsOwnBudget) {
  Unit U(R"(template <int N> __global__ void scale(int *p) {
  p[threadIdx.x] += N;
  __syncthreads();
  p[threadIdx.x] *= 2;
}
template __global__ void scale<1>(int *);
template __global__ void scale<2>(int *);
template __global__ void scale<3>(int *);
)");
  auto Replays = [&](uint64_t FindingSteps) {
    ConfirmOptions Options;
    Options.ReportDeadlocks = true;
    Options.FindingSteps = FindingSteps;
    std::vector<report::Finding> Findings = {U.finding("cg-divergent-collective", 4, 3)};
    std::string Printed = U.replaysPrinted(Findings, Options, {});
    EXPECT_EQ(Findings[0].Severity, report::Level::Error);
    EXPECT_FALSE(Findings[0].Confirmed.has_value());
    return llvm::StringRef(Printed).count("coopcheck: executor: _Z5scale");
  };
  EXPECT_EQ(Replays(ConfirmOptions().FindingSteps), 3u);
  EXPECT_EQ(Replays(1), 1u);
}

// A hunt for deadlocks no rule reported replays one instance of a template (its instances share
// the code a hang comes from) and stops once the unit's hunt budget is spent.
TEST(Confirmation, AHuntTakesOneInstanceOfATemplateWithinTheUnitsBudget) {
  Unit U(R"(template <int N> __global__ void wait(volatile int *flag, int *out) {
  if (threadIdx.x == 0)
    while (*flag == 0) {
    }
  __syncthreads();
  if (threadIdx.x == 32)
    *flag = N;
  out[threadIdx.x] = N;
}
template __global__ void wait<1>(volatile int *, int *);
template __global__ void wait<2>(volatile int *, int *);
template __global__ void wait<3>(volatile int *, int *);
)" + std::string(FlagAfterBarrier));
  struct Hunt {
    size_t Instances = 0, Others = 0, Deadlocks = 0;
  };
  auto HuntWith = [&](uint64_t HuntSteps) {
    ConfirmOptions Options;
    Options.ReportDeadlocks = true;
    Options.HuntSteps = HuntSteps;
    std::vector<report::Finding> Findings;
    std::string Printed = U.replaysPrinted(Findings, Options, {"wait", "k"});
    Hunt H;
    H.Instances = llvm::StringRef(Printed).count("coopcheck: executor: _Z4wait");
    H.Others = llvm::StringRef(Printed).count("coopcheck: executor: _Z1k");
    H.Deadlocks = size_t(llvm::count_if(
        Findings, [](const report::Finding &F) { return F.RuleId == "cg-deadlock"; }));
    return H;
  };
  Hunt Whole = HuntWith(ConfirmOptions().HuntSteps);
  EXPECT_EQ(Whole.Instances, 1u);
  EXPECT_EQ(Whole.Others, 1u);
  EXPECT_EQ(Whole.Deadlocks, 2u);
  // A budget of one step: the first kernel's replay is cut to it and finds nothing; no other
  // kernel is hunted.
  Hunt Spent = HuntWith(1);
  EXPECT_EQ(Spent.Instances + Spent.Others, 1u);
  EXPECT_EQ(Spent.Deadlocks, 0u);
}

// Host code that does not compile with the model headers (here: a name only the toolkit's own
// headers would declare) no longer stops the device code from being replayed, and Clang's
// complaints stay off stderr.
TEST(Confirmation, DeviceCodeIsReplayedWhenOnlyTheHostCodeFailsToLower) {
  Unit U(std::string(BlockLeavesBeforeGridSync) +
         "int main() { checkCudaErrors(cudaDeviceSynchronize()); }\n");
  ::testing::internal::CaptureStderr();
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-early-exit-before-sync", 6, 5)});
  std::string Printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(Printed, "");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Confirmed, std::optional<bool>(true));
}

TEST(Confirmation, AUnitWhoseDeviceCodeFailsPrintsNothing) {
  Unit U("__global__ void k(int *p) { undeclared(p); }\n");
  ::testing::internal::CaptureStderr();
  std::vector<report::Finding> Out = U.confirm({U.finding("cg-divergent-collective", 2, 1)});
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_FALSE(Out[0].Confirmed.has_value());
}

} // namespace
} // namespace coopcheck::confirmation
