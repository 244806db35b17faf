#include "analysis/flow/Groups.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *p) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  cg::thread_group any = block;
  grid.sync();
  __syncthreads();
  cg::sync(block);
  p[0] = tile.shfl_down(p[1], 1);
  any.sync();
  __syncwarp();
  p[2] = __ballot_sync(0xffffffffu, p[3] > 0);
}
)";

TEST(Groups, RecognisesGroupTypes) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  auto Type = [&](const char *Var) { return groupTypeOf(S.init("k", Var)->getType()); };
  EXPECT_EQ(Type("grid")->Kind, GroupKind::Grid);
  EXPECT_EQ(Type("block")->Kind, GroupKind::ThreadBlock);
  EXPECT_EQ(Type("tile")->Kind, GroupKind::Tile);
  EXPECT_EQ(Type("tile")->TileSize, 16u);
  EXPECT_EQ(scopeOf(GroupType{GroupKind::Grid, 0}), model::Scope::Grid);
  EXPECT_FALSE(scopeOf(GroupType{GroupKind::Generic, 0}).has_value());
}

TEST(Groups, ClassifiesCollectives) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  auto Classify = [&](const char *Callee, unsigned Nth = 0) {
    const clang::CallExpr *C = S.call("k", Callee, Nth);
    EXPECT_NE(C, nullptr) << Callee;
    return C ? classifyCollective(C, S.context()) : std::nullopt;
  };
  auto GridSync = Classify("sync", 0);
  ASSERT_TRUE(GridSync);
  EXPECT_EQ(GridSync->Kind, CollectiveKind::Barrier);
  EXPECT_EQ(GridSync->Group.Kind, GroupKind::Grid);
  EXPECT_EQ(GridSync->Spelling, "grid.sync()");

  auto Block = Classify("__syncthreads");
  ASSERT_TRUE(Block);
  EXPECT_EQ(Block->Group.Kind, GroupKind::ThreadBlock);
  EXPECT_EQ(Block->GroupExpr, nullptr);

  auto FreeSync = Classify("sync", 1);
  ASSERT_TRUE(FreeSync);
  EXPECT_EQ(FreeSync->Group.Kind, GroupKind::ThreadBlock);

  auto Shuffle = Classify("shfl_down");
  ASSERT_TRUE(Shuffle);
  EXPECT_EQ(Shuffle->Kind, CollectiveKind::Shuffle);
  EXPECT_EQ(Shuffle->Group.TileSize, 16u);

  auto Generic = Classify("sync", 2);
  ASSERT_TRUE(Generic);
  EXPECT_EQ(Generic->Group.Kind, GroupKind::Generic);

  EXPECT_EQ(Classify("__syncwarp")->Kind, CollectiveKind::WarpBarrier);
  EXPECT_EQ(Classify("__ballot_sync")->Kind, CollectiveKind::Vote);
  EXPECT_EQ(Classify("this_grid")->Kind, CollectiveKind::HandleCreation);
  EXPECT_EQ(Classify("tiled_partition")->Kind, CollectiveKind::Partition);
}

} // namespace
