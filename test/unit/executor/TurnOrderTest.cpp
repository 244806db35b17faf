// Atomics make the order of threads matter: which thread takes ticket 0. The executor replays a
// kernel with atomics with threads taking turns from the lowest id and from the highest id.
#include "analysis/DeviceIR.h"
#include "analysis/ParseSetup.h"
#include "runtime-model/executor/Interpreter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace coopcheck;
using namespace coopcheck::model;
using namespace coopcheck::model::executor;

namespace {

ExplorationResult replay(const char *Source) {
  llvm::SmallString<128> Path;
  int Fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("turn-order", "cu", Fd, Path));
  {
    llvm::raw_fd_ostream Out(Fd, /*shouldClose=*/true);
    Out << Source;
  }
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(
      std::string(Path), analysis::parseArguments(Platform::Cuda, analysis::ParseOptions(), nullptr));
  llvm::sys::fs::remove(Path);
  if (!IR) {
    ADD_FAILURE() << llvm::toString(IR.takeError());
    return {};
  }
  for (const llvm::Function &F : *IR->Module)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
      return explore(F, LaunchShape{{2}, {64}, 32, LaunchCooperation::Cooperative},
                     Semantics::Hardware, Bounds(), {}, analysis::modelIncludeDir());
  ADD_FAILURE() << "no kernel";
  return {};
}

TEST(TurnOrder, TheLastThreadCanTakeTheFirstTicket) {
  ExplorationResult R = replay(R"cu(
    #include <cooperative_groups.h>
    __global__ void k(int *out) {
      __shared__ int ticket;
      if (threadIdx.x == 0) ticket = 0;
      __syncthreads();
      int mine = atomicAdd(&ticket, 1);
      if (mine == 0 && threadIdx.x == blockDim.x - 1)
        cooperative_groups::this_grid().sync();   // alone: the grid never gets there
      out[threadIdx.x] = mine;
    })cu");
  ASSERT_FALSE(R.Failures.empty());
  EXPECT_EQ(R.Failures.front().Result, Outcome::Hang);
}

TEST(TurnOrder, KernelsWithoutAtomicsAreReplayedInOneOrder) {
  ExplorationResult R = replay(R"cu(
    __global__ void k(int *out) {
      __syncthreads();
      out[threadIdx.x] = threadIdx.x;
    })cu");
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(R.PathsExplored, 1u);
  EXPECT_TRUE(R.Exhausted);
}

} // namespace
