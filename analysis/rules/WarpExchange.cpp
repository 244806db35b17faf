#include "analysis/rules/WarpExchange.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/flow/StmtSearch.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/warp/LaneSets.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// A read or write of an element of an array or pointer (`s[i]`), or of a local pointer into one
/// (`int *row = s + warp * 32; row[lane]`): then Offset is where the local pointer points.
struct Access {
  const ArraySubscriptExpr *Element;
  const Stmt *At; ///< the CFG element that performs it: the load, or the assignment
  const Decl *Root = nullptr;
  const Expr *Offset = nullptr;
};

/// Memory every thread of a block or grid can see: __shared__ arrays, pointer parameters,
/// global variables.
const VarDecl *sharedRoot(const Expr *Base) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V)
    return nullptr;
  if (V->hasAttr<CUDASharedAttr>() || (!V->hasLocalStorage() && !V->getType().isConstQualified()))
    return V;
  if (isa<ParmVarDecl>(V) && V->getType()->isPointerType())
    return V;
  return nullptr;
}

/// E without casts that change only the qualifiers of the element it points to (`(volatile
/// T *)s`): the elements it names are the same.
const Expr *withoutQualifierCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (!Cast || !Cast->getType()->isPointerType())
      return E;
    QualType From = Cast->getSubExpr()->IgnoreParenImpCasts()->getType();
    QualType Element = From->isArrayType() ? QualType(From->getArrayElementTypeNoTypeQual(), 0)
                                           : From->getPointeeType();
    if (Element.isNull() ||
        Cast->getType()->getPointeeType().getCanonicalType().getUnqualifiedType() !=
            Element.getCanonicalType().getUnqualifiedType())
      return E;
    E = Cast->getSubExpr();
  }
}

/// Where a local pointer points when its one definition is `root + offset`, `&root[offset]` or
/// `root` itself (`volatile float *v = s;`: Offset is null).
std::optional<std::pair<const VarDecl *, const Expr *>> pointerInto(const Expr *Value) {
  if (!Value)
    return std::nullopt;
  Value = withoutQualifierCasts(Value);
  if (const VarDecl *Root = sharedRoot(Value))
    return std::make_pair(Root, nullptr);
  if (const auto *BO = dyn_cast<BinaryOperator>(Value); BO && BO->getOpcode() == BO_Add) {
    if (const VarDecl *Root = sharedRoot(BO->getLHS()))
      return std::make_pair(Root, BO->getRHS());
    if (const VarDecl *Root = sharedRoot(BO->getRHS()))
      return std::make_pair(Root, BO->getLHS());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Value); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      if (const VarDecl *Root = sharedRoot(ASE->getBase()))
        return std::make_pair(Root, ASE->getIdx());
  return std::nullopt;
}

/// Element accesses through a named array or pointer; their memory is found later (resolve).
class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  std::vector<Access> Reads, Writes;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (const auto *ASE = element(BO->getLHS())) {
      Writes.push_back({ASE, BO});
      if (BO->isCompoundAssignmentOp())
        Reads.push_back({ASE, BO});
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (!UO->isIncrementDecrementOp())
      return true;
    if (const auto *ASE = element(UO->getSubExpr())) {
      Writes.push_back({ASE, UO});
      Reads.push_back({ASE, UO});
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() != CK_LValueToRValue)
      return true;
    if (const auto *ASE = element(ICE->getSubExpr()))
      Reads.push_back({ASE, ICE});
    return true;
  }
  bool shouldVisitLambdaBodies() const { return false; }

private:
  static const ArraySubscriptExpr *element(const Expr *E) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
    return ASE && isa<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()) ? ASE : nullptr;
  }
};

/// Finds the memory an access reaches: the array itself, or the one a local pointer points into.
/// False for memory of the thread's own.
bool resolve(Access &A, LaneSets &Lanes) {
  const Expr *Base = A.Element->getBase();
  if (const VarDecl *Root = sharedRoot(Base)) {
    A.Root = Root;
    return true;
  }
  const auto *Local = cast<DeclRefExpr>(Base->IgnoreParenImpCasts())->getDecl();
  if (!Local->getType()->isPointerType())
    return false;
  auto Into = pointerInto(Lanes.singleDefinitionValue(Base));
  if (!Into)
    return false;
  std::tie(A.Root, A.Offset) = *Into;
  return true;
}

std::vector<Access> resolved(std::vector<Access> Accesses, LaneSets &Lanes) {
  llvm::erase_if(Accesses, [&](Access &A) { return !resolve(A, Lanes); });
  return Accesses;
}

/// The element of the root each evaluated thread names: the index plus the local pointer's offset.
std::optional<std::vector<int64_t>> elements(LaneSets &Lanes, const Access &A) {
  const std::vector<int64_t> *Index = Lanes.values(A.Element->getIdx());
  if (!Index)
    return std::nullopt;
  std::vector<int64_t> Out = *Index;
  if (!A.Offset)
    return Out;
  const std::vector<int64_t> *Offset = Lanes.values(A.Offset);
  if (!Offset)
    return std::nullopt;
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] += (*Offset)[I];
  return Out;
}

/// A block or warp barrier, called directly or through a library's wrapper (`CTA_SYNC()`).
bool isBarrier(const Stmt *S, SummaryTable &Summaries) {
  const auto *Call = dyn_cast<CallExpr>(S);
  return Call && Summaries.alwaysBarrierOfCall(Call);
}

struct Race {
  unsigned Reader = 0, Writer = 0;
  unsigned Warp = 0;
  int64_t Element = 0;
};

/// Lanes A != B of one warp where A reads the element B writes.
std::optional<Race> partner(LaneSets &Lanes, const Access &R, const Access &W,
                            const LaneSets::PerWarp &ReadLanes,
                            const LaneSets::PerWarp &WriteLanes) {
  auto RI = elements(Lanes, R), WI = elements(Lanes, W);
  if (!RI || !WI)
    return std::nullopt;
  unsigned WS = Lanes.warpSize();
  for (unsigned Warp = 0; Warp < LaneSets::Warps; ++Warp) {
    // The element each writing lane writes, sorted, so that each reading lane looks it up.
    std::vector<std::pair<int64_t, unsigned>> Written;
    for (unsigned B = 0; B < WS; ++B)
      if (WriteLanes[Warp] >> B & 1)
        Written.push_back({(*WI)[Warp * WS + B], B});
    llvm::sort(Written);
    for (unsigned A = 0; A < WS; ++A) {
      if (!(ReadLanes[Warp] >> A & 1))
        continue;
      int64_t Index = (*RI)[Warp * WS + A];
      auto It = llvm::lower_bound(Written, std::make_pair(Index, 0u));
      for (; It != Written.end() && It->first == Index; ++It)
        if (It->second != A)
          return Race{A, It->second, Warp, Index};
    }
  }
  return std::nullopt;
}

/// On a lockstep wavefront (AMD) the lanes perform each access together, in program order; only
/// the compiler can still move a read across a write, and it keeps them in order when both are
/// volatile, when the write stores what the read loaded (`s[tid] += s[tid ^ 32]`), or when they
/// name the same element in each lane's own program (`slot[warp]` that lane 0 writes and every
/// lane reads: one address, so the read cannot pass the write).
bool compilerKeepsOrder(LaneSets &Lanes, const Access &R, const Access &W, bool WriteFirst) {
  if (R.Element->getType().isVolatileQualified() && W.Element->getType().isVolatileQualified())
    return true;
  if (!WriteFirst && anyWithin(W.At, [&](const Stmt *S) { return S == R.Element; }))
    return true;
  auto RI = elements(Lanes, R), WI = elements(Lanes, W);
  return RI && WI && *RI == *WI;
}

using ReachingLanes = llvm::function_ref<const std::optional<LaneSets::PerWarp> &(const Stmt *)>;

/// The lanes of At's warp that store to At's element in W.
uint64_t lanesWriting(LaneSets &Lanes, const Access &W, const Race &At, ReachingLanes ReachOf) {
  auto Index = elements(Lanes, W);
  const auto &Writing = ReachOf(W.At);
  if (!Index || !Writing)
    return 0;
  unsigned WS = Lanes.warpSize();
  uint64_t Out = 0;
  for (unsigned B = 0; B < WS; ++B)
    if (((*Writing)[At.Warp] >> B & 1) && (*Index)[At.Warp * WS + B] == At.Element)
      Out |= uint64_t(1) << B;
  return Out;
}

/// Whether another store, not ordered by a barrier with the racing write W, has a lane other than
/// W's store to the element: the writes then race with each other, a data race of another kind
/// that ordering the read alone does not fix (GPUVerify's equality_abstraction_issue).
bool contended(LaneSets &Lanes, const std::vector<Access> &Writes, const Access &W, const Race &At,
               ReachingLanes ReachOf,
               llvm::function_ref<bool(const Stmt *, const Stmt *)> Unordered) {
  uint64_t Racing = lanesWriting(Lanes, W, At, ReachOf);
  for (const Access &Other : Writes) {
    if (Other.Root != W.Root || Other.At == W.At || !Unordered(W.At, Other.At))
      continue;
    uint64_t Also = lanesWriting(Lanes, Other, At, ReachOf);
    if (Also && llvm::popcount(Racing | Also) > 1)
      return true;
  }
  return false;
}

/// Whether Arg points into memory of the calling thread's own: a local array or variable (not
/// `__shared__`, not static; also one a lambda captures), which no other lane can address.
bool threadPrivate(const Expr *Arg) {
  const auto *Root = dyn_cast_or_null<VarDecl>(memoryRoot(Arg));
  return Root && Root->hasLocalStorage() && !isa<ParmVarDecl>(Root) &&
         !Root->hasAttr<CUDASharedAttr>() && !Root->getType()->isPointerType() &&
         !Root->getType()->isReferenceType();
}

/// Whether only this unit can call F: its callers are all among the unit's functions.
bool calledOnlyFromUnit(const FunctionDecl *F) {
  return !F->isExternallyVisible() || F->isInlined() || F->isTemplateInstantiation();
}

/// Whether every call of F the unit shows gives its pointer parameter P memory of the calling
/// thread's own: a local array of the caller, or a pointer parameter of the caller that its own
/// callers give such memory (`count(&n)` handing `n` on through helpers). Recursive calls under
/// way are taken to agree; they add no memory of their own.
bool pointsToThreadPrivate(UnitCache &TU, const FunctionDecl *F, const ParmVarDecl *P,
                           llvm::SmallPtrSetImpl<const ParmVarDecl *> &Visiting) {
  if (F->hasAttr<CUDAGlobalAttr>() || !Visiting.insert(P).second)
    return !F->hasAttr<CUDAGlobalAttr>();
  llvm::ArrayRef<UnitCache::CallSite> Calls = TU.callSitesOf(F);
  return !Calls.empty() && llvm::all_of(Calls, [&](const UnitCache::CallSite &Site) {
    const Expr *Arg = argumentForParameter(Site.Call, F, P->getFunctionScopeIndex());
    if (!Arg)
      return false;
    if (threadPrivate(Arg))
      return true;
    const auto *Handed = dyn_cast_or_null<ParmVarDecl>(memoryRoot(Arg));
    return Handed && Handed->getType()->isPointerType() &&
           pointsToThreadPrivate(TU, Site.Caller, Handed, Visiting);
  });
}

/// Whether the lanes of a warp index one array through the pointer parameter P of F: always in
/// a kernel, and in a device function when each call the unit shows passes the same pointer to
/// every lane of a warp (`reverse_in_warp(buf, v)`). A call that passes each thread its own part
/// of an array (`dct(block + row * stride)`) gives every lane a different base; calls that all
/// pass the caller's own memory (`warp_reduce(sums)`) give each lane its own. A function only
/// this unit can call, with no call in the code analysed (its callers did not compile), gets
/// memory nobody here can name: nothing is said about it.
bool pointerSharedByWarp(UnitCache &TU, const FunctionDecl *F, const ParmVarDecl *P) {
  if (F->hasAttr<CUDAGlobalAttr>())
    return true;
  llvm::ArrayRef<UnitCache::CallSite> Calls = TU.callSitesOf(F);
  if (Calls.empty())
    return !calledOnlyFromUnit(F);
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Visiting;
  if (pointsToThreadPrivate(TU, F, P, Visiting))
    return false;
  for (const UnitCache::CallSite &Site : Calls) {
    const Expr *Arg = argumentForParameter(Site.Call, F, P->getFunctionScopeIndex());
    if (Arg && !threadPrivate(Arg) &&
        !TU.uniformityOf(Site.Caller).isUniformAt(Arg, model::Scope::Warp))
      return false;
  }
  return true;
}

/// The races of one function's accesses, with its lanes on their own or as one call makes them.
class RaceSearch {
public:
  RaceSearch(UnitCache &TU, const FunctionDecl *F, FunctionCFG &Cfg,
             const AccessCollector &Collector, std::optional<LaneSets::CallContext> Context)
      : TU(TU), F(F), Ctx(TU.context()), Cfg(Cfg), Lanes(TU, F, std::move(Context)),
        Reads(resolved(Collector.Reads, Lanes)), Writes(resolved(Collector.Writes, Lanes)),
        Lockstep(model::warpRunsInLockstep(TU.platform())) {
    const SourceManager &SM = Ctx.getSourceManager();
    stableSort(Reads, [&](const Access &A, const Access &B) {
      return SM.isBeforeInTranslationUnit(A.Element->getBeginLoc(), B.Element->getBeginLoc());
    });
  }

  /// The first racing read of each array not in RootsDone, which receives the arrays decided.
  void find(llvm::SmallPtrSetImpl<const Decl *> &RootsDone, std::vector<WarpRace> &Races) {
    for (const Access &R : Reads) {
      // Each race stands alone: at the unit's time bound the races found so far are reported.
      if (TU.outOfTime())
        break;
      if (RootsDone.count(R.Root))
        continue;
      if (const auto *P = dyn_cast<ParmVarDecl>(R.Root); P && !pointerSharedByWarp(TU, F, P)) {
        RootsDone.insert(R.Root);
        continue;
      }
      std::optional<WarpRace> Found = raceOf(R);
      if (!Found)
        Found = raceInSomeTrip(R);
      if (Found) {
        RootsDone.insert(R.Root);
        Found->Via = Lanes.context() ? Lanes.context()->Call : nullptr;
        Races.push_back(*Found);
      }
    }
  }

private:
  const std::optional<LaneSets::PerWarp> &reachOf(const Stmt *S) {
    auto It = Reach.find(S);
    if (It == Reach.end())
      It = Reach.emplace(S, Cfg.blockOf(S) ? Lanes.lanesReaching(S) : std::nullopt).first;
    return It->second;
  }
  bool unordered(const Stmt *A, const Stmt *B) {
    auto Stops = [&](const Stmt *S) { return isBarrier(S, TU.summaries()); };
    return Cfg.reachesAvoiding(A, B, Stops) || Cfg.reachesAvoiding(B, A, Stops);
  }

  std::optional<WarpRace> raceOf(const Access &R) {
    const auto &RL = reachOf(R.At);
    if (!RL || !elements(Lanes, R))
      return std::nullopt;
    // The statements the read meets with no barrier between, by one walk each way: a barrier
    // settles a pair whatever lanes they name, and in a long kernel almost every pair has one.
    auto Stops = [&](const Stmt *S) { return isBarrier(S, TU.summaries()); };
    auto Before = Cfg.reachableAvoiding(R.At, FunctionCFG::Direction::Backward, Stops);
    auto After = Cfg.reachableAvoiding(R.At, FunctionCFG::Direction::Forward, Stops);
    auto ReachOf = [&](const Stmt *S) -> const std::optional<LaneSets::PerWarp> & {
      return reachOf(S);
    };
    auto Unordered = [&](const Stmt *A, const Stmt *B) { return unordered(A, B); };
    for (const Access &W : Writes) {
      if (W.Root != R.Root)
        continue;
      bool WriteFirst = Before.count(W.At);
      if (!WriteFirst && !After.count(W.At))
        continue;
      const auto &WL = reachOf(W.At);
      if (!WL)
        continue;
      auto Pair = partner(Lanes, R, W, *RL, *WL);
      if (!Pair || contended(Lanes, Writes, W, *Pair, ReachOf, Unordered) ||
          (Lockstep && compilerKeepsOrder(Lanes, R, W, WriteFirst)))
        continue;
      return WarpRace{R.Element,
                      W.Element,
                      cast<ValueDecl>(R.Root),
                      Pair->Reader,
                      Pair->Writer,
                      WriteFirst,
                      R.Element->getType().isVolatileQualified()};
    }
    return std::nullopt;
  }

  // In a counted loop (`for (k = 1; k < 32; k *= 2) if (lane >= k) a[t] += a[t - k];`) the
  // lanes that meet are known trip by trip: each trip is evaluated with its counter.
  std::optional<WarpRace> raceInSomeTrip(const Access &R) {
    std::optional<LaneSets::CountedLoop> Loop = Lanes.enclosingCountedLoop(R.Element);
    if (!Loop)
      return std::nullopt;
    std::optional<WarpRace> Found;
    for (int64_t Trip : Loop->Values) {
      Lanes.bindCounter(Loop->Counter, Trip);
      Reach.clear();
      if ((Found = raceOf(R)))
        break;
    }
    Lanes.bindCounter(Loop->Counter, std::nullopt);
    Reach.clear();
    return Found;
  }

  UnitCache &TU;
  const FunctionDecl *F;
  ASTContext &Ctx;
  FunctionCFG &Cfg;
  LaneSets Lanes;
  std::vector<Access> Reads, Writes;
  bool Lockstep;
  std::map<const Stmt *, std::optional<LaneSets::PerWarp>> Reach;
};

} // namespace

std::vector<WarpRace> warpRaces(UnitCache &TU, const FunctionDecl *F) {
  std::vector<WarpRace> Races;
  FunctionCFG *Cfg = TU.cfgOf(F);
  if (!Cfg || !F->hasBody())
    return Races;
  AccessCollector Collector;
  Collector.TraverseStmt(F->getBody());
  if (Collector.Reads.empty() || Collector.Writes.empty())
    return Races;
  llvm::SmallPtrSet<const Decl *, 8> RootsDone;
  RaceSearch(TU, F, *Cfg, Collector, std::nullopt).find(RootsDone, Races);
  // A helper's lanes and indices as each call gives them (`if (tid < 32) warpReduce(s, tid)`).
  for (LaneSets::CallContext &Context : LaneSets::contextsOf(TU, F))
    if (!Context.DataDependentGuard)
      RaceSearch(TU, F, *Cfg, Collector, std::move(Context)).find(RootsDone, Races);
  return Races;
}

} // namespace coopcheck::analysis
