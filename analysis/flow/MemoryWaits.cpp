#include "analysis/flow/MemoryWaits.h"
#include "analysis/flow/StmtSearch.h"
#include "analysis/flow/Summaries.h"
#include "runtime-model/semantics/Operations.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Atomics by name: atomicAdd, __hip_atomic_load, __nvvm_atom_*, cuda::atomic_ref<T>::load.
bool isAtomicCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return false;
  auto Atomic = [](const NamedDecl *D) {
    return D->getDeclName().isIdentifier() && D->getName().contains_insensitive("atom");
  };
  if (Atomic(Callee))
    return true;
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  return Method && Atomic(Method->getParent());
}

bool inSystemHeader(const FunctionDecl *F) {
  return F->getASTContext().getSourceManager().isInSystemHeader(F->getLocation());
}

/// The user's definition a call runs, if any: the toolkit's own functions are modelled.
const FunctionDecl *userCallee(const CallExpr *Call) {
  const FunctionDecl *Callee = summarisableDefinition(Call->getDirectCallee());
  return Callee && !inSystemHeader(Callee) ? Callee : nullptr;
}

/// Inline asm that waits by itself (model::AsmWaiting::MayWait); Microsoft asm is not read.
bool asmMayWait(const AsmStmt *Asm) {
  const auto *Gcc = dyn_cast<GCCAsmStmt>(Asm);
  return !Gcc || model::asmWaiting(Gcc->getAsmString()) == model::AsmWaiting::MayWait;
}

/// Whether evaluating a statement reads memory another thread may be writing: a volatile load,
/// an atomic operation, inline asm that loads, or a call of the user's function that makes one.
class WaitingReads {
public:
  bool in(const Stmt *S) {
    return anyWithin(S, [&](const Stmt *N) {
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(N))
        return Cast->getCastKind() == CK_LValueToRValue &&
               Cast->getSubExpr()->getType().isVolatileQualified();
      if (const auto *Asm = dyn_cast<GCCAsmStmt>(N))
        return model::asmWaiting(Asm->getAsmString()) != model::AsmWaiting::None;
      const auto *Call = dyn_cast<CallExpr>(N);
      if (!Call)
        return false;
      const FunctionDecl *Callee = userCallee(Call);
      return isAtomicCall(Call) || (Callee && inFunction(Callee));
    });
  }

private:
  bool inFunction(const FunctionDecl *F) {
    auto [It, Inserted] = Memo.try_emplace(F, false); // false while in progress: recursion
    if (!Inserted)
      return It->second;
    bool Reads = in(F->getBody());
    Memo[F] = Reads;
    return Reads;
  }

  llvm::DenseMap<const FunctionDecl *, bool> Memo;
};

bool leavesLoop(const Stmt *S) {
  return anyWithin(
      S, [](const Stmt *N) { return isa<BreakStmt, ReturnStmt, GotoStmt, CXXThrowExpr>(N); });
}

/// What decides whether a loop ends: its condition and the conditions of the branches inside
/// it that break out, return or jump away.
class LoopExits : public RecursiveASTVisitor<LoopExits> {
public:
  std::vector<const Expr *> Conditions;
  bool VisitIfStmt(IfStmt *If) {
    if (leavesLoop(If->getThen()) || leavesLoop(If->getElse()))
      Conditions.push_back(If->getCond());
    return true;
  }
};

const VarDecl *assignedLocal(const Expr *Target) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// The locals a loop assigns from memory another thread may be writing (`v = *flag`, an asm
/// load's output), or from such a local (`TileDescriptor d = reinterpret_cast<...>(raw)`).
class PolledLocals : public RecursiveASTVisitor<PolledLocals> {
public:
  PolledLocals(WaitingReads &Reads, Stmt *Loop) : Reads(Reads) {
    size_t Before;
    do {
      Before = Locals.size();
      TraverseStmt(Loop);
    } while (Locals.size() != Before);
  }
  llvm::SmallPtrSet<const VarDecl *, 4> Locals;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      assigns(BO->getLHS(), BO->getRHS());
    return true;
  }
  /// A struct's assignment (`descriptor = *reinterpret_cast<Descriptor *>(&raw)`).
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() && Call->getNumArgs() == 2)
      assigns(Call->getArg(0), Call->getArg(1));
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (polled(V->getInit()))
      Locals.insert(V);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    if (Reads.in(Asm))
      for (const Expr *Output : Asm->outputs())
        if (const VarDecl *V = assignedLocal(Output))
          Locals.insert(V);
    return true;
  }

private:
  bool polled(const Expr *E) { return E && (Reads.in(E) || mentions(E, Locals)); }
  void assigns(const Expr *Target, const Expr *Value) {
    if (const VarDecl *V = assignedLocal(Target); V && polled(Value))
      Locals.insert(V);
  }

  WaitingReads &Reads;
};

/// Finds a loop in the kernel or the user's functions it calls that polls memory, or the user's
/// inline asm that branches, sleeps or waits at a barrier (it can poll inside one statement).
class PollFinder : public RecursiveASTVisitor<PollFinder> {
public:
  bool Found = false;

  bool VisitWhileStmt(WhileStmt *S) { return loop(S->getCond(), S); }
  bool VisitDoStmt(DoStmt *S) { return loop(S->getCond(), S); }
  bool VisitForStmt(ForStmt *S) { return loop(S->getCond(), S); }
  bool VisitAsmStmt(AsmStmt *Asm) {
    Found = asmMayWait(Asm);
    return !Found;
  }
  bool VisitGotoStmt(GotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = userCallee(Call); Callee && Visited.insert(Callee).second)
      Pending.push_back(Callee);
    return true;
  }

  void search(const FunctionDecl *Kernel) {
    Visited.insert(Kernel);
    Pending.push_back(Kernel);
    while (!Found && !Pending.empty()) {
      const FunctionDecl *Next = Pending.pop_back_val();
      HasGoto = false;
      TraverseStmt(Next->getBody());
      // A loop made of labels and gotos: any waiting read in the function may decide it.
      Found |= HasGoto && Reads.in(Next->getBody());
    }
  }

private:
  bool loop(const Expr *Condition, Stmt *Loop) {
    LoopExits Exits;
    Exits.TraverseStmt(Loop);
    Exits.Conditions.push_back(Condition);
    PolledLocals Polled(Reads, Loop);
    for (const Expr *C : Exits.Conditions)
      Found |= Reads.in(C) || mentions(C, Polled.Locals);
    return !Found;
  }

  WaitingReads Reads;
  bool HasGoto = false;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited;
  llvm::SmallVector<const FunctionDecl *, 16> Pending;
};

} // namespace

bool mayWaitOnMemory(const FunctionDecl *Kernel) {
  PollFinder Finder;
  Finder.search(Kernel);
  return Finder.Found;
}

} // namespace coopcheck::analysis
