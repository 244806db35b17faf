#include "runtime-model/semantics/TileLimits.h"

namespace coopcheck::model {
namespace {

constexpr unsigned MaxMultiWarpTile = 1024;

bool isPowerOfTwo(unsigned N) { return N != 0 && (N & (N - 1)) == 0; }

/// Only CUDA's tiled_partition<N> makes tiles of several warps.
bool makesMultiWarpTiles(TileForm Form, const TileTarget &Target) {
  return Form == TileForm::Static && Target.Plat == Platform::Cuda;
}

const char *displayName(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "CUDA";
  case Platform::Hip:
    return "HIP";
  case Platform::Maca:
    return "MXMACA";
  }
  return "CUDA";
}

} // namespace

TileSizeVerdict checkTileSize(unsigned Size, TileForm Form, const TileTarget &Target) {
  if (!isPowerOfTwo(Size))
    return TileSizeVerdict::NotPowerOfTwo;
  if (Size <= Target.WarpSize)
    return TileSizeVerdict::Valid;
  if (!makesMultiWarpTiles(Form, Target) || Size > MaxMultiWarpTile)
    return TileSizeVerdict::TooLarge;
  if (Target.CudaArch.value_or(MultiWarpTileArch) < MultiWarpTileArch && !Target.BlockTileMemory)
    return TileSizeVerdict::NeedsTileMemory;
  return TileSizeVerdict::Valid;
}

std::string allowedTileSizes(TileForm Form, const TileTarget &Target) {
  std::string Sizes =
      "1, 2, 4, ..., " + std::to_string(Target.WarpSize) + " on " + displayName(Target.Plat);
  if (makesMultiWarpTiles(Form, Target))
    return Sizes + " (or " + std::to_string(2 * Target.WarpSize) + ".." +
           std::to_string(MaxMultiWarpTile) + " with compute capability 8.0+)";
  switch (Target.Plat) {
  case Platform::Cuda:
    return Sizes + " (multi-warp tiles need tiled_partition<N>)";
  case Platform::Hip:
    return Sizes + " (the wavefront size)";
  case Platform::Maca:
    return Sizes + " (the warp size)";
  }
  return Sizes;
}

} // namespace coopcheck::model
