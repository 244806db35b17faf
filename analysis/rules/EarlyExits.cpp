#include "analysis/rules/EarlyExits.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/flow/StmtSearch.h"
#include "runtime-model/semantics/Platform.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using coopcheck::model::Scope;

namespace coopcheck::analysis {
namespace {

/// The barrier scope an effect needs, when exit does not release it (or, with --strict, when it
/// is a block barrier).
std::optional<std::pair<Scope, unsigned>>
exitSensitiveScope(const CollectiveEffect &E, unsigned WarpSize, const EarlyExitOptions &Options) {
  if (E.Kind != CollectiveKind::Barrier || E.Group.Origin != GroupOrigin::Kind::Known)
    return std::nullopt;
  GroupType G = E.Group.Type;
  std::optional<Scope> S = scopeOf(G);
  if (!S || G.Kind == GroupKind::Coalesced || G.Kind == GroupKind::DynamicTile)
    return std::nullopt;
  if (model::exitDoesNotReleaseBarrier(*S, G.TileSize, WarpSize))
    return std::make_pair(*S, G.TileSize);
  // Exited threads stop counting at block barriers: reported with --strict only.
  if (*S == Scope::Block && Options.IncludeBlockBarriers)
    return std::make_pair(Scope::Block, 0u);
  return std::nullopt;
}

struct ExitPoint {
  const Stmt *Exit;
  const CFGBlock *Block;
};

std::vector<ExitPoint> exitPoints(FunctionCFG &Cfg, SummaryTable &Summaries) {
  std::vector<ExitPoint> Exits;
  for (const CFGBlock *B : Cfg.cfg())
    for (const CFGElement &E : *B) {
      auto S = E.getAs<CFGStmt>();
      if (!S)
        continue;
      const Stmt *St = S->getStmt();
      bool Exits_ = isa<ReturnStmt>(St) || isThreadExit(St);
      if (const auto *Call = dyn_cast<CallExpr>(St))
        Exits_ = Summaries.threadExitOfCall(Call) != nullptr;
      if (Exits_)
        Exits.push_back({St, B});
    }
  return Exits;
}

/// The exits a thread may take, on a condition not uniform over Needed, while other threads go
/// on to Barrier (a block still reachable from the branch without passing an exit), in source
/// order: each with the first such branch it depends on.
std::vector<ThreadExit>
divergentExitsBefore(const CFGBlock *Barrier, UniformRequirement Needed,
                     const std::vector<ExitPoint> &Exits,
                     const llvm::SmallPtrSetImpl<const CFGBlock *> &ExitBlocks, FunctionCFG &Cfg,
                     Uniformity &Uniform, ASTContext &Ctx) {
  std::vector<ThreadExit> Divergent;
  for (const ExitPoint &Exit : Exits)
    for (const CFGBlock *Branch : Cfg.controlDependencies(Exit.Block)) {
      const Expr *Cond = Cfg.userCondition(Branch);
      if (!Cond || Uniform.isUniformAt(Cond, Needed) || !Cfg.reaches(Branch, Barrier, ExitBlocks))
        continue;
      Divergent.push_back({Exit.Exit, Cond});
      break;
    }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Divergent, [&](const ThreadExit &A, const ThreadExit &C) {
    return SM.isBeforeInTranslationUnit(A.Exit->getBeginLoc(), C.Exit->getBeginLoc());
  });
  return Divergent;
}

/// Whether S may execute a collective or end the thread: a call with a collective effect or one
/// that may exit; with SharedMemory, also a use of a `__shared__` variable (what a skipped block
/// barrier orders: threads that skipped it read it unordered, probe P21).
class CollectiveFinder : public RecursiveASTVisitor<CollectiveFinder> {
public:
  CollectiveFinder(UnitCache &TU, const FunctionDecl *F, bool SharedMemory)
      : TU(TU), F(F), SharedMemory(SharedMemory) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    Found |= !TU.summaries().effectsOfCall(Call, F).empty() ||
             TU.summaries().threadExitOfCall(Call) != nullptr;
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    Found |= SharedMemory && V && V->hasAttr<CUDASharedAttr>();
    return !Found;
  }
  bool shouldVisitLambdaBodies() const { return false; }

private:
  UnitCache &TU;
  const FunctionDecl *F;
  bool SharedMemory;
};

bool mayRunCollective(UnitCache &TU, const FunctionDecl *F, const Stmt *S, bool OrSharedMemory) {
  CollectiveFinder Finder(TU, F, OrSharedMemory);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

/// The statement S is directly within in F, or null.
const Stmt *parentStmt(UnitCache &TU, const FunctionDecl *F, const Stmt *S) {
  const FunctionCFG *Cfg = TU.cfgOf(F);
  return Cfg ? Cfg->parents().parentStatement(*S) : nullptr;
}

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

/// The loop whose condition Condition is (or lies in).
const Stmt *loopOfCondition(UnitCache &TU, const FunctionDecl *F, const Expr *Condition) {
  const Stmt *S = Condition;
  for (unsigned Depth = 0; S && Depth < 16 && !isLoop(S); ++Depth)
    S = parentStmt(TU, F, S);
  return S && isLoop(S) ? S : nullptr;
}

} // namespace

/// Whether a thread of Kernel that is past Current leaves the kernel without executing another
/// collective (or, with OrSharedMemory, touching shared memory): Current is in no loop or
/// switch, and no statement after it, at any level up to the kernel's body, may do so.
static bool endLeavesKernel(UnitCache &TU, const FunctionDecl *Kernel, const Stmt *Current,
                            bool OrSharedMemory) {
  const Stmt *Body = Kernel->getBody();
  while (Current && Current != Body) {
    const Stmt *Parent = parentStmt(TU, Kernel, Current);
    if (!Parent || isLoop(Parent) || isa<SwitchStmt>(Parent))
      return false;
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
      auto After = llvm::find(Block->body(), Current);
      if (After == Block->body_end())
        return false;
      for (++After; After != Block->body_end(); ++After)
        if (mayRunCollective(TU, Kernel, *After, OrSharedMemory))
          return false;
    }
    Current = Parent;
  }
  return Current == Body;
}

static bool isKernelWithBody(const FunctionDecl *F) {
  return F && F->hasAttr<CUDAGlobalAttr>() && F->hasBody();
}

bool loopEndLeavesKernel(UnitCache &TU, const FunctionDecl *Kernel, const Expr *LoopCondition,
                         bool OrSharedMemory) {
  if (!isKernelWithBody(Kernel) || !LoopCondition)
    return false;
  return endLeavesKernel(TU, Kernel, loopOfCondition(TU, Kernel, LoopCondition), OrSharedMemory);
}

/// What the constructor Ctor gives Field: its initializer, and what its body assigns.
static llvm::SmallVector<const Expr *, 2> valuesGiven(const CXXConstructorDecl *Ctor,
                                                      const FieldDecl *Field) {
  llvm::SmallVector<const Expr *, 2> Values;
  for (const CXXCtorInitializer *Init : Ctor->inits())
    if (Init->getMember() == Field)
      Values.push_back(Init->getInit());
  struct Assignments : RecursiveASTVisitor<Assignments> {
    const FieldDecl *Field;
    llvm::SmallVectorImpl<const Expr *> &Values;
    Assignments(const FieldDecl *Field, llvm::SmallVectorImpl<const Expr *> &Values)
        : Field(Field), Values(Values) {}
    bool VisitBinaryOperator(BinaryOperator *BO) {
      const auto *Target = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
      if (BO->getOpcode() == BO_Assign && Target && Target->getMemberDecl() == Field &&
          isa<CXXThisExpr>(Target->getBase()->IgnoreParenImpCasts()))
        Values.push_back(BO->getRHS());
      return true;
    }
  } Finder(Field, Values);
  Finder.TraverseStmt(Ctor->getBody());
  return Values;
}

/// The constructor with a body that builds the object a member access reads a field of: the
/// enclosing constructor for `this`, a local object's own for `obj.field`.
static const CXXConstructorDecl *builderOf(const MemberExpr *Member,
                                           const CXXConstructorDecl *Enclosing) {
  const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base))
    return Enclosing;
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Object = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *Built = Object && Object->hasLocalStorage() && !Member->isArrow() && Object->getInit()
                          ? dyn_cast<CXXConstructExpr>(Object->getInit()->IgnoreImplicit())
                          : nullptr;
  const FunctionDecl *Definition = nullptr;
  if (!Built || !Built->getConstructor()->hasBody(Definition))
    return nullptr;
  return dyn_cast<CXXConstructorDecl>(Definition);
}

/// Whether E is an index computed from blockIdx (a global index) by arithmetic, through the
/// initializers of up to Hops local variables, or the values a constructor gives the fields of
/// an object (`helper.first_row` set from blockIdx in IndexHelper's constructor).
static bool usesBlockIndex(const Stmt *E, unsigned Hops,
                           const CXXConstructorDecl *Enclosing = nullptr) {
  if (!E)
    return false;
  // blockIdx.x reads blockIdx through an opaque value (a pseudo-object property).
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(E))
    return usesBlockIndex(Opaque->getSourceExpr(), Hops, Enclosing);
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    const CXXConstructorDecl *Builder = Field ? builderOf(Member, Enclosing) : nullptr;
    return Hops && Builder && llvm::any_of(valuesGiven(Builder, Field), [&](const Expr *Value) {
             return usesBlockIndex(Value, Hops - 1, Builder);
           });
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return false;
    if (const auto *Record = V->getType()->getAsCXXRecordDecl())
      if (Record->getName() == "__cuda_builtin_blockIdx_t")
        return true;
    return Hops && V->hasLocalStorage() && V->getInit() &&
           usesBlockIndex(V->getInit(), Hops - 1, Enclosing);
  }
  // Arithmetic on indices only: a value loaded at a global index is data, not an index.
  if (!isa<BinaryOperator, UnaryOperator, CastExpr, ParenExpr, PseudoObjectExpr, MSPropertyRefExpr>(
          E) ||
      (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref))
    return false;
  return llvm::any_of(E->children(),
                      [&](const Stmt *C) { return usesBlockIndex(C, Hops, Enclosing); });
}

bool isBoundsGuard(UnitCache &TU, const FunctionDecl *F, const Expr *Condition) {
  const Expr *E = Condition ? Condition->IgnoreParenImpCasts() : nullptr;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(E);
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return isBoundsGuard(TU, F, BO->getLHS()) && isBoundsGuard(TU, F, BO->getRHS());
  if (!BO->isRelationalOp())
    return false;
  Uniformity &Uniform = TU.uniformityOf(F);
  auto Bounds = [&](const Expr *Index, const Expr *Bound) {
    return usesBlockIndex(Index, /*Hops=*/4) && Uniform.isUniformAt(Bound, model::Scope::Grid);
  };
  return Bounds(BO->getLHS(), BO->getRHS()) || Bounds(BO->getRHS(), BO->getLHS());
}

/// Whether S names a `__shared__` variable.
static bool usesSharedMemory(const Stmt *S) {
  return anyWithin(S, [](const Stmt *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && V->hasAttr<CUDASharedAttr>();
  });
}

/// Whether Condition, the condition of a loop whose body touches no shared memory, only compares
/// the loop's counter (a variable its increment changes) with bounds the whole grid shares,
/// joined by &&: `i < n` in a grid-, block- or tile-strided loop over the data. A thread ends such
/// a loop when its counter passes the end of the data, as `if (i >= n) return;` sends it away,
/// whatever its counter started from; with no shared memory in the body, the threads still in
/// the loop read nothing the barriers the others skip would order (probe P21).
static bool boundsCounter(UnitCache &TU, const FunctionDecl *F, const Stmt *Loop,
                          const Expr *Condition) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Condition->IgnoreParenImpCasts());
  if (!For || !For->getInc() || !BO || usesSharedMemory(For->getBody()))
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return boundsCounter(TU, F, Loop, BO->getLHS()) && boundsCounter(TU, F, Loop, BO->getRHS());
  if (!BO->isRelationalOp())
    return false;
  auto Counter = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && anyWithin(For->getInc(), [&](const Stmt *S) {
             const auto *Changed = dyn_cast<DeclRefExpr>(S);
             return Changed && Changed->getDecl() == Ref->getDecl();
           });
  };
  Uniformity &Uniform = TU.uniformityOf(F);
  return (Counter(BO->getLHS()) && Uniform.isUniformAt(BO->getRHS(), model::Scope::Grid)) ||
         (Counter(BO->getRHS()) && Uniform.isUniformAt(BO->getLHS(), model::Scope::Grid));
}

/// Whether LoopCondition ends a loop over the data: a bounds guard, or the loop's counter against
/// a bound the whole grid shares; the threads that finish first are past the end of the data.
static bool loopOverData(UnitCache &TU, const FunctionDecl *F, const Expr *LoopCondition) {
  if (!LoopCondition)
    return false;
  return isBoundsGuard(TU, F, LoopCondition) ||
         boundsCounter(TU, F, loopOfCondition(TU, F, LoopCondition), LoopCondition);
}

bool skippingLeavesKernel(UnitCache &TU, const FunctionDecl *Kernel, const Expr *Condition) {
  if (!isKernelWithBody(Kernel) || !Condition)
    return false;
  const Stmt *S = Condition;
  for (unsigned Depth = 0; S && Depth < 16 && !isa<IfStmt>(S); ++Depth)
    S = parentStmt(TU, Kernel, S);
  const auto *If = dyn_cast_or_null<IfStmt>(S);
  if (!If || !If->getCond() ||
      !If->getCond()->getSourceRange().fullyContains(Condition->getSourceRange()))
    return false;
  // The threads that skip the collective take the else side: it must run none.
  if (If->getElse() && mayRunCollective(TU, Kernel, If->getElse(), /*OrSharedMemory=*/true))
    return false;
  return endLeavesKernel(TU, Kernel, If, /*OrSharedMemory=*/true);
}

namespace {
/// The findings of one kernel, one per early exit: the first barrier in source order that the
/// exits skip, the later ones of the same scope among its AlsoSkipped.
std::vector<EarlyExit> oneFindingPerExit(std::vector<EarlyExit> Found, const SourceManager &SM) {
  stableSort(Found, [&](const EarlyExit &A, const EarlyExit &B) {
    return SM.isBeforeInTranslationUnit(A.Call->getBeginLoc(), B.Call->getBeginLoc());
  });
  auto SameExits = [](const EarlyExit &A, const EarlyExit &B) {
    return A.BarrierScope == B.BarrierScope && A.TileSize == B.TileSize &&
           llvm::equal(A.Exits, B.Exits,
                       [](const ThreadExit &X, const ThreadExit &Y) { return X.Exit == Y.Exit; });
  };
  std::vector<EarlyExit> Grouped;
  for (EarlyExit &E : Found) {
    auto First = llvm::find_if(Grouped, [&](const EarlyExit &G) { return SameExits(G, E); });
    if (First == Grouped.end())
      Grouped.push_back(std::move(E));
    else
      First->AlsoSkipped.push_back({E.Call, E.Barrier});
  }
  return Grouped;
}
} // namespace

std::vector<EarlyExit> findEarlyExits(UnitCache &TU, const FunctionDecl *Kernel,
                                      const EarlyExitOptions &Options) {
  std::vector<EarlyExit> Result;
  FunctionCFG *Cfg = TU.cfgOf(Kernel);
  if (!Cfg)
    return Result;
  SummaryTable &Summaries = TU.summaries();
  std::vector<ExitPoint> Exits = exitPoints(*Cfg, Summaries);
  if (Exits.empty())
    return Result;
  llvm::SmallPtrSet<const CFGBlock *, 8> ExitBlocks;
  for (const ExitPoint &E : Exits)
    ExitBlocks.insert(E.Block);

  Uniformity &Uniform = TU.uniformityOf(Kernel);
  unsigned WarpSize = TU.warpSize();
  ASTContext &Ctx = TU.context();
  llvm::SmallPtrSet<const CallExpr *, 16> Reported;

  for (const CFGBlock *B : Cfg->cfg())
    for (const CFGElement &Element : *B) {
      auto S = Element.getAs<CFGStmt>();
      const auto *Call = S ? dyn_cast<CallExpr>(S->getStmt()) : nullptr;
      if (!Call || Reported.count(Call))
        continue;
      for (const CollectiveEffect &Effect : Summaries.effectsOfCall(Call, Kernel)) {
        auto Sensitive = exitSensitiveScope(Effect, WarpSize, Options);
        if (!Sensitive)
          continue;
        EarlyExit Finding{Call, Effect, Sensitive->first, Sensitive->second, {}, {}};
        UniformRequirement Needed = Finding.BarrierScope == Scope::Tile
                                        ? UniformRequirement::tile(Finding.TileSize)
                                        : UniformRequirement::scope(Finding.BarrierScope);
        Finding.Exits = divergentExitsBefore(B, Needed, Exits, ExitBlocks, *Cfg, Uniform, Ctx);
        if (!Finding.Exits.empty()) {
          Reported.insert(Call);
          Result.push_back(std::move(Finding));
          break;
        }
      }
    }
  return oneFindingPerExit(std::move(Result), Ctx.getSourceManager());
}

bool skippersLeave(UnitCache &TU, const FunctionDecl *F, const GuardedEffect &G,
                   model::Platform P) {
  std::optional<UniformRequirement> Needed = requirementOf(G.Effect, TU.warpSize());
  if (!Needed || !G.Branch || G.Effect.Kind == CollectiveKind::HandleCreation ||
      !exitExcuses(G.Effect, P, TU.warpSize()))
    return false;
  using Shape = DivergentBranch::Shape;
  bool WarpWide =
      Needed->Level == Scope::Warp ||
      (Needed->Level == Scope::Thread && Needed->Granule > 0 && Needed->Granule <= TU.warpSize());
  // A block barrier in a loop over the data whose threads past its end finish first: the
  // loop form of the bounds guard below.
  if (G.Branch->Form == Shape::LoopTripCount)
    return (WarpWide && P == model::Platform::Cuda &&
            loopEndLeavesKernel(TU, F, G.Branch->Condition)) ||
           (Needed->Level == Scope::Block && loopOverData(TU, F, G.Branch->Condition) &&
            loopEndLeavesKernel(TU, F, G.Branch->Condition, /*OrSharedMemory=*/true));
  // A block barrier under a bounds guard that wraps the rest of the kernel: the threads past the
  // end of the data are those an early `return` would have sent away. A condition on threadIdx
  // alone splits every block (RULES.md's hidden barrier in `sum()`): no excuse.
  return G.Branch->Form == Shape::Holds && Needed->Level == Scope::Block &&
         isBoundsGuard(TU, F, G.Branch->Condition) &&
         skippingLeavesKernel(TU, F, G.Branch->Condition);
}

} // namespace coopcheck::analysis
