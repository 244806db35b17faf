// Path constraints and the values of a thread: when a branch forks, which side a path takes,
// what constants, globals and registers evaluate to.
#include "runtime-model/executor/ReplayState.h"
#include "llvm/IR/Operator.h"

namespace coopcheck::model::executor::detail {

using namespace llvm;

std::optional<uint64_t> Replay::concrete(const z3::expr &E) {
  uint64_t V;
  if (E.is_numeral_u64(V))
    return V;
  z3::expr S = E.simplify();
  if (S.is_numeral_u64(V))
    return V;
  return std::nullopt;
}

// The solver holds the current path's constraints: checks push one more on top of them.
void Replay::constrain(const z3::expr &Condition) {
  St->Path.push_back(Condition);
  St->Asserted.insert(Condition.id());
  Solver.add(Condition);
}

void Replay::switchTo(GridState &&Next) {
  St.emplace(std::move(Next));
  LastModel.reset();
  Solver.reset();
  for (const z3::expr &C : St->Path)
    Solver.add(C);
}

/// The nodes of E's expression, each shared node once, counted up to Limit + 1: what simplifying
/// it visits.
static unsigned expressionNodes(const z3::expr &E, unsigned Limit) {
  llvm::SmallDenseSet<unsigned, 32> Seen;
  llvm::SmallVector<z3::expr, 32> Pending{E};
  while (!Pending.empty() && Seen.size() <= Limit) {
    z3::expr Node = Pending.pop_back_val();
    if (!Seen.insert(Node.id()).second || !Node.is_app())
      continue;
    for (unsigned I = 0; I < Node.num_args(); ++I)
      Pending.push_back(Node.arg(I));
  }
  return Seen.size();
}

/// What simplifying a value counts as, in instructions interpreted: Z3 sets up a rewriter for each
/// call (measured: some thirty times an instruction on concrete values), then visits every node.
constexpr unsigned SimplificationSteps = 32;
constexpr unsigned NodesPerStep = 8;

z3::expr Replay::simplified(const z3::expr &E) {
  if (E.is_numeral() || E.is_const())
    return E;
  unsigned Nodes = expressionNodes(E, Limits.ValueNodes);
  StepsTaken += SimplificationSteps + Nodes / NodesPerStep;
  if (Nodes > Limits.ValueNodes) {
    BoundHit = "value bound";
    return E;
  }
  return E.simplify();
}

uint64_t Replay::z3Work() {
  z3::stats Statistics = Solver.statistics();
  for (unsigned I = 0; I < Statistics.size(); ++I)
    if (Statistics.key(I) == "rlimit count")
      return SolverWorkDone = Statistics.is_uint(I)
                                  ? Statistics.uint_value(I)
                                  : static_cast<uint64_t>(Statistics.double_value(I));
  return SolverWorkDone;
}

/// One solver query under a resource limit, no more than what is left of the replay's: a query
/// the solver cannot answer within it counts as unsatisfiable, and the exploration as not
/// exhaustive. Setting the solver's parameters costs more than most queries, and what is left
/// shrinks with each query: once it is below the query's limit, the limit is set to half of it,
/// and set again only when what is left falls below that (a few dozen times a replay, not once
/// a query).
z3::check_result Replay::check(std::optional<unsigned> Resource) {
  uint64_t Left = Limits.SolverWork > SolverWorkDone ? Limits.SolverWork - SolverWorkDone : 1;
  uint64_t Wanted = Resource.value_or(Limits.SolverResource);
  bool Fits = Left >= Wanted ? SolverLimit == Wanted : SolverLimit && *SolverLimit <= Left;
  if (!Fits) {
    unsigned Limit =
        static_cast<unsigned>(Left >= Wanted ? Wanted : std::max<uint64_t>(Left / 2, 1));
    z3::params Params(Z);
    Params.set("rlimit", Limit);
    Solver.set(Params);
    SolverLimit = Limit;
  }
  z3::check_result R = Solver.check();
  z3Work();
  if (R == z3::unknown)
    SolverGaveUp = true;
  return R;
}

bool Replay::feasible(const z3::expr &Condition) {
  Solver.push();
  Solver.add(Condition);
  bool Sat = check() == z3::sat;
  if (Sat)
    CheckedModel = Solver.get_model();
  Solver.pop();
  return Sat;
}

/// A symbolic address takes one value the path allows (the others are not explored): its value
/// in the model of the path that branches and earlier addresses keep, or in a new one. A query
/// and a model for every store through a symbolic pointer were most of a replay's time.
uint64_t Replay::concretize(const z3::expr &E) {
  if (auto V = concrete(E))
    return *V;
  if (!LastModel && check() == z3::sat)
    LastModel = Solver.get_model();
  uint64_t V = 0;
  if (LastModel)
    LastModel->eval(E, true).is_numeral_u64(V);
  constrain(E == bv(V, E.get_sort().bv_size()));
  return V;
}

/// Whether the path allows True, and !True. A model of the path that already decides the
/// condition answers one of the two checks.
std::pair<bool, bool> Replay::feasibleSides(const z3::expr &True) {
  if (LastModel && LastModel->eval(True, true).is_true())
    return {true, feasible(!True)};
  if (LastModel && LastModel->eval(True, true).is_false()) {
    bool CanTrue = feasible(True);
    if (CanTrue)
      LastModel = CheckedModel; // stays a model once True is added
    return {CanTrue, true};
  }
  bool CanTrue = feasible(True);
  if (CanTrue)
    LastModel = CheckedModel;
  return {CanTrue, feasible(!True)};
}

std::optional<bool> Replay::decide(const z3::expr &Condition, std::optional<bool> Bounded,
                                   bool Quiet) {
  if (auto V = concrete(Condition))
    return *V != 0;
  z3::expr True = Condition == bv(1, 1);
  // The same condition decided before on this path (another thread's `mode == 1`).
  if (St->Asserted.count(True.id()))
    return true;
  if (St->Asserted.count((!True).id()))
    return false;
  // Where the path will not fork, the side a model of the path takes is the path: no check.
  bool CanFork = Worklist.size() + Result.PathsExplored < Limits.Paths;
  if ((!CanFork || Quiet) && !Bounded && LastModel) {
    z3::expr Side = LastModel->eval(True, true);
    if (Side.is_true() || Side.is_false()) {
      if (Quiet)
        QuietSideSkipped = true;
      else if (BoundHit.empty())
        BoundHit = "path bound";
      constrain(Side.is_true() ? True : !True);
      return Side.is_true();
    }
  }
  auto [CanTrue, CanFalse] = feasibleSides(True);
  if (CanTrue && CanFalse && Bounded) {
    // Past the loop bound the loop is left; longer trips are not explored.
    LoopBoundHit = true;
    LastModel.reset();
    constrain(*Bounded ? True : !True);
    return Bounded;
  }
  if (CanTrue && CanFalse) {
    // The other side is explored later: the copy re-executes this branch under !Condition.
    if (Quiet) {
      QuietSideSkipped = true;
    } else if (CanFork) {
      Worklist.push_back(*St);
      Worklist.back().Path.push_back(!True);
      Worklist.back().Asserted.insert((!True).id());
    } else {
      BoundHit = "path bound";
    }
    constrain(True);
    return true;
  }
  return CanTrue;
}

uint64_t Replay::globalAddress(ThreadId T, const GlobalVariable *GV) {
  // __shared__ variables (address space 3) have one instance per block.
  unsigned Instance = GV->getAddressSpace() == 3 ? Shape.blockOf(T) : 0;
  auto [It, Inserted] = St->Globals.try_emplace({GV, Instance}, 0);
  if (Inserted) {
    std::string Name = GV->getName().str();
    if (GV->getAddressSpace() == 3)
      Name += "[block " + std::to_string(Instance) + "]";
    uint64_t Size = DL.getTypeAllocSize(GV->getValueType()).getFixedValue();
    It->second = St->Mem.allocate(Name, Size);
    if (GV->hasInitializer() && !isa<UndefValue>(GV->getInitializer()))
      if (auto *CI = dyn_cast<ConstantInt>(GV->getInitializer()))
        St->Mem.store(It->second, bv(CI->getZExtValue(), CI->getBitWidth()));
  }
  return It->second;
}

z3::expr Replay::constant(ThreadId T, const Constant *C) {
  unsigned Bits = bitsOf(C->getType(), DL);
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return Z.bv_val(CI->getValue().getZExtValue(), Bits);
  if (auto *CF = dyn_cast<ConstantFP>(C))
    return Z.bv_val(CF->getValueAPF().bitcastToAPInt().getZExtValue(), Bits);
  if (auto *GV = dyn_cast<GlobalVariable>(C))
    return bv(globalAddress(T, GV), 64);
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    if (auto *GEP = dyn_cast<GEPOperator>(CE)) {
      APInt Offset(64, 0);
      if (GEP->accumulateConstantOffset(DL, Offset))
        return (eval(T, GEP->getPointerOperand()) + bv(Offset.getZExtValue(), 64)).simplify();
    }
    if (CE->isCast())
      return eval(T, CE->getOperand(0));
  }
  // null, undef, poison, zero initialisers, function addresses: zero.
  return bv(0, Bits ? Bits : 64);
}

z3::expr Replay::eval(ThreadId T, const Value *V) {
  if (auto *C = dyn_cast<Constant>(V))
    return constant(T, C);
  Frame &Fr = St->Threads[T].Stack.back();
  auto It = Fr.Values.find(V);
  if (It != Fr.Values.end())
    return It->second;
  // Not yet defined (a phi's incoming value on an unexplored edge): unconstrained.
  return Z.bv_const(("undef" + std::to_string(reinterpret_cast<uintptr_t>(V))).c_str(),
                    bitsOf(V->getType(), DL));
}

} // namespace coopcheck::model::executor::detail
