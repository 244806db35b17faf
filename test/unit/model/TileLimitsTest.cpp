#include "runtime-model/semantics/TileLimits.h"
#include "gtest/gtest.h"

using namespace coopcheck::model;

namespace {

TileTarget cuda(unsigned Arch, bool BlockTileMemory = false) {
  return TileTarget{Platform::Cuda, 32, Arch, BlockTileMemory};
}

} // namespace

TEST(TileLimits, CudaSingleWarpTiles) {
  for (unsigned Size : {1u, 2u, 4u, 8u, 16u, 32u}) {
    EXPECT_EQ(checkTileSize(Size, TileForm::Static, cuda(700)), TileSizeVerdict::Valid) << Size;
    EXPECT_EQ(checkTileSize(Size, TileForm::Dynamic, cuda(700)), TileSizeVerdict::Valid) << Size;
  }
  EXPECT_EQ(checkTileSize(0, TileForm::Static, cuda(800)), TileSizeVerdict::NotPowerOfTwo);
  EXPECT_EQ(checkTileSize(48, TileForm::Static, cuda(800)), TileSizeVerdict::NotPowerOfTwo);
  EXPECT_EQ(checkTileSize(24, TileForm::Dynamic, cuda(800)), TileSizeVerdict::NotPowerOfTwo);
}

TEST(TileLimits, CudaMultiWarpTilesNeedSm80OrScratch) {
  EXPECT_EQ(checkTileSize(64, TileForm::Static, cuda(800)), TileSizeVerdict::Valid);
  EXPECT_EQ(checkTileSize(1024, TileForm::Static, cuda(900)), TileSizeVerdict::Valid);
  EXPECT_EQ(checkTileSize(2048, TileForm::Static, cuda(900)), TileSizeVerdict::TooLarge);
  EXPECT_EQ(checkTileSize(128, TileForm::Static, cuda(700)), TileSizeVerdict::NeedsTileMemory);
  EXPECT_EQ(checkTileSize(128, TileForm::Static, cuda(700, /*BlockTileMemory=*/true)),
            TileSizeVerdict::Valid);
  // The host-side parse has no architecture: the default target, sm_80.
  EXPECT_EQ(checkTileSize(256, TileForm::Static, TileTarget{}), TileSizeVerdict::Valid);
  // tiled_partition(parent, n) traps above a warp whatever the architecture.
  EXPECT_EQ(checkTileSize(64, TileForm::Dynamic, cuda(900)), TileSizeVerdict::TooLarge);
}

TEST(TileLimits, HipAndMacaStopAtTheWarp) {
  TileTarget Hip{Platform::Hip, 64, std::nullopt, false};
  TileTarget Wave32{Platform::Hip, 32, std::nullopt, false};
  TileTarget Maca{Platform::Maca, 64, std::nullopt, false};
  EXPECT_EQ(checkTileSize(64, TileForm::Static, Hip), TileSizeVerdict::Valid);
  EXPECT_EQ(checkTileSize(128, TileForm::Static, Hip), TileSizeVerdict::TooLarge);
  EXPECT_EQ(checkTileSize(64, TileForm::Static, Wave32), TileSizeVerdict::TooLarge);
  EXPECT_EQ(checkTileSize(64, TileForm::Dynamic, Maca), TileSizeVerdict::Valid);
  EXPECT_EQ(checkTileSize(128, TileForm::Static, Maca), TileSizeVerdict::TooLarge);
  EXPECT_EQ(checkTileSize(96, TileForm::Static, Maca), TileSizeVerdict::NotPowerOfTwo);
}

TEST(TileLimits, AllowedSizesNameThePlatform) {
  EXPECT_EQ(allowedTileSizes(TileForm::Static, cuda(800)),
            "1, 2, 4, ..., 32 on CUDA (or 64..1024 with compute capability 8.0+)");
  EXPECT_EQ(allowedTileSizes(TileForm::Dynamic, cuda(800)),
            "1, 2, 4, ..., 32 on CUDA (multi-warp tiles need tiled_partition<N>)");
  EXPECT_EQ(allowedTileSizes(TileForm::Static, TileTarget{Platform::Hip, 64, std::nullopt, false}),
            "1, 2, 4, ..., 64 on HIP (the wavefront size)");
  EXPECT_EQ(
      allowedTileSizes(TileForm::Dynamic, TileTarget{Platform::Maca, 64, std::nullopt, false}),
      "1, 2, 4, ..., 64 on MXMACA (the warp size)");
}
