#include "analysis/rules/AsyncCopies.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

using StopFn = llvm::function_ref<bool(const Stmt *)>;

/// How many of its group's latest copies a wait leaves in flight: N for cg::wait_prior<N>, none
/// for cg::wait.
unsigned copiesLeftInFlight(const CallExpr *Wait) {
  const FunctionDecl *Callee = Wait->getDirectCallee();
  const TemplateArgumentList *Args = Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
  if (!callsGroupFunction(Wait, model::OperationId::GroupWaitPrior) || !Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Integral)
    return 0;
  return static_cast<unsigned>(Args->get(0).getAsIntegral().getZExtValue());
}

/// Two groups seen from one function may be one group unless both are known and of different
/// types, or both are different parameters: a wait on a group that may be the copy's counts.
bool maybeSameGroup(const GroupOrigin &A, const GroupOrigin &B) {
  using Kind = GroupOrigin::Kind;
  if (A.Origin == Kind::Known && B.Origin == Kind::Known)
    return A.Type == B.Type;
  if (A.Origin == Kind::Parameter && B.Origin == Kind::Parameter)
    return A.ParamIndex == B.ParamIndex;
  return true;
}

/// A copy or a wait, at the call in the analysed function that makes it (directly or in a callee).
struct AsyncEvent {
  const CallExpr *Call;
  CollectiveEffect Effect;
  unsigned LeftInFlight = 0; ///< for waits: see copiesLeftInFlight
};

/// The root of a copy's destination seen from the function whose call makes it: a parameter of
/// a callee is followed back through the calls of the chain to the argument passed for it.
/// Steps (see memoryRoot) are given only for a copy made in the function itself.
const Decl *destinationRoot(const CollectiveEffect &Copy, SmallVectorImpl<const Expr *> &Steps) {
  const Expr *Destination = Copy.Site->getNumArgs() > 1 ? Copy.Site->getArg(1) : nullptr;
  const Decl *Root = memoryRoot(Destination, Copy.Chain.empty() ? &Steps : nullptr);
  SmallVector<const CallExpr *, 8> Calls(Copy.Chain.begin(), Copy.Chain.end());
  for (const CallExpr *Call : llvm::reverse(Calls)) {
    const auto *Param = dyn_cast_or_null<ParmVarDecl>(Root);
    if (!Param)
      break;
    Root = memoryRoot(
        argumentForParameter(Call, Call->getDirectCallee(), Param->getFunctionScopeIndex()));
  }
  return Root;
}

/// A use of memory by one CFG element: a load, a store, or a pointer handed to a call.
struct Access {
  const Expr *Where; ///< the element (`tile[i]`) or the pointer argument
  const Stmt *At;    ///< the CFG element
  UnwaitedCopy::Use How;
  const CallExpr *Call = nullptr; ///< for PassedToCall
  const Decl *Root = nullptr;
};

/// Whether an lvalue is memory reached through its root, not the value of a pointer variable.
bool isMemory(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() || isMemory(ME->getBase());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return !DRE->getType()->isPointerType();
  return false;
}

std::optional<Access> accessAt(const Stmt *S) {
  using Use = UnwaitedCopy::Use;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
    if (Cast->getCastKind() == CK_LValueToRValue && isMemory(Cast->getSubExpr()))
      return Access{Cast->getSubExpr(), S, Use::Read};
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp() && isMemory(BO->getLHS()))
      return Access{BO->getLHS(), S, Use::Write};
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() && isMemory(UO->getSubExpr()))
      return Access{UO->getSubExpr(), S, Use::Write};
  }
  return std::nullopt;
}

void forEachVariableUse(const Stmt *S, llvm::function_ref<void(const DeclRefExpr *)> Fn) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Fn(DRE);
  for (const Stmt *Child : S->children())
    forEachVariableUse(Child, Fn);
}

/// One expression selecting a part of a root: a subscript, an offset added to a pointer, or a
/// pointer variable followed to its initializer. Row: a subscript that selects a whole
/// sub-array (`buf[s]` of `float buf[2][N]`).
struct Selector {
  const Expr *Term;
  bool Row;
};

void addTerms(const Expr *E, SmallVectorImpl<Selector> &Out) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    addTerms(BO->getLHS(), Out);
    addTerms(BO->getRHS(), Out);
  } else {
    Out.push_back({E, false});
  }
}

/// The selectors on the way from an address to its root (memoryRoot's steps), root first; offsets
/// are split into their added terms (`s * T + tid` selects by `s * T` and by `tid`).
SmallVector<Selector, 4> selectorsOf(ArrayRef<const Expr *> Steps) {
  SmallVector<Selector, 4> Out;
  for (const Expr *Step : llvm::reverse(Steps)) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Step)) {
      if (ASE->getType()->isArrayType())
        Out.push_back({ASE->getIdx()->IgnoreParenImpCasts(), true});
      else
        addTerms(ASE->getIdx(), Out);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(Step)) {
      addTerms(BO->getLHS()->getType()->isPointerType() ? BO->getRHS() : BO->getLHS(), Out);
    } else if (const auto *Element = dyn_cast<CXXOperatorCallExpr>(Step)) {
      Out.push_back({Element->getArg(1)->IgnoreParenImpCasts(), true}); // an element of an object
    } else {
      Out.push_back({Step, false});
    }
  }
  return Out;
}

bool sameTerm(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->Profile(IA, Ctx, /*Canonical=*/true);
  B->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// Whether two lists hold the same terms, in any order.
bool sameTerms(ArrayRef<Selector> A, ArrayRef<Selector> B, const ASTContext &Ctx) {
  if (A.size() != B.size())
    return false;
  llvm::SmallVector<bool, 4> Matched(B.size(), false);
  for (const Selector &S : A) {
    size_t I = 0;
    while (I < B.size() && (Matched[I] || !sameTerm(S.Term, B[I].Term, Ctx)))
      ++I;
    if (I == B.size())
      return false;
    Matched[I] = true;
  }
  return true;
}

/// Whether two addresses select different sub-arrays by constants (`buf[0]` and `buf[1][i]`).
bool differentConstantRows(ArrayRef<Selector> A, ArrayRef<Selector> B, const ASTContext &Ctx) {
  auto Rows = [](ArrayRef<Selector> S) {
    SmallVector<const Expr *, 2> R;
    for (const Selector &Sel : S)
      if (Sel.Row)
        R.push_back(Sel.Term);
    return R;
  };
  auto RA = Rows(A), RB = Rows(B);
  for (size_t I = 0; I < std::min(RA.size(), RB.size()); ++I) {
    if (RA[I]->isValueDependent() || RB[I]->isValueDependent())
      continue;
    auto CA = RA[I]->getIntegerConstantExpr(Ctx), CB = RB[I]->getIntegerConstantExpr(Ctx);
    if (CA && CB && llvm::APSInt::compareValues(*CA, *CB) != 0)
      return true;
  }
  return false;
}

/// The part of a root an address selects, split into the selectors that change from one stage
/// of a copy pipeline to the next (they read variables redefined in a loop that also copies) and
/// the others.
struct Region {
  SmallVector<Selector, 2> Stage, Fixed;
  /// The redefinitions of the stage variables: an access compared with a copy through its stage
  /// selectors must be reached within the same stage, before any of them.
  SmallVector<const Stmt *, 2> StageStarts;
};

/// Whether an access may touch what a copy writes. In a pipeline only the same stage selectors
/// (`buf[s]` and `buf[s][i]`) are compared; differently computed ones (`buf[(k + 1) % 2]` and
/// `buf[k % 2][i]`) are taken to be different stages: nothing is reported when unsure.
bool mayOverlap(const Region &Copy, const Region &Use, const ASTContext &Ctx) {
  if (!Copy.Stage.empty() || !Use.Stage.empty())
    return sameTerms(Copy.Stage, Use.Stage, Ctx);
  return !differentConstantRows(Copy.Fixed, Use.Fixed, Ctx);
}

bool isLoop(const Stmt *S) {
  return isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

class CopyAnalysis {
public:
  CopyAnalysis(UnitCache &TU, const FunctionDecl *F, FunctionCFG &Cfg)
      : TU(TU), F(F), Cfg(Cfg), Ctx(TU.context()) {}

  std::vector<UnwaitedCopy> run();

private:
  void collect();
  void addEvents(const CallExpr *Call);
  std::optional<UnwaitedCopy> firstUseInFlight(const AsyncEvent &Copy,
                                               const llvm::SmallPtrSetImpl<const Stmt *> &Tests);
  std::optional<UnwaitedCopy> leftInFlight(const AsyncEvent &Copy,
                                           const llvm::SmallPtrSetImpl<const Stmt *> &Tests);
  bool inFlightFrom(const AsyncEvent &Copy, const Stmt *From, unsigned Later, const Stmt *Target,
                    StopFn Extra, llvm::DenseSet<std::pair<const Stmt *, unsigned>> &Seen);
  bool inFlightAt(const AsyncEvent &Copy, const Stmt *Target, StopFn Extra);
  bool completedAt(const AsyncEvent &Copy, const Stmt *S, unsigned Later) const;
  bool isCopyOfGroup(const Stmt *S, const AsyncEvent &Copy) const;
  const CallExpr *waitAfter(const AsyncEvent &Copy, const Stmt *From) const;
  Region regionOf(ArrayRef<const Expr *> Steps);
  bool stageVarying(const DeclRefExpr *Use, SmallVectorImpl<const Stmt *> &Starts, unsigned Depth);
  bool onCycleWithCopy(const Stmt *Def);
  /// Whether A and B lie on one cycle of the CFG (in one loop).
  bool onCycle(const Stmt *A, const Stmt *B) const;
  llvm::SmallPtrSet<const Decl *, 4> guardVariables(const Stmt *S);
  bool skipsWaitingLoop(const AsyncEvent &Copy, const Stmt *Test) const;
  llvm::SmallPtrSet<const Stmt *, 4> assumedTests(const AsyncEvent &Copy);
  bool decidedBy(const Stmt *S, const Stmt *Test);
  bool assumedAway(const llvm::SmallPtrSetImpl<const Stmt *> &Tests, const Stmt *S,
                   const Stmt *Target);
  bool before(const Stmt *A, const Stmt *B) const {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  }

  UnitCache &TU;
  const FunctionDecl *F;
  FunctionCFG &Cfg;
  ASTContext &Ctx;
  std::vector<AsyncEvent> Copies, Waits;
  llvm::SmallPtrSet<const Stmt *, 8> EventCalls;
  std::vector<Access> Accesses; ///< of destination roots, in source order
  unsigned MostLeftInFlight = 0;
  llvm::DenseMap<const Stmt *, bool> CycleWithCopy; ///< memo of onCycleWithCopy
};

void CopyAnalysis::addEvents(const CallExpr *Call) {
  std::vector<CollectiveEffect> Effects = TU.summaries().effectsOfCall(Call, F);
  size_t FirstWait = Waits.size();
  for (const CollectiveEffect &E : Effects)
    if (E.Kind == CollectiveKind::Wait) {
      Waits.push_back({Call, E, copiesLeftInFlight(E.Site)});
      MostLeftInFlight = std::max(MostLeftInFlight, Waits.back().LeftInFlight);
    }
  // A callee that copies and also waits for the group (a load-and-wait helper) leaves nothing in
  // flight that this function could see.
  auto WaitedHere = [&](const CollectiveEffect &Copy) {
    return llvm::any_of(llvm::drop_begin(Waits, FirstWait), [&](const AsyncEvent &W) {
      return maybeSameGroup(W.Effect.Group, Copy.Group);
    });
  };
  size_t FirstCopy = Copies.size();
  for (const CollectiveEffect &E : Effects)
    if (E.Kind == CollectiveKind::MemcpyAsync && !WaitedHere(E))
      Copies.push_back({Call, E});
  if (Waits.size() > FirstWait || Copies.size() > FirstCopy)
    EventCalls.insert(Call);
}

void CopyAnalysis::collect() {
  std::vector<Access> All;
  for (const CFGBlock *B : Cfg.cfg())
    for (const CFGElement &E : *B) {
      auto S = E.getAs<CFGStmt>();
      const auto *Call = S ? dyn_cast<CallExpr>(S->getStmt()) : nullptr;
      if (!Call) {
        if (auto A = S ? accessAt(S->getStmt()) : std::nullopt)
          All.push_back(*A);
        continue;
      }
      addEvents(Call);
      // Pointers handed to calls other than the copies and waits themselves.
      if (!EventCalls.count(Call))
        for (const Expr *Arg : Call->arguments())
          if (Arg->getType()->isPointerType())
            All.push_back({Arg, Call, UnwaitedCopy::Use::PassedToCall, Call});
    }
  llvm::SmallPtrSet<const Decl *, 4> Roots;
  for (const AsyncEvent &Copy : Copies) {
    SmallVector<const Expr *, 4> Steps;
    Roots.insert(destinationRoot(Copy.Effect, Steps));
  }
  for (Access &A : All) {
    A.Root = memoryRoot(A.Where);
    if (A.Root && Roots.count(A.Root))
      Accesses.push_back(A);
  }
  llvm::sort(Accesses, [&](const Access &A, const Access &B) { return before(A.Where, B.Where); });
  llvm::sort(Copies,
             [&](const AsyncEvent &A, const AsyncEvent &B) { return before(A.Call, B.Call); });
}

bool CopyAnalysis::completedAt(const AsyncEvent &Copy, const Stmt *S, unsigned Later) const {
  return llvm::any_of(Waits, [&](const AsyncEvent &W) {
    return W.Call == S && W.LeftInFlight <= Later &&
           maybeSameGroup(W.Effect.Group, Copy.Effect.Group);
  });
}

bool CopyAnalysis::isCopyOfGroup(const Stmt *S, const AsyncEvent &Copy) const {
  return llvm::any_of(Copies, [&](const AsyncEvent &C) {
    return C.Call == S && maybeSameGroup(C.Effect.Group, Copy.Effect.Group);
  });
}

/// Later counts the copies of the group made since Copy on the way to From; while it is below
/// the largest N of the function's wait_prior<N>, each further copy moves the search on with one
/// more, since it changes which waits complete Copy.
bool CopyAnalysis::inFlightFrom(const AsyncEvent &Copy, const Stmt *From, unsigned Later,
                                const Stmt *Target, StopFn Extra,
                                llvm::DenseSet<std::pair<const Stmt *, unsigned>> &Seen) {
  bool Counting = Later < MostLeftInFlight;
  auto Stops = [&](const Stmt *S) {
    if (Extra(S))
      return true;
    return EventCalls.count(S) &&
           (completedAt(Copy, S, Later) || (Counting && isCopyOfGroup(S, Copy)));
  };
  if (Cfg.reachesAvoiding(From, Target, Stops))
    return true;
  if (!Counting)
    return false;
  for (const AsyncEvent &Next : Copies)
    if (maybeSameGroup(Next.Effect.Group, Copy.Effect.Group) &&
        Seen.insert({Next.Call, Later + 1}).second && Cfg.reachesAvoiding(From, Next.Call, Stops) &&
        inFlightFrom(Copy, Next.Call, Later + 1, Target, Extra, Seen))
      return true;
  return false;
}

bool CopyAnalysis::inFlightAt(const AsyncEvent &Copy, const Stmt *Target, StopFn Extra) {
  llvm::DenseSet<std::pair<const Stmt *, unsigned>> Seen;
  return inFlightFrom(Copy, Copy.Call, 0, Target, Extra, Seen);
}

/// The wait of the copy's group that can follow From, for notes: full waits before wait_prior,
/// then the first in source order.
const CallExpr *CopyAnalysis::waitAfter(const AsyncEvent &Copy, const Stmt *From) const {
  auto Better = [&](const AsyncEvent &A, const AsyncEvent &B) {
    return A.LeftInFlight != B.LeftInFlight ? A.LeftInFlight < B.LeftInFlight
                                            : before(A.Call, B.Call);
  };
  const AsyncEvent *Best = nullptr;
  for (const AsyncEvent &W : Waits)
    if (maybeSameGroup(W.Effect.Group, Copy.Effect.Group) && (!Best || Better(W, *Best)) &&
        Cfg.reachesAvoiding(From, W.Call, [](const Stmt *) { return false; }))
      Best = &W;
  return Best ? Best->Call : nullptr;
}

bool CopyAnalysis::onCycleWithCopy(const Stmt *Def) {
  auto [It, Inserted] = CycleWithCopy.try_emplace(Def, false);
  if (!Inserted)
    return It->second;
  bool Cycle = llvm::any_of(Copies, [&](const AsyncEvent &C) { return onCycle(C.Call, Def); });
  return CycleWithCopy[Def] = Cycle;
}

bool CopyAnalysis::onCycle(const Stmt *A, const Stmt *B) const {
  auto Never = [](const Stmt *) { return false; };
  return Cfg.reachesAvoiding(A, B, Never) && Cfg.reachesAvoiding(B, A, Never);
}

/// A variable varies from stage to stage when a definition reaching the use lies on a cycle with
/// a copy and is an assignment or increment there, or an initializer reading such a variable
/// (`int next = (k + 1) % 2;` in the loop body). Those definitions are added to Starts.
bool CopyAnalysis::stageVarying(const DeclRefExpr *Use, SmallVectorImpl<const Stmt *> &Starts,
                                unsigned Depth) {
  auto Reaching = TU.uniformityOf(F).definitionsReaching(Use);
  if (!Reaching || Depth > 3)
    return false;
  const auto *Var = cast<VarDecl>(Use->getDecl());
  bool Varies = false;
  for (const Stmt *Def : *Reaching) {
    if (!onCycleWithCopy(Def))
      continue;
    bool DefVaries = Def != Var->getInit();
    if (!DefVaries)
      forEachVariableUse(Def, [&](const DeclRefExpr *Inner) {
        DefVaries |= stageVarying(Inner, Starts, Depth + 1);
      });
    if (DefVaries) {
      Starts.push_back(Def);
      Varies = true;
    }
  }
  return Varies;
}

Region CopyAnalysis::regionOf(ArrayRef<const Expr *> Steps) {
  Region R;
  for (const Selector &S : selectorsOf(Steps)) {
    bool Varies = false;
    forEachVariableUse(
        S.Term, [&](const DeclRefExpr *Use) { Varies |= stageVarying(Use, R.StageStarts, 0); });
    (Varies ? R.Stage : R.Fixed).push_back(S);
  }
  return R;
}

std::optional<UnwaitedCopy>
CopyAnalysis::firstUseInFlight(const AsyncEvent &Copy,
                               const llvm::SmallPtrSetImpl<const Stmt *> &Tests) {
  SmallVector<const Expr *, 4> Steps;
  const Decl *Root = destinationRoot(Copy.Effect, Steps);
  if (!Root)
    return std::nullopt;
  Region Written = regionOf(Steps);
  for (const Access &A : Accesses) {
    if (A.Root != Root)
      continue;
    Steps.clear();
    memoryRoot(A.Where, &Steps);
    Region Used = regionOf(Steps);
    if (!mayOverlap(Written, Used, Ctx))
      continue;
    auto Stops = [&](const Stmt *S) {
      return llvm::is_contained(Written.StageStarts, S) ||
             llvm::is_contained(Used.StageStarts, S) || assumedAway(Tests, S, A.At);
    };
    if (inFlightAt(Copy, A.At, Stops))
      return UnwaitedCopy{Copy.Effect, dyn_cast<ValueDecl>(Root), A.Where, A.How,
                          A.Call,      waitAfter(Copy, A.At)};
  }
  return std::nullopt;
}

/// The variables of the conditions (not loop tests) that decide whether S runs.
llvm::SmallPtrSet<const Decl *, 4> CopyAnalysis::guardVariables(const Stmt *S) {
  llvm::SmallPtrSet<const Decl *, 4> Vars;
  for (const CFGBlock *Branch : Cfg.controlDependencies(Cfg.blockOf(S)))
    if (!isLoop(Branch->getTerminatorStmt()))
      forEachVariableUse(Cfg.userCondition(Branch),
                         [&](const DeclRefExpr *Use) { Vars.insert(Use->getDecl()); });
  return Vars;
}

/// A branch condition that tests a guard variable again.
bool retests(const Stmt *Test, const llvm::SmallPtrSetImpl<const Decl *> &Guards) {
  bool Retests = false;
  forEachVariableUse(Test,
                     [&](const DeclRefExpr *Use) { Retests |= Guards.count(Use->getDecl()); });
  return Retests;
}

/// The loop whose test this is waits for Copy's group and Copy is not inside it.
bool CopyAnalysis::skipsWaitingLoop(const AsyncEvent &Copy, const Stmt *Test) const {
  return !onCycle(Copy.Call, Test) && llvm::any_of(Waits, [&](const AsyncEvent &W) {
    return maybeSameGroup(W.Effect.Group, Copy.Effect.Group) && onCycle(Test, W.Call);
  });
}

/// Paths are not correlated: when a wait does follow the copy, two branch tests are taken to go
/// the way the program goes, and the search does not pass them: a test of the variables of the
/// copy's own condition again (`if (k + 1 < n)` copy at the bottom of a loop, then the loop test
/// `k < n`), and the test of a loop that waits for the group and that the copy is not inside
/// (the loop after `if (n <= 0) return;` runs at least once).
llvm::SmallPtrSet<const Stmt *, 4> CopyAnalysis::assumedTests(const AsyncEvent &Copy) {
  llvm::SmallPtrSet<const Stmt *, 4> Tests;
  if (!waitAfter(Copy, Copy.Call))
    return Tests;
  llvm::SmallPtrSet<const Decl *, 4> Guards = guardVariables(Copy.Call);
  for (const CFGBlock *B : Cfg.cfg()) {
    const Stmt *Test = const_cast<CFGBlock *>(B)->getTerminatorCondition();
    if (Test && Cfg.blockOf(Test) == B &&
        (retests(Test, Guards) || (isLoop(B->getTerminatorStmt()) && skipsWaitingLoop(Copy, Test))))
      Tests.insert(Test);
  }
  return Tests;
}

/// Whether the branch at Test decides, directly or through other branches, whether S runs.
bool CopyAnalysis::decidedBy(const Stmt *S, const Stmt *Test) {
  const CFGBlock *Branch = Cfg.blockOf(Test);
  llvm::SmallPtrSet<const CFGBlock *, 8> Seen;
  llvm::SmallVector<const CFGBlock *, 8> Work{Cfg.blockOf(S)};
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!B || !Seen.insert(B).second)
      continue;
    for (const CFGBlock *Dep : Cfg.controlDependencies(B)) {
      if (Dep == Branch)
        return true;
      Work.push_back(Dep);
    }
  }
  return false;
}

/// Whether the search for Target stops at S as an assumed test (see assumedTests); tests that
/// decide whether Target itself runs are followed.
bool CopyAnalysis::assumedAway(const llvm::SmallPtrSetImpl<const Stmt *> &Tests, const Stmt *S,
                               const Stmt *Target) {
  return Tests.count(S) && !(Target && decidedBy(Target, S));
}

std::optional<UnwaitedCopy>
CopyAnalysis::leftInFlight(const AsyncEvent &Copy,
                           const llvm::SmallPtrSetImpl<const Stmt *> &Tests) {
  if (!inFlightAt(Copy, nullptr, [&](const Stmt *S) { return assumedAway(Tests, S, nullptr); }))
    return std::nullopt;
  SmallVector<const Expr *, 4> Steps;
  return UnwaitedCopy{Copy.Effect, dyn_cast_or_null<ValueDecl>(destinationRoot(Copy.Effect, Steps)),
                      nullptr,     UnwaitedCopy::Use::Read,
                      nullptr,     waitAfter(Copy, Copy.Call)};
}

std::vector<UnwaitedCopy> CopyAnalysis::run() {
  collect();
  std::vector<UnwaitedCopy> Found;
  bool Kernel = F->hasAttr<CUDAGlobalAttr>();
  for (const AsyncEvent &Copy : Copies) {
    llvm::SmallPtrSet<const Stmt *, 4> Tests = assumedTests(Copy);
    std::optional<UnwaitedCopy> U = firstUseInFlight(Copy, Tests);
    if (!U && Kernel)
      U = leftInFlight(Copy, Tests);
    if (U)
      Found.push_back(std::move(*U));
  }
  return Found;
}

bool makesCopies(UnitCache &TU, const FunctionDecl *F) {
  return llvm::any_of(TU.summaries().summaryOf(F).Effects, [](const CollectiveEffect &E) {
    return E.Kind == CollectiveKind::MemcpyAsync;
  });
}

} // namespace

std::vector<UnwaitedCopy> unwaitedCopies(UnitCache &TU, const FunctionDecl *F) {
  FunctionCFG *Cfg = makesCopies(TU, F) ? TU.cfgOf(F) : nullptr;
  if (!Cfg)
    return {};
  return CopyAnalysis(TU, F, *Cfg).run();
}

} // namespace coopcheck::analysis
