#include "analysis/rules/WarpExchange.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/warp/LaneSets.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// A read or write of an element of an array or pointer named directly (`s[i]`).
struct Access {
  const ArraySubscriptExpr *Element;
  const Stmt *At; ///< the CFG element that performs it: the load, or the assignment
  const Decl *Root;
};

/// Memory every thread of a block or grid can see: __shared__ arrays, pointer parameters,
/// global variables.
const Decl *sharedRoot(const ArraySubscriptExpr *ASE) {
  const auto *Base = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  if (!Base)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(Base->getDecl());
  if (!V)
    return nullptr;
  if (V->hasAttr<CUDASharedAttr>() || (!V->hasLocalStorage() && !V->getType().isConstQualified()))
    return V;
  if (isa<ParmVarDecl>(V) && V->getType()->isPointerType())
    return V;
  return nullptr;
}

class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  std::vector<Access> Reads, Writes;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParens()))
      if (const Decl *Root = sharedRoot(ASE)) {
        Writes.push_back({ASE, BO, Root});
        if (BO->isCompoundAssignmentOp())
          Reads.push_back({ASE, BO, Root});
      }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (!UO->isIncrementDecrementOp())
      return true;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      if (const Decl *Root = sharedRoot(ASE)) {
        Writes.push_back({ASE, UO, Root});
        Reads.push_back({ASE, UO, Root});
      }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() != CK_LValueToRValue)
      return true;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(ICE->getSubExpr()->IgnoreParens()))
      if (const Decl *Root = sharedRoot(ASE))
        Reads.push_back({ASE, ICE, Root});
    return true;
  }
  bool shouldVisitLambdaBodies() const { return false; }
};

bool isBarrier(const Stmt *S, ASTContext &Ctx) {
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return false;
  auto C = classifyCollective(Call, Ctx);
  return C && (C->Kind == CollectiveKind::Barrier || C->Kind == CollectiveKind::WarpBarrier);
}

struct Race {
  unsigned Reader = 0, Writer = 0;
};

/// Lanes A != B of one warp where A reads the element B writes.
std::optional<Race> partner(LaneSets &Lanes, const Access &R, const Access &W,
                            const LaneSets::PerWarp &ReadLanes,
                            const LaneSets::PerWarp &WriteLanes) {
  const std::vector<int64_t> *RI = Lanes.values(R.Element->getIdx());
  const std::vector<int64_t> *WI = Lanes.values(W.Element->getIdx());
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
          return Race{A, It->second};
    }
  }
  return std::nullopt;
}

/// The calls of F in the device functions of the unit.
class CallsOf : public RecursiveASTVisitor<CallsOf> {
public:
  explicit CallsOf(const FunctionDecl *F) : Callee(F->getCanonicalDecl()) {}
  std::vector<const CallExpr *> Calls;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Direct = Call->getDirectCallee();
    if (Direct && Direct->getCanonicalDecl() == Callee)
      Calls.push_back(Call);
    return true;
  }

private:
  const Decl *Callee;
};

/// Whether the lanes of a warp index one array through the pointer parameter P of F: always in
/// a kernel, and in a device function when each call the unit shows passes the same pointer to
/// every lane of a warp (`reverse_in_warp(buf, v)`). A call that passes each thread its own part
/// of an array (`dct(block + row * stride)`) gives every lane a different base: the same index
/// then names different elements.
bool pointerSharedByWarp(UnitCache &TU, const FunctionDecl *F, const ParmVarDecl *P) {
  if (F->hasAttr<CUDAGlobalAttr>())
    return true;
  for (const FunctionDecl *Caller : TU.deviceFunctions()) {
    if (!Caller->hasBody())
      continue;
    CallsOf Finder(F);
    Finder.TraverseStmt(Caller->getBody());
    for (const CallExpr *Call : Finder.Calls) {
      const Expr *Arg = argumentForParameter(Call, F, P->getFunctionScopeIndex());
      if (Arg && !TU.uniformityOf(Caller).isUniformAt(Arg, model::Scope::Warp))
        return false;
    }
  }
  return true;
}

} // namespace

std::vector<WarpRace> warpRaces(UnitCache &TU, const FunctionDecl *F) {
  std::vector<WarpRace> Races;
  ASTContext &Ctx = TU.context();
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionCFG *Cfg = TU.cfgOf(F);
  if (!Cfg || !F->hasBody())
    return Races;
  AccessCollector Collector;
  Collector.TraverseStmt(F->getBody());
  if (Collector.Reads.empty() || Collector.Writes.empty())
    return Races;
  LaneSets Lanes(TU, F);
  std::map<const Stmt *, std::optional<LaneSets::PerWarp>> Reach;
  auto ReachOf = [&](const Stmt *S) -> const std::optional<LaneSets::PerWarp> & {
    auto It = Reach.find(S);
    if (It == Reach.end())
      It = Reach.emplace(S, Cfg->blockOf(S) ? Lanes.lanesReaching(S) : std::nullopt).first;
    return It->second;
  };
  auto Stops = [&](const Stmt *S) { return isBarrier(S, Ctx); };
  std::vector<Access> Reads = Collector.Reads;
  stableSort(Reads, [&](const Access &A, const Access &B) {
    return SM.isBeforeInTranslationUnit(A.Element->getBeginLoc(), B.Element->getBeginLoc());
  });
  llvm::SmallPtrSet<const Decl *, 8> RootsDone;
  for (const Access &R : Reads) {
    if (RootsDone.count(R.Root))
      continue;
    if (const auto *P = dyn_cast<ParmVarDecl>(R.Root); P && !pointerSharedByWarp(TU, F, P)) {
      RootsDone.insert(R.Root);
      continue;
    }
    const auto &RL = ReachOf(R.At);
    if (!RL || !Lanes.values(R.Element->getIdx()))
      continue;
    for (const Access &W : Collector.Writes) {
      if (W.Root != R.Root)
        continue;
      const auto &WL = ReachOf(W.At);
      if (!WL)
        continue;
      auto Pair = partner(Lanes, R, W, *RL, *WL);
      if (!Pair)
        continue;
      bool WriteFirst = Cfg->reachesAvoiding(W.At, R.At, Stops);
      if (!WriteFirst && !Cfg->reachesAvoiding(R.At, W.At, Stops))
        continue;
      RootsDone.insert(R.Root);
      Races.push_back({R.Element, W.Element, cast<ValueDecl>(R.Root), Pair->Reader, Pair->Writer,
                       WriteFirst, R.Element->getType().isVolatileQualified()});
      break;
    }
  }
  return Races;
}

} // namespace coopcheck::analysis
