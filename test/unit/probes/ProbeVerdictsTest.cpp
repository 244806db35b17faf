// The executor's hardware model against a real H100: each probe program (COOPCHECK_PROBES_DIR, the
// probes of docs/architecture.md) is lowered to device IR and replayed on the grid the probe
// launches (4 blocks x 128 threads), with the mode argument the probe's variant passes, and must
// give the verdict the probe recorded on the H100.
// The "b" variants (P2b, P13b, P15b) poll a flag with a timeout that every waiter hit on the H100:
// without the timeout they hang, which is the verdict here. Under --model=spec every probe that
// breaks the programming model must fail. P11 and P12 are host-side (the static launch rules).
// P18's failure is a data race, not a collective: it completes in both models. Weak: P19 with
// whole warps (limit 64) breaks the rule that the whole parent calls tiled_partition, which the
// model does not treat as a collective.
#include "../executor/ReplaySource.h"
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "runtime-model/executor/Replay.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace coopcheck;
using namespace coopcheck::model;
using namespace coopcheck::model::executor;

namespace {

struct ProbeRow {
  const char *Probe;  ///< file name without .cu
  const char *Kernel; ///< the kernel's name as written
  KnownArguments Arguments;
  LaunchCooperation Launch;
  Outcome Hardware;
  /// Whether the probe breaks the programming model: under --model=spec it hangs, traps or
  /// shows a violation.
  bool BreaksSpecification;
  /// The violation the hardware shows (silent wrong data), if any.
  std::optional<ViolationKind> Visible;
  unsigned BlockThreads = 128; ///< P18 launches blocks of 256
};

std::string probePath(const char *Probe) {
  return std::string(COOPCHECK_PROBES_DIR) + "/" + Probe + ".cu";
}

const llvm::Function *kernelNamed(const llvm::Module &M, llvm::StringRef Name) {
  for (const llvm::Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel) {
      std::string Demangled = llvm::demangle(F.getName().str());
      // Templates demangle with their return type first: "void red<0>(int const*, int*)".
      llvm::StringRef D(Demangled);
      if (D.starts_with((Name + "(").str()) || D.starts_with(("void " + Name + "(").str()))
        return &F;
    }
  return nullptr;
}

class ProbeVerdicts : public testing::TestWithParam<ProbeRow> {};

/// The probe's kernel replayed on the probe's grid; nothing when the probes are not beside us.
std::optional<ReplayResult> replay(const ProbeRow &Row, Semantics Model) {
  std::string Path = probePath(Row.Probe);
  if (!llvm::sys::fs::exists(Path))
    return std::nullopt;
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(
      Path, analysis::parseArguments(Platform::Cuda, analysis::ParseOptions(), nullptr));
  if (!IR) {
    ADD_FAILURE() << llvm::toString(IR.takeError());
    return ReplayResult();
  }
  IR->promoteAllLocals();
  const llvm::Function *Kernel = kernelNamed(*IR->Module, Row.Kernel);
  if (!Kernel) {
    ADD_FAILURE() << "no kernel " << Row.Kernel;
    return ReplayResult();
  }
  LaunchShape Shape{{4}, {Row.BlockThreads}, 32, Row.Launch};
  return replay(*Kernel, Shape, Model, testing_support::verdictBounds(), Row.Arguments,
                analysis::modelIncludeDir());
}

TEST_P(ProbeVerdicts, AgreeWithTheH100) {
  const ProbeRow &Row = GetParam();
  std::optional<ReplayResult> Replayed = replay(Row, Semantics::Hardware);
  if (!Replayed)
    GTEST_SKIP() << "no probe programs in " COOPCHECK_PROBES_DIR;
  const ReplayResult &R = *Replayed;
  Outcome Got = R.Failures.empty() ? Outcome::Completes : R.Failures.front().Result;
  EXPECT_EQ(Got, Row.Hardware) << outcomeName(Got) << " instead of " << outcomeName(Row.Hardware)
                               << (R.BoundHit.empty() ? "" : "; bound hit: " + R.BoundHit);
  // A verdict needs every explored path run to its end: loop and path bounds only limit how many.
  EXPECT_TRUE(R.BoundHit.empty() || R.BoundHit == "loop bound" || R.BoundHit == "path bound")
      << "bound hit: " << R.BoundHit << " after " << R.PathsExplored << " paths";
  bool Visible = !R.Failures.empty() && !R.Failures.front().Violations.empty();
  EXPECT_EQ(Visible, Row.Visible.has_value());
  if (Visible && Row.Visible)
    EXPECT_EQ(R.Failures.front().Violations.front().Kind, *Row.Visible);
}

TEST_P(ProbeVerdicts, SpecificationFlagsWhatBreaksTheModel) {
  const ProbeRow &Row = GetParam();
  std::optional<ReplayResult> R = replay(Row, Semantics::Specification);
  if (!R)
    GTEST_SKIP() << "no probe programs in " COOPCHECK_PROBES_DIR;
  EXPECT_EQ(!R->Failures.empty(), Row.BreaksSpecification)
      << (R->Failures.empty() ? "no failing path" : outcomeName(R->Failures.front().Result));
}

using L = LaunchCooperation;
using O = Outcome;
using V = ViolationKind;
const ProbeRow Rows[] = {
    {"p01_early_return_syncthreads", "k", {}, L::Cooperative, O::Completes, true, {}},
    {"p02_partial_syncthreads", "k", {{3, 0}}, L::Cooperative, O::Completes, true, {}},
    {"p02_partial_syncthreads", "k", {{3, 1}}, L::Cooperative, O::Hang, true, {}},
    {"p03_two_site_syncthreads", "k", {}, L::Cooperative, O::Completes, true, {}},
    {"p04_block_sync_divergent_loop", "k", {{1, 0}}, L::Cooperative, O::Completes, true, {}},
    {"p04_block_sync_divergent_loop",
     "k",
     {{1, 2}},
     L::Cooperative,
     O::Completes,
     true,
     V::BarrierCountMismatch},
    {"p05_grid_sync_partial_block_exit",
     "k",
     {},
     L::Cooperative,
     O::Completes,
     true,
     V::ExitedParticipants},
    {"p06_grid_sync_thread0_exit", "k", {}, L::Cooperative, O::Hang, true, {}},
    {"p07_grid_sync_block_exit", "k", {}, L::Cooperative, O::Hang, true, {}},
    {"p08_grid_sync_even_blocks_only", "k", {}, L::Cooperative, O::Hang, true, {}},
    {"p09_grid_sync_two_sites", "k", {}, L::Cooperative, O::Completes, true, {}},
    {"p10_grid_sync_noncoop_launch", "k", {}, L::Standard, O::Trap, true, {}},
    {"p10_grid_sync_noncoop_launch", "k", {}, L::Cooperative, O::Completes, false, {}},
    {"p13_shfl_half_warp_full_mask", "k", {{3, 0}}, L::Cooperative, O::Completes, true, {}},
    {"p13_shfl_half_warp_full_mask", "k", {{3, 1}}, L::Cooperative, O::Hang, true, {}},
    {"p14_shfl_two_sites", "k", {}, L::Cooperative, O::Completes, true, {}},
    {"p15_syncwarp_half_warp", "k", {{3, 0}}, L::Cooperative, O::Completes, true, {}},
    {"p15_syncwarp_half_warp", "k", {{3, 1}}, L::Cooperative, O::Hang, true, {}},
    {"p15_syncwarp_half_warp", "k2", {}, L::Cooperative, O::Completes, true, {}},
    {"p16_tile32_half_shfl_sync", "k", {}, L::Cooperative, O::Completes, true, {}},
    {"p17_ballot_activemask_loop", "k", {{1, 40}, {4, 0}}, L::Cooperative, O::Completes, false, {}},
    {"p17_ballot_activemask_loop", "k", {{1, 40}, {4, 1}}, L::Cooperative, O::Completes, false, {}},
    {"p18_warp_reduce_no_syncwarp", "red<0>", {}, L::Cooperative, O::Completes, false, {}, 256},
    {"p18_warp_reduce_no_syncwarp", "red<1>", {}, L::Cooperative, O::Completes, false, {}, 256},
    {"p18_warp_reduce_no_syncwarp", "red<2>", {}, L::Cooperative, O::Completes, false, {}, 256},
    {"p19_dynamic_partition_subset", "k", {{1, 64}}, L::Cooperative, O::Completes, false, {}},
    {"p19_dynamic_partition_subset", "k", {{1, 40}}, L::Cooperative, O::Completes, true, {}},
    {"p20_tile64", "k", {{1, 0}}, L::Cooperative, O::Completes, false, {}},
    {"p20_tile64", "k", {{1, 1}}, L::Cooperative, O::Hang, true, {}},
    {"p21_cond_barrier_then_uniform",
     "k",
     {},
     L::Cooperative,
     O::Completes,
     true,
     V::BarrierCountMismatch},
    {"p22_shfl_vs_syncwarp", "k", {}, L::Cooperative, O::Hang, true, {}},
    {"p23_exit_then_full_mask_shfl", "k", {{3, 20}}, L::Cooperative, O::Completes, true, {}},
};

std::string rowName(const testing::TestParamInfo<ProbeRow> &Info) {
  std::string Name = std::string(Info.param.Probe).substr(0, 3) + "_" + Info.param.Kernel;
  for (char &C : Name)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  for (auto &[Index, Value] : Info.param.Arguments)
    Name += "_arg" + std::to_string(Index) + "_" + std::to_string(Value);
  if (Info.param.Launch == LaunchCooperation::Standard)
    Name += "_standard_launch";
  return Name;
}

INSTANTIATE_TEST_SUITE_P(GpuProbes, ProbeVerdicts, testing::ValuesIn(Rows), rowName);

} // namespace
