// The executor's hardware model against a real H100: each probe of ../shared/gpu-probes is lowered
// to device IR and replayed on the grid the probe launches (4 blocks x 128 threads), with the mode
// argument the probe's variant passes, and must give the verdict gpu-probes/RESULTS.md records.
// The "b" variants (P2b, P13b, P15b) poll a flag with a timeout that every waiter hit on the H100:
// without the timeout they hang, which is the verdict here.
#include "analysis/DeviceIR.h"
#include "analysis/ParseSetup.h"
#include "runtime-model/executor/Interpreter.h"
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
  /// The violation the hardware shows (silent wrong data), if any.
  std::optional<ViolationKind> Visible;
};

std::string probePath(const char *Probe) {
  return std::string(COOPCHECK_SOURCE_DIR) + "/../shared/gpu-probes/" + Probe + ".cu";
}

const llvm::Function *kernelNamed(const llvm::Module &M, llvm::StringRef Name) {
  for (const llvm::Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel) {
      std::string Demangled = llvm::demangle(F.getName().str());
      if (llvm::StringRef(Demangled).starts_with((Name + "(").str()))
        return &F;
    }
  return nullptr;
}

class ProbeVerdicts : public testing::TestWithParam<ProbeRow> {};

TEST_P(ProbeVerdicts, AgreeWithTheH100) {
  const ProbeRow &Row = GetParam();
  std::string Path = probePath(Row.Probe);
  if (!llvm::sys::fs::exists(Path))
    GTEST_SKIP() << "no gpu-probes beside the repository";
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(
      Path, analysis::parseArguments(Platform::Cuda, analysis::ParseOptions(), nullptr));
  ASSERT_TRUE(static_cast<bool>(IR)) << llvm::toString(IR.takeError());
  const llvm::Function *Kernel = kernelNamed(*IR->Module, Row.Kernel);
  ASSERT_NE(Kernel, nullptr);
  LaunchShape Shape{{4}, {128}, 32, Row.Launch};
  Bounds Limits;
  Limits.Time = std::chrono::milliseconds(20000); // generous: the machine running tests is busy
  ExplorationResult R = explore(*Kernel, Shape, Semantics::Hardware, Limits, Row.Arguments,
                                analysis::modelIncludeDir());
  Outcome Got = R.Failures.empty() ? Outcome::Completes : R.Failures.front().Result;
  EXPECT_EQ(Got, Row.Hardware) << outcomeName(Got) << " instead of " << outcomeName(Row.Hardware)
                               << (R.BoundHit.empty() ? "" : "; bound hit: " + R.BoundHit);
  bool Visible = !R.Failures.empty() && !R.Failures.front().Violations.empty();
  EXPECT_EQ(Visible, Row.Visible.has_value());
  if (Visible && Row.Visible)
    EXPECT_EQ(R.Failures.front().Violations.front().Kind, *Row.Visible);
}

using L = LaunchCooperation;
using O = Outcome;
using V = ViolationKind;
const ProbeRow Rows[] = {
    {"p01_early_return_syncthreads", "k", {}, L::Cooperative, O::Completes, {}},
    {"p02_partial_syncthreads", "k", {{3, 1}}, L::Cooperative, O::Hang, {}},
    {"p03_two_site_syncthreads", "k", {}, L::Cooperative, O::Completes, {}},
    {"p04_block_sync_divergent_loop", "k", {{1, 0}}, L::Cooperative, O::Completes, {}},
    {"p04_block_sync_divergent_loop", "k", {{1, 2}}, L::Cooperative, O::Completes,
     V::BarrierCountMismatch},
    {"p05_grid_sync_partial_block_exit", "k", {}, L::Cooperative, O::Completes,
     V::ExitedParticipants},
    {"p06_grid_sync_thread0_exit", "k", {}, L::Cooperative, O::Hang, {}},
    {"p07_grid_sync_block_exit", "k", {}, L::Cooperative, O::Hang, {}},
    {"p08_grid_sync_even_blocks_only", "k", {}, L::Cooperative, O::Hang, {}},
    {"p09_grid_sync_two_sites", "k", {}, L::Cooperative, O::Completes, {}},
    {"p10_grid_sync_noncoop_launch", "k", {}, L::Standard, O::Trap, {}},
    {"p10_grid_sync_noncoop_launch", "k", {}, L::Cooperative, O::Completes, {}},
    {"p13_shfl_half_warp_full_mask", "k", {{3, 0}}, L::Cooperative, O::Completes, {}},
    {"p13_shfl_half_warp_full_mask", "k", {{3, 1}}, L::Cooperative, O::Hang, {}},
    {"p14_shfl_two_sites", "k", {}, L::Cooperative, O::Completes, {}},
    {"p15_syncwarp_half_warp", "k", {{3, 0}}, L::Cooperative, O::Completes, {}},
    {"p15_syncwarp_half_warp", "k", {{3, 1}}, L::Cooperative, O::Hang, {}},
    {"p15_syncwarp_half_warp", "k2", {}, L::Cooperative, O::Completes, {}},
    {"p16_tile32_half_shfl_sync", "k", {}, L::Cooperative, O::Completes, {}},
    {"p20_tile64", "k", {{1, 0}}, L::Cooperative, O::Completes, {}},
    {"p20_tile64", "k", {{1, 1}}, L::Cooperative, O::Hang, {}},
    {"p21_cond_barrier_then_uniform", "k", {}, L::Cooperative, O::Completes,
     V::BarrierCountMismatch},
    {"p22_shfl_vs_syncwarp", "k", {}, L::Cooperative, O::Hang, {}},
    {"p23_exit_then_full_mask_shfl", "k", {{3, 20}}, L::Cooperative, O::Completes, {}},
};

std::string rowName(const testing::TestParamInfo<ProbeRow> &Info) {
  std::string Name = std::string(Info.param.Probe).substr(0, 3) + "_" + Info.param.Kernel;
  for (auto &[Index, Value] : Info.param.Arguments)
    Name += "_arg" + std::to_string(Index) + "_" + std::to_string(Value);
  if (Info.param.Launch == LaunchCooperation::Standard)
    Name += "_standard_launch";
  return Name;
}

INSTANTIATE_TEST_SUITE_P(GpuProbes, ProbeVerdicts, testing::ValuesIn(Rows), rowName);

} // namespace
