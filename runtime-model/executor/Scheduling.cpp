// Scheduling: threads run in turns until they wait, leave or spin; collectives release through
// the tracker; paths run one after another from the worklist until one fails or a bound is hit.
#include "runtime-model/executor/ReplayState.h"
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
  case Outcome::Completes:
    return "completes";
  case Outcome::Hang:
    return "hang";
  case Outcome::Trap:
    return "trap";
  case Outcome::Unknown:
    return "unknown";
  }
  return "unknown";
}

std::optional<FailureKind> PathResult::failure() const {
  if (Result == Outcome::Hang)
    return FailureKind::Hang;
  if (Result == Outcome::Trap)
    return FailureKind::Trap;
  if (!Violations.empty())
    return FailureKind::Mismatch;
  return std::nullopt;
}

} // namespace coopcheck::model::executor

namespace coopcheck::model::executor::detail {

using namespace llvm;

/// The inputs of a failing path are worth a query past the ordinary limit: no other path shows
/// them. This many times the limit of a branch's query.
constexpr unsigned WitnessResource = 4;

StepResult Replay::runThread(ThreadId T) {
  ThreadContext &Th = St->Threads[T];
  for (unsigned I = 0; I < Limits.StepsPerTurn; ++I) {
    if (++St->Steps > Limits.StepsPerPath) {
      BoundHit = "step bound";
      return StepResult::Yield;
    }
    if (++StepsTaken > Limits.Steps) {
      BoundHit = "step budget";
      return StepResult::Yield;
    }
    if (St->Steps % 1024 == 0 && St->Mem.cells() > Limits.MemoryCells) {
      BoundHit = "memory bound";
      return StepResult::Yield;
    }
    Frame &Fr = Th.Stack.back();
    StepResult R = execute(T, Fr, *Fr.Next);
    if (!Unmodelled.empty())
      return StepResult::Unmodelled;
    if (BoundHit == "value bound")
      return StepResult::Yield;
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

SourcePoint Replay::pointOf(const Instruction *I) const {
  if (!I)
    return {};
  // Model functions are always_inline: the user's line is the outermost inlined-at location.
  const DILocation *Loc = I->getDebugLoc().get();
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return Loc ? sourcePointOf(*Loc) : SourcePoint();
}

/// A model's value as a witness shows it: decimal, negative where the sign bit is set.
std::string inputValue(const z3::expr &V) {
  uint64_t Bits;
  if (!V.is_bv() || !V.is_numeral_u64(Bits))
    return V.to_string();
  unsigned Width = V.get_sort().bv_size();
  bool Negative = Width > 1 && Width <= 64 && (Bits >> (Width - 1) & 1);
  if (!Negative)
    return std::to_string(Bits);
  int64_t Signed = static_cast<int64_t>(Bits | (Width == 64 ? 0 : ~0ull << Width));
  return std::to_string(Signed);
}

PathResult Replay::finishPath(Outcome O, std::string Reason) {
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
    P.Threads.push_back({T, S, pointOf(At), St->Tracker.blockBarrierPasses(T)});
  }
  for (const Instruction *Site : Sites)
    P.Sites.push_back(pointOf(Site));
  if (P.failure() && check(WitnessResource * Limits.SolverResource) == z3::sat) {
    z3::model M = Solver.get_model();
    std::string PathText;
    for (const z3::expr &C : St->Path)
      PathText += C.to_string();
    for (auto &[Name, Symbol] : St->Mem.inputs())
      if (PathText.find(Name) != std::string::npos)
        P.Inputs.emplace_back(Name, inputValue(M.eval(Symbol, true)));
    for (auto &[Name, Symbol] : Parameters)
      if (PathText.find(Name) != std::string::npos)
        P.Inputs.emplace_back(Name, inputValue(M.eval(Symbol, true)));
  }
  return P;
}

/// Runs the grid of the current state until every thread left, the grid hangs or traps, or a bound.
PathResult Replay::runPath() {
  for (;;) {
    if (SolverWorkDone >= Limits.SolverWork) {
      BoundHit = "solver budget";
      return finishPath(Outcome::Unknown, BoundHit);
    }
    for (ThreadId Turn = 0; Turn < Shape.threads(); ++Turn) {
      ThreadId T = ReverseTurns ? Shape.threads() - 1 - Turn : Turn;
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
      return finishHang();
  }
}

/// Flags and counters that threads spin on start at zero: the host clears them before the launch.
/// A hang that needs them to start elsewhere (a counter that wraps around before it reaches its
/// target), that spins on a value the executor did not compute, or on a flag another agent may
/// set (polledFromOutside), is no witness, and the path ends without a verdict.
PathResult Replay::finishHang() {
  // The widest scalar a spin loop reads.
  constexpr uint64_t PolledBytes = 8;
  bool Computed = true;
  Solver.push();
  for (auto &[Address, Thread] : St->Pollers) {
    Computed &= !St->UnknownCells.count(Address) && !polledFromOutside(Address);
    for (const z3::expr &Initial : St->Mem.inputsIn(Address, PolledBytes))
      Solver.add(Initial == Z.bv_val(0, Initial.get_sort().bv_size()));
  }
  PathResult P;
  if (St->Pollers.empty() || (Computed && check() == z3::sat)) {
    P = finishPath(Outcome::Hang, "threads wait at collectives that can never release");
  } else {
    HangUnwitnessed = true;
    P = finishPath(Outcome::Unknown,
                   "a hang only if polled memory starts non-zero, holds what was not modelled "
                   "or is set from outside the kernel");
  }
  Solver.pop();
  return P;
}

/// A flag behind a kernel argument that no thread of the kernel writes: another kernel, a peer
/// device or the host sets it, or the kernel sets it through another argument that is the same
/// memory on the hardware (a unicast and a multicast view of one buffer). Or any flag behind an
/// argument, in a kernel that writes through pointers it reads or is handed by a call (a peer's
/// buffer from a window): the replay puts those writes apart, the hardware may not. No replay
/// decides when such a flag changes.
bool Replay::polledFromOutside(uint64_t Address) {
  Buffer *Polled = St->Mem.bufferAt(Address);
  auto It = Polled ? ArgumentBuffers.find(Polled->Base) : ArgumentBuffers.end();
  if (It == ArgumentBuffers.end())
    return false;
  if (!Writes)
    Writes.emplace(Kernel, reachableFunctions(Kernel));
  return Writes->writesUntraced() || !Writes->mayWrite(*It->second, Address - Polled->Base);
}

/// Atomics are where the order of threads changes what they compute (who takes ticket 0).
bool usesAtomics(const Function &Kernel) {
  for (const Function *F : reachableFunctions(Kernel)) {
    if (F->isDeclaration() && F->getName().contains_insensitive("atomic"))
      return true;
    for (const BasicBlock &B : *F)
      for (const Instruction &I : B)
        if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I))
          return true;
  }
  return false;
}

GridState Replay::initialState() {
  GridState Initial(Z, Shape, Model);
  Frame Entry;
  Entry.F = &Kernel;
  Entry.Block = &Kernel.getEntryBlock();
  Entry.Next = Entry.Block->begin();
  for (const Argument &A : Kernel.args()) {
    std::string Name =
        A.getName().empty() ? "arg" + std::to_string(A.getArgNo()) : A.getName().str();
    if (A.getType()->isPointerTy()) {
      uint64_t Base = Initial.Mem.allocate(Name, 0);
      ArgumentBuffers.insert_or_assign(Base, &A);
      Entry.Values.insert_or_assign(&A, bv(Base, 64));
    } else if (auto It = Known.find(A.getArgNo()); It != Known.end()) {
      Entry.Values.insert_or_assign(&A, bv(It->second, bitsOf(A.getType(), DL)));
    } else {
      z3::expr Symbol = Z.bv_const(Name.c_str(), bitsOf(A.getType(), DL));
      Parameters.emplace_back(Name, Symbol);
      Entry.Values.insert_or_assign(&A, Symbol);
    }
  }
  Initial.Threads.assign(Shape.threads(), ThreadContext());
  for (ThreadContext &Th : Initial.Threads)
    Th.Stack.push_back(Entry);
  return Initial;
}

bool Replay::newBehaviour(const PathResult &P) {
  std::vector<std::tuple<int, std::string, unsigned, unsigned>> Ending;
  for (const ThreadEnd &T : P.Threads)
    Ending.emplace_back(static_cast<int>(T.State), T.At.File, T.At.Line, T.At.Column);
  llvm::sort(Ending);
  Ending.erase(std::unique(Ending.begin(), Ending.end()), Ending.end());
  bool NewEnding = Endings.insert(std::move(Ending)).second;
  return PathTookNewEdge || NewEnding;
}

/// Runs the paths of the worklist until one fails or a bound stops the search.
void Replay::runPaths() {
  while (!Worklist.empty()) {
    GridState Next = std::move(Worklist.back());
    Worklist.pop_back();
    switchTo(std::move(Next));
    ++Result.PathsExplored;
    PathTookNewEdge = false;
    PathResult P = runPath();
    bool Failed = P.failure().has_value();
    PathsWithoutNewBehaviour = newBehaviour(P) ? 0 : PathsWithoutNewBehaviour + 1;
    if (Failed)
      Result.Failures.push_back(std::move(P));
    // One witness is enough to confirm; stop at the first hang or trap.
    if (Failed || stopped())
      return;
    // Only once a bound already keeps the search from being exhaustive: a small tree explored to
    // the end can still rule a finding out.
    bool CannotExhaust = !BoundHit.empty() || QuietSideSkipped || SolverGaveUp || HangUnwitnessed;
    if (CannotExhaust && PathsWithoutNewBehaviour >= Limits.PathsWithoutNewBehaviour &&
        !Worklist.empty()) {
      BoundHit = "no new behaviour in " + std::to_string(PathsWithoutNewBehaviour) + " paths";
      Worklist.clear();
      return;
    }
  }
}

ReplayResult Replay::run() {
  GridState Initial = initialState();
  // Threads run in turns from the lowest id; with atomics, from the highest id as well.
  bool Atomics = usesAtomics(Kernel);
  for (bool Reverse : {false, true}) {
    if (Reverse && (!Atomics || !Result.Failures.empty() || stopped()))
      break;
    ReverseTurns = Reverse;
    Worklist.push_back(Initial);
    runPaths();
  }
  Result.BoundHit = !Unmodelled.empty() ? Unmodelled : BoundHit;
  Result.Exhausted = Worklist.empty() && BoundHit.empty() && Unmodelled.empty() &&
                     !QuietSideSkipped && !SolverGaveUp && !HangUnwitnessed;
  if (Result.BoundHit.empty() && SolverGaveUp)
    Result.BoundHit = "solver's resource limit";
  if (Result.BoundHit.empty() && LoopBoundHit)
    Result.BoundHit = "loop bound";
  Result.Done = {StepsTaken, SolverWorkDone};
  return Result;
}

} // namespace coopcheck::model::executor::detail

namespace coopcheck::model::executor {

std::vector<const llvm::Function *> reachableFunctions(const llvm::Function &Kernel) {
  std::vector<const llvm::Function *> Reached = {&Kernel};
  std::set<const llvm::Function *> Seen = {&Kernel};
  for (size_t Next = 0; Next < Reached.size(); ++Next)
    for (const llvm::BasicBlock &B : *Reached[Next])
      for (const llvm::Instruction &I : B)
        if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
          if (const llvm::Function *Callee = Call->getCalledFunction())
            if (Seen.insert(Callee).second)
              Reached.push_back(Callee);
  return Reached;
}

ReplayResult replay(const llvm::Function &Kernel, const LaunchShape &Shape, Semantics Model,
                    const Bounds &Limits, const KnownArguments &Known,
                    const std::string &ModelDir) {
  detail::Replay R(Kernel, Shape, Model, Limits, Known, ModelDir);
  try {
    return R.run();
  } catch (const z3::exception &Error) {
    // The solver gave up on a term: no verdict, like any other bound.
    ReplayResult Failed;
    Failed.BoundHit = std::string("the solver: ") + Error.msg();
    return Failed;
  }
}

} // namespace coopcheck::model::executor