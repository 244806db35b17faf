#include "runtime-model/semantics/Architectures.h"
#include "runtime-model/semantics/LaunchApi.h"
#include "gtest/gtest.h"

using namespace coopcheck::model;

namespace {

uint64_t coResident(llvm::StringRef Id, BlockFootprint Block) {
  const GpuPart *Part = findGpuPart(Id);
  EXPECT_NE(Part, nullptr) << Id.str();
  std::optional<CoResidency> C = Part ? coResidentBlocks(*Part, Block) : std::nullopt;
  return C ? C->Blocks : 0;
}

} // namespace

TEST(Architectures, H100HoldsTwoBlocksOf1024ThreadsPerSM) {
  // probe P11: 264 blocks of 1024 threads run cooperatively on an H100 SXM, 265 fail.
  std::optional<CoResidency> C = coResidentBlocks(*findGpuPart("h100-sxm"), {1024, 0});
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(C->BlocksPerMultiprocessor, 2u);
  EXPECT_EQ(C->Blocks, 264u);
  EXPECT_EQ(C->Part->Name, "H100 SXM");
  EXPECT_EQ(C->Part->Target, "sm_90");
}

TEST(Architectures, ResidentBlockAndThreadLimits) {
  EXPECT_EQ(coResident("h100-pcie", {1024, 0}), 2u * 114);
  EXPECT_EQ(coResident("h100-sxm", {32, 0}), 32u * 132);           // the block count limit
  EXPECT_EQ(coResident("h100-sxm", {std::nullopt, 0}), 32u * 132); // any block size
  EXPECT_EQ(coResident("a100-40gb", {256, 0}), 8u * 108);
  EXPECT_EQ(coResident("rtx4090", {1024, 0}), 1u * 128); // 1536 threads per SM
  EXPECT_EQ(coResident("l4", {64, 0}), 24u * 58);        // 24 blocks per SM on sm_89
  EXPECT_EQ(coResident("t4", {1024, 0}), 1u * 40);       // 1024 threads per SM on sm_75
  EXPECT_EQ(coResident("rtx5090", {512, 0}), 3u * 170);
  EXPECT_EQ(coResident("v100", {100, 0}), 16u * 80);   // 100 threads hold 4 warps
  EXPECT_EQ(coResident("mi300x", {256, 0}), 8u * 304); // 64-lane waves, 2048 per CU
  EXPECT_EQ(coResident("mi100", {64, 0}), 40u * 120);  // 40 waves per CU on CDNA1
}

TEST(Architectures, SharedMemoryLimitsBlocks) {
  // 100 KiB plus the 1 KiB the runtime reserves per block: two fit in 228 KiB on sm_90.
  EXPECT_EQ(coResident("h100-sxm", {128, 100 * 1024}), 2u * 132);
  EXPECT_EQ(coResident("a100-80gb", {128, 48 * 1024}), 3u * 108);
  // More than an SM has: such a block cannot run at all.
  EXPECT_FALSE(coResidentBlocks(*findGpuPart("rtx3090"), {128, 120 * 1024}).has_value());
  EXPECT_FALSE(coResidentBlocks(*findGpuPart("a100-80gb"), {2048, 0}).has_value());
}

TEST(Architectures, LookupIsCaseInsensitiveAndListsEveryPart) {
  EXPECT_EQ(findGpuPart("H100-SXM"), findGpuPart("h100-sxm"));
  EXPECT_EQ(findGpuPart("h100"), nullptr);
  std::string Ids = gpuPartIds();
  for (const GpuPart &Part : gpuParts())
    EXPECT_NE(Ids.find(Part.Id.str()), std::string::npos) << Part.Id.str();
}

TEST(Architectures, EveryCapabilityFromVoltaToBlackwellHasParts) {
  for (unsigned Capability : {70u, 72u, 75u, 80u, 86u, 87u, 89u, 90u, 100u, 120u})
    EXPECT_FALSE(candidateParts(Platform::Cuda, Capability).empty()) << Capability;
  EXPECT_TRUE(candidateParts(Platform::Cuda, 60u).empty());
  EXPECT_TRUE(candidateParts(Platform::Cuda, std::nullopt).empty());
  EXPECT_FALSE(candidateParts(Platform::Hip, std::nullopt).empty());
  EXPECT_FALSE(candidateParts(Platform::Maca, std::nullopt).empty());
}

TEST(Architectures, WithoutAPartTheLargestOfTheCapabilityDecides) {
  // sm_90: the 132-SM parts, not the 114-SM H100 PCIe, so no device of sm_90 is wrongly flagged.
  std::optional<CoResidency> Sm90 =
      mostCoResidentBlocks(candidateParts(Platform::Cuda, 90u), {1024, 0});
  ASSERT_TRUE(Sm90.has_value());
  EXPECT_EQ(Sm90->Blocks, 264u);
  EXPECT_EQ(Sm90->Part->Id, "h100-sxm");
  // HIP: a kernel with 48 KiB of LDS fits 3 per CU on a 160 KiB MI355X, 1 on a 64 KiB MI300X.
  std::optional<CoResidency> Hip =
      mostCoResidentBlocks(candidateParts(Platform::Hip, std::nullopt), {256, 48 * 1024});
  ASSERT_TRUE(Hip.has_value());
  EXPECT_EQ(Hip->Part->Id, "mi355x");
  EXPECT_EQ(Hip->Blocks, 3u * 256);
  EXPECT_FALSE(mostCoResidentBlocks({}, {256, 0}).has_value());
}

TEST(LaunchApi, CooperativeLaunchFacts) {
  EXPECT_EQ(sharedMemoryArg(*findLaunchApi("cudaLaunchCooperativeKernel")), 4);
  EXPECT_EQ(sharedMemoryArg(*findLaunchApi("cuLaunchCooperativeKernel")), 7);
  EXPECT_EQ(sharedMemoryArg(*findLaunchApi("hipLaunchKernelGGL")), 3);
  EXPECT_EQ(sharedMemoryArg(*findLaunchApi("cudaLaunchKernelEx")), -1);
  EXPECT_EQ(cooperativeLaunchTooLargeError(*findLaunchApi("cudaLaunchCooperativeKernel")),
            "cudaErrorCooperativeLaunchTooLarge");
  EXPECT_EQ(cooperativeLaunchTooLargeError(*findLaunchApi("cuLaunchCooperativeKernel")),
            "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE");
  EXPECT_EQ(cooperativeLaunchTooLargeError(*findLaunchApi("hipModuleLaunchCooperativeKernel")),
            "hipErrorCooperativeLaunchTooLarge");
  EXPECT_EQ(occupancyQueryFor(*findLaunchApi("mcModuleLaunchCooperativeKernel")),
            "mcModuleOccupancyMaxActiveBlocksPerMultiprocessor");
  EXPECT_EQ(cooperativeLaunchSupportQuery(*findLaunchApi("hipLaunchCooperativeKernel")),
            "hipDeviceGetAttribute(..., hipDeviceAttributeCooperativeLaunch, device)");
  EXPECT_TRUE(isOccupancyQueryName("cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"));
  EXPECT_TRUE(isOccupancyQueryName("cudaOccupancyMaxPotentialBlockSize"));
  EXPECT_FALSE(isOccupancyQueryName("cudaFuncGetAttributes"));
  EXPECT_TRUE(isMultiprocessorCountName("hipDeviceAttributeMultiprocessorCount"));
  EXPECT_TRUE(isMultiprocessorCountName("multiProcessorCount"));
}
