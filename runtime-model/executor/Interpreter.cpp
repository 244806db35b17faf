#include "runtime-model/executor/Interpreter.h"
#include "runtime-model/executor/Memory.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include <z3++.h>
#include <optional>
#include <set>
#include <unordered_map>

using namespace llvm;

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

namespace {

using ValueMap = std::unordered_map<const Value *, z3::expr>;

struct Frame {
  const Function *F = nullptr;
  const BasicBlock *Block = nullptr;
  const BasicBlock *Prev = nullptr;
  BasicBlock::const_iterator Next;
  ValueMap Values;
};

/// A call waiting for its collective to release, with its arguments evaluated at arrival.
struct PendingCall {
  const CallBase *Call;
  std::string Name;
  std::vector<z3::expr> Args;
};

struct ThreadContext {
  std::vector<Frame> Stack;
  std::optional<PendingCall> Pending;
  const Instruction *ExitPoint = nullptr;
  /// (block, incoming values) seen since the last store anywhere: a repeat means a spin.
  std::set<std::pair<const BasicBlock *, size_t>> LoopStates;
  bool Spins = false;
  bool ReadClock = false;               ///< in the current trip of a loop
  std::set<uint64_t> Polled;            ///< addresses loaded in the current trip
  std::map<const Instruction *, unsigned> SymbolicVisits;
};

struct GridState {
  explicit GridState(z3::context &Z, const LaunchShape &Shape, Semantics Model)
      : Mem(Z), Tracker(Shape, Model) {}
  Memory Mem;
  CollectiveTracker Tracker;
  std::vector<ThreadContext> Threads;
  std::vector<z3::expr> Path;
  std::set<unsigned> Asserted; ///< ids of the constraints in Path
  std::map<std::pair<const GlobalVariable *, unsigned>, uint64_t> Globals;
  /// Spinning threads by the addresses their loop reads: a store there wakes them.
  std::multimap<uint64_t, ThreadId> Pollers;
  uint64_t Clock = 1;
  uint64_t Steps = 0;
};

/// Unmodelled: something the executor cannot replay (an indirect call, a tile size the runtime
/// rejects); the path ends without a verdict.
enum class StepResult { Continue, Blocked, Exited, Trapped, Yield, Unmodelled };

unsigned bitsOf(const Type *T, const DataLayout &DL) {
  if (T->isPointerTy())
    return 64;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  return static_cast<unsigned>(DL.getTypeSizeInBits(const_cast<Type *>(T)).getFixedValue());
}

bool isModelFunction(const Function *F, const std::string &ModelDir) {
  if (F->getName().starts_with("__cgm_") || F->getName().starts_with("llvm."))
    return true;
  const DISubprogram *SP = F->getSubprogram();
  if (!SP)
    return false;
  std::string Path = (SP->getDirectory() + "/" + SP->getFilename()).str();
  return !ModelDir.empty() && Path.find(ModelDir) != std::string::npos;
}

std::string baseName(StringRef Mangled) {
  std::string Demangled = llvm::demangle(Mangled.str());
  size_t Paren = Demangled.find('(');
  std::string Name = Demangled.substr(0, Paren);
  size_t Space = Name.rfind(' ');
  return Space == std::string::npos ? Name : Name.substr(Space + 1);
}

class Explorer {
public:
  Explorer(const Function &Kernel, const LaunchShape &Shape, Semantics Model, const Bounds &Limits,
           const KnownArguments &Known, std::string ModelDir)
      : Solver(Z), Kernel(Kernel), Shape(Shape), Model(Model), Limits(Limits), Known(Known),
        DL(Kernel.getParent()->getDataLayout()), ModelDir(std::move(ModelDir)) {}

  ExplorationResult run();

private:
  // ---- values ----
  z3::expr bv(uint64_t V, unsigned Bits) { return Z.bv_val(static_cast<uint64_t>(V), Bits); }
  z3::expr eval(ThreadId T, const Value *V);
  z3::expr constant(ThreadId T, const Constant *C);
  std::optional<uint64_t> concrete(const z3::expr &E);
  uint64_t concretize(const z3::expr &E);
  bool feasible(const z3::expr &Condition);
  void constrain(const z3::expr &Condition);
  void switchTo(GridState &&Next);
  /// The branch a thread takes; forks the grid when both sides are feasible.
  std::optional<bool> decide(const z3::expr &Condition, std::optional<bool> Bounded = {});
  uint64_t globalAddress(ThreadId T, const GlobalVariable *GV);

  // ---- execution ----
  StepResult step(ThreadId T);
  StepResult execute(ThreadId T, Frame &Fr, const Instruction &I);
  void enterBlock(ThreadId T, Frame &Fr, const BasicBlock *To);
  void noteLoopState(ThreadId T, const Frame &Fr);
  StepResult call(ThreadId T, Frame &Fr, const CallBase &Call);
  StepResult callModel(ThreadId T, Frame &Fr, const CallBase &Call, const std::string &Name);
  StepResult arrive(ThreadId T, const CallBase &Call, const std::string &Name, const Arrival &A);
  static bool validTileSize(uint64_t Size) { return Size && Size <= 1024 && !(Size & (Size - 1)); }
  StepResult unsupportedTile(uint64_t Size) {
    Unmodelled = "a tile of " + std::to_string(Size) + " threads, which the runtime rejects";
    return StepResult::Unmodelled;
  }
  StepResult returnFrom(ThreadId T, std::optional<z3::expr> Result);
  void set(Frame &Fr, const Value *V, z3::expr E) { Fr.Values.insert_or_assign(V, E); }
  /// Every store goes through here: it wakes the threads polling that address.
  void store(uint64_t Address, const z3::expr &Value);
  z3::expr load(ThreadId T, uint64_t Address, unsigned Bits);
  bool addressable(uint64_t Address, unsigned Bytes);
  void advance(Frame &Fr) { ++Fr.Next; }
  StepResult runThread(ThreadId T);
  void completeRelease(const Release &R);
  z3::expr collectiveResult(ThreadId T, const PendingCall &P, const Release &R);
  unsigned siteOf(ThreadId T);
  SourcePoint pointOf(const Instruction *I) const;
  PathResult finishPath(Outcome O, std::string Reason);
  PathResult runPath();

  z3::context Z;
  z3::solver Solver;
  const Function &Kernel;
  LaunchShape Shape;
  Semantics Model;
  Bounds Limits;
  KnownArguments Known;
  const DataLayout &DL;
  std::string ModelDir;
  std::vector<GridState> Worklist;
  std::optional<GridState> St;
  std::vector<const Instruction *> Sites;
  ExplorationResult Result;
  std::chrono::steady_clock::time_point Start;
  std::string BoundHit;
  std::string Unmodelled;
  std::vector<std::pair<std::string, z3::expr>> Parameters; ///< scalar kernel arguments
  bool LoopBoundHit = false;
  std::optional<z3::model> LastModel, CheckedModel;
};

std::optional<uint64_t> Explorer::concrete(const z3::expr &E) {
  uint64_t V;
  if (E.is_numeral_u64(V))
    return V;
  z3::expr S = E.simplify();
  if (S.is_numeral_u64(V))
    return V;
  return std::nullopt;
}

// The solver holds the current path's constraints: checks push one more on top of them.
void Explorer::constrain(const z3::expr &Condition) {
  St->Path.push_back(Condition);
  St->Asserted.insert(Condition.id());
  Solver.add(Condition);
}

void Explorer::switchTo(GridState &&Next) {
  St.emplace(std::move(Next));
  LastModel.reset();
  Solver.reset();
  for (const z3::expr &C : St->Path)
    Solver.add(C);
}

bool Explorer::feasible(const z3::expr &Condition) {
  Solver.push();
  Solver.add(Condition);
  bool Sat = Solver.check() == z3::sat;
  if (Sat)
    CheckedModel = Solver.get_model();
  Solver.pop();
  return Sat;
}

/// A symbolic address takes one value the path allows (the others are not explored).
uint64_t Explorer::concretize(const z3::expr &E) {
  if (auto V = concrete(E))
    return *V;
  uint64_t V = 0;
  if (Solver.check() == z3::sat) {
    LastModel = Solver.get_model();
    LastModel->eval(E, true).is_numeral_u64(V);
  }
  constrain(E == bv(V, E.get_sort().bv_size()));
  return V;
}

std::optional<bool> Explorer::decide(const z3::expr &Condition, std::optional<bool> Bounded) {
  if (auto V = concrete(Condition))
    return *V != 0;
  z3::expr True = Condition == bv(1, 1);
  // The same condition decided before on this path (another thread's `mode == 1`).
  if (St->Asserted.count(True.id()))
    return true;
  if (St->Asserted.count((!True).id()))
    return false;
  // A model of the path that already decides the condition answers one of the two checks.
  bool CanTrue, CanFalse;
  if (LastModel && LastModel->eval(True, true).is_true()) {
    CanTrue = true;
    CanFalse = feasible(!True);
  } else if (LastModel && LastModel->eval(True, true).is_false()) {
    CanFalse = true;
    CanTrue = feasible(True);
    if (CanTrue)
      LastModel = CheckedModel; // stays a model once True is added below
  } else {
    CanTrue = feasible(True);
    if (CanTrue)
      LastModel = CheckedModel;
    CanFalse = feasible(!True);
  }
  if (CanTrue && CanFalse && Bounded) {
    // Past the loop bound the loop is left; longer trips are not explored.
    LoopBoundHit = true;
    LastModel.reset();
    constrain(*Bounded ? True : !True);
    return *Bounded;
  }
  if (CanTrue && CanFalse) {
    // The other side is explored later: the copy re-executes this branch under !Condition.
    if (Worklist.size() + Result.PathsExplored < Limits.Paths) {
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

uint64_t Explorer::globalAddress(ThreadId T, const GlobalVariable *GV) {
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

z3::expr Explorer::constant(ThreadId T, const Constant *C) {
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

z3::expr Explorer::eval(ThreadId T, const Value *V) {
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

z3::expr integerOp(unsigned Opcode, const z3::expr &A, const z3::expr &B) {
  switch (Opcode) {
  case Instruction::Add: return A + B;
  case Instruction::Sub: return A - B;
  case Instruction::Mul: return A * B;
  case Instruction::UDiv: return z3::udiv(A, B);
  case Instruction::SDiv: return A / B;
  case Instruction::URem: return z3::urem(A, B);
  case Instruction::SRem: return z3::srem(A, B);
  case Instruction::Shl: return z3::shl(A, B);
  case Instruction::LShr: return z3::lshr(A, B);
  case Instruction::AShr: return z3::ashr(A, B);
  case Instruction::And: return A & B;
  case Instruction::Or: return A | B;
  case Instruction::Xor: return A ^ B;
  }
  return A;
}

/// Integer operations on known values are computed here: most of a kernel's arithmetic is on
/// thread indices, and building solver terms for it dominates the run time otherwise.
std::optional<APInt> foldInteger(unsigned Opcode, const APInt &A, const APInt &B) {
  bool DivByZero = B.isZero();
  switch (Opcode) {
  case Instruction::Add: return A + B;
  case Instruction::Sub: return A - B;
  case Instruction::Mul: return A * B;
  case Instruction::UDiv: return DivByZero ? std::nullopt : std::optional<APInt>(A.udiv(B));
  case Instruction::SDiv: return DivByZero ? std::nullopt : std::optional<APInt>(A.sdiv(B));
  case Instruction::URem: return DivByZero ? std::nullopt : std::optional<APInt>(A.urem(B));
  case Instruction::SRem: return DivByZero ? std::nullopt : std::optional<APInt>(A.srem(B));
  case Instruction::Shl: return A.shl(B.getLimitedValue(A.getBitWidth()));
  case Instruction::LShr: return A.lshr(B.getLimitedValue(A.getBitWidth()));
  case Instruction::AShr: return A.ashr(B.getLimitedValue(A.getBitWidth()));
  case Instruction::And: return A & B;
  case Instruction::Or: return A | B;
  case Instruction::Xor: return A ^ B;
  }
  return std::nullopt;
}

z3::expr compare(CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
  switch (P) {
  case CmpInst::ICMP_EQ: return A == B;
  case CmpInst::ICMP_NE: return A != B;
  case CmpInst::ICMP_UGT: return z3::ugt(A, B);
  case CmpInst::ICMP_UGE: return z3::uge(A, B);
  case CmpInst::ICMP_ULT: return z3::ult(A, B);
  case CmpInst::ICMP_ULE: return z3::ule(A, B);
  case CmpInst::ICMP_SGT: return A > B;
  case CmpInst::ICMP_SGE: return A >= B;
  case CmpInst::ICMP_SLT: return A < B;
  default: return A <= B; // ICMP_SLE
  }
}

double asDouble(uint64_t Bits, unsigned Width) {
  if (Width == 64) {
    double D;
    std::memcpy(&D, &Bits, 8);
    return D;
  }
  float F;
  uint32_t B32 = static_cast<uint32_t>(Bits);
  std::memcpy(&F, &B32, 4);
  return F;
}

uint64_t fromDouble(double D, unsigned Width) {
  if (Width == 64) {
    uint64_t B;
    std::memcpy(&B, &D, 8);
    return B;
  }
  float F = static_cast<float>(D);
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

std::optional<double> floatOp(unsigned Opcode, double A, double B) {
  switch (Opcode) {
  case Instruction::FAdd: return A + B;
  case Instruction::FSub: return A - B;
  case Instruction::FMul: return A * B;
  case Instruction::FDiv: return A / B;
  }
  return std::nullopt;
}

bool floatCompare(FCmpInst::Predicate P, double A, double B) {
  switch (P) {
  case FCmpInst::FCMP_OEQ: case FCmpInst::FCMP_UEQ: return A == B;
  case FCmpInst::FCMP_ONE: case FCmpInst::FCMP_UNE: return A != B;
  case FCmpInst::FCMP_OGT: case FCmpInst::FCMP_UGT: return A > B;
  case FCmpInst::FCMP_OGE: case FCmpInst::FCMP_UGE: return A >= B;
  case FCmpInst::FCMP_OLT: case FCmpInst::FCMP_ULT: return A < B;
  case FCmpInst::FCMP_OLE: case FCmpInst::FCMP_ULE: return A <= B;
  case FCmpInst::FCMP_TRUE: return true;
  default: return false;
  }
}

static z3::expr boolToBv(z3::context &Z, const z3::expr &B) {
  return z3::ite(B, Z.bv_val(1, 1), Z.bv_val(0, 1));
}

static z3::expr resize(const z3::expr &E, unsigned Bits, bool Signed) {
  unsigned Have = E.get_sort().bv_size();
  if (Have == Bits)
    return E;
  if (Have > Bits)
    return E.extract(Bits - 1, 0);
  return Signed ? z3::sext(E, Bits - Have) : z3::zext(E, Bits - Have);
}

StepResult Explorer::execute(ThreadId T, Frame &Fr, const Instruction &I) {
  unsigned Bits = I.getType()->isVoidTy() ? 0 : bitsOf(I.getType(), DL);
  auto Done = [&](z3::expr E) {
    set(Fr, &I, E.is_numeral() ? E : E.simplify());
    advance(Fr);
    return StepResult::Continue;
  };
  if (auto *B = dyn_cast<BinaryOperator>(&I)) {
    z3::expr A = eval(T, B->getOperand(0)), C = eval(T, B->getOperand(1));
    uint64_t KA, KC;
    if (!I.getType()->isFloatingPointTy() && Bits <= 64 && A.is_numeral_u64(KA) &&
        C.is_numeral_u64(KC))
      if (auto R = foldInteger(B->getOpcode(), APInt(Bits, KA), APInt(Bits, KC)))
        return Done(bv(R->getZExtValue(), Bits));
    if (!I.getType()->isFloatingPointTy())
      return Done(integerOp(B->getOpcode(), A, C));
    auto CA = concrete(A), CC = concrete(C);
    if (CA && CC)
      if (auto R = floatOp(B->getOpcode(), asDouble(*CA, Bits), asDouble(*CC, Bits)))
        return Done(bv(fromDouble(*R, Bits), Bits));
    return Done(Z.bv_const(("f" + std::to_string(St->Steps)).c_str(), Bits));
  }
  if (auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    z3::expr A = eval(T, Cmp->getOperand(0)), C = eval(T, Cmp->getOperand(1));
    unsigned W = A.get_sort().bv_size();
    uint64_t KA, KC;
    if (W <= 64 && A.is_numeral_u64(KA) && C.is_numeral_u64(KC))
      return Done(bv(ICmpInst::compare(APInt(W, KA), APInt(W, KC), Cmp->getPredicate()), 1));
    return Done(boolToBv(Z, compare(Cmp->getPredicate(), A, C)));
  }
  if (auto *Cmp = dyn_cast<FCmpInst>(&I)) {
    auto A = concrete(eval(T, Cmp->getOperand(0))), C = concrete(eval(T, Cmp->getOperand(1)));
    unsigned W = bitsOf(Cmp->getOperand(0)->getType(), DL);
    if (A && C)
      return Done(bv(floatCompare(Cmp->getPredicate(), asDouble(*A, W), asDouble(*C, W)), 1));
    return Done(Z.bv_const(("fcmp" + std::to_string(St->Steps)).c_str(), 1));
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I))
    return Done(z3::ite(eval(T, Sel->getCondition()) == bv(1, 1), eval(T, Sel->getTrueValue()),
                        eval(T, Sel->getFalseValue())));
  if (auto *Cast = dyn_cast<CastInst>(&I)) {
    z3::expr A = eval(T, Cast->getOperand(0));
    switch (Cast->getOpcode()) {
    case Instruction::SExt: return Done(resize(A, Bits, true));
    case Instruction::SIToFP:
      if (auto V = concrete(A))
        return Done(bv(fromDouble(static_cast<double>(static_cast<int64_t>(
                                      *V << (64 - A.get_sort().bv_size()) >>
                                      (64 - A.get_sort().bv_size()))),
                                  Bits),
                       Bits));
      return Done(Z.bv_const(("cvt" + std::to_string(St->Steps)).c_str(), Bits));
    case Instruction::UIToFP:
      if (auto V = concrete(A))
        return Done(bv(fromDouble(static_cast<double>(*V), Bits), Bits));
      return Done(Z.bv_const(("cvt" + std::to_string(St->Steps)).c_str(), Bits));
    case Instruction::FPToSI:
    case Instruction::FPToUI:
    case Instruction::FPExt:
    case Instruction::FPTrunc:
      if (auto V = concrete(A)) {
        double D = asDouble(*V, A.get_sort().bv_size());
        if (Cast->getOpcode() == Instruction::FPExt || Cast->getOpcode() == Instruction::FPTrunc)
          return Done(bv(fromDouble(D, Bits), Bits));
        return Done(bv(static_cast<uint64_t>(static_cast<int64_t>(D)), Bits));
      }
      return Done(Z.bv_const(("cvt" + std::to_string(St->Steps)).c_str(), Bits));
    default: return Done(resize(A, Bits, false)); // zext, trunc, bitcast, ptr<->int
    }
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    z3::expr Address = eval(T, GEP->getPointerOperand());
    uint64_t Known = 0;
    bool Concrete = Address.is_numeral_u64(Known);
    for (gep_type_iterator It = gep_type_begin(GEP), End = gep_type_end(GEP); It != End; ++It) {
      z3::expr Index = resize(eval(T, It.getOperand()), 64, true).simplify();
      uint64_t Offset = 0, Stride = 0;
      bool IndexKnown = Index.is_numeral_u64(Offset);
      if (StructType *S = It.getStructTypeOrNull())
        Offset = DL.getStructLayout(S)->getElementOffset(Offset);
      else
        Stride = It.getSequentialElementStride(DL).getFixedValue();
      if (Concrete && IndexKnown) {
        Known += Stride ? Offset * Stride : Offset;
        continue;
      }
      if (Concrete)
        Address = bv(Known, 64);
      Concrete = false;
      Address = Address + (Stride ? Index * bv(Stride, 64) : bv(Offset, 64));
    }
    return Done(Concrete ? bv(Known, 64) : Address);
  }
  if (auto *Alloca = dyn_cast<AllocaInst>(&I)) {
    uint64_t Size = DL.getTypeAllocSize(Alloca->getAllocatedType()).getFixedValue();
    return Done(bv(St->Mem.allocate("local of thread " + std::to_string(T), Size), 64));
  }
  if (auto *Load = dyn_cast<LoadInst>(&I)) {
    return Done(load(T, concretize(eval(T, Load->getPointerOperand())), Bits));
  }
  if (auto *Store = dyn_cast<StoreInst>(&I)) {
    store(concretize(eval(T, Store->getPointerOperand())),
                  eval(T, Store->getValueOperand()));
    advance(Fr);
    return StepResult::Continue;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    uint64_t Address = concretize(eval(T, RMW->getPointerOperand()));
    z3::expr Old = load(T, Address, Bits), V = eval(T, RMW->getValOperand());
    std::optional<z3::expr> New;
    switch (RMW->getOperation()) {
    case AtomicRMWInst::Xchg: New = V; break;
    case AtomicRMWInst::Add: New = Old + V; break;
    case AtomicRMWInst::Sub: New = Old - V; break;
    case AtomicRMWInst::And: New = Old & V; break;
    case AtomicRMWInst::Or: New = Old | V; break;
    case AtomicRMWInst::Xor: New = Old ^ V; break;
    case AtomicRMWInst::Max: New = z3::ite(Old > V, Old, V); break;
    case AtomicRMWInst::Min: New = z3::ite(Old < V, Old, V); break;
    case AtomicRMWInst::UMax: New = z3::ite(z3::ugt(Old, V), Old, V); break;
    case AtomicRMWInst::UMin: New = z3::ite(z3::ult(Old, V), Old, V); break;
    default: New = Z.bv_const(("atomic" + std::to_string(St->Steps)).c_str(), Bits); break;
    }
    store(Address, New->simplify());
    return Done(Old);
  }
  if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I)) {
    uint64_t Address = concretize(eval(T, CAS->getPointerOperand()));
    unsigned W = bitsOf(CAS->getCompareOperand()->getType(), DL);
    z3::expr Old = load(T, Address, W);
    z3::expr Swap = Old == eval(T, CAS->getCompareOperand());
    store(Address, z3::ite(Swap, eval(T, CAS->getNewValOperand()), Old).simplify());
    return Done(z3::concat(boolToBv(Z, Swap), Old)); // {old, success} as one value: see extractvalue
  }
  if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
    z3::expr Aggregate = eval(T, EV->getAggregateOperand());
    uint64_t Offset = 0;
    Type *Ty = EV->getAggregateOperand()->getType();
    for (unsigned Index : EV->getIndices()) {
      if (auto *S = dyn_cast<StructType>(Ty)) {
        Offset += DL.getStructLayout(S)->getElementOffsetInBits(Index);
        Ty = S->getElementType(Index);
      } else {
        Ty = Ty->getArrayElementType();
        Offset += Index * DL.getTypeAllocSizeInBits(Ty).getFixedValue();
      }
    }
    if (isa<AtomicCmpXchgInst>(EV->getAggregateOperand())) // {old, success}: see cmpxchg above
      Offset = EV->getIndices()[0] == 0 ? 0 : Aggregate.get_sort().bv_size() - 1;
    return Done(Aggregate.extract(Offset + Bits - 1, Offset));
  }
  if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
    // Aggregates are one bit vector laid out as in memory.
    unsigned Total = bitsOf(IV->getType(), DL);
    z3::expr Aggregate = isa<UndefValue>(IV->getAggregateOperand())
                             ? bv(0, Total)
                             : eval(T, IV->getAggregateOperand());
    auto *S = dyn_cast<StructType>(IV->getType());
    if (!S || IV->getNumIndices() != 1)
      return Done(Aggregate);
    unsigned Offset = DL.getStructLayout(S)->getElementOffsetInBits(IV->getIndices()[0]);
    z3::expr Field = eval(T, IV->getInsertedValueOperand());
    unsigned W = Field.get_sort().bv_size();
    z3::expr Mask = ~z3::shl(resize(bv(~0ull, W), Total, false), bv(Offset, Total));
    return Done((Aggregate & Mask) | z3::shl(resize(Field, Total, false), bv(Offset, Total)));
  }
  if (isa<FreezeInst>(&I))
    return Done(eval(T, I.getOperand(0)));
  if (auto *Br = dyn_cast<BranchInst>(&I)) {
    if (Br->isUnconditional()) {
      enterBlock(T, Fr, Br->getSuccessor(0));
      return StepResult::Continue;
    }
    // A branch decided by inputs again and again is a loop on them: past the bound, take the
    // successor laid out later, which leaves the loop.
    unsigned &Visits = St->Threads[T].SymbolicVisits[Br];
    std::optional<bool> Bounded;
    z3::expr Condition = eval(T, Br->getCondition());
    if (!concrete(Condition) && ++Visits > Limits.LoopBound)
      Bounded = Br->getSuccessor(0)->getNumber() > Br->getSuccessor(1)->getNumber();
    std::optional<bool> Taken = decide(Condition, Bounded);
    enterBlock(T, Fr, Br->getSuccessor(*Taken ? 0 : 1));
    return StepResult::Continue;
  }
  if (auto *Sw = dyn_cast<SwitchInst>(&I)) {
    z3::expr V = eval(T, Sw->getCondition());
    for (auto Case : Sw->cases())
      if (*decide(boolToBv(Z, V == constant(T, Case.getCaseValue())))) {
        enterBlock(T, Fr, Case.getCaseSuccessor());
        return StepResult::Continue;
      }
    enterBlock(T, Fr, Sw->getDefaultDest());
    return StepResult::Continue;
  }
  if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
    std::optional<z3::expr> V;
    if (Ret->getReturnValue())
      V = eval(T, Ret->getReturnValue());
    return returnFrom(T, V);
  }
  if (isa<UnreachableInst>(&I))
    return StepResult::Trapped;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return call(T, Fr, *Call);
  // Anything else (vector operations, landing pads): its value is unconstrained.
  if (Bits)
    return Done(Z.bv_const(("unmodelled" + std::to_string(St->Steps)).c_str(), Bits));
  advance(Fr);
  return StepResult::Continue;
}

/// Phis read the values of the edge taken, all at once. A loop whose header is entered again with
/// every phi of the function unchanged and no store or clock read since repeats forever: the
/// thread spins on memory.
void Explorer::enterBlock(ThreadId T, Frame &Fr, const BasicBlock *To) {
  std::vector<std::pair<const PHINode *, z3::expr>> Incoming;
  for (const PHINode &Phi : To->phis())
    Incoming.emplace_back(&Phi, eval(T, Phi.getIncomingValueForBlock(Fr.Block)));
  for (auto &[Phi, V] : Incoming)
    set(Fr, Phi, V);
  // Clang lays out a loop header before the blocks of its body.
  bool BackEdge = Fr.Block && To->getNumber() <= Fr.Block->getNumber();
  Fr.Prev = Fr.Block;
  Fr.Block = To;
  Fr.Next = To->getFirstNonPHIIt();
  if (BackEdge)
    noteLoopState(T, Fr);
}

/// An address outside every buffer (a null or dangling pointer, an index past a __shared__ array)
/// ends the path without a verdict: memory errors are not what the executor checks.
bool Explorer::addressable(uint64_t Address, unsigned Bytes) {
  const Buffer *B = St->Mem.bufferAt(Address);
  if (B && (!B->Size || Address - B->Base + Bytes <= B->Size))
    return true;
  Unmodelled = "an access outside every buffer";
  return false;
}

void Explorer::store(uint64_t Address, const z3::expr &Value) {
  if (!addressable(Address, (Value.get_sort().bv_size() + 7) / 8))
    return;
  St->Mem.store(Address, Value);
  auto [Begin, End] = St->Pollers.equal_range(Address);
  for (auto It = Begin; It != End; ++It) {
    St->Tracker.wake(It->second);
    St->Threads[It->second].LoopStates.clear();
  }
  St->Pollers.erase(Begin, End);
}

z3::expr Explorer::load(ThreadId T, uint64_t Address, unsigned Bits) {
  if (!addressable(Address, (Bits + 7) / 8))
    return bv(0, Bits);
  St->Threads[T].Polled.insert(Address);
  return St->Mem.load(Address, Bits);
}

/// A trip that only read the clock is a delay loop, which ends by itself. A trip that read memory
/// polls it: with a timeout too, it waits for another thread, and the timeout only hides a hang
/// (gpu-probes P2b, P13b: every waiter timed out).
void Explorer::noteLoopState(ThreadId T, const Frame &Fr) {
  ThreadContext &Th = St->Threads[T];
  bool Delay = Th.ReadClock && Th.Polled.empty();
  Th.ReadClock = false;
  if (Delay)
    Th.LoopStates.clear();
  size_t Hash = std::hash<const void *>()(Fr.Block) + Th.Stack.size();
  for (auto &[V, E] : Fr.Values)
    if (isa<PHINode>(V))
      Hash ^= std::hash<const void *>()(V) * 31 + E.hash();
  if (!Th.LoopStates.insert({Fr.Block, Hash}).second)
    Th.Spins = true;
  else
    Th.Polled.clear();
}

StepResult Explorer::call(ThreadId T, Frame &Fr, const CallBase &Call) {
  if (auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand())) {
    StringRef Text = Asm->getAsmString();
    bool Clock = Text.contains("globaltimer") || Text.contains("clock");
    return callModel(T, Fr, Call, Clock ? "llvm.nvvm.read.ptx.sreg.clock64" : "inline asm");
  }
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    if (auto *F = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts()))
      Callee = F;
  if (!Callee) {
    Unmodelled = "an indirect call";
    return StepResult::Unmodelled;
  }
  if (!Callee->isDeclaration()) {
    Frame Inner;
    Inner.F = Callee;
    unsigned Index = 0;
    for (const Argument &A : Callee->args())
      Inner.Values.insert_or_assign(&A, eval(T, Call.getArgOperand(Index++)));
    Inner.Block = &Callee->getEntryBlock();
    Inner.Next = Inner.Block->begin();
    St->Threads[T].Stack.push_back(std::move(Inner));
    return StepResult::Continue;
  }
  std::string Name = Callee->getName().starts_with("_Z") ? baseName(Callee->getName())
                                                         : Callee->getName().str();
  return callModel(T, Fr, Call, Name);
}

StepResult Explorer::returnFrom(ThreadId T, std::optional<z3::expr> Result) {
  ThreadContext &Th = St->Threads[T];
  // Where the thread left: the `return` that branched here, if one did.
  const Frame &Top = Th.Stack.back();
  Th.ExitPoint = Top.Prev && Top.Prev->getTerminator()->getDebugLoc()
                     ? Top.Prev->getTerminator()
                     : &*Top.Next;
  Th.Stack.pop_back();
  if (Th.Stack.empty())
    return StepResult::Exited;
  Frame &Caller = Th.Stack.back();
  if (Result)
    set(Caller, &*Caller.Next, *Result);
  advance(Caller);
  return StepResult::Continue;
}

/// The user's call that led here: model headers implement collectives in their own functions.
unsigned Explorer::siteOf(ThreadId T) {
  const std::vector<Frame> &Stack = St->Threads[T].Stack;
  const Instruction *Site = &*Stack.back().Next;
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
    if (!isModelFunction(It->F, ModelDir)) {
      Site = &*It->Next;
      break;
    }
  for (unsigned I = 0; I < Sites.size(); ++I)
    if (Sites[I] == Site)
      return I;
  Sites.push_back(Site);
  return Sites.size() - 1;
}

StepResult Explorer::arrive(ThreadId T, const CallBase &Call, const std::string &Name,
                            const Arrival &A) {
  PendingCall P{&Call, Name, {}};
  for (const Use &U : Call.args())
    P.Args.push_back(eval(T, U.get()));
  Arrival Site = A;
  Site.Site = siteOf(T);
  if (!St->Tracker.arrive(T, Site))
    return StepResult::Trapped;
  St->Threads[T].Pending = std::move(P);
  return StepResult::Blocked;
}

/// Warp intrinsics by name: the operation and the argument holding the mask (-1: the legacy
/// mask-less forms, which name the whole warp).
std::optional<std::pair<CollectiveOp, int>> warpIntrinsic(StringRef Name) {
  using R = std::optional<std::pair<CollectiveOp, int>>;
  if (Name.starts_with("__reduce_") && Name.ends_with("_sync"))
    return R({CollectiveOp::Reduce, 0});
  return StringSwitch<R>(Name)
      .Cases({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"},
             R({CollectiveOp::Shuffle, 0}))
      .Cases({"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"}, R({CollectiveOp::Shuffle, -1}))
      .Cases({"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync"},
             R({CollectiveOp::Vote, 0}))
      .Cases({"__ballot", "__any", "__all"}, R({CollectiveOp::Vote, -1}))
      .Cases({"__match_any_sync", "__match_all_sync"}, R({CollectiveOp::Match, 0}))
      .Case("__syncwarp", R({CollectiveOp::WarpBarrier, 0}))
      .Default(std::nullopt);
}

/// Group operations of the model (__cgm_tile_*, __cgm_coalesced_*) by operation name.
std::optional<CollectiveOp> groupOperation(StringRef Op) {
  if (Op == "sync")
    return CollectiveOp::WarpBarrier;
  if (Op.starts_with("shfl"))
    return CollectiveOp::Shuffle;
  if (Op == "any" || Op == "all" || Op == "ballot")
    return CollectiveOp::Vote;
  if (Op.starts_with("match"))
    return CollectiveOp::Match;
  if (Op == "reduce" || Op.ends_with("_scan"))
    return CollectiveOp::Reduce;
  return std::nullopt;
}

StringRef dropWidth(StringRef Op) {
  if (Op.ends_with("_u32") || Op.ends_with("_u64"))
    return Op.drop_back(4);
  return Op;
}

StepResult Explorer::callModel(ThreadId T, Frame &Fr, const CallBase &Call,
                               const std::string &Name) {
  unsigned Bits = Call.getType()->isVoidTy() ? 0 : bitsOf(Call.getType(), DL);
  auto Arg = [&](unsigned I) { return eval(T, Call.getArgOperand(I)); };
  auto ConcreteArg = [&](unsigned I) { return concretize(Arg(I)); };
  auto Result = [&](uint64_t V) {
    if (Bits)
      set(Fr, &Call, bv(V, Bits));
    advance(Fr);
    return StepResult::Continue;
  };
  StringRef N(Name);
  Dim3 Tid = Shape.threadIdx(T), Ctaid = Shape.blockIdx(T);
  auto Axis = [&](const Dim3 &D) { return N.back() == 'x' ? D.X : N.back() == 'y' ? D.Y : D.Z; };
  if (N.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    StringRef Reg = N.drop_front(strlen("llvm.nvvm.read.ptx.sreg."));
    if (Reg.starts_with("tid."))
      return Result(Axis(Tid));
    if (Reg.starts_with("ntid."))
      return Result(Axis(Shape.Block));
    if (Reg.starts_with("ctaid."))
      return Result(Axis(Ctaid));
    if (Reg.starts_with("nctaid."))
      return Result(Axis(Shape.Grid));
    if (Reg == "warpsize")
      return Result(Shape.WarpSize);
    if (Reg == "laneid")
      return Result(Shape.laneOf(T));
    // Clocks advance fast, so that delay loops end after a few trips.
    St->Clock += 1ull << 24;
    St->Threads[T].ReadClock = true;
    return Result(St->Clock);
  }
  if (N.starts_with("llvm.nvvm.barrier") || N == "__syncthreads" || N == "__cgm_block_sync")
    return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
  if (N.starts_with("__syncthreads_"))
    return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
  if (N == "llvm.trap" || N == "__trap" || N == "abort")
    return StepResult::Trapped;
  if (N == "__cgm_grid_sync")
    return arrive(T, Call, Name, {CollectiveOp::GridBarrier});
  if (N == "__cgm_multi_grid_sync")
    return arrive(T, Call, Name, {CollectiveOp::MultiGridBarrier});
  if (N == "__cgm_grid_is_valid")
    return Result(Shape.Cooperation != LaunchCooperation::Standard);
  if (N == "__cgm_multi_grid_is_valid")
    return Result(Shape.Cooperation == LaunchCooperation::MultiDevice);
  if (N == "__cgm_grid_thread_rank")
    return Result(T);
  if (N == "__cgm_grid_num_threads")
    return Result(Shape.threads());
  if (N == "__cgm_grid_block_rank")
    return Result(Shape.blockOf(T));
  if (N == "__cgm_grid_num_blocks")
    return Result(Shape.blocks());
  if (N == "__cgm_block_thread_rank")
    return Result(Shape.rankInBlock(T));
  if (N == "__cgm_block_num_threads")
    return Result(Shape.threadsPerBlock());
  if (N == "__activemask" || N == "__cgm_coalesced_threads")
    return arrive(T, Call, Name, {CollectiveOp::ActiveLanes});
  if (N == "__cgm_tiled_partition") {
    uint64_t ParentSize = ConcreteArg(1), TileSize = ConcreteArg(3);
    if (!validTileSize(TileSize) || (ParentSize && !validTileSize(ParentSize)))
      return unsupportedTile(TileSize);
    unsigned Rank = Shape.rankInBlock(T) % (ParentSize ? ParentSize : Shape.threadsPerBlock());
    unsigned ParentThreads = ParentSize ? ParentSize : Shape.threadsPerBlock();
    uint64_t Mask = 0;
    if (TileSize <= Shape.WarpSize) {
      unsigned Base = Shape.laneOf(T) / TileSize * TileSize;
      Mask = (TileSize == 64 ? ~0ull : ((1ull << TileSize) - 1)) << Base;
    }
    // {mask, meta_rank, meta_size} as laid out in memory.
    z3::expr Info = z3::concat(bv((ParentThreads + TileSize - 1) / TileSize, 32),
                               z3::concat(bv(Rank / TileSize, 32), bv(Mask, 64)));
    set(Fr, &Call, resize(Info, Bits, false));
    advance(Fr);
    return StepResult::Continue;
  }
  if (auto Warp = warpIntrinsic(N)) {
    uint64_t Full = Shape.WarpSize == 64 ? ~0ull : 0xffffffffull;
    uint64_t Mask = Warp->second < 0 || Call.arg_size() == 0 ? Full : ConcreteArg(Warp->second);
    return arrive(T, Call, Name, {Warp->first, 0, Mask});
  }
  if (N.starts_with("__cgm_tile_") || N.starts_with("__cgm_coalesced_")) {
    bool Tile = N.starts_with("__cgm_tile_");
    StringRef Op = dropWidth(N.drop_front(Tile ? strlen("__cgm_tile_") : strlen("__cgm_coalesced_")));
    uint64_t TileSize = Tile ? ConcreteArg(0) : 0;
    if (Tile && !validTileSize(TileSize))
      return unsupportedTile(TileSize);
    uint64_t Mask = ConcreteArg(Tile ? 1 : 0);
    if (Op == "thread_rank") {
      if (Tile)
        return Result(Shape.rankInBlock(T) % TileSize);
      return Result(llvm::popcount(Mask & ((1ull << Shape.laneOf(T)) - 1)));
    }
    if (Op == "num_threads")
      return Result(llvm::popcount(Mask));
    if (Op == "elect")
      return Result(Tile ? Shape.rankInBlock(T) % TileSize == 0
                         : Shape.laneOf(T) == static_cast<unsigned>(llvm::countr_zero(Mask)));
    if (auto Collective = groupOperation(Op)) {
      if (Tile && TileSize > Shape.WarpSize && *Collective == CollectiveOp::WarpBarrier)
        return arrive(T, Call, Name, {CollectiveOp::TileBarrier, 0, 0, (unsigned)TileSize});
      return arrive(T, Call, Name, {*Collective, 0, Mask});
    }
  }
  if (N.starts_with("__cgm_group_")) {
    StringRef Op = N.drop_front(strlen("__cgm_group_"));
    uint64_t Kind = ConcreteArg(0), TileSize = ConcreteArg(1), Mask = ConcreteArg(2);
    if (Kind == 5 && !validTileSize(TileSize))
      return unsupportedTile(TileSize);
    if (Op == "sync" || Op == "wait" || Op == "wait_prior") {
      if (Kind == 3)
        return arrive(T, Call, Name, {CollectiveOp::GridBarrier});
      if (Kind == 4)
        return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
      if (Kind == 2)
        return arrive(T, Call, Name, {CollectiveOp::MultiGridBarrier});
      if (Kind == 5 && TileSize > Shape.WarpSize)
        return arrive(T, Call, Name, {CollectiveOp::TileBarrier, 0, 0, (unsigned)TileSize});
      return arrive(T, Call, Name, {CollectiveOp::WarpBarrier, 0, Mask});
    }
    if (Op == "memcpy_async") {
      // The copy is done at once; its completion is what wait() orders.
      uint64_t Dst = ConcreteArg(3), Src = ConcreteArg(4), Bytes = ConcreteArg(5);
      for (uint64_t I = 0; I < Bytes; ++I)
        store(Dst + I, load(T, Src + I, 8));
      return Result(0);
    }
  }
  if (N.starts_with("__cgm_this_") || N.starts_with("llvm.dbg.") ||
      N.starts_with("llvm.lifetime.") || N == "llvm.assume" || N == "vprintf" || N == "printf")
    return Result(0);
  if (N.starts_with("llvm.memcpy") || N.starts_with("llvm.memmove") ||
      N.starts_with("llvm.memset")) {
    uint64_t Dst = ConcreteArg(0), Bytes = ConcreteArg(2);
    bool Set = N.starts_with("llvm.memset");
    z3::expr Fill = Set ? resize(Arg(1), 8, false) : bv(0, 8);
    uint64_t Src = Set ? 0 : ConcreteArg(1);
    for (uint64_t I = 0; I < Bytes && I < (1u << 16); ++I)
      store(Dst + I, Set ? Fill : load(T, Src + I, 8));
    return Result(0);
  }
  if (N.contains("Atomic")) {
    uint64_t Address = ConcreteArg(0);
    z3::expr Old = load(T, Address, Bits), V = Arg(1);
    z3::expr New = N.contains("Add") ? Old + V
                   : N.contains("Exch") ? V
                   : N.contains("CAS") ? z3::ite(Old == V, Arg(2), Old)
                   : N.contains("And") ? (Old & V)
                   : N.contains("Or") ? (Old | V)
                   : N.contains("Xor") ? (Old ^ V)
                   : N.contains("Max") ? z3::ite(Old > V, Old, V)
                   : N.contains("Min") ? z3::ite(Old < V, Old, V)
                                        : Z.bv_const(("atomic" + std::to_string(St->Steps)).c_str(),
                                                     Bits);
    store(Address, New.simplify());
    set(Fr, &Call, Old);
    advance(Fr);
    return StepResult::Continue;
  }
  // Not modelled (math functions, cluster and pipeline operations): an unconstrained result.
  if (Bits)
    set(Fr, &Call, Z.bv_const((Name + "#" + std::to_string(St->Steps)).c_str(), Bits));
  advance(Fr);
  return StepResult::Continue;
}

/// The lanes of the calling thread's group in rank order, as a collective call sees them.
std::vector<unsigned> groupLanes(const std::string &Name, const std::vector<z3::expr> &Args,
                                 unsigned Lane, unsigned WarpSize, uint64_t Mask) {
  std::vector<unsigned> Lanes;
  auto Concrete = [](const z3::expr &E, uint64_t Default) {
    uint64_t V;
    return E.simplify().is_numeral_u64(V) ? V : Default;
  };
  StringRef N(Name);
  unsigned Width = WarpSize, Base = 0;
  if (N.starts_with("__cgm_coalesced_")) {
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Mask >> L & 1)
        Lanes.push_back(L);
    return Lanes;
  }
  if (N.starts_with("__cgm_tile_"))
    Width = static_cast<unsigned>(Concrete(Args[0], WarpSize));
  else if (N.starts_with("__shfl") && !N.ends_with("_sync") && Args.size() > 2)
    Width = static_cast<unsigned>(Concrete(Args[2], WarpSize));
  else if (N.starts_with("__shfl") && Args.size() > 3)
    Width = static_cast<unsigned>(Concrete(Args[3], WarpSize));
  if (Width == 0 || Width > WarpSize)
    Width = WarpSize;
  Base = Lane / Width * Width;
  for (unsigned L = Base; L < Base + Width; ++L)
    Lanes.push_back(L);
  return Lanes;
}

/// Index of the value (or predicate) argument, and of the source/delta argument.
std::pair<unsigned, unsigned> operandIndices(StringRef N) {
  if (N.starts_with("__cgm_tile_"))
    return {2, 3};
  if (N.starts_with("__cgm_coalesced_") || N.ends_with("_sync"))
    return {1, 2};
  return {0, 1}; // legacy mask-less forms
}

z3::expr Explorer::collectiveResult(ThreadId T, const PendingCall &P, const Release &R) {
  unsigned Bits = bitsOf(P.Call->getType(), DL);
  StringRef N(P.Name);
  unsigned Warp = Shape.warpOf(T), Lane = Shape.laneOf(T);
  std::map<unsigned, const PendingCall *> Members; // by lane, for warp operations
  for (ThreadId M : R.Threads)
    if (Shape.warpOf(M) == Warp)
      Members[Shape.laneOf(M)] = &*St->Threads[M].Pending;
  if (R.Op == CollectiveOp::ActiveLanes) {
    uint64_t Lanes = 0;
    for (auto &[L, Member] : Members)
      Lanes |= 1ull << L;
    if (N == "__activemask")
      return bv(Lanes, Bits);
    // coalesced_threads(): {mask, meta_rank 0, meta_size 1} as laid out in memory.
    return resize(z3::concat(bv(1, 32), z3::concat(bv(0, 32), bv(Lanes, 64))), Bits, false);
  }
  auto [ValueArg, SourceArg] = operandIndices(N);
  if (N.starts_with("__syncthreads_")) { // count, and, or over the block
    z3::expr Count = bv(0, 32);
    for (ThreadId M : R.Threads)
      Count = Count + z3::ite(St->Threads[M].Pending->Args[0] != bv(0, 32), bv(1, 32), bv(0, 32));
    z3::expr All = bv(R.Threads.size(), 32);
    z3::expr V = N.ends_with("count") ? Count
                 : N.ends_with("and") ? z3::ite(Count == All, bv(1, 32), bv(0, 32))
                                      : z3::ite(Count != bv(0, 32), bv(1, 32), bv(0, 32));
    return resize(V, Bits, false);
  }
  uint64_t Mask = 0;
  if (N.starts_with("__cgm_tile_"))
    Mask = concretize(P.Args[1]);
  else if (N.starts_with("__cgm_coalesced_"))
    Mask = concretize(P.Args[0]);
  std::vector<unsigned> Lanes = groupLanes(P.Name, P.Args, Lane, Shape.WarpSize, Mask);
  auto RankOf = [&](unsigned L) { return std::find(Lanes.begin(), Lanes.end(), L) - Lanes.begin(); };
  const z3::expr &Own = P.Args.size() > ValueArg ? P.Args[ValueArg] : bv(0, Bits);
  if (N.contains("shfl")) {
    int64_t Rank = RankOf(Lane), Size = Lanes.size();
    if (Size == 0)
      return Own;
    int64_t X = static_cast<int64_t>(concretize(P.Args[SourceArg]));
    int64_t Source = N.contains("_up")     ? Rank - X
                     : N.contains("_down") ? Rank + X
                     : N.contains("_xor")  ? (Rank ^ X)
                                           : X % Size;
    if (Source < 0 || Source >= Size)
      return Own;
    unsigned SourceLane = Lanes[Source];
    auto It = Members.find(SourceLane);
    if (It != Members.end())
      return It->second->Args[ValueArg];
    // A lane that left the kernel reads as 0 (gpu-probes P23).
    if (Shape.laneExists(Warp, SourceLane) &&
        St->Tracker.state(Shape.threadOfLane(Warp, SourceLane)) == ThreadState::Exited)
      return bv(0, Bits);
    return Own;
  }
  // Votes, matches and reductions fold the members' operands, bit r for the member of rank r.
  z3::expr Ballot = bv(0, 64), Any = bv(0, 1), All = bv(1, 1), Same = bv(0, 64);
  std::optional<z3::expr> Sum;
  for (auto &[L, Member] : Members) {
    int64_t Rank = RankOf(L);
    if (Rank >= static_cast<int64_t>(Lanes.size()) || Member->Args.size() <= ValueArg)
      continue;
    const z3::expr &V = Member->Args[ValueArg];
    z3::expr Bit = bv(1ull << Rank, 64);
    z3::expr True = V != bv(0, V.get_sort().bv_size());
    Ballot = Ballot | z3::ite(True, Bit, bv(0, 64));
    Any = Any | z3::ite(True, bv(1, 1), bv(0, 1));
    All = All & z3::ite(True, bv(1, 1), bv(0, 1));
    if (V.get_sort().bv_size() == Own.get_sort().bv_size())
      Same = Same | z3::ite(V == Own, Bit, bv(0, 64));
    Sum = Sum ? *Sum + V : V;
  }
  if (N.contains("ballot"))
    return resize(Ballot, Bits, false);
  if (N.contains("any"))
    return resize(Any, Bits, false);
  if (N.contains("all") && !N.contains("match"))
    return resize(All, Bits, false);
  if (N.contains("match_any"))
    return resize(Same, Bits, false);
  if (N.starts_with("__reduce_add") && Sum)
    return resize(*Sum, Bits, false);
  // match_all, other reductions, scans: one value per instance, the same for all its threads.
  return Z.bv_const(("collective#" + std::to_string(R.Threads.front()) + "@" +
                     std::to_string(St->Steps))
                        .c_str(),
                    Bits ? Bits : 1);
}

void Explorer::completeRelease(const Release &R) {
  std::vector<std::pair<ThreadId, z3::expr>> Results;
  for (ThreadId T : R.Threads) {
    const PendingCall &P = *St->Threads[T].Pending;
    if (!P.Call->getType()->isVoidTy())
      Results.emplace_back(T, collectiveResult(T, P, R).simplify());
  }
  for (auto &[T, V] : Results)
    set(St->Threads[T].Stack.back(), St->Threads[T].Pending->Call, V);
  for (ThreadId T : R.Threads) {
    advance(St->Threads[T].Stack.back());
    St->Threads[T].Pending.reset();
  }
}

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
  Result.Exhausted = Worklist.empty() && BoundHit.empty() && Unmodelled.empty() && !LoopBoundHit;
  if (Result.BoundHit.empty() && LoopBoundHit)
    Result.BoundHit = "loop bound";
  return Result;
}

} // namespace

ExplorationResult explore(const llvm::Function &Kernel, const LaunchShape &Shape, Semantics Model,
                          const Bounds &Limits, const KnownArguments &Known,
                          const std::string &ModelDir) {
  Explorer E(Kernel, Shape, Model, Limits, Known, ModelDir);
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
