#include "analysis/flow/Divergence.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <tuple>

using namespace clang;
using coopcheck::model::Scope;
using Shape = coopcheck::analysis::DivergentBranch::Shape;

namespace coopcheck::analysis {
namespace {

std::optional<UniformRequirement> requirementOfGroup(GroupType G, unsigned WarpSize) {
  switch (G.Kind) {
  case GroupKind::ThreadBlock:
    return UniformRequirement::scope(Scope::Block);
  case GroupKind::Tile:
    return UniformRequirement::tile(G.TileSize);
  case GroupKind::DynamicTile:
    return UniformRequirement::tile(G.TileSize ? G.TileSize : WarpSize);
  case GroupKind::Cluster:
    return UniformRequirement::scope(Scope::Cluster);
  case GroupKind::Grid:
    return UniformRequirement::scope(Scope::Grid);
  case GroupKind::MultiGrid:
    return UniformRequirement::scope(Scope::MultiGrid);
  case GroupKind::Coalesced: // made of the threads that are there
  case GroupKind::Warp:      // intrinsics with masks: cg-warp-mask
  case GroupKind::Generic:
    return std::nullopt;
  }
  return std::nullopt;
}

/// Finds a call of the same warp collective on the same group inside a statement.
class MatchingCollectiveFinder : public RecursiveASTVisitor<MatchingCollectiveFinder> {
public:
  MatchingCollectiveFinder(const CollectiveCall &Wanted, const FunctionDecl *F, ASTContext &Ctx)
      : Wanted(Wanted), F(F), Ctx(Ctx) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    auto Other = classifyCollective(Call, Ctx);
    if (Other && Other->Kind == Wanted.Kind && calleeName(Call) == calleeName(Wanted.Call) &&
        Other->GroupExpr && Wanted.GroupExpr) {
      const Expr *Mine = resolveGroupOrigin(Wanted.GroupExpr, F).Source;
      Found = Mine && resolveGroupOrigin(Other->GroupExpr, F).Source == Mine;
    }
    return !Found;
  }

private:
  const CollectiveCall &Wanted;
  const FunctionDecl *F;
  ASTContext &Ctx;
};

/// Both sides of a branch calling the same shuffle, vote or match on the same warp-sized tile:
/// the two sites pair like one warp instruction (valid from sm_70, probe P14), so that
/// branch does not split the tile.
bool pairsAcrossBranch(const CallExpr *Call, const Stmt *OtherSide, const FunctionDecl *F,
                       ASTContext &Ctx, unsigned WarpSize) {
  auto Collective = classifyCollective(Call, Ctx);
  if (!OtherSide || !Collective || Collective->Group.Kind != GroupKind::Tile ||
      Collective->Group.TileSize > WarpSize ||
      (Collective->Kind != CollectiveKind::Shuffle && Collective->Kind != CollectiveKind::Vote &&
       Collective->Kind != CollectiveKind::Match))
    return false;
  MatchingCollectiveFinder Finder(*Collective, F, Ctx);
  Finder.TraverseStmt(const_cast<Stmt *>(OtherSide));
  return Finder.Found;
}

/// A callee's guard, its parameters replaced by how uniform Call's arguments for them are.
UniformValue boundGuard(UniformValue CalleeGuard, const CallExpr *Call, const FunctionDecl *Callee,
                        Uniformity &Uniform, unsigned WarpSize) {
  uint64_t Fields = CalleeGuard.Fields;
  CalleeGuard.Fields = 0;
  UniformValue Object = Uniform.objectFieldsValue(Fields, Call, Callee, MemoryView::AsLeft);
  return meet(Object, bindParameters(
                          CalleeGuard,
                          [&](unsigned P) -> std::optional<UniformValue> {
                            const Expr *Arg = argumentForParameter(Call, Callee, P);
                            return Arg ? std::optional(Uniform.valueOf(Arg)) : std::nullopt;
                          },
                          WarpSize));
}

/// What the guard of G comes to with the conditions it carries: as uniform as both.
UniformValue wholeGuard(const GuardedEffect &G) {
  UniformValue V = G.Guard;
  for (const CarriedCondition &C : G.Carried)
    V = meet(V, C.Value);
  return V;
}

/// The carried conditions as numbers for a decision key: where each is written, the ranges its
/// comparisons have, and how uniform it is.
std::vector<int64_t> carriedKey(const std::vector<CarriedCondition> &Carried) {
  std::vector<int64_t> Key;
  auto Range = [&](const std::optional<ValueRange> &R) {
    Key.push_back(R ? int64_t(R->Terms.size()) : -1);
    if (!R)
      return;
    Key.insert(Key.end(), {R->Low, R->High});
    for (const auto &[Index, Coefficient] : R->Terms)
      Key.insert(Key.end(), {int64_t(Index), Coefficient});
  };
  for (const CarriedCondition &C : Carried) {
    const UniformValue &V = C.Value;
    Key.insert(Key.end(), {reinterpret_cast<intptr_t>(C.Branch.Condition), int64_t(V.Level),
                           int64_t(V.Granule), int64_t(V.Params), int64_t(V.Reads),
                           int64_t(V.ReducedParams), int64_t(V.Fields), V.Rank, V.SameInEachWarp});
    for (const RangedCondition::Comparison &K : C.Condition.Comparisons) {
      Range(K.LHS);
      Range(K.RHS);
    }
  }
  return Key;
}

/// Source order of the calls in a function, then of the collectives: the first one a reader
/// meets names a finding.
void sortBySource(std::vector<GuardedEffect> &Effects, const SourceManager &SM) {
  auto Key = [](const GuardedEffect &G) {
    return std::make_pair(G.Effect.Chain.empty() ? G.Effect.Site : G.Effect.Chain.front(),
                          G.Effect.Site);
  };
  stableSort(Effects, [&](const GuardedEffect &A, const GuardedEffect &B) {
    auto [CallA, SiteA] = Key(A);
    auto [CallB, SiteB] = Key(B);
    SourceLocation LA = CallA->getBeginLoc(), LB = CallB->getBeginLoc();
    if (LA != LB)
      return SM.isBeforeInTranslationUnit(LA, LB);
    return SM.isBeforeInTranslationUnit(SiteA->getBeginLoc(), SiteB->getBeginLoc());
  });
}

/// What decides an effect of a callee at its callers: the collective's kind and group, the guard
/// and the branch that names it, and a partition's own call (the tiles it makes). The callers
/// decide effects alike in all of these alike, whichever collective they reach.
auto decisionKey(const GuardedEffect &G) {
  const GroupOrigin &Group = G.Effect.Group;
  const UniformValue &Guard = G.Guard;
  return std::make_tuple(static_cast<int>(G.Effect.Kind), static_cast<int>(Group.Origin),
                         static_cast<int>(Group.Type.Kind), Group.Type.TileSize, Group.ParamIndex,
                         Group.Source,
                         G.Effect.Kind == CollectiveKind::Partition ? G.Effect.Site : nullptr,
                         static_cast<int>(Guard.Level), Guard.Granule, Guard.Rank, Guard.Params,
                         Guard.Reads, Guard.ReducedParams, Guard.Fields, Guard.SameInEachWarp,
                         Guard.Unknown, G.Branch ? G.Branch->Condition : nullptr,
                         G.Branch ? static_cast<int>(G.Branch->Form) : -1, carriedKey(G.Carried));
}

/// The effects of a callee that its callers may still report, in their order: none that a
/// finding below covers (ReportedBelow stays set above), and of effects with one decision key
/// only the collective first in source order, the one a finding at a caller would name. What
/// passes up a call graph then grows with its distinct decisions, not with its paths (a chain
/// of a thousand calls, or calls that fan out at every level).
std::vector<const GuardedEffect *> effectsPassedUp(const std::vector<GuardedEffect> &Inner,
                                                   const SourceManager &SM) {
  std::map<decltype(decisionKey(Inner.front())), const GuardedEffect *> First;
  for (const GuardedEffect &In : Inner) {
    if (In.Divergent || In.ReportedBelow)
      continue;
    auto [It, Inserted] = First.try_emplace(decisionKey(In), &In);
    if (!Inserted && SM.isBeforeInTranslationUnit(In.Effect.Site->getBeginLoc(),
                                                  It->second->Effect.Site->getBeginLoc()))
      It->second = &In;
  }
  std::vector<const GuardedEffect *> Out;
  for (const GuardedEffect &In : Inner)
    if (auto It = First.find(decisionKey(In)); It != First.end() && It->second == &In)
      Out.push_back(&In);
  return Out;
}

} // namespace

bool exitExcuses(const CollectiveEffect &E, model::Platform P, unsigned WarpSize) {
  if (E.Kind != CollectiveKind::Barrier)
    return true;
  if (E.Group.Origin != GroupOrigin::Kind::Known)
    return false;
  std::optional<Scope> S = scopeOf(E.Group.Type);
  if (!S || model::exitDoesNotReleaseBarrier(*S, E.Group.Type.TileSize, WarpSize))
    return false;
  return *S != Scope::Block || model::exitReleasesBlockBarrier(P);
}

llvm::StringRef groupNoun(UniformRequirement R) {
  switch (R.Level) {
  case Scope::Thread:
    return "tile";
  case Scope::Cluster:
    return "cluster";
  case Scope::Grid:
    return "grid";
  case Scope::MultiGrid:
    return "multi-grid";
  default:
    return "block";
  }
}

std::optional<UniformRequirement> requirementOf(const CollectiveEffect &E, unsigned WarpSize) {
  if (E.Group.Origin != GroupOrigin::Kind::Known)
    return std::nullopt;
  switch (E.Kind) {
  case CollectiveKind::CoalescedCreation:
  case CollectiveKind::WarpBarrier:
    return std::nullopt;
  case CollectiveKind::Partition: {
    if (E.Group.Type.Kind == GroupKind::Coalesced)
      return std::nullopt;
    // tiled_partition needs whole tiles of its result; labeled and binary partitions split the
    // whole parent by a run-time label.
    if (callsGroupFunction(E.Site, model::OperationId::TiledPartition)) {
      if (auto Result = groupTypeOf(E.Site->getType()); Result && Result->Kind == GroupKind::Tile)
        return UniformRequirement::tile(Result->TileSize);
      GroupOrigin Made = resolveGroupOrigin(E.Site, nullptr);
      return requirementOfGroup(Made.Origin == GroupOrigin::Kind::Known
                                    ? Made.Type
                                    : GroupType{GroupKind::DynamicTile, 0},
                                WarpSize);
    }
    return requirementOfGroup(E.Group.Type, WarpSize);
  }
  default:
    return requirementOfGroup(E.Group.Type, WarpSize);
  }
}

bool DivergenceAnalysis::reachedByWholeWarps(const FunctionDecl *F, const Stmt *S) {
  FunctionCFG *Cfg = TU.cfgOf(F);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return false;
  UniformRequirement Warp = UniformRequirement::tile(TU.warpSize());
  return llvm::all_of(guardsOf(F, Block, S),
                      [&](const Guard &G) { return G.EndsThreads || satisfies(G.Value, Warp); });
}

std::vector<DivergenceAnalysis::Guard>
DivergenceAnalysis::guardsOf(const FunctionDecl *F, const CFGBlock *Block, const Stmt *Target) {
  const auto *Call = dyn_cast<CallExpr>(Target);
  std::vector<Guard> Guards;
  FunctionCFG *Cfg = TU.cfgOf(F);
  Uniformity &Uniform = TU.uniformityOf(F);
  bool Kernel = F->hasAttr<CUDAGlobalAttr>();
  const llvm::DenseMap<const CFGBlock *, bool> &Decided = decidedBranches(F);
  auto Live = [&](const CFGBlock *B, unsigned Successor) {
    auto It = Decided.find(B);
    return It == Decided.end() || It->second == (Successor == 0);
  };
  for (const BranchShape &Shape :
       branchesDeciding(*Cfg, Block, Target, F, TU.returnsEndThread(F))) {
    // A branch whose sides meet again before Target once the sides conditions never take are
    // left out (a status test of a call that returns success on every path, whose `goto` would
    // have skipped Target) decides nothing.
    if (!Decided.empty() && Shape.Block && !Cfg->decides(Shape.Block, Block, Live))
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    // A kernel's own exits belong to cg-early-exit-before-sync and cg-warp-mask.
    if (!Cond || (Kernel && Shape.GuardsKernelExit) ||
        (Call && pairsAcrossBranch(Call, Shape.OtherSide, F, TU.context(), TU.warpSize())))
      continue;
    if (llvm::any_of(Guards, [&](const Guard &G) { return G.Condition == Cond; }))
      continue; // the operands of one && / || condition
    Guards.push_back({Cond, Shape.Branch.Form, Uniform.valueOf(Cond), Shape.GuardsKernelExit});
  }
  // Innermost first: the condition closest to the collective names it best.
  const SourceManager &SM = TU.context().getSourceManager();
  llvm::sort(Guards, [&](const Guard &A, const Guard &B) {
    return SM.isBeforeInTranslationUnit(B.Condition->getBeginLoc(), A.Condition->getBeginLoc());
  });
  return Guards;
}

const llvm::DenseMap<const CFGBlock *, bool> &
DivergenceAnalysis::decidedBranches(const FunctionDecl *F) {
  auto [It, New] = Decided.try_emplace(F);
  FunctionCFG *Cfg = New ? TU.cfgOf(F) : nullptr;
  if (!Cfg)
    return It->second;
  Uniformity &Uniform = TU.uniformityOf(F);
  auto Range = [&](const Expr *E) { return Uniform.rangeOf(E); };
  for (const CFGBlock *B : Cfg->cfg()) {
    const auto *Cond = B->succ_size() == 2 && !isa_and_nonnull<SwitchStmt>(B->getTerminatorStmt())
                           ? dyn_cast_or_null<Expr>(B->getTerminatorCondition())
                           : nullptr;
    std::optional<RangedCondition> Ranged =
        Cond ? rangedCondition(Cond, TU.context(), Range) : std::nullopt;
    if (std::optional<bool> Taken =
            Ranged ? Ranged->outcome(TU.context(), TU.maxBlockWidth(F), TU.warpSize())
                   : std::nullopt)
      It->second.try_emplace(B, *Taken);
  }
  return It->second;
}

std::vector<DivergenceAnalysis::Guard>
DivergenceAnalysis::guardsFor(const CollectiveEffect &E, const std::vector<Guard> &Local) const {
  bool Excused = exitExcuses(E, TU.platform(), TU.warpSize());
  std::vector<Guard> Splitting;
  for (const Guard &L : Local)
    if (!(L.EndsThreads && Excused))
      Splitting.push_back(L);
  return Splitting;
}

void DivergenceAnalysis::decide(const FunctionDecl *F, GuardedEffect &G,
                                const std::vector<Guard> &Local) {
  auto Needed = requirementOf(G.Effect, TU.warpSize());
  // Every launch in the unit gives F blocks of one thread (`<<<1, 1>>>`): nothing within a
  // block can differ between its threads.
  std::optional<model::Dim3> Block = TU.launchedBlock(F);
  if (Needed && Block && Block->count() == 1 && !isWiderOrEqual(Needed->Level, Scope::Cluster))
    return;
  auto Name = [&](const Guard &L) { G.Branch = DivergentBranch{L.Condition, L.Form}; };
  const Guard *Splitting = nullptr;
  for (const Guard &L : Local)
    if (Needed ? !satisfies(L.Value, *Needed)
               : !(L.Value.Level == Scope::MultiGrid && L.Value.Params == 0 &&
                   L.Value.ReducedParams == 0 && L.Value.Fields == 0)) {
      Splitting = &L;
      break;
    }
  if (!Splitting)
    for (const Guard &L : Local)
      if (L.Value.Params | L.Value.ReducedParams | L.Value.Fields) {
        Splitting = &L;
        break;
      }
  if (Splitting)
    Name(*Splitting);
  // A guard computed from code the compiler rejected decides nothing: no finding rests on it.
  UniformValue Whole = wholeGuard(G);
  if (Needed && !G.ReportedBelow && !Whole.Unknown && !satisfies(Whole, *Needed))
    G.Divergent = true;
}

void DivergenceAnalysis::addGuard(GuardedEffect &G, const Guard &L, Uniformity &Uniform) {
  std::optional<RangedCondition> Ranged =
      rangedCondition(L.Condition, TU.context(), [&](const Expr *E) { return Uniform.rangeOf(E); });
  if (Ranged && Ranged->callersMayDecide())
    G.Carried.push_back({DivergentBranch{L.Condition, L.Form}, std::move(*Ranged), L.Value});
  else
    G.Guard = meet(G.Guard, L.Value);
}

void DivergenceAnalysis::addCarried(GuardedEffect &G, const GuardedEffect &In,
                                    const FunctionDecl *Def, const CallExpr *Call,
                                    const FunctionDecl *Callee, Uniformity &Uniform) {
  std::optional<UniformRequirement> Needed = requirementOf(G.Effect, TU.warpSize());
  for (const CarriedCondition &C : In.Carried) {
    RangedCondition Bound =
        C.Condition.boundToCall([&](unsigned P) { return Uniform.argumentRange(Call, Callee, P); });
    if (Bound.outcome(TU.context(), TU.maxBlockWidth(Def), TU.warpSize()))
      continue; // every thread decides it alike at this call
    UniformValue Value = boundGuard(C.Value, Call, Callee, Uniform, TU.warpSize());
    // What splits the group here is best named by this condition, unless one of the caller's.
    if (Needed && !satisfies(Value, *Needed))
      G.Branch = C.Branch;
    if (Bound.callersMayDecide())
      G.Carried.push_back({C.Branch, std::move(Bound), Value});
    else
      G.Guard = meet(G.Guard, Value);
  }
}

const std::vector<GuardedEffect> &DivergenceAnalysis::effectsOf(const FunctionDecl *F) {
  static const std::vector<GuardedEffect> None;
  const FunctionDecl *Def = summarisableDefinition(F);
  if (!Def)
    return None;
  if (auto It = Memo.find(Def); It != Memo.end())
    return It->second;
  FunctionCFG *Cfg = TU.cfgOf(Def);
  if (!Cfg)
    return None;
  if (!InProgress.insert(Def).second) {
    // Recursion: the recursive call's collectives are those already being collected. What is
    // computed above this cut is not kept, so each function is complete when asked for itself.
    CutRecursion = true;
    return None;
  }
  bool CutAbove = CutRecursion;
  CutRecursion = false;
  std::vector<GuardedEffect> Result;
  Uniformity &Uniform = TU.uniformityOf(Def);
  llvm::SmallPtrSet<const CallExpr *, 32> Seen;
  std::vector<std::pair<const CFGBlock *, const CallExpr *>> SelfCalls;
  for (const CFGBlock *B : Cfg->cfg())
    for (const CFGElement &Element : *B) {
      auto S = Element.getAs<CFGStmt>();
      const auto *Call = S ? dyn_cast<CallExpr>(S->getStmt()) : nullptr;
      if (!Call || isa<CUDAKernelCallExpr>(Call) || !Seen.insert(Call).second)
        continue;
      if (classifyCollective(Call, TU.context()))
        Result.push_back(collectiveAt(Def, B, Call));
      else if (summarisableDefinition(calleeOf(Call)) == Def)
        SelfCalls.push_back({B, Call});
      else if (const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call)))
        addCalleeEffects(Def, B, Call, Callee, effectsOf(Callee), Uniform, Result);
    }
  // A call of the function itself executes the collectives of its body once more (a helper that
  // syncs and recurses until a per-thread stop): they are reached at the recursive call.
  std::vector<GuardedEffect> Body = Result;
  for (const auto &[B, Call] : SelfCalls)
    addCalleeEffects(Def, B, Call, Def, Body, Uniform, Result);
  excuseHandlesMadeEverywhere(Def, Result);
  InProgress.erase(Def);
  bool Partial = CutRecursion;
  CutRecursion = CutAbove || Partial;
  sortBySource(Result, TU.context().getSourceManager());
  if (Partial) {
    Scratch = std::move(Result);
    return Scratch;
  }
  return Memo[Def] = std::move(Result);
}

bool DivergenceAnalysis::createsHandleOnEveryPath(const FunctionDecl *F, GroupKind K) {
  auto [It, New] = HandleOnEveryPath.try_emplace({F, K}, false);
  FunctionCFG *Cfg = New ? TU.cfgOf(F) : nullptr;
  if (!Cfg)
    return It->second;
  auto Creates = [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return false;
    if (auto Collective = classifyCollective(Call, TU.context()))
      return Collective->Kind == CollectiveKind::HandleCreation && Collective->Group.Kind == K;
    const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call));
    return Callee && createsHandleOnEveryPath(Callee, K);
  };
  bool Always = !Cfg->reachesAvoiding(nullptr, nullptr, Creates);
  return HandleOnEveryPath[{F, K}] = Always;
}

void DivergenceAnalysis::excuseHandlesMadeEverywhere(const FunctionDecl *Def,
                                                     std::vector<GuardedEffect> &Effects) {
  for (GuardedEffect &G : Effects)
    if (G.Effect.Kind == CollectiveKind::HandleCreation &&
        G.Effect.Group.Origin == GroupOrigin::Kind::Known &&
        createsHandleOnEveryPath(Def, G.Effect.Group.Type.Kind)) {
      G.Guard = UniformValue::everywhere();
      G.Carried.clear();
      G.Branch.reset();
      G.Divergent = false;
    }
}

GuardedEffect DivergenceAnalysis::collectiveAt(const FunctionDecl *Def, const CFGBlock *B,
                                               const CallExpr *Call) {
  GuardedEffect G;
  G.Effect = TU.summaries().effectsOfCall(Call, Def).front();
  std::vector<Guard> Local = guardsFor(G.Effect, guardsOf(Def, B, Call));
  for (const Guard &L : Local)
    addGuard(G, L, TU.uniformityOf(Def));
  decide(Def, G, Local);
  return G;
}

void DivergenceAnalysis::addCalleeEffects(const FunctionDecl *Def, const CFGBlock *B,
                                          const CallExpr *Call, const FunctionDecl *Callee,
                                          std::vector<GuardedEffect> Inner, Uniformity &Uniform,
                                          std::vector<GuardedEffect> &Result) {
  std::vector<const GuardedEffect *> PassedUp =
      effectsPassedUp(Inner, TU.context().getSourceManager());
  if (PassedUp.empty())
    return;
  std::vector<Guard> AtCall = guardsOf(Def, B, Call);
  for (const GuardedEffect *Passed : PassedUp) {
    const GuardedEffect &In = *Passed;
    std::vector<Guard> Local = guardsFor(In.Effect, AtCall);
    BoundGuard Bound = TU.summaries().bindGuard(In.Effect.Guard, Call, Callee, Def);
    if (!Bound.Runs) // a constant argument keeps the collective from running at this call
      continue;
    GuardedEffect G;
    G.Effect = In.Effect;
    G.Effect.Guard = Bound.Guard;
    G.Effect.Chain = In.Effect.Chain.prepended(Call);
    G.Effect.Group = SummaryTable::bindToCall(In.Effect.Group, Call, Callee, Def);
    G.ReportedBelow = In.Divergent || In.ReportedBelow;
    G.Branch = In.Branch;
    G.Guard = boundGuard(In.Guard, Call, Callee, Uniform, TU.warpSize());
    for (const Guard &L : Local)
      addGuard(G, L, Uniform);
    addCarried(G, In, Def, Call, Callee, Uniform);
    decide(Def, G, Local);
    Result.push_back(std::move(G));
  }
}

} // namespace coopcheck::analysis
