#include "analysis/launch/LaunchSites.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cuda.h>
#include <cooperative_groups.h>
__global__ void k(int *p) {}
__global__ void other(int *p) {}
void host(int *p, const cudaLaunchConfig_t *external, CUfunction handle, cudaStream_t s) {
  void *args[] = {&p};
  k<<<1, 32>>>(p);
  cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&k), dim3(1), dim3(32), args);
  void *fn = (void *)other;
  cudaLaunchKernel(fn, dim3(1), dim3(32), args, 0, s);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cudaLaunchConfig_t coop = {};
  coop.attrs = attr;
  coop.numAttrs = 1;
  cudaLaunchKernelEx(&coop, k, p);
  cudaLaunchKernelEx(external, k, p);
  cuLaunchKernel(handle, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr);
}
void plain(int *p) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1);
  cudaLaunchKernelEx(&cfg, k, p);
}
)";

TEST(LaunchSites, FindsEveryLaunchAndItsKernel) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  const std::vector<LaunchSite> &Sites = S.analysis().get<UnitLaunchSites>().sites();
  ASSERT_EQ(Sites.size(), 7u);
  auto Name = [](const LaunchSite &L) { return L.Kernel ? L.Kernel->getNameAsString() : "?"; };
  EXPECT_EQ(Sites[0].Spelling, "<<<...>>>");
  EXPECT_EQ(Name(Sites[0]), "k");
  EXPECT_EQ(Sites[0].Coop, Cooperation::None);
  EXPECT_EQ(Sites[1].Coop, Cooperation::Single);
  EXPECT_EQ(Name(Sites[1]), "k");
  EXPECT_EQ(Name(Sites[2]), "other"); // through a local function pointer
  EXPECT_EQ(Sites[2].Coop, Cooperation::None);
  EXPECT_EQ(Sites[3].Coop, Cooperation::Single);  // attribute set to 1 here
  EXPECT_EQ(Sites[4].Coop, Cooperation::Unknown); // configuration built by the caller
  EXPECT_EQ(Sites[5].Kernel, nullptr);            // CUfunction handle
  EXPECT_EQ(Sites[6].Coop, Cooperation::None);    // no attributes at all
}

TEST(LaunchSites, MultiDeviceParameterLists) {
  test::ParsedSource S(R"(
#include <cooperative_groups.h>
__global__ void a(int *p) {}
__global__ void b(int *p) {}
void host(void **args, cudaStream_t s) {
  cudaLaunchParams params[2];
  params[0].func = (void *)a;
  params[1].func = (void *)b;
  cudaLaunchCooperativeKernelMultiDevice(params, 2, 0);
}
)");
  ASSERT_TRUE(S.ok());
  const std::vector<LaunchSite> &Sites = S.analysis().get<UnitLaunchSites>().sites();
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_EQ(Sites[0].Coop, Cooperation::MultiDevice);
  EXPECT_EQ(Sites[1].Kernel->getNameAsString(), "b");
}

} // namespace
