#include "analysis/rules/EarlyExits.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void divergent(int *p, int n) {
  auto grid = cg::this_grid();
  if (threadIdx.x + blockIdx.x * blockDim.x >= n) return;
  grid.sync();
}
__global__ void uniform(int *p, int n) {
  auto grid = cg::this_grid();
  if (n < 0) return;
  grid.sync();
}
__global__ void after(int *p, int n) {
  auto grid = cg::this_grid();
  grid.sync();
  if (threadIdx.x >= n) return;
  p[threadIdx.x] = 0;
}
__global__ void block_scope(int *p, int n) {
  if (threadIdx.x >= n) return;
  __syncthreads();
}
)";

TEST(EarlyExits, DivergentExitBeforeGridBarrier) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  auto Found = findEarlyExits(S.analysis(), S.function("divergent"), {});
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].BarrierScope, model::Scope::Grid);
  ASSERT_EQ(Found[0].Exits.size(), 1u);
  EXPECT_EQ(sourceText(Found[0].Exits[0].Condition, S.context()),
            "threadIdx.x + blockIdx.x * blockDim.x >= n");
}

TEST(EarlyExits, UniformOrLaterExitsAreFine) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(findEarlyExits(S.analysis(), S.function("uniform"), {}).empty());
  EXPECT_TRUE(findEarlyExits(S.analysis(), S.function("after"), {}).empty());
}

TEST(EarlyExits, BlockBarriersOnlyWhenStrict) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(findEarlyExits(S.analysis(), S.function("block_scope"), {}).empty());
  auto Strict = findEarlyExits(S.analysis(), S.function("block_scope"), {true});
  ASSERT_EQ(Strict.size(), 1u);
  EXPECT_EQ(Strict[0].BarrierScope, model::Scope::Block);
}

TEST(EarlyExits, TileWiderThanTheWarpDependsOnThePlatform) {
  const std::string Kernel = R"(
namespace cg = cooperative_groups;
__global__ void k(int *p, int n) {
  __shared__ cg::block_tile_memory<256> scratch;
  auto tile = cg::tiled_partition<64>(cg::this_thread_block(scratch));
  if (threadIdx.x >= n) return;
  tile.sync();
}
)";
  test::ParsedSource Cuda("#include <cooperative_groups.h>\n" + Kernel);
  ASSERT_TRUE(Cuda.ok());
  EXPECT_EQ(findEarlyExits(Cuda.analysis(), Cuda.function("k"), {}).size(), 1u);
  test::ParsedSource Maca("#include <maca_cooperative_groups.h>\n" + Kernel, model::Platform::Maca,
                          "input.cpp");
  ASSERT_TRUE(Maca.ok());
  EXPECT_TRUE(findEarlyExits(Maca.analysis(), Maca.function("k"), {}).empty()); // one 64-lane warp
}

} // namespace
