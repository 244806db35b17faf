#include "tools/coopcheck/Confirmation.h"
#include "analysis/DeviceIR.h"
#include "analysis/ParseSetup.h"
#include "runtime-model/executor/Interpreter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <map>
#include <set>

namespace coopcheck::cli {
namespace {

using namespace model;
using namespace model::executor;
using SourceLine = std::pair<std::string, unsigned>;

std::string normalised(const std::string &File) {
  llvm::SmallString<256> Path(File);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

/// The source lines a kernel executes, through the functions it calls.
std::set<SourceLine> linesOf(const llvm::Function &Kernel) {
  std::set<SourceLine> Lines;
  std::set<const llvm::Function *> Seen;
  std::vector<const llvm::Function *> Work = {&Kernel};
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    if (F->isDeclaration() || !Seen.insert(F).second)
      continue;
    for (const llvm::Instruction &I : llvm::instructions(*F)) {
      for (const llvm::DILocation *Loc = I.getDebugLoc().get(); Loc; Loc = Loc->getInlinedAt()) {
        SourcePoint P = sourcePointOf(*Loc);
        Lines.insert({P.File, P.Line});
      }
      if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
        if (const llvm::Function *Callee = Call->getCalledFunction())
          Work.push_back(Callee);
    }
  }
  return Lines;
}

std::vector<SourceLine> findingLines(const report::Finding &F) {
  std::vector<SourceLine> Lines = {{normalised(F.Location.File), F.Location.Line}};
  for (const report::Note &N : F.Notes)
    Lines.push_back({normalised(N.Location.File), N.Location.Line});
  return Lines;
}

/// "threads 0-9, 12" of one block.
std::string ranges(const std::vector<unsigned> &Ranks) {
  std::string Out;
  for (size_t I = 0; I < Ranks.size();) {
    size_t J = I;
    while (J + 1 < Ranks.size() && Ranks[J + 1] == Ranks[J] + 1)
      ++J;
    Out += (Out.empty() ? "" : ", ") + std::to_string(Ranks[I]) +
           (J > I ? "-" + std::to_string(Ranks[J]) : "");
    I = J + 1;
  }
  return Out;
}

const char *stateWords(ThreadState S) {
  switch (S) {
  case ThreadState::Waiting: return "wait here forever";
  case ThreadState::Spinning: return "spin here on memory nobody writes";
  case ThreadState::Exited: return "left the kernel here";
  case ThreadState::Running: return "still run here";
  }
  return "";
}

/// Threads that ended alike (same state, same line), block by block.
std::vector<report::ThreadGroup> threadGroups(const PathResult &P, const LaunchShape &Shape) {
  std::map<std::tuple<SourceLine, int, unsigned>, std::vector<unsigned>> Groups;
  for (const ThreadEnd &T : P.Threads)
    Groups[{{T.At.File, T.At.Line}, static_cast<int>(T.State), Shape.blockOf(T.Thread)}].push_back(
        Shape.rankInBlock(T.Thread));
  std::vector<report::ThreadGroup> Out;
  for (auto &[Key, Ranks] : Groups) {
    auto &[Line, State, Block] = Key;
    report::ThreadGroup G;
    G.Threads = "block " + std::to_string(Block) + ", thread" + (Ranks.size() > 1 ? "s " : " ") +
                ranges(Ranks);
    G.What = stateWords(static_cast<ThreadState>(State));
    G.Location.File = Line.first;
    G.Location.Line = G.Location.EndLine = Line.second;
    Out.push_back(std::move(G));
  }
  return Out;
}

/// Where a failing run went wrong: the collectives of its violations, and where threads got stuck.
std::set<SourceLine> failurePoints(const PathResult &P) {
  std::set<SourceLine> Points;
  for (const Violation &V : P.Violations)
    for (unsigned Site : V.Sites)
      if (Site < P.Sites.size())
        Points.insert({normalised(P.Sites[Site].File), P.Sites[Site].Line});
  for (const ThreadEnd &T : P.Threads)
    if (T.State == ThreadState::Waiting || T.State == ThreadState::Spinning)
      Points.insert({normalised(T.At.File), T.At.Line});
  return Points;
}

const char *witnessKind(const PathResult &P) {
  switch (P.Result) {
  case Outcome::Hang: return "hang";
  case Outcome::Trap: return "trap";
  default: return "mismatch";
  }
}

report::Witness witnessOf(const PathResult &P, const LaunchShape &Shape) {
  report::Witness W;
  W.Kind = witnessKind(P);
  W.Grid = std::to_string(Shape.blocks()) + " blocks of " +
           std::to_string(Shape.threadsPerBlock()) + " threads";
  W.Inputs = P.Inputs;
  W.Threads = threadGroups(P, Shape);
  return W;
}

bool needsConfirmation(const report::Finding &F) {
  return F.Severity == report::Level::Error && !F.Suppressed && !F.Confirmed;
}

} // namespace

void confirmFindings(const TranslationUnitInput &Unit, const std::vector<std::string> &DeviceArgs,
                     const ConfirmOptions &Options, std::vector<report::Finding> &Findings) {
  if (llvm::none_of(Findings, needsConfirmation))
    return;
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(Unit.File, DeviceArgs);
  if (!IR) {
    // Findings stay as the static rules reported them.
    llvm::consumeError(IR.takeError());
    return;
  }
  // The default grid: two blocks of two warps.
  LaunchShape Shape{{2}, {2 * Options.WarpSize}, Options.WarpSize, LaunchCooperation::Cooperative};
  for (const llvm::Function &Kernel : *IR->Module) {
    if (Kernel.isDeclaration() || Kernel.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    std::set<SourceLine> Lines = linesOf(Kernel);
    auto InKernel = [&](const report::Finding &F) {
      return needsConfirmation(F) &&
             Lines.count({normalised(F.Location.File), F.Location.Line});
    };
    if (llvm::none_of(Findings, InKernel))
      continue;
    auto Start = std::chrono::steady_clock::now();
    ExplorationResult R = explore(Kernel, Shape, Options.Model, Bounds(), KnownArguments(),
                                  analysis::modelIncludeDir());
    if (Options.Verbose)
      llvm::errs() << "coopcheck: executor: " << Kernel.getName() << ": " << R.PathsExplored
                   << " paths, " << R.Failures.size() << " failing"
                   << (R.BoundHit.empty() ? "" : ", stopped by the " + R.BoundHit) << ", "
                   << llvm::format("%.0f", std::chrono::duration<double, std::milli>(
                                               std::chrono::steady_clock::now() - Start)
                                               .count())
                   << " ms\n";
    for (const PathResult &P : R.Failures) {
      std::set<SourceLine> Points = failurePoints(P);
      for (report::Finding &F : Findings)
        if (InKernel(F) && llvm::any_of(findingLines(F), [&](const SourceLine &L) {
              return Points.count(L) > 0;
            })) {
          F.Confirmed = true;
          F.Witness = witnessOf(P, Shape);
        }
    }
  }
}

} // namespace coopcheck::cli
