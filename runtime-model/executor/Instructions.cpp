// One LLVM instruction of one thread: arithmetic folded natively when operands are known,
// memory through Memory, control flow through decide().
#include "runtime-model/executor/Explorer.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Operator.h"

namespace coopcheck::model::executor::detail {

using namespace llvm;

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


/// Where the field that Indices name lies in an aggregate laid out as in memory, in bits: nested
/// structs and arrays (SROA splits group objects into such chains).
uint64_t fieldOffset(Type *Ty, ArrayRef<unsigned> Indices, const DataLayout &DL) {
  uint64_t Offset = 0;
  for (unsigned Index : Indices) {
    if (auto *S = dyn_cast<StructType>(Ty)) {
      Offset += DL.getStructLayout(S)->getElementOffsetInBits(Index);
      Ty = S->getElementType(Index);
    } else {
      Ty = Ty->getArrayElementType();
      Offset += Index * DL.getTypeAllocSizeInBits(Ty).getFixedValue();
    }
  }
  return Offset;
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
    uint64_t Offset = fieldOffset(EV->getAggregateOperand()->getType(), EV->getIndices(), DL);
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
    uint64_t Offset = fieldOffset(IV->getType(), IV->getIndices(), DL);
    z3::expr Field = eval(T, IV->getInsertedValueOperand());
    unsigned W = Field.get_sort().bv_size();
    z3::expr Mask = ~z3::shl(resize(~bv(0, W), Total, false), bv(Offset, Total));
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
    std::optional<bool> Taken =
        decide(Condition, Bounded, !concrete(Condition) && Quiet.isQuiet(*Br));
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

} // namespace coopcheck::model::executor::detail
