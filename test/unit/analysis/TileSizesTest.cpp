#include "analysis/rules/TileSizes.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;
using model::TileForm;
using model::TileSizeVerdict;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ float helper(const cg::thread_block_tile<40> &t, float v) { return v; }
__global__ void k(float *out, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  auto rows = cg::tiled_partition<48>(block);
  const unsigned pair = 64;
  cg::thread_group dyn = cg::tiled_partition(block, pair);
  auto warp = cg::tiled_partition<32>(block);
  auto big = cg::tiled_partition<64>(warp);
  cg::thread_group any = cg::tiled_partition(block, n);
  auto fine = cg::tiled_partition<16>(warp);
  out[0] = rows.size() + dyn.size() + big.size() + any.size() + fine.size();
}
)";

TEST(TileSizes, PartitionsCheckedAgainstPlatformAndParent) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<BadTileSize> Bad = badTileSizes(S.analysis(), S.function("k"));
  ASSERT_EQ(Bad.size(), 3u);
  EXPECT_EQ(Bad[0].Size, 48u);
  EXPECT_EQ(Bad[0].Form, TileForm::Static);
  EXPECT_EQ(Bad[0].Verdict, TileSizeVerdict::NotPowerOfTwo);
  // Through a const variable; a dynamic partition makes no multi-warp tile.
  EXPECT_EQ(Bad[1].Size, 64u);
  EXPECT_EQ(Bad[1].Form, TileForm::Dynamic);
  EXPECT_EQ(Bad[1].Verdict, TileSizeVerdict::TooLarge);
  // Valid on sm_80, but larger than the warp it is cut from.
  EXPECT_EQ(Bad[2].Size, 64u);
  EXPECT_EQ(Bad[2].Verdict, TileSizeVerdict::Valid);
  EXPECT_EQ(Bad[2].ParentSize, 32u);
  EXPECT_EQ(Bad[2].Call, S.call("k", "tiled_partition", 3));
}

TEST(TileSizes, ParametersNamingATile) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<BadTileSize> Bad = badTileSizes(S.analysis(), S.function("helper"));
  ASSERT_EQ(Bad.size(), 1u);
  EXPECT_EQ(Bad[0].Call, nullptr);
  ASSERT_NE(Bad[0].Parameter, nullptr);
  EXPECT_EQ(Bad[0].Parameter->getName(), "t");
  EXPECT_EQ(Bad[0].Size, 40u);
}

TEST(TileSizes, HipTilesStopAtTheWavefront) {
  test::ParsedSource S(R"(
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *out) {
  auto wave = cg::tiled_partition<64>(cg::this_thread_block());
  auto two = cg::tiled_partition<128>(cg::this_thread_block());
  out[0] = wave.size() + two.size();
}
)",
                       model::Platform::Hip, "input.hip");
  ASSERT_TRUE(S.ok());
  std::vector<BadTileSize> Bad = badTileSizes(S.analysis(), S.function("k"));
  ASSERT_EQ(Bad.size(), 1u);
  EXPECT_EQ(Bad[0].Size, 128u);
  EXPECT_EQ(Bad[0].Verdict, TileSizeVerdict::TooLarge);
  EXPECT_EQ(Bad[0].Target.WarpSize, 64u);
}

} // namespace
