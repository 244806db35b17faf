// Fuzz target (d): a unit's device IR through the executor, as confirmation replays it. The input
// is LLVM IR text (the seeds are what coopcheck lowers: clang++-22 -O0 with line tables, then
// SROA and mem2reg); text that does not parse or verify is skipped (so is debug info that would
// hang LLVM's verifier), and debug info that does not verify is stripped, as LLVM's own tools do.
// Each kernel (at most two per input) is replayed on the default grid, then under the specification
// model on a scaled-down standard launch with 64-lane warps that AMD's block-barrier rule applies
// to. The bounds are small so that one input takes well under a second. Failing paths go through
// the witness and cg-deadlock code and the report writers.
#include "analysis/frontend/ParseSetup.h"
#include "analysis/launch/CrossUnitFacts.h"
#include "checks/confirmation/ReplayShapes.h"
#include "checks/confirmation/Witnesses.h"
#include "checks/report/Finding.h"
#include "checks/report/SarifWriter.h"
#include "checks/report/TextWriter.h"
#include "runtime-model/executor/Replay.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using namespace coopcheck;
using namespace coopcheck::model;

namespace {

constexpr unsigned MaxKernels = 2;

executor::Bounds smallBounds() {
  executor::Bounds B;
  // Z3 and the executor allocate at every step, and under ASan and libFuzzer's malloc hooks they
  // run two orders of magnitude slower: a seed given the product's rlimit took 100 s.
  B.Steps = 50000;
  B.SolverWork = 200000;
  B.SolverResource = 50000;
  B.ValueNodes = 1024;
  B.Paths = 4;
  B.PathsWithoutNewBehaviour = 4;
  B.StepsPerTurn = 2000;
  B.StepsPerPath = 50000;
  B.LoopBound = 2;
  B.MemoryCells = size_t(1) << 16;
  return B;
}

/// LLVM's parser verifies a module whose debug info has the current version and ends the process
/// when it is broken ("Broken module found"); invalid IR is to be skipped here, so that check is
/// left to the verifier below.
void skipTheParsersVerification() {
  static const bool Set = [] {
    const char *Argv[] = {"coopcheck-fuzz-ir", "-disable-auto-upgrade-debug-info"};
    return llvm::cl::ParseCommandLineOptions(2, Argv, "", &llvm::errs());
  }();
  if (!Set)
    std::abort();
}

/// Whether a chain of debug locations that LLVM's verifier follows without a bound loops: a
/// location inlined at itself (or at one inlined at it) makes the verifier of LLVM 22 run forever.
/// coopcheck replays only IR that clang lowered, so such input is skipped here, not verified.
bool hasCyclicInlinedAtChain(const llvm::Module &M) {
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      llvm::SmallPtrSet<const llvm::DILocation *, 8> Seen;
      for (const llvm::DILocation *L = I.getDebugLoc().get(); L; L = L->getInlinedAt())
        if (!Seen.insert(L).second)
          return true;
    }
  return false;
}

/// What confirmation makes of a replay: witnesses, cg-deadlock findings, their report.
void report(const executor::ReplayResult &R, const LaunchShape &Shape) {
  report::Report Report;
  for (const executor::PathResult &P : R.Failures) {
    (void)confirmation::failurePoints(P);
    std::string Grid = confirmation::describeGrid(Shape);
    report::Finding F;
    F.RuleId = "cg-divergent-collective";
    F.Confirmed = true;
    F.Witness = confirmation::witnessOf(P, Shape, Grid);
    Report.Findings.push_back(std::move(F));
    if (std::optional<report::Finding> D = confirmation::deadlockFinding(P, Shape, Grid))
      Report.Findings.push_back(std::move(*D));
  }
  std::ostringstream Text, Sarif;
  report::writeText(Text, Report, /*Color=*/false);
  report::writeSarif(Sarif, Report);
}

void replayKernel(const llvm::Function &Kernel) {
  const std::string ModelDir = analysis::modelIncludeDir();
  std::vector<confirmation::ReplayShape> Default = confirmation::replayShapes(Kernel, {}, 32);
  const LaunchShape &Shape = Default.front().Shape;
  executor::ReplayResult R = executor::replay(Kernel, Shape, Semantics::Hardware, smallBounds(),
                                              executor::KnownArguments(), ModelDir);
  report(R, Shape);

  analysis::LaunchFact Launch;
  Launch.KernelName = Kernel.getName().str();
  Launch.Grid = Dim3{3, 1, 1};
  Launch.Block = Dim3{48, 1, 1};
  LaunchShape Amd = confirmation::replayShapes(Kernel, {Launch}, 64).front().Shape;
  Amd.ExitReleasesBlockBarrier = false;
  R = executor::replay(Kernel, Amd, Semantics::Specification, smallBounds(),
                       executor::KnownArguments(), ModelDir);
  report(R, Amd);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  skipTheParsersVerification();
  // LLVM's lexer reads up to a NUL byte past the text: a std::string ends with one.
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  llvm::LLVMContext Context;
  llvm::SMDiagnostic Error;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Text, Error, Context);
  if (!M)
    return 0;
  bool BrokenDebugInfo = false;
  if (hasCyclicInlinedAtChain(*M) || llvm::verifyModule(*M, nullptr, &BrokenDebugInfo))
    return 0;
  if (BrokenDebugInfo)
    llvm::StripDebugInfo(*M);
  unsigned Kernels = 0;
  for (const llvm::Function &F : *M) {
    if (F.isDeclaration() || F.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    if (Kernels++ == MaxKernels)
      break;
    replayKernel(F);
  }
  return 0;
}
