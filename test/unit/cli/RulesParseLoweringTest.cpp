// The device side lowered from the rules' own parse (TidyRequest::LowersDeviceIR) is the module
// the executor's separate lowering makes, and is made only when the replays will want it.
#include "analysis/frontend/ParseSetup.h"
#include "runtime-model/executor/Replay.h"
#include "runtime-model/semantics/DeviceModuleMarks.h"
#include "test/unit/report/TempTree.h"
#include "tools/coopcheck/TidyRunner.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace coopcheck;
using coopcheck::report::test::TempTree;

// The checks register with clang-tidy from the CLI's library.
extern volatile int CoopcheckModuleAnchorSource;
static int KeepModule = CoopcheckModuleAnchorSource;

namespace {

const char *DivergentBarrier = R"(
__device__ int twice(int x) { return 2 * x; }
__global__ void halves(int *out) {
  if (threadIdx.x < 16)
    __syncthreads();
  out[threadIdx.x] = twice(threadIdx.x);
}
)";

const char *NothingToConfirm = R"(
__global__ void copy(int *out, const int *in) { out[threadIdx.x] = in[threadIdx.x]; }
)";

const char *PollsAFlag = R"(
__global__ void waits(volatile int *flag) { while (*flag == 0) {} }
)";

// `broken` names an undeclared function: it is only declared in the module.
const char *WithCompileError = R"(
__device__ int broken(int x) { return undeclared(x); }
__global__ void halves(int *out) {
  if (threadIdx.x < 16)
    __syncthreads();
  out[0] = broken(1);
}
)";

std::vector<std::string> deviceArguments() {
  return analysis::parseArguments(model::Platform::Cuda, analysis::ParseOptions(), nullptr);
}

/// The module as text once every function's locals are promoted (as the separate lowering
/// does at once, and the rules' lowering for the functions a replay reaches), less where its
/// files are: the rules' parse runs in the unit's directory, the separate lowering in the
/// process's, so a file's name and directory split differently.
std::string printed(analysis::DeviceModule &IR) {
  IR.promoteAllLocals();
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  IR.Module->print(Out, nullptr);
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  std::string Kept;
  for (llvm::StringRef Line : Lines)
    if (!Line.contains("!DIFile("))
      Kept += Line.str() + "\n";
  return Kept;
}

/// The file a kernel's return is in, as the executor reads it.
std::string fileOfKernel(const analysis::DeviceModule &IR, llvm::StringRef Kernel) {
  const llvm::Function *F = IR.Module->getFunction(Kernel);
  if (!F || F->empty())
    return "";
  const llvm::DILocation *Loc = F->back().getTerminator()->getDebugLoc().get();
  return Loc ? model::executor::sourcePointOf(*Loc).File : "";
}

/// The rules' parse of Source with the executor's arguments.
cli::TidyResult rulesParse(TempTree &Tree, const char *Source, bool LowersDeviceIR = true,
                           bool HuntsDeadlocks = false) {
  std::string File = Tree.write("unit.cu", Source);
  cli::TidyRequest Request;
  Request.File = File;
  Request.Directory = Tree.root();
  Request.Args = deviceArguments();
  Request.LowersDeviceIR = LowersDeviceIR;
  Request.Confirmation.ReportDeadlocks = HuntsDeadlocks;
  return cli::runTidy(Request);
}

/// The executor's own lowering of the same file.
std::string separatelyLowered(TempTree &Tree) {
  llvm::Expected<analysis::DeviceModule> IR =
      analysis::lowerToDeviceIR(Tree.root() + "/unit.cu", deviceArguments());
  EXPECT_TRUE(bool(IR));
  return IR ? printed(*IR) : llvm::toString(IR.takeError());
}

TEST(RulesParseLowering, AFindingToConfirmLowersTheParseAsTheExecutorWould) {
  TempTree Tree;
  cli::TidyResult Result = rulesParse(Tree, DivergentBarrier);
  ASSERT_TRUE(Result.DeviceIR.has_value());
  const llvm::Function *Kernel = Result.DeviceIR->Module->getFunction("_Z6halvesPi");
  ASSERT_NE(Kernel, nullptr);
  // Its locals wait for a replay: still in memory.
  EXPECT_TRUE(llvm::any_of(llvm::instructions(*Kernel), [](const llvm::Instruction &I) {
    return llvm::isa<llvm::AllocaInst>(I);
  }));
  EXPECT_EQ(printed(*Result.DeviceIR), separatelyLowered(Tree));
  EXPECT_EQ(fileOfKernel(*Result.DeviceIR, "_Z6halvesPi"), Tree.path("unit.cu"));
  // The findings are the rules' as ever.
  ASSERT_EQ(Result.Findings.size(), 1u);
  EXPECT_EQ(Result.Findings[0].RuleId, "cg-divergent-collective");
}

TEST(RulesParseLowering, AUnitWithACompileErrorKeepsItsValidFunctions) {
  TempTree Tree;
  cli::TidyResult Result = rulesParse(Tree, WithCompileError);
  EXPECT_EQ(Result.Partial.CompileErrors, 1u);
  ASSERT_TRUE(Result.DeviceIR.has_value());
  const llvm::Function *Broken = Result.DeviceIR->Module->getFunction("_Z6brokeni");
  ASSERT_NE(Broken, nullptr);
  EXPECT_TRUE(Broken->isDeclaration());
  EXPECT_TRUE(Broken->hasFnAttribute(model::BodyWithCompileErrors));
  EXPECT_EQ(printed(*Result.DeviceIR), separatelyLowered(Tree));
}

// A kernel template instantiated many times: its first instances are lowered, which the
// replays of a finding in it try; the rest are not.
TEST(RulesParseLowering, TheFirstInstancesOfAKernelTemplate) {
  TempTree Tree;
  std::string Source = R"(
template <int N> __global__ void scaled(int *out) {
  if (threadIdx.x < N)
    __syncthreads();
  out[threadIdx.x] = N;
}
void launch(int *out) {
)";
  for (int N = 1; N <= 6; ++N)
    Source += "  scaled<" + std::to_string(N) + "><<<1, 64>>>(out);\n";
  Source += "}\n";
  cli::TidyResult Result = rulesParse(Tree, Source.c_str());
  ASSERT_TRUE(Result.DeviceIR.has_value());
  unsigned Instances = 0;
  for (const llvm::Function &F : *Result.DeviceIR->Module)
    Instances += !F.isDeclaration() && F.getName().contains("scaled");
  EXPECT_EQ(Instances, analysis::ParsedDeclarations::KernelInstancesLowered);
}

TEST(RulesParseLowering, OnlyWhenTheReplaysWantIt) {
  TempTree Tree;
  // Nothing to confirm, and no kernel that can wait on memory to hunt.
  EXPECT_FALSE(rulesParse(Tree, NothingToConfirm).DeviceIR.has_value());
  EXPECT_FALSE(
      rulesParse(Tree, NothingToConfirm, true, /*HuntsDeadlocks=*/true).DeviceIR.has_value());
  // A kernel that can wait on memory is hunted for hangs when cg-deadlock is on.
  EXPECT_FALSE(rulesParse(Tree, PollsAFlag).DeviceIR.has_value());
  EXPECT_TRUE(rulesParse(Tree, PollsAFlag, true, /*HuntsDeadlocks=*/true).DeviceIR.has_value());
  // Not the executor's arguments.
  EXPECT_FALSE(rulesParse(Tree, DivergentBarrier, /*LowersDeviceIR=*/false).DeviceIR.has_value());
}

} // namespace
