#include "analysis/rules/TileSizes.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "llvm/ADT/STLExtras.h"
#include <climits>

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool isTiledPartition(const CallExpr *Call) {
  return callsGroupFunction(Call, model::OperationId::TiledPartition);
}

/// this_thread_block(block_tile_memory &): a block whose multi-warp tiles have their scratch.
bool isBlockWithTileMemory(const CallExpr *Call) {
  return callsGroupFunction(Call, model::OperationId::ThisThreadBlock) && Call->getNumArgs() == 1;
}

/// Whether some device function of the unit makes its block with a block_tile_memory scratch.
/// Asked only for multi-warp tiles below sm_80 whose block comes from elsewhere, so rarely.
bool unitPassesTileMemory(UnitCache &TU) {
  return llvm::any_of(TU.deviceFunctions(), [](const FunctionDecl *F) {
    return !callsIn(F, isBlockWithTileMemory).empty();
  });
}

/// Whether the block a tile is cut from (Parent, followed through variables and enclosing tiles)
/// was made with a block_tile_memory scratch. A block that comes from a parameter counts as one
/// when some device function of the unit passes a scratch.
bool hasTileMemory(UnitCache &TU, const Expr *Parent, const FunctionDecl *F) {
  for (int Depth = 0; Depth < 8; ++Depth) {
    const auto *Made = dyn_cast_or_null<CallExpr>(resolveGroupOrigin(Parent, F).Source);
    if (!Made)
      break;
    if (callsGroupFunction(Made, model::OperationId::ThisThreadBlock))
      return isBlockWithTileMemory(Made);
    if (!isTiledPartition(Made))
      break;
    Parent = Made->getArg(0);
  }
  return unitPassesTileMemory(TU);
}

std::optional<unsigned> constantSize(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> Value = integerValue(E, Ctx);
  return Value ? std::optional<unsigned>(Value->getLimitedValue(UINT_MAX)) : std::nullopt;
}

/// The platform's verdict on Bad's size; for a multi-warp tile below sm_80 HasTileMemory decides
/// (asked only then: it may look at the whole unit).
void judge(BadTileSize &Bad, llvm::function_ref<bool()> HasTileMemory) {
  Bad.Verdict = model::checkTileSize(Bad.Size, Bad.Form, Bad.Target);
  if (Bad.Verdict != model::TileSizeVerdict::NeedsTileMemory)
    return;
  Bad.Target.BlockTileMemory = HasTileMemory();
  Bad.Verdict = model::checkTileSize(Bad.Size, Bad.Form, Bad.Target);
}

/// The size of the tile a partition is cut from, when that is a tile of known size.
std::optional<unsigned> parentTileSize(const CallExpr *Call, const FunctionDecl *F) {
  GroupOrigin Parent = resolveGroupOrigin(Call->getArg(0), F);
  bool Tile = Parent.isKnown(GroupKind::Tile) || Parent.isKnown(GroupKind::DynamicTile);
  if (!Tile || Parent.Type.TileSize == 0)
    return std::nullopt;
  return Parent.Type.TileSize;
}

std::optional<BadTileSize> checkPartition(UnitCache &TU, const CallExpr *Call,
                                          const FunctionDecl *F, const model::TileTarget &Target) {
  BadTileSize Bad{Call, nullptr, 0, model::TileForm::Static, Target};
  std::optional<unsigned> Size = staticTileSize(Call->getType());
  if (Call->getNumArgs() == 2) {
    Bad.Form = model::TileForm::Dynamic;
    Size = constantSize(Call->getArg(1), TU.context());
  }
  if (!Size)
    return std::nullopt;
  Bad.Size = *Size;
  judge(Bad, [&] { return hasTileMemory(TU, Call->getArg(0), F); });
  if (Bad.Verdict != model::TileSizeVerdict::Valid)
    return Bad;
  // A power of two that the platform accepts fails only a parent it exceeds.
  std::optional<unsigned> Parent = parentTileSize(Call, F);
  if (!Parent || *Parent % Bad.Size == 0)
    return std::nullopt;
  Bad.ParentSize = *Parent;
  return Bad;
}

std::optional<BadTileSize> checkParameter(UnitCache &TU, const ParmVarDecl *P,
                                          const model::TileTarget &Target) {
  std::optional<unsigned> Size = staticTileSize(P->getType());
  if (!Size)
    return std::nullopt;
  BadTileSize Bad{nullptr, P, *Size, model::TileForm::Static, Target};
  judge(Bad, [&] { return unitPassesTileMemory(TU); });
  if (Bad.Verdict == model::TileSizeVerdict::Valid)
    return std::nullopt;
  return Bad;
}

} // namespace

std::vector<BadTileSize> badTileSizes(UnitCache &TU, const FunctionDecl *F) {
  std::vector<BadTileSize> Result;
  model::TileTarget Target{TU.platform(), TU.warpSize(), TU.cudaArch(), false};
  for (const CallExpr *Call : callsIn(F, isTiledPartition))
    if (auto Bad = checkPartition(TU, Call, F, Target))
      Result.push_back(*Bad);
  // Parameters of templates are left to the partitions that instantiate them, where the size is
  // written.
  if (!F->isTemplateInstantiation())
    for (const ParmVarDecl *P : F->parameters())
      if (auto Bad = checkParameter(TU, P, Target))
        Result.push_back(*Bad);
  return Result;
}

} // namespace coopcheck::analysis
