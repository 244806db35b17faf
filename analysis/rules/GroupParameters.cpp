#include "analysis/rules/GroupParameters.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// The parameter as the user wrote it: in a template instantiation, the template's own.
const ParmVarDecl *writtenParameter(const FunctionDecl *F, unsigned Index) {
  const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
  const FunctionDecl *Written = Pattern ? Pattern : F;
  return Index < Written->getNumParams() ? Written->getParamDecl(Index) : nullptr;
}

bool isGenericGroupByValue(const ParmVarDecl *P) {
  QualType T = P->getType();
  if (T->isReferenceType() || T->isPointerType() || T->isDependentType())
    return false;
  std::optional<GroupType> G = groupTypeOf(T);
  return G && G->Kind == GroupKind::Generic;
}

/// A group type whose object keeps what the generic one erases.
bool isSpecialized(const GroupOrigin &O) {
  return O.Origin == GroupOrigin::Kind::Known && O.Type.Kind != GroupKind::Generic &&
         O.Type.Kind != GroupKind::DynamicTile;
}

/// Records what each call in Caller passes for the parameters being collected (Index: where
/// each parameter is in Params).
void collectPassedTypes(UnitCache &TU, const FunctionDecl *Caller,
                        llvm::DenseMap<const ParmVarDecl *, size_t> &Index,
                        std::vector<GroupByValueParameter> &Params) {
  FunctionCFG *Cfg = TU.cfgOf(Caller);
  if (!Cfg)
    return;
  for (const CFGBlock *B : Cfg->cfg())
    for (const CFGElement &E : *B) {
      auto S = E.getAs<CFGStmt>();
      const auto *Call = S ? dyn_cast<CallExpr>(S->getStmt()) : nullptr;
      const FunctionDecl *Callee = Call ? summarisableDefinition(Call->getDirectCallee()) : nullptr;
      for (unsigned I = 0; Callee && I < Callee->getNumParams(); ++I) {
        auto It = Index.find(writtenParameter(Callee, I));
        if (It == Index.end())
          continue;
        GroupOrigin Passed = resolveGroupOrigin(argumentForParameter(Call, Callee, I), Caller);
        std::vector<GroupType> &Types = Params[It->second].PassedTypes;
        if (isSpecialized(Passed) && !llvm::is_contained(Types, Passed.Type))
          Types.push_back(Passed.Type);
      }
    }
}

} // namespace

std::vector<GroupByValueParameter> genericGroupsByValue(UnitCache &TU) {
  std::vector<GroupByValueParameter> Params;
  llvm::DenseMap<const ParmVarDecl *, size_t> Index;
  for (const FunctionDecl *F : TU.deviceFunctions())
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      if (const ParmVarDecl *Written = writtenParameter(F, I);
          Written && isGenericGroupByValue(Written) &&
          Index.try_emplace(Written, Params.size()).second)
        Params.push_back({Written, {}});
  if (Params.empty())
    return Params;
  for (const FunctionDecl *Caller : TU.deviceFunctions())
    collectPassedTypes(TU, Caller, Index, Params);
  return Params;
}

std::string groupTypeSpelling(GroupType G) {
  switch (G.Kind) {
  case GroupKind::ThreadBlock:
    return "thread_block";
  case GroupKind::Tile:
    return "thread_block_tile<" + std::to_string(G.TileSize) + ">";
  case GroupKind::Coalesced:
    return "coalesced_group";
  case GroupKind::Cluster:
    return "cluster_group";
  case GroupKind::Grid:
    return "grid_group";
  case GroupKind::MultiGrid:
    return "multi_grid_group";
  case GroupKind::DynamicTile:
  case GroupKind::Generic:
  case GroupKind::Warp:
    return "thread_group";
  }
  return "thread_group";
}

} // namespace coopcheck::analysis
