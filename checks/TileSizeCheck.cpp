#include "checks/TileSizeCheck.h"
#include "analysis/rules/TileSizes.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

/// How the message names what asks for the tile.
std::string maker(const BadTileSize &Bad) {
  if (!Bad.Call)
    return "thread_block_tile";
  return Bad.Form == model::TileForm::Dynamic ? "tiled_partition(parent, n)" : "tiled_partition";
}

std::string message(const BadTileSize &Bad) {
  std::string Tile = "tile size " + std::to_string(Bad.Size);
  std::string Needs = "; " + maker(Bad) + " needs " + model::allowedTileSizes(Bad.Form, Bad.Target);
  switch (Bad.Verdict) {
  case model::TileSizeVerdict::NotPowerOfTwo:
    return Tile + " is not a power of two" + Needs;
  case model::TileSizeVerdict::TooLarge:
    return Tile + " is larger than the platform allows" + Needs;
  case model::TileSizeVerdict::NeedsTileMemory:
    return Tile + " spans " + std::to_string(Bad.Size / Bad.Target.WarpSize) +
           " warps: multi-warp tiles need compute capability 8.0+ or a cg::block_tile_memory "
           "passed to this_thread_block(), and the target is sm_" +
           std::to_string(Bad.Target.CudaArch.value_or(0) / 10);
  case model::TileSizeVerdict::Valid:
    break;
  }
  std::string Parent = "its parent, a tile of " + std::to_string(Bad.ParentSize) + " threads";
  if (Bad.Size > Bad.ParentSize)
    return Tile + " is larger than " + Parent + "; a partition cuts its tiles out of the parent";
  return Tile + " does not divide " + Parent + "; the last tile would be partial";
}

} // namespace

void TileSizeCheck::checkTranslationUnit(UnitCache &TU) {
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions()))
    for (const BadTileSize &Bad : badTileSizes(TU, F)) {
      SourceLocation Loc =
          userLocation(TU, Bad.Call ? Bad.Call->getBeginLoc() : Bad.Parameter->getLocation());
      if (!firstUserFindingAt(TU, Loc))
        continue;
      SourceRange Range = Bad.Call ? Bad.Call->getSourceRange() : Bad.Parameter->getSourceRange();
      diag(Loc, message(Bad), DiagnosticIDs::Error) << userRange(TU, Range);
    }
}

} // namespace coopcheck::checks
