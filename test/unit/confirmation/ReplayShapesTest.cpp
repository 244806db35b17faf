// The grids a kernel is replayed on: constant launch shapes scaled down, each launch's
// cooperation, and the default grid laid out along the axes the kernel reads.
#include "checks/confirmation/ReplayShapes.h"
#include "DeviceModule.h"
#include "gtest/gtest.h"

namespace coopcheck::confirmation {
namespace {

using model::Dim3;
using model::LaunchCooperation;
using model::LaunchShape;

analysis::LaunchFact launchOf(const std::string &Kernel, std::optional<Dim3> Grid,
                              std::optional<Dim3> Block, analysis::Cooperation Coop) {
  analysis::LaunchFact L;
  L.KernelName = Kernel;
  L.Where = {"/src/app.cu", 42, 3};
  L.Coop = Coop;
  L.Grid = Grid;
  L.Block = Block;
  return L;
}

TEST(ReplayShapes, DescribesGridsAsMessagesShowThem) {
  EXPECT_EQ(describeGrid({{2, 1, 1}, {64, 1, 1}, 32}), "2 blocks of 64 threads");
  EXPECT_EQ(describeGrid({{1, 1, 1}, {32, 2, 1}, 32}), "1 block of 32x2 threads");
  EXPECT_EQ(describeGrid({{2, 2, 2}, {16, 2, 2}, 32}), "2x2x2 blocks of 16x2x2 threads");
}

TEST(ReplayShapes, DefaultGridIsTwoBlocksOfTwoWarps) {
  test::DeviceModule M("__global__ void k(int *p) { p[threadIdx.x] = 0; }");
  std::vector<ReplayShape> Shapes = replayShapes(M.kernel("k"), {}, 32);
  ASSERT_EQ(Shapes.size(), 1u);
  EXPECT_EQ(describeGrid(Shapes[0].Shape), "2 blocks of 64 threads");
  EXPECT_TRUE(Shapes[0].Assumed);
  EXPECT_FALSE(Shapes[0].AsLaunched);
  EXPECT_EQ(Shapes[0].Origin, "the default grid");
}

TEST(ReplayShapes, DefaultGridFollowsTheAxesTheKernelReads) {
  test::DeviceModule M(
      "__global__ void k(int *p) { p[threadIdx.y * blockDim.x + threadIdx.x + blockIdx.y] = 0; }");
  std::vector<ReplayShape> Shapes = replayShapes(M.kernel("k"), {}, 32);
  ASSERT_EQ(Shapes.size(), 1u);
  EXPECT_EQ(describeGrid(Shapes[0].Shape), "2x2 blocks of 32x2 threads");
}

TEST(ReplayShapes, ConstantLaunchesAreReplayedScaledDownWithTheirCooperation) {
  test::DeviceModule M("__global__ void k(int *p) { p[threadIdx.x] = 0; }");
  std::vector<analysis::LaunchFact> Launches = {
      launchOf("k", Dim3{2, 1, 1}, Dim3{128, 1, 1}, analysis::Cooperation::Single),
      launchOf("k", Dim3{1000, 1, 1}, Dim3{1024, 1, 1}, analysis::Cooperation::None),
      launchOf("other", Dim3{8, 1, 1}, Dim3{32, 1, 1}, analysis::Cooperation::None)};
  std::vector<ReplayShape> Shapes = replayShapes(M.kernel("k"), Launches, 32);
  ASSERT_EQ(Shapes.size(), 3u);
  EXPECT_EQ(describeGrid(Shapes[0].Shape), "2 blocks of 128 threads");
  EXPECT_EQ(Shapes[0].Shape.Cooperation, LaunchCooperation::Cooperative);
  EXPECT_TRUE(Shapes[0].AsLaunched);
  EXPECT_EQ(Shapes[0].Origin, "the launch at app.cu:42");
  EXPECT_EQ(describeGrid(Shapes[1].Shape), "4 blocks of 256 threads");
  EXPECT_EQ(Shapes[1].Shape.Cooperation, LaunchCooperation::Standard);
  EXPECT_FALSE(Shapes[1].AsLaunched) << "a scaled-down launch is not the launch itself";
  EXPECT_TRUE(Shapes[2].Assumed);
}

TEST(ReplayShapes, AtMostThreeLaunchShapesPerKernel) {
  test::DeviceModule M("__global__ void k(int *p) { p[threadIdx.x] = 0; }");
  std::vector<analysis::LaunchFact> Launches;
  for (unsigned Blocks = 1; Blocks <= 4; ++Blocks)
    Launches.push_back(
        launchOf("k", Dim3{Blocks, 1, 1}, Dim3{32, 1, 1}, analysis::Cooperation::None));
  std::vector<ReplayShape> Shapes = replayShapes(M.kernel("k"), Launches, 32);
  EXPECT_EQ(llvm::count_if(Shapes, [](const ReplayShape &S) { return !S.Assumed; }), 3);
}

} // namespace
} // namespace coopcheck::confirmation
