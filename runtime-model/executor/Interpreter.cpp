// Scheduling: threads run in turns until they wait, leave or spin; collectives release through
// the tracker; paths run one after another from the worklist until one fails or a bound is hit.
#include "runtime-model/executor/Explorer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace coopcheck::model::executor {

SourcePoint sourcePointOf(const llvm::DILocation &Loc) {
  llvm::SmallString<256> File(Loc.getFilename());
  if (!llvm::sys::path::is_absolute(File))
    llvm::sys::path::make_absolute(Loc.getDirectory(), File);
  llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
  return {File.str().str(), Loc.getLine(), Loc.getColumn()};
}

const char *outcomeName(Outcome O) {
  switch (O) {
  case Outcome::Completes: return "completes";
  case Outcome::Hang: return "hang";
  case Outcome::Trap: return "trap";
  case Outcome::Unknown: return "unknown";
  }
  return "unknown";
}

} // namespace coopcheck::model::executor

namespace coopcheck::model::executor::detail {

using namespace llvm;

StepResult Explorer::runThread(ThreadId T) {
  ThreadContext &Th = St->Threads[T];
  for (unsigned I = 0; I < Limits.StepsPerTurn; ++I) {
    if (++St->Steps > Limits.StepsPerPath) {
      BoundHit = "step bound";
      return StepResult::Yield;
    }
    if (St->Steps % 1024 == 0 && std::chrono::steady_clock::now() - Start > Limits.Time) {
      BoundHit = "time bound";
      return StepResult::Yield;
    }
    Frame &Fr = Th.Stack.back();
    StepResult R = execute(T, Fr, *Fr.Next);
    if (!Unmodelled.empty())
      return StepResult::Unmodelled;
    if (R == StepResult::Exited)
      St->Tracker.exit(T);
    if (R != StepResult::Continue)
      return R;
    if (Th.Spins) {
      Th.Spins = false;
      St->Tracker.spin(T);
      for (uint64_t Address : Th.Polled)
        St->Pollers.emplace(Address, T);
      Th.Polled.clear();
      Th.LoopStates.clear();
      return StepResult::Yield;
    }
  }
  return StepResult::Yield;
}

SourcePoint Explorer::pointOf(const Instruction *I) const {
  if (!I)
    return {};
  // Model functions are always_inline: the user's line is the outermost inlined-at location.
  const DILocation *Loc = I->getDebugLoc().get();
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return Loc ? sourcePointOf(*Loc) : SourcePoint();
}

PathResult Explorer::finishPath(Outcome O, std::string Reason) {
  PathResult P;
  P.Result = O;
  P.Reason = std::move(Reason);
  P.Violations = St->Tracker.violations();
  for (ThreadId T = 0; T < Shape.threads(); ++T) {
    ThreadState S = St->Tracker.state(T);
    const Instruction *At = St->Threads[T].ExitPoint;
    if (S != ThreadState::Exited && !St->Threads[T].Stack.empty()) {
      At = &*St->Threads[T].Stack.back().Next;
      for (auto It = St->Threads[T].Stack.rbegin(); It != St->Threads[T].Stack.rend(); ++It)
        if (!isModelFunction(It->F, ModelDir)) {
          At = &*It->Next;
          break;
        }
    }
    P.Threads.push_back({T, S, pointOf(At)});
  }
  for (const Instruction *Site : Sites)
    P.Sites.push_back(pointOf(Site));
  if (Solver.check() == z3::sat) {
    z3::model M = Solver.get_model();
    std::string PathText;
    for (const z3::expr &C : St->Path)
      PathText += C.to_string();
    for (auto &[Name, Symbol] : St->Mem.inputs())
      if (PathText.find(Name) != std::string::npos)
        P.Inputs.emplace_back(Name, M.eval(Symbol, true).to_string());
    for (auto &[Name, Symbol] : Parameters)
      if (PathText.find(Name) != std::string::npos)
        P.Inputs.emplace_back(Name, M.eval(Symbol, true).to_string());
  }
  return P;
}

/// Runs the grid of the current state until every thread left, the grid hangs or traps, or a bound.
PathResult Explorer::runPath() {
  for (;;) {
    if (std::chrono::steady_clock::now() - Start > Limits.Time) {
      BoundHit = "time bound";
      return finishPath(Outcome::Unknown, "time bound");
    }
    for (ThreadId T = 0; T < Shape.threads(); ++T) {
      if (St->Tracker.state(T) != ThreadState::Running)
        continue;
      StepResult R = runThread(T);
      if (R == StepResult::Trapped)
        return finishPath(Outcome::Trap, "the kernel traps");
      if (R == StepResult::Unmodelled)
        return finishPath(Outcome::Unknown, Unmodelled);
      if (!BoundHit.empty() && BoundHit != "path bound")
        return finishPath(Outcome::Unknown, BoundHit);
    }
    std::vector<Release> Released = St->Tracker.release();
    for (const Release &R : Released)
      completeRelease(R);
    if (!Released.empty())
      continue;
    bool AllLeft = true, AnyRuns = false;
    for (ThreadId T = 0; T < Shape.threads(); ++T) {
      AllLeft &= St->Tracker.state(T) == ThreadState::Exited;
      AnyRuns |= St->Tracker.state(T) == ThreadState::Running;
    }
    if (AllLeft) {
      St->Tracker.finish();
      return finishPath(Outcome::Completes, "");
    }
    if (!AnyRuns)
      return finishPath(Outcome::Hang, "threads wait at collectives that can never release");
  }
}

ExplorationResult Explorer::run() {
  Start = std::chrono::steady_clock::now();
  St.emplace(Z, Shape, Model);
  Frame Entry;
  Entry.F = &Kernel;
  Entry.Block = &Kernel.getEntryBlock();
  Entry.Next = Entry.Block->begin();
  for (const Argument &A : Kernel.args()) {
    std::string Name = A.getName().empty() ? "arg" + std::to_string(A.getArgNo()) : A.getName().str();
    if (A.getType()->isPointerTy()) {
      Entry.Values.insert_or_assign(&A, bv(St->Mem.allocate(Name, 0), 64));
    } else if (auto It = Known.find(A.getArgNo()); It != Known.end()) {
      Entry.Values.insert_or_assign(&A, bv(It->second, bitsOf(A.getType(), DL)));
    } else {
      z3::expr Symbol = Z.bv_const(Name.c_str(), bitsOf(A.getType(), DL));
      Parameters.emplace_back(Name, Symbol);
      Entry.Values.insert_or_assign(&A, Symbol);
    }
  }
  St->Threads.assign(Shape.threads(), ThreadContext());
  for (ThreadContext &Th : St->Threads)
    Th.Stack.push_back(Entry);
  Worklist.push_back(std::move(*St));
  while (!Worklist.empty()) {
    GridState Next = std::move(Worklist.back());
    Worklist.pop_back();
    switchTo(std::move(Next));
    ++Result.PathsExplored;
    PathResult P = runPath();
    bool Failed = P.Result == Outcome::Hang || P.Result == Outcome::Trap || !P.Violations.empty();
    if (Failed)
      Result.Failures.push_back(std::move(P));
    // One witness is enough to confirm; stop at the first hang or trap.
    if (Failed || BoundHit == "time bound" || BoundHit == "step bound" || !Unmodelled.empty())
      break;
  }
  Result.BoundHit = !Unmodelled.empty() ? Unmodelled : BoundHit;
  Result.Exhausted = Worklist.empty() && BoundHit.empty() && Unmodelled.empty() &&
                     !LoopBoundHit && !QuietSideSkipped;
  if (Result.BoundHit.empty() && LoopBoundHit)
    Result.BoundHit = "loop bound";
  return Result;
}

} // namespace coopcheck::model::executor::detail

namespace coopcheck::model::executor {

ExplorationResult explore(const llvm::Function &Kernel, const LaunchShape &Shape, Semantics Model,
                          const Bounds &Limits, const KnownArguments &Known,
                          const std::string &ModelDir) {
  detail::Explorer E(Kernel, Shape, Model, Limits, Known, ModelDir);
  try {
    return E.run();
  } catch (const z3::exception &Error) {
    // The solver gave up on a term: no verdict, like any other bound.
    ExplorationResult Failed;
    Failed.BoundHit = std::string("the solver: ") + Error.msg();
    return Failed;
  }
}

} // namespace coopcheck::model::executor