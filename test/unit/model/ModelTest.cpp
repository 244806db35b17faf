#include "runtime-model/semantics/LaunchApi.h"
#include "runtime-model/semantics/Platform.h"
#include "runtime-model/semantics/Scope.h"
#include "gtest/gtest.h"

using namespace coopcheck::model;

TEST(Platform, WarpWidthsAndMasks) {
  EXPECT_EQ(warpSize(Platform::Cuda), 32u);
  EXPECT_EQ(warpSize(Platform::Maca), 64u);
  EXPECT_EQ(warpSize(Platform::Hip), 64u);
  EXPECT_EQ(warpSize(Platform::Hip, /*HipWave32=*/true), 32u);
  EXPECT_EQ(fullWarpMask(Platform::Cuda), 0xffffffffull);
  EXPECT_EQ(fullWarpMask(Platform::Maca), ~0ull);
  EXPECT_EQ(parsePlatform("maca"), Platform::Maca);
  EXPECT_FALSE(parsePlatform("opencl").has_value());
  EXPECT_EQ(cooperativeLaunchName(Platform::Hip), "hipLaunchCooperativeKernel");
  EXPECT_EQ(multiDeviceLaunchName(Platform::Maca), "mcLaunchCooperativeKernelMultiDevice");
}

TEST(Scope, OrderAndSoftwareBarriers) {
  EXPECT_TRUE(isWiderOrEqual(Scope::Grid, Scope::Block));
  EXPECT_FALSE(isWiderOrEqual(Scope::Warp, Scope::Block));
  EXPECT_TRUE(exitDoesNotReleaseBarrier(Scope::Grid, 0, 32));
  EXPECT_TRUE(exitDoesNotReleaseBarrier(Scope::Tile, 64, 32));
  EXPECT_FALSE(exitDoesNotReleaseBarrier(Scope::Tile, 64, 64)); // one 64-lane warp
  EXPECT_FALSE(exitDoesNotReleaseBarrier(Scope::Tile, 32, 32));
  EXPECT_FALSE(exitDoesNotReleaseBarrier(Scope::Block, 0, 32));
}

TEST(LaunchApi, TableDescribesEveryPlatform) {
  const LaunchApi *Coop = findLaunchApi("cudaLaunchCooperativeKernel");
  ASSERT_NE(Coop, nullptr);
  EXPECT_EQ(Coop->Kind, LaunchKind::Cooperative);
  EXPECT_EQ(Coop->KernelArg, 0);
  EXPECT_EQ(Coop->ArgsArg, 3);
  EXPECT_EQ(findLaunchApi("hipLaunchKernelGGL")->Kind, LaunchKind::Standard);
  EXPECT_EQ(findLaunchApi("mcLaunchCooperativeKernel")->Plat, Platform::Maca);
  EXPECT_EQ(findLaunchApi("cuLaunchKernelEx")->Kind, LaunchKind::ByAttribute);
  EXPECT_TRUE(findLaunchApi("cudaLaunchCooperativeKernelMultiDevice")->KernelArg < 0);
  EXPECT_EQ(findLaunchApi("printf"), nullptr);
  EXPECT_TRUE(isCooperativeAttributeName("cudaLaunchAttributeCooperative"));
  EXPECT_TRUE(isCooperativeAttributeName("CU_LAUNCH_ATTRIBUTE_COOPERATIVE"));
  // Every API is named once.
  for (const LaunchApi &A : launchApis())
    EXPECT_EQ(findLaunchApi(A.Name), &A) << A.Name.str();
}
