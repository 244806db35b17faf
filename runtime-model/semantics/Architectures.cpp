#include "runtime-model/semantics/Architectures.h"
#include <algorithm>

namespace coopcheck::model {
namespace {

constexpr unsigned KiB = 1024;

// Per compute capability: resident blocks, resident threads, shared memory per SM, shared memory
// the runtime reserves per block, registers, threads per block.
constexpr MultiprocessorLimits Volta{32, 2048, 96 * KiB, 0, 65536, 1024};     // sm_70, sm_72
constexpr MultiprocessorLimits Turing{16, 1024, 64 * KiB, 0, 65536, 1024};    // sm_75
constexpr MultiprocessorLimits GA100{32, 2048, 164 * KiB, KiB, 65536, 1024};  // sm_80
constexpr MultiprocessorLimits GA10x{16, 1536, 100 * KiB, KiB, 65536, 1024};  // sm_86
constexpr MultiprocessorLimits Orin{16, 1536, 164 * KiB, KiB, 65536, 1024};   // sm_87
constexpr MultiprocessorLimits Ada{24, 1536, 100 * KiB, KiB, 65536, 1024};    // sm_89
constexpr MultiprocessorLimits Hopper{32, 2048, 228 * KiB, KiB, 65536, 1024}; // sm_90
constexpr MultiprocessorLimits GB100 = Hopper;                                // sm_100
constexpr MultiprocessorLimits GB20x{32, 1536, 100 * KiB, KiB, 65536, 1024};  // sm_120
// AMD CDNA compute units: 4 SIMDs of wave64, 10 waves per SIMD on CDNA1 and 8 from CDNA2 on (a
// block holds at least one wave, so waves bound blocks too), 64 KiB of LDS (160 KiB on CDNA4),
// 512 VGPRs of 64 lanes per SIMD.
constexpr MultiprocessorLimits Cdna1{40, 2560, 64 * KiB, 0, 131072, 1024};  // gfx908
constexpr MultiprocessorLimits Cdna2{32, 2048, 64 * KiB, 0, 131072, 1024};  // gfx90a, gfx942
constexpr MultiprocessorLimits Cdna4{32, 2048, 160 * KiB, 0, 131072, 1024}; // gfx950
// MetaX compute units run 64-lane warps like CDNA ones, with the same per-unit limits.
constexpr MultiprocessorLimits MetaX = Cdna2;

using P = Platform;

// Parts of one capability are listed largest first where they tie, so that the default part
// named in messages is the one a user most likely has.
const GpuPart Parts[] = {
    // id              name                      platform cc   target      SMs  limits
    {"v100", "V100", P::Cuda, 70, "sm_70", 80, Volta},
    {"xavier", "Jetson AGX Xavier", P::Cuda, 72, "sm_72", 8, Volta},
    {"titan-rtx", "TITAN RTX", P::Cuda, 75, "sm_75", 72, Turing},
    {"rtx2080ti", "RTX 2080 Ti", P::Cuda, 75, "sm_75", 68, Turing},
    {"t4", "T4", P::Cuda, 75, "sm_75", 40, Turing},
    {"a100-80gb", "A100 80GB", P::Cuda, 80, "sm_80", 108, GA100},
    {"a100-40gb", "A100 40GB", P::Cuda, 80, "sm_80", 108, GA100},
    {"a30", "A30", P::Cuda, 80, "sm_80", 56, GA100},
    {"a40", "A40", P::Cuda, 86, "sm_86", 84, GA10x},
    {"rtx3090ti", "RTX 3090 Ti", P::Cuda, 86, "sm_86", 84, GA10x},
    {"rtx3090", "RTX 3090", P::Cuda, 86, "sm_86", 82, GA10x},
    {"a10", "A10", P::Cuda, 86, "sm_86", 72, GA10x},
    {"orin", "Jetson AGX Orin", P::Cuda, 87, "sm_87", 16, Orin},
    {"l40s", "L40S", P::Cuda, 89, "sm_89", 142, Ada},
    {"rtx4090", "RTX 4090", P::Cuda, 89, "sm_89", 128, Ada},
    {"l4", "L4", P::Cuda, 89, "sm_89", 58, Ada},
    {"h100-sxm", "H100 SXM", P::Cuda, 90, "sm_90", 132, Hopper},
    {"h200", "H200", P::Cuda, 90, "sm_90", 132, Hopper},
    {"gh200", "GH200", P::Cuda, 90, "sm_90", 132, Hopper},
    {"h100-pcie", "H100 PCIe", P::Cuda, 90, "sm_90", 114, Hopper},
    {"b200", "B200", P::Cuda, 100, "sm_100", 148, GB100},
    {"rtx-pro-6000", "RTX PRO 6000 Blackwell", P::Cuda, 120, "sm_120", 188, GB20x},
    {"rtx5090", "RTX 5090", P::Cuda, 120, "sm_120", 170, GB20x},
    {"mi300x", "MI300X", P::Hip, 0, "gfx942", 304, Cdna2},
    {"mi300a", "MI300A", P::Hip, 0, "gfx942", 228, Cdna2},
    {"mi355x", "MI355X", P::Hip, 0, "gfx950", 256, Cdna4},
    {"mi250x", "MI250X (one GCD)", P::Hip, 0, "gfx90a", 110, Cdna2},
    {"mi210", "MI210", P::Hip, 0, "gfx90a", 104, Cdna2},
    {"mi100", "MI100", P::Hip, 0, "gfx908", 120, Cdna1},
    {"c500", "MetaX C500", P::Maca, 0, "xcore1000", 104, MetaX},
};

uint64_t ceilDiv(uint64_t A, uint64_t B) { return (A + B - 1) / B; }

} // namespace

llvm::ArrayRef<GpuPart> gpuParts() { return Parts; }

const GpuPart *findGpuPart(llvm::StringRef Id) {
  for (const GpuPart &Part : Parts)
    if (Part.Id.equals_insensitive(Id))
      return &Part;
  return nullptr;
}

std::string gpuPartIds() {
  std::string Ids;
  for (const GpuPart &Part : Parts)
    Ids += (Ids.empty() ? "" : ", ") + Part.Id.str();
  return Ids;
}

std::vector<const GpuPart *> candidateParts(Platform P, std::optional<unsigned> ComputeCapability) {
  std::vector<const GpuPart *> Candidates;
  for (const GpuPart &Part : Parts)
    if (Part.Plat == P && (P != Platform::Cuda || Part.ComputeCapability == ComputeCapability))
      Candidates.push_back(&Part);
  return Candidates;
}

std::optional<CoResidency> coResidentBlocks(const GpuPart &Part, BlockFootprint Block) {
  const MultiprocessorLimits &L = Part.Limits;
  uint64_t PerMultiprocessor = L.MaxResidentBlocks;
  if (Block.Threads) {
    if (*Block.Threads == 0 || *Block.Threads > L.MaxThreadsPerBlock)
      return std::nullopt;
    // Threads are scheduled in whole warps: a block of 100 threads holds 4 warps' slots.
    unsigned Warp = warpSize(Part.Plat);
    uint64_t WarpsPerBlock = ceilDiv(*Block.Threads, Warp);
    uint64_t ByThreads = L.MaxResidentThreads / Warp / WarpsPerBlock;
    PerMultiprocessor = std::min(PerMultiprocessor, ByThreads);
  }
  uint64_t Shared = Block.SharedMemoryBytes + L.ReservedSharedMemoryPerBlock;
  if (Shared > L.SharedMemoryBytes)
    return std::nullopt;
  if (Shared > 0)
    PerMultiprocessor = std::min<uint64_t>(PerMultiprocessor, L.SharedMemoryBytes / Shared);
  return CoResidency{&Part, PerMultiprocessor, PerMultiprocessor * Part.Multiprocessors};
}

std::optional<CoResidency> mostCoResidentBlocks(llvm::ArrayRef<const GpuPart *> Parts,
                                                BlockFootprint Block) {
  std::optional<CoResidency> Most;
  for (const GpuPart *Part : Parts) {
    std::optional<CoResidency> C = coResidentBlocks(*Part, Block);
    // A part the block cannot run on at all says nothing about co-residency.
    if (!C)
      return std::nullopt;
    if (!Most || C->Blocks > Most->Blocks)
      Most = C;
  }
  return Most;
}

llvm::StringRef multiprocessorNoun(Platform P) { return P == Platform::Cuda ? "SM" : "CU"; }

} // namespace coopcheck::model
