#include "analysis/rules/CooperativeLaunches.h"
#include "ParsedSource.h"
#include "analysis/launch/LaunchConfig.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cstdlib>
#include <cuda.h>
#include <cooperative_groups.h>
__global__ void k(float a, const float *x, float *y, int n) {
  __shared__ float tile[256];
  __shared__ int flags[32];
  cooperative_groups::this_grid().sync();
}
void host(float a, const float *x, float *y, int n, int threads, CUfunction f, void **params) {
  dim3 grid(100000);
  void *args[] = {&a, &x, &y};
  cudaLaunchCooperativeKernel((void *)k, grid, dim3(32, 32), args, 1024, 0);
  int blocks = 64 * 4;
  void **heap = (void **)malloc(4 * sizeof(void *));
  heap[0] = &a;
  heap[1] = &x;
  heap[2] = &y;
  heap[3] = &a;
  cudaError_t e = cudaLaunchCooperativeKernel((void *)k, dim3(blocks), dim3(threads), heap);
  dim3 later(8);
  later = dim3(n);
  cuLaunchCooperativeKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, params);
  (void)cudaLaunchCooperativeKernel((void *)k, later, dim3(256), args);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(12, 2);
  config.blockDim = dim3(128);
  config.attrs = attr;
  config.numAttrs = 1;
  e = cudaLaunchKernelEx(&config, k, a, x, y, n);
}
)";

class CooperativeLaunchesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(S.ok());
    Sites = &S.analysis().get<UnitLaunchSites>().sites();
    ASSERT_EQ(Sites->size(), 5u);
  }
  const LaunchSite &site(unsigned I) { return (*Sites)[I]; }
  LocalValues values() { return LocalValues(S.analysis(), site(0).Enclosing); }

  test::ParsedSource S{Source};
  const std::vector<LaunchSite> *Sites = nullptr;
};

TEST_F(CooperativeLaunchesTest, ConstantDimensionsThroughLocals) {
  UnitCache &TU = S.analysis();
  EXPECT_EQ(constantGridBlocks(TU, site(0)), 100000u); // dim3 grid(100000)
  EXPECT_EQ(constantBlockThreads(TU, site(0)), 1024u); // dim3(32, 32)
  EXPECT_EQ(constantGridBlocks(TU, site(1)), 256u);    // int blocks = 64 * 4
  EXPECT_EQ(constantBlockThreads(TU, site(1)), std::nullopt);
  EXPECT_EQ(constantBlockThreads(TU, site(2)), 128u);       // driver scalars
  EXPECT_EQ(constantGridBlocks(TU, site(3)), std::nullopt); // reassigned with operator=
  EXPECT_EQ(constantGridBlocks(TU, site(4)), 24u);          // config.gridDim = dim3(12, 2)
  EXPECT_EQ(constantBlockThreads(TU, site(4)), 128u);
}

TEST_F(CooperativeLaunchesTest, ArgumentArrays) {
  LocalValues Values = values();
  std::optional<ArgumentArrayReview> InPlace = reviewArgumentArray(site(0), Values);
  ASSERT_TRUE(InPlace.has_value());
  EXPECT_EQ(InPlace->Entries, 3u);
  EXPECT_EQ(InPlace->Parameters, 4u);
  EXPECT_TRUE(InPlace->Mismatches.empty());
  std::optional<ArgumentArrayReview> Heap = reviewArgumentArray(site(1), Values);
  ASSERT_TRUE(Heap.has_value());
  EXPECT_TRUE(Heap->countMatches());
  ASSERT_EQ(Heap->Mismatches.size(), 1u); // heap[3] = &a for int n
  EXPECT_EQ(Heap->Mismatches[0].Index, 3u);
  EXPECT_EQ(Heap->Mismatches[0].Parameter->getName(), "n");
  EXPECT_FALSE(reviewArgumentArray(site(2), Values).has_value()); // a parameter, a CUfunction
  EXPECT_FALSE(reviewArgumentArray(site(4), Values).has_value()); // typed extensible launch
}

TEST_F(CooperativeLaunchesTest, GridsResultsAndSupport) {
  LocalValues Values = values();
  // 1024 threads, 1152 bytes of static and 1024 of dynamic shared memory, on an A100.
  std::vector<const model::GpuPart *> A100 = {model::findGpuPart("a100-80gb")};
  std::optional<GridBeyondCoResidency> Grid = gridBeyondCoResidency(site(0), Values, A100);
  ASSERT_TRUE(Grid.has_value());
  EXPECT_EQ(Grid->Block.SharedMemoryBytes, 1152u + 1024);
  EXPECT_EQ(Grid->Limit.Blocks, 216u);
  EXPECT_FALSE(gridBeyondCoResidency(site(1), Values, A100).has_value());
  EXPECT_NE(problemSizedGrid(site(2), Values), nullptr); // (n + 127) / 128
  EXPECT_EQ(problemSizedGrid(site(3), Values), nullptr); // dim3(n): no division
  EXPECT_TRUE(launchResultIgnored(site(0)));
  EXPECT_FALSE(launchResultIgnored(site(1))); // assigned
  EXPECT_FALSE(launchResultIgnored(site(3))); // (void)
  EXPECT_FALSE(queriesCooperativeLaunchSupport(S.context()));
  EXPECT_EQ(staticSharedMemory(site(0).Kernel), 256u * 4 + 32 * 4);
}

TEST(CooperativeLaunches, SupportQueryAnywhereInTheUnit) {
  test::ParsedSource Attribute(R"(
int supported(int device) {
  int v = 0;
  cudaDeviceGetAttribute(&v, cudaDevAttrCooperativeLaunch, device);
  return v;
}
)");
  ASSERT_TRUE(Attribute.ok());
  EXPECT_TRUE(queriesCooperativeLaunchSupport(Attribute.context()));
  test::ParsedSource Property(R"(
bool supported(const cudaDeviceProp &prop) { return prop.cooperativeLaunch != 0; }
)");
  ASSERT_TRUE(Property.ok());
  EXPECT_TRUE(queriesCooperativeLaunchSupport(Property.context()));
}

} // namespace
