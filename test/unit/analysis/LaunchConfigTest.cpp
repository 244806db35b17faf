// Launch configurations: the grid, block and shared memory a launch passes, as written at the
// launch or in a configuration built in the launching function, and their constant values once
// local variables are followed to their definitions.
#include "analysis/launch/LaunchConfig.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cuda.h>
__global__ void k(int *p) {}
void host(int *p, int n, CUfunction handle) {
  dim3 grid(4, 2);
  int threads = 8 * 32;
  k<<<grid, threads, 64>>>(p);
  k<<<n, 128>>>(p);
  void *args[] = {&p, &n};
  cudaLaunchCooperativeKernel((void *)k, dim3(3), dim3(32, 4), args);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(6);
  config.blockDim = dim3(64);
  config.dynamicSmemBytes = 0;
  cudaLaunchKernelEx(&config, k, p);
  cuLaunchKernel(handle, 2, 1, 1, 96, 1, 1, 0, nullptr, args, nullptr);
  int blocks = 2;
  blocks = n;
  k<<<blocks, 32>>>(p);
}
)";

struct Shape {
  std::optional<uint64_t> Blocks, Threads;
};

std::vector<Shape> shapesOf(test::ParsedSource &S) {
  std::vector<Shape> Shapes;
  for (const LaunchSite &L : S.analysis().get<UnitLaunchSites>().sites())
    Shapes.push_back({constantGridBlocks(S.analysis(), L), constantBlockThreads(S.analysis(), L)});
  return Shapes;
}

TEST(LaunchConfig, ConstantGridAndBlockOfEveryKindOfLaunch) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<Shape> Shapes = shapesOf(S);
  ASSERT_EQ(Shapes.size(), 6u);
  EXPECT_EQ(Shapes[0].Blocks, 8u); // dim3 grid(4, 2)
  EXPECT_EQ(Shapes[0].Threads, 256u);
  EXPECT_FALSE(Shapes[1].Blocks); // a parameter
  EXPECT_EQ(Shapes[1].Threads, 128u);
  EXPECT_EQ(Shapes[2].Blocks, 3u); // runtime launch with dim3 arguments
  EXPECT_EQ(Shapes[2].Threads, 128u);
  EXPECT_EQ(Shapes[3].Blocks, 6u); // the fields of a cudaLaunchConfig_t
  EXPECT_EQ(Shapes[3].Threads, 64u);
  EXPECT_EQ(Shapes[4].Blocks, 2u); // the driver's scalars
  EXPECT_EQ(Shapes[4].Threads, 96u);
  EXPECT_FALSE(Shapes[5].Blocks); // two definitions reach the use
}

TEST(LaunchConfig, ExtentsAlongEachAxis) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  const std::vector<LaunchSite> &Sites = S.analysis().get<UnitLaunchSites>().sites();
  ConstantLaunchShape First = constantLaunchShape(S.analysis(), Sites[0]);
  ASSERT_TRUE(First.Grid && First.Block);
  EXPECT_EQ(First.Grid->X, 4u);
  EXPECT_EQ(First.Grid->Y, 2u);
  EXPECT_EQ(First.Grid->Z, 1u);
  EXPECT_EQ(First.Block->X, 256u);
  ConstantLaunchShape Runtime = constantLaunchShape(S.analysis(), Sites[2]);
  ASSERT_TRUE(Runtime.Block);
  EXPECT_EQ(Runtime.Block->X, 32u);
  EXPECT_EQ(Runtime.Block->Y, 4u);
  EXPECT_FALSE(constantLaunchShape(S.analysis(), Sites[1]).Grid);
}

TEST(LaunchConfig, DimensionsAsWrittenAtTheLaunch) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  const std::vector<LaunchSite> &Sites = S.analysis().get<UnitLaunchSites>().sites();
  LocalValues Values(S.analysis(), S.function("host"));
  LaunchDimensions Chevrons = launchDimensions(Sites[0], Values);
  ASSERT_EQ(Chevrons.Grid.size(), 1u);
  ASSERT_NE(Chevrons.DynamicSharedMemory, nullptr);
  EXPECT_EQ(Values.constantOf(Chevrons.DynamicSharedMemory), 64u);
  LaunchDimensions Driver = launchDimensions(Sites[4], Values);
  EXPECT_EQ(Driver.Grid.size(), 3u);
  EXPECT_EQ(Driver.Block.size(), 3u);
  EXPECT_EQ(Values.productOf(Driver.Block), 96u);
}

TEST(LaunchConfig, LocalValuesFollowDefinitionsFieldsAndArrays) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  LocalValues Values(S.analysis(), S.function("host"));
  const clang::FunctionDecl *Host = S.function("host");
  const clang::VarDecl *Config = nullptr, *Args = nullptr;
  for (const clang::Decl *D : Host->decls())
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D)) {
      if (V->getName() == "config")
        Config = V;
      if (V->getName() == "args")
        Args = V;
    }
  ASSERT_TRUE(Config && Args);
  const clang::Expr *GridDim = Values.fieldValue(Config, "gridDim");
  ASSERT_NE(GridDim, nullptr);
  EXPECT_EQ(Values.constantOf(GridDim), 6u);
  EXPECT_EQ(Values.fieldValue(Config, "numAttrs"), nullptr);
  std::optional<ArrayEntries> Entries = Values.entriesOf(Args);
  ASSERT_TRUE(Entries);
  EXPECT_EQ(Entries->ByIndex.size(), 2u);
  EXPECT_EQ(Entries->Capacity, 2u);
  EXPECT_EQ(namedLocal(addressedOperand(Entries->ByIndex.at(1))), Host->getParamDecl(1));
}

} // namespace

TEST(LaunchConfig, ChoicesOfEachWayThere) {
  test::ParsedSource S(R"(
__global__ void k(int *p) {}
__global__ void unused(int *p) {}
void host(int *p, bool small, int n) {
  const int threads = small ? 768 : 1024;
  dim3 block = {4, 8, (unsigned)threads / 32};
  k<<<1, block>>>(p);
  k<<<1, dim3(4, small ? 8 : 16)>>>(p);
  int width = 64;
  if (n > 4)
    width = 128;
  k<<<1, width>>>(p);
  k<<<1, n ? n : 32>>>(p);
}
)");
  ASSERT_TRUE(S.ok());
  const std::vector<LaunchSite> &Sites = S.analysis().get<UnitLaunchSites>().sites();
  ASSERT_EQ(Sites.size(), 4u);
  LocalValues Values(S.analysis(), S.function("host"));
  auto Blocks = [&](unsigned I) {
    return Values.extentChoices(launchDimensions(Sites[I], Values).Block);
  };
  std::optional<Dim3Choices> Depths = Blocks(0);
  ASSERT_TRUE(Depths);
  ASSERT_EQ(Depths->size(), 2u);
  EXPECT_EQ((*Depths)[0], (model::Dim3{4, 8, 24}));
  EXPECT_EQ((*Depths)[1], (model::Dim3{4, 8, 32}));
  ASSERT_TRUE(Blocks(1));
  EXPECT_EQ(Blocks(1)->size(), 2u);
  std::optional<Dim3Choices> Widths = Blocks(2); // two definitions reach the use
  ASSERT_TRUE(Widths);
  EXPECT_EQ(Widths->size(), 2u);
  EXPECT_FALSE(Blocks(3)); // one arm is a parameter
  EXPECT_FALSE(Values.extentsOf(launchDimensions(Sites[0], Values).Block)); // no one extent
  std::optional<std::vector<model::Dim3>> Launched = launchedBlocks(S.analysis(), S.function("k"));
  EXPECT_FALSE(Launched); // the last launch's block is not known
  std::optional<std::vector<model::Dim3>> None = launchedBlocks(S.analysis(), S.function("unused"));
  ASSERT_TRUE(None);
  EXPECT_TRUE(None->empty());
}
