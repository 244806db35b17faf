// One LLVM instruction of one thread, by kind (an InstVisitor): arithmetic folded natively when
// operands are known, memory through Memory, control flow through decide(), calls through call().
#include "runtime-model/executor/ReplayState.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstVisitor.h"
#include "llvm/IR/Operator.h"

namespace coopcheck::model::executor::detail {

using namespace llvm;

z3::expr integerOp(unsigned Opcode, const z3::expr &A, const z3::expr &B) {
  switch (Opcode) {
  case Instruction::Add:
    return A + B;
  case Instruction::Sub:
    return A - B;
  case Instruction::Mul:
    return A * B;
  case Instruction::UDiv:
    return z3::udiv(A, B);
  case Instruction::SDiv:
    return A / B;
  case Instruction::URem:
    return z3::urem(A, B);
  case Instruction::SRem:
    return z3::srem(A, B);
  case Instruction::Shl:
    return z3::shl(A, B);
  case Instruction::LShr:
    return z3::lshr(A, B);
  case Instruction::AShr:
    return z3::ashr(A, B);
  case Instruction::And:
    return A & B;
  case Instruction::Or:
    return A | B;
  case Instruction::Xor:
    return A ^ B;
  default:
    break;
  }
  return A;
}

/// Integer operations on known values are computed here: most of a kernel's arithmetic is on
/// thread indices, and building solver terms for it dominates the run time otherwise.
std::optional<APInt> foldInteger(unsigned Opcode, const APInt &A, const APInt &B) {
  bool DivByZero = B.isZero();
  switch (Opcode) {
  case Instruction::Add:
    return A + B;
  case Instruction::Sub:
    return A - B;
  case Instruction::Mul:
    return A * B;
  case Instruction::UDiv:
    return DivByZero ? std::nullopt : std::optional<APInt>(A.udiv(B));
  case Instruction::SDiv:
    return DivByZero ? std::nullopt : std::optional<APInt>(A.sdiv(B));
  case Instruction::URem:
    return DivByZero ? std::nullopt : std::optional<APInt>(A.urem(B));
  case Instruction::SRem:
    return DivByZero ? std::nullopt : std::optional<APInt>(A.srem(B));
  case Instruction::Shl:
    return A.shl(B.getLimitedValue(A.getBitWidth()));
  case Instruction::LShr:
    return A.lshr(B.getLimitedValue(A.getBitWidth()));
  case Instruction::AShr:
    return A.ashr(B.getLimitedValue(A.getBitWidth()));
  case Instruction::And:
    return A & B;
  case Instruction::Or:
    return A | B;
  case Instruction::Xor:
    return A ^ B;
  default:
    break;
  }
  return std::nullopt;
}

z3::expr compare(CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
  switch (P) {
  case CmpInst::ICMP_EQ:
    return A == B;
  case CmpInst::ICMP_NE:
    return A != B;
  case CmpInst::ICMP_UGT:
    return z3::ugt(A, B);
  case CmpInst::ICMP_UGE:
    return z3::uge(A, B);
  case CmpInst::ICMP_ULT:
    return z3::ult(A, B);
  case CmpInst::ICMP_ULE:
    return z3::ule(A, B);
  case CmpInst::ICMP_SGT:
    return A > B;
  case CmpInst::ICMP_SGE:
    return A >= B;
  case CmpInst::ICMP_SLT:
    return A < B;
  default:
    return A <= B; // ICMP_SLE
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
  case Instruction::FAdd:
    return A + B;
  case Instruction::FSub:
    return A - B;
  case Instruction::FMul:
    return A * B;
  case Instruction::FDiv:
    return A / B;
  default:
    break;
  }
  return std::nullopt;
}

bool floatCompare(FCmpInst::Predicate P, double A, double B) {
  switch (P) {
  case FCmpInst::FCMP_OEQ:
  case FCmpInst::FCMP_UEQ:
    return A == B;
  case FCmpInst::FCMP_ONE:
  case FCmpInst::FCMP_UNE:
    return A != B;
  case FCmpInst::FCMP_OGT:
  case FCmpInst::FCMP_UGT:
    return A > B;
  case FCmpInst::FCMP_OGE:
  case FCmpInst::FCMP_UGE:
    return A >= B;
  case FCmpInst::FCMP_OLT:
  case FCmpInst::FCMP_ULT:
    return A < B;
  case FCmpInst::FCMP_OLE:
  case FCmpInst::FCMP_ULE:
    return A <= B;
  case FCmpInst::FCMP_TRUE:
    return true;
  default:
    return false;
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

/// The new value of an atomicrmw, or none for an operation not modelled.
std::optional<z3::expr> atomicResult(AtomicRMWInst::BinOp Op, const z3::expr &Old,
                                     const z3::expr &V) {
  switch (Op) {
  case AtomicRMWInst::Xchg:
    return V;
  case AtomicRMWInst::Add:
    return Old + V;
  case AtomicRMWInst::Sub:
    return Old - V;
  case AtomicRMWInst::And:
    return Old & V;
  case AtomicRMWInst::Or:
    return Old | V;
  case AtomicRMWInst::Xor:
    return Old ^ V;
  case AtomicRMWInst::Max:
    return z3::ite(Old > V, Old, V);
  case AtomicRMWInst::Min:
    return z3::ite(Old < V, Old, V);
  case AtomicRMWInst::UMax:
    return z3::ite(z3::ugt(Old, V), Old, V);
  case AtomicRMWInst::UMin:
    return z3::ite(z3::ult(Old, V), Old, V);
  case AtomicRMWInst::UIncWrap:
    return wrappingIncrement(Old, V);
  case AtomicRMWInst::UDecWrap:
    return wrappingDecrement(Old, V);
  default:
    return std::nullopt;
  }
}

/// One instruction of one thread, a visit per kind of instruction: each returns how the thread
/// goes on. Kinds without a visit of their own end in visitInstruction.
class InstructionStep : public InstVisitor<InstructionStep, StepResult> {
public:
  InstructionStep(Replay &R, ThreadId T, Frame &Fr, const Instruction &I)
      : R(R), T(T), Fr(Fr), I(I), Bits(I.getType()->isVoidTy() ? 0 : bitsOf(I.getType(), R.DL)) {}

  StepResult visitBinaryOperator(BinaryOperator &B);
  StepResult visitICmpInst(ICmpInst &Cmp);
  StepResult visitFCmpInst(FCmpInst &Cmp);
  StepResult visitSelectInst(SelectInst &Sel);
  StepResult visitCastInst(CastInst &Cast);
  StepResult visitGetElementPtrInst(GetElementPtrInst &GEP);
  StepResult visitAllocaInst(AllocaInst &Alloca);
  StepResult visitLoadInst(LoadInst &Load);
  StepResult visitStoreInst(StoreInst &Store);
  StepResult visitAtomicRMWInst(AtomicRMWInst &RMW);
  StepResult visitAtomicCmpXchgInst(AtomicCmpXchgInst &CAS);
  StepResult visitExtractValueInst(ExtractValueInst &EV);
  StepResult visitInsertValueInst(InsertValueInst &IV);
  StepResult visitFreezeInst(FreezeInst &Freeze) { return done(eval(Freeze.getOperand(0))); }
  StepResult visitBranchInst(BranchInst &Br);
  StepResult visitSwitchInst(SwitchInst &Sw);
  StepResult visitReturnInst(ReturnInst &Ret);
  StepResult visitUnreachableInst(UnreachableInst &) { return StepResult::Trapped; }
  StepResult visitCallBase(CallBase &Call) { return R.call(T, Fr, Call); }
  StepResult visitInstruction(Instruction &);

private:
  z3::expr eval(const Value *V) { return R.eval(T, V); }
  z3::expr bv(uint64_t V, unsigned Width) { return R.bv(V, Width); }
  /// A value nothing constrains, named after what made it.
  z3::expr fresh(const char *What, unsigned Width) {
    return R.Z.bv_const((What + std::to_string(R.St->Steps)).c_str(), Width);
  }
  /// The instruction's value is E; the thread goes on with the next one.
  StepResult done(z3::expr E) {
    R.set(Fr, &I, R.simplified(E));
    R.advance(Fr);
    return StepResult::Continue;
  }
  StepResult enter(const BasicBlock *To) {
    R.enterBlock(T, Fr, To);
    return StepResult::Continue;
  }

  Replay &R;
  ThreadId T;
  Frame &Fr;
  const Instruction &I;
  unsigned Bits; ///< of the instruction's value; 0 for void
};

StepResult Replay::execute(ThreadId T, Frame &Fr, const Instruction &I) {
  return InstructionStep(*this, T, Fr, I).visit(const_cast<Instruction &>(I));
}

StepResult InstructionStep::visitBinaryOperator(BinaryOperator &B) {
  z3::expr A = eval(B.getOperand(0)), C = eval(B.getOperand(1));
  bool Float = B.getType()->isFloatingPointTy();
  uint64_t KA, KC;
  if (!Float && Bits <= 64 && A.is_numeral_u64(KA) && C.is_numeral_u64(KC))
    if (auto Folded = foldInteger(B.getOpcode(), APInt(Bits, KA), APInt(Bits, KC)))
      return done(bv(Folded->getZExtValue(), Bits));
  if (!Float)
    return done(integerOp(B.getOpcode(), A, C));
  auto CA = R.concrete(A), CC = R.concrete(C);
  if (CA && CC)
    if (auto Folded = floatOp(B.getOpcode(), asDouble(*CA, Bits), asDouble(*CC, Bits)))
      return done(bv(fromDouble(*Folded, Bits), Bits));
  return done(fresh("f", Bits));
}

StepResult InstructionStep::visitICmpInst(ICmpInst &Cmp) {
  z3::expr A = eval(Cmp.getOperand(0)), C = eval(Cmp.getOperand(1));
  unsigned W = A.get_sort().bv_size();
  uint64_t KA, KC;
  if (W <= 64 && A.is_numeral_u64(KA) && C.is_numeral_u64(KC))
    return done(bv(ICmpInst::compare(APInt(W, KA), APInt(W, KC), Cmp.getPredicate()), 1));
  return done(boolToBv(R.Z, compare(Cmp.getPredicate(), A, C)));
}

StepResult InstructionStep::visitFCmpInst(FCmpInst &Cmp) {
  auto A = R.concrete(eval(Cmp.getOperand(0))), C = R.concrete(eval(Cmp.getOperand(1)));
  unsigned W = bitsOf(Cmp.getOperand(0)->getType(), R.DL);
  if (A && C)
    return done(bv(floatCompare(Cmp.getPredicate(), asDouble(*A, W), asDouble(*C, W)), 1));
  return done(fresh("fcmp", 1));
}

StepResult InstructionStep::visitSelectInst(SelectInst &Sel) {
  return done(z3::ite(eval(Sel.getCondition()) == bv(1, 1), eval(Sel.getTrueValue()),
                      eval(Sel.getFalseValue())));
}

StepResult InstructionStep::visitCastInst(CastInst &Cast) {
  z3::expr A = eval(Cast.getOperand(0));
  switch (Cast.getOpcode()) {
  case Instruction::SExt:
    return done(resize(A, Bits, true));
  case Instruction::SIToFP:
  case Instruction::UIToFP:
    if (auto V = R.concrete(A)) {
      APInt Integer(A.get_sort().bv_size(), *V);
      double D = Cast.getOpcode() == Instruction::SIToFP
                     ? static_cast<double>(Integer.getSExtValue())
                     : static_cast<double>(Integer.getZExtValue());
      return done(bv(fromDouble(D, Bits), Bits));
    }
    return done(fresh("cvt", Bits));
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    if (auto V = R.concrete(A)) {
      double D = asDouble(*V, A.get_sort().bv_size());
      if (Cast.getOpcode() == Instruction::FPExt || Cast.getOpcode() == Instruction::FPTrunc)
        return done(bv(fromDouble(D, Bits), Bits));
      return done(bv(static_cast<uint64_t>(static_cast<int64_t>(D)), Bits));
    }
    return done(fresh("cvt", Bits));
  default:
    return done(resize(A, Bits, false)); // zext, trunc, bitcast, ptr<->int
  }
}

StepResult InstructionStep::visitGetElementPtrInst(GetElementPtrInst &GEP) {
  z3::expr Address = eval(GEP.getPointerOperand());
  uint64_t Known = 0;
  bool Concrete = Address.is_numeral_u64(Known);
  for (gep_type_iterator It = gep_type_begin(GEP), End = gep_type_end(GEP); It != End; ++It) {
    z3::expr Index = R.simplified(resize(eval(It.getOperand()), 64, true));
    uint64_t Offset = 0, Stride = 0;
    bool IndexKnown = Index.is_numeral_u64(Offset);
    if (StructType *S = It.getStructTypeOrNull())
      Offset = R.DL.getStructLayout(S)->getElementOffset(Offset);
    else
      Stride = It.getSequentialElementStride(R.DL).getFixedValue();
    if (Concrete && IndexKnown) {
      Known += Stride ? Offset * Stride : Offset;
      continue;
    }
    if (Concrete)
      Address = bv(Known, 64);
    Concrete = false;
    Address = Address + (Stride ? Index * bv(Stride, 64) : bv(Offset, 64));
  }
  return done(Concrete ? bv(Known, 64) : Address);
}

StepResult InstructionStep::visitAllocaInst(AllocaInst &Alloca) {
  uint64_t Size = R.DL.getTypeAllocSize(Alloca.getAllocatedType()).getFixedValue();
  return done(bv(R.St->Mem.allocate("local of thread " + std::to_string(T), Size), 64));
}

StepResult InstructionStep::visitLoadInst(LoadInst &Load) {
  return done(R.load(T, R.concretize(eval(Load.getPointerOperand())), Bits));
}

StepResult InstructionStep::visitStoreInst(StoreInst &Store) {
  R.store(R.concretize(eval(Store.getPointerOperand())), eval(Store.getValueOperand()));
  R.advance(Fr);
  return StepResult::Continue;
}

StepResult InstructionStep::visitAtomicRMWInst(AtomicRMWInst &RMW) {
  uint64_t Address = R.concretize(eval(RMW.getPointerOperand()));
  z3::expr Old = R.load(T, Address, Bits), V = eval(RMW.getValOperand());
  std::optional<z3::expr> New = atomicResult(RMW.getOperation(), Old, V);
  if (New)
    R.store(Address, R.simplified(*New));
  else
    R.storeUnknown(Address, fresh("atomic", Bits));
  return done(Old);
}

/// {old, success} as one value: see extractvalue.
StepResult InstructionStep::visitAtomicCmpXchgInst(AtomicCmpXchgInst &CAS) {
  uint64_t Address = R.concretize(eval(CAS.getPointerOperand()));
  unsigned W = bitsOf(CAS.getCompareOperand()->getType(), R.DL);
  z3::expr Old = R.load(T, Address, W);
  z3::expr Swap = Old == eval(CAS.getCompareOperand());
  R.store(Address, R.simplified(z3::ite(Swap, eval(CAS.getNewValOperand()), Old)));
  return done(z3::concat(boolToBv(R.Z, Swap), Old));
}

StepResult InstructionStep::visitExtractValueInst(ExtractValueInst &EV) {
  z3::expr Aggregate = eval(EV.getAggregateOperand());
  uint64_t Offset = fieldOffset(EV.getAggregateOperand()->getType(), EV.getIndices(), R.DL);
  if (isa<AtomicCmpXchgInst>(EV.getAggregateOperand())) // {old, success}: see cmpxchg above
    Offset = EV.getIndices()[0] == 0 ? 0 : Aggregate.get_sort().bv_size() - 1;
  return done(Aggregate.extract(Offset + Bits - 1, Offset));
}

/// Aggregates are one bit vector laid out as in memory.
StepResult InstructionStep::visitInsertValueInst(InsertValueInst &IV) {
  unsigned Total = bitsOf(IV.getType(), R.DL);
  z3::expr Aggregate =
      isa<UndefValue>(IV.getAggregateOperand()) ? bv(0, Total) : eval(IV.getAggregateOperand());
  uint64_t Offset = fieldOffset(IV.getType(), IV.getIndices(), R.DL);
  z3::expr Field = eval(IV.getInsertedValueOperand());
  unsigned W = Field.get_sort().bv_size();
  z3::expr Mask = ~z3::shl(resize(~bv(0, W), Total, false), bv(Offset, Total));
  return done((Aggregate & Mask) | z3::shl(resize(Field, Total, false), bv(Offset, Total)));
}

/// A branch decided by inputs again and again is a loop on them: past the bound, take the
/// successor laid out later, which leaves the loop.
StepResult InstructionStep::visitBranchInst(BranchInst &Br) {
  if (Br.isUnconditional())
    return enter(Br.getSuccessor(0));
  unsigned &Visits = R.St->Threads[T].SymbolicVisits[&Br];
  std::optional<bool> Bounded;
  z3::expr Condition = eval(Br.getCondition());
  if (!R.concrete(Condition) && ++Visits > R.Limits.LoopBound)
    Bounded = Br.getSuccessor(0)->getNumber() > Br.getSuccessor(1)->getNumber();
  std::optional<bool> Taken =
      R.decide(Condition, Bounded, !R.concrete(Condition) && R.Quiet.isQuiet(Br));
  return enter(Br.getSuccessor(*Taken ? 0 : 1));
}

StepResult InstructionStep::visitSwitchInst(SwitchInst &Sw) {
  z3::expr V = eval(Sw.getCondition());
  for (auto Case : Sw.cases())
    if (*R.decide(boolToBv(R.Z, V == R.constant(T, Case.getCaseValue()))))
      return enter(Case.getCaseSuccessor());
  return enter(Sw.getDefaultDest());
}

StepResult InstructionStep::visitReturnInst(ReturnInst &Ret) {
  std::optional<z3::expr> V;
  if (Ret.getReturnValue())
    V = eval(Ret.getReturnValue());
  return R.returnFrom(T, V);
}

/// Anything else (vector operations, landing pads): its value is unconstrained.
StepResult InstructionStep::visitInstruction(Instruction &) {
  if (Bits)
    return done(fresh("unmodelled", Bits));
  R.advance(Fr);
  return StepResult::Continue;
}

/// Phis read the values of the edge taken, all at once. A loop whose header is entered again with
/// every phi of the function unchanged and no store or clock read since repeats forever: the
/// thread spins on memory.
void Replay::enterBlock(ThreadId T, Frame &Fr, const BasicBlock *To) {
  std::vector<std::pair<const PHINode *, z3::expr>> Incoming;
  for (const PHINode &Phi : To->phis())
    Incoming.emplace_back(&Phi, eval(T, Phi.getIncomingValueForBlock(Fr.Block)));
  for (auto &[Phi, V] : Incoming)
    set(Fr, Phi, V);
  // Clang lays out a loop header before the blocks of its body.
  bool BackEdge = Fr.Block && To->getNumber() <= Fr.Block->getNumber();
  PathTookNewEdge |= CoveredEdges.insert({Fr.Block, To}).second;
  Fr.Prev = Fr.Block;
  Fr.Block = To;
  Fr.Next = To->getFirstNonPHIIt();
  if (BackEdge)
    noteLoopState(T, Fr);
}

/// An address outside every buffer (a null or dangling pointer, an index past a __shared__ array)
/// ends the path without a verdict: memory errors are not what the executor checks.
bool Replay::addressable(uint64_t Address, unsigned Bytes) {
  const Buffer *B = St->Mem.bufferAt(Address);
  if (B && (!B->Size || Address - B->Base + Bytes <= B->Size))
    return true;
  Unmodelled = "an access outside every buffer";
  return false;
}

void Replay::store(uint64_t Address, const z3::expr &Value) {
  if (!addressable(Address, (Value.get_sort().bv_size() + 7) / 8))
    return;
  St->Mem.store(Address, Value);
  St->UnknownCells.erase(Address);
  auto [Begin, End] = St->Pollers.equal_range(Address);
  for (auto It = Begin; It != End; ++It) {
    St->Tracker.wake(It->second);
    St->Threads[It->second].LoopStates.clear();
  }
  St->Pollers.erase(Begin, End);
}

void Replay::storeUnknown(uint64_t Address, const z3::expr &Symbol) {
  store(Address, Symbol);
  St->UnknownCells.insert(Address);
}

z3::expr Replay::load(ThreadId T, uint64_t Address, unsigned Bits) {
  if (!addressable(Address, (Bits + 7) / 8))
    return bv(0, Bits);
  St->Threads[T].Polled.insert(Address);
  return St->Mem.load(Address, Bits);
}

/// A trip that only read the clock is a delay loop, which ends by itself. A trip that read memory
/// polls it: with a timeout too, it waits for another thread, and the timeout only hides a hang
/// (probes P2b, P13b, docs/architecture.md: every waiter timed out).
void Replay::noteLoopState(ThreadId T, const Frame &Fr) {
  ThreadContext &Th = St->Threads[T];
  bool Delay = Th.ReadClock && Th.Polled.empty();
  Th.ReadClock = false;
  if (Delay)
    Th.LoopStates.clear();
  if (!Th.LoopStates.insert(Fr.Block, Th.Stack.size(), Fr.Values))
    Th.Spins = true;
  else
    Th.Polled.clear();
}

} // namespace coopcheck::model::executor::detail
