// Quiet branches: a branch whose sides only change registers before they rejoin is quiet; one
// whose side writes memory, calls a function or leaves is not. A replay keeps one side of a quiet
// branch on an input (one path, not exhaustive) and forks on the others.
#include "runtime-model/executor/QuietBranches.h"
#include "ReplaySource.h"

using coopcheck::testing_support::lowerSource;
using coopcheck::testing_support::replaySource;
using namespace coopcheck::model::executor;

namespace {

const char *Source = R"cu(
    __global__ void k(int *p, int n) {
      int x = p[0];
      if (x > n) x = x * 3; else x = x + 1;
      if (x > 7) p[1] = x;
      if (x > 9) __syncthreads();
      if (x > 11) return;
      p[2] = x;
    })cu";

/// Whether the conditional branch on each source line of the kernel is quiet.
std::map<unsigned, bool> quietByLine(const llvm::Function &Kernel) {
  QuietBranches Quiet;
  std::map<unsigned, bool> Lines;
  for (const llvm::BasicBlock &B : Kernel)
    if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(B.getTerminator()))
      if (Br->isConditional() && Br->getDebugLoc())
        Lines.emplace(Br->getDebugLoc().getLine(), Quiet.isQuiet(*Br));
  return Lines;
}

TEST(QuietBranches, OnlyBranchesThatChangeRegistersAreQuiet) {
  std::optional<coopcheck::analysis::DeviceModule> IR = lowerSource(Source);
  ASSERT_TRUE(IR);
  const llvm::Function *Kernel = nullptr;
  for (const llvm::Function &F : *IR->Module)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
      Kernel = &F;
  ASSERT_NE(Kernel, nullptr);
  std::map<unsigned, bool> Quiet = quietByLine(*Kernel);
  EXPECT_EQ(Quiet, (std::map<unsigned, bool>{{4, true}, {5, false}, {6, false}, {7, false}}));
}

TEST(QuietBranches, AReplayKeepsOneSideOfAQuietBranch) {
  ReplayResult Quiet = replaySource(R"cu(
    __global__ void k(const int *in, int *out) {
      int x = in[0];
      if (x > 5) x = x * 3; else x = x + 1;
      out[threadIdx.x] = x;
    })cu");
  EXPECT_TRUE(Quiet.Failures.empty());
  EXPECT_EQ(Quiet.PathsExplored, 1u);
  EXPECT_FALSE(Quiet.Exhausted); // the other side was not explored
  ReplayResult Loud = replaySource(R"cu(
    __global__ void k(const int *in, int *out) {
      if (in[0] > 5) out[threadIdx.x] = 3;
      out[threadIdx.x] += 1;
    })cu");
  EXPECT_EQ(Loud.PathsExplored, 2u);
  EXPECT_TRUE(Loud.Exhausted);
}

} // namespace
