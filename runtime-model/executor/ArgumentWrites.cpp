#include "runtime-model/executor/ArgumentWrites.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace coopcheck::model::executor {

/// The widest access one instruction makes (a 128-bit vector), for writes whose width the IR
/// does not show.
constexpr uint64_t WidestAccess = 16;

ArgumentWrites::ArgumentWrites(const Function &Kernel,
                               const std::vector<const Function *> &Functions)
    : Kernel(Kernel), DL(Kernel.getParent()->getDataLayout()) {
  for (const Function *F : Functions)
    for (const BasicBlock &B : *F)
      for (const Instruction &I : B)
        if (const auto *Call = dyn_cast<CallBase>(&I); Call && Call->getCalledFunction())
          CallsOf[Call->getCalledFunction()].push_back(Call);
  auto Size = [&](Type *T) { return DL.getTypeStoreSize(T).getFixedValue(); };
  for (const Function *F : Functions)
    for (const BasicBlock &B : *F)
      for (const Instruction &I : B) {
        if (const auto *Store = dyn_cast<StoreInst>(&I))
          addWrite(Store->getPointerOperand(), Size(Store->getValueOperand()->getType()));
        else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
          addWrite(RMW->getPointerOperand(), Size(RMW->getValOperand()->getType()));
        else if (const auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
          addWrite(CmpXchg->getPointerOperand(), Size(CmpXchg->getNewValOperand()->getType()));
        else if (const auto *Transfer = dyn_cast<AnyMemIntrinsic>(&I))
          addWrite(Transfer->getRawDest(), 0); // as long as a run-time length
        else if (const auto *Call = dyn_cast<CallBase>(&I)) {
          // Inline assembly and functions without a body (atomics the toolkit declares) write
          // through the pointers they are given, as wide as a vector access at most.
          const Function *Callee = Call->getCalledFunction();
          bool Opaque = Call->isInlineAsm() || (Callee && Callee->isDeclaration() &&
                                                !Callee->isIntrinsic() && !Call->onlyReadsMemory());
          if (Opaque)
            for (const Value *Operand : Call->args())
              if (Operand->getType()->isPointerTy())
                addWrite(Operand, WidestAccess);
        }
      }
}

/// Bytes 0: anywhere from the pointer on.
void ArgumentWrites::addWrite(const Value *Pointer, uint64_t Bytes) {
  SmallVector<std::pair<const Argument *, Extent>, 4> Targets;
  SmallPtrSet<const Value *, 16> Seen;
  Untraced |= !targetsOf(Pointer, 0, Bytes, Targets, Seen);
  for (auto &[Arg, Where] : Targets)
    Written[Arg].push_back(Where);
}

bool ArgumentWrites::targetsOf(const Value *Pointer, int64_t Past, uint64_t Bytes,
                               SmallVectorImpl<std::pair<const Argument *, Extent>> &Out,
                               SmallPtrSetImpl<const Value *> &Seen) const {
  int64_t Offset = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(Pointer, Offset, DL);
  const auto *Arg = dyn_cast<Argument>(Base);
  if (Arg && Arg->getParent() == &Kernel) {
    Out.push_back({Arg, Bytes ? Extent{Past + Offset, Bytes} : Extent{}});
    return true;
  }
  if (Arg) {
    // A helper's argument: whatever its callers among the reached functions pass, as far on.
    if (!Seen.insert(Arg).second)
      return true;
    bool Traced = true;
    for (const CallBase *Call : CallsOf.lookup(Arg->getParent()))
      if (Arg->getArgNo() < Call->arg_size())
        Traced &= targetsOf(Call->getArgOperand(Arg->getArgNo()), Past + Offset, Bytes, Out, Seen);
    return Traced;
  }
  // A pointer chosen at run time (a phi, a select, an index not known when compiling).
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Pointer, Objects);
  bool Traced = true;
  for (const Value *Object : Objects) {
    if (Object != Pointer && isa<Argument>(Object))
      Traced &= targetsOf(Object, 0, 0, Out, Seen);
    else if (!isa<AllocaInst, GlobalValue>(Object))
      Traced = false; // loaded, computed from an integer, returned by a call
  }
  return Traced;
}

bool ArgumentWrites::mayWrite(const Argument &Argument, uint64_t Offset) const {
  if (Untraced)
    return true;
  auto It = Written.find(&Argument);
  if (It == Written.end())
    return false;
  return llvm::any_of(It->second, [&](const Extent &Where) {
    return !Where.Offset ||
           (*Where.Offset <= static_cast<int64_t>(Offset) &&
            static_cast<int64_t>(Offset) < *Where.Offset + static_cast<int64_t>(Where.Bytes));
  });
}

} // namespace coopcheck::model::executor
