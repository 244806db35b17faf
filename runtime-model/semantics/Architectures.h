// GPU parts and the per-multiprocessor limits that decide how many blocks of a kernel can be
// resident at once, which is all a cooperative launch may ask for: every block of a grid that
// calls grid.sync() must be running at the same time. No Clang here.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::model {

/// What one multiprocessor (an SM on NVIDIA, a CU on AMD) holds at once: fixed by the
/// architecture, the same for every part of one compute capability.
struct MultiprocessorLimits {
  unsigned MaxResidentBlocks;
  unsigned MaxResidentThreads;
  unsigned SharedMemoryBytes;            ///< the largest shared-memory carve-out
  unsigned ReservedSharedMemoryPerBlock; ///< what the runtime takes from every block (sm_80 on)
  unsigned Registers;                    ///< 32-bit registers
  unsigned MaxThreadsPerBlock;
};

struct GpuPart {
  llvm::StringRef Id;   ///< as --arch names it: "h100-sxm"
  llvm::StringRef Name; ///< as messages show it: "H100 SXM"
  Platform Plat;
  unsigned ComputeCapability; ///< 90 for sm_90; 0 on HIP and MXMACA
  llvm::StringRef Target;     ///< "sm_90", "gfx942"
  unsigned Multiprocessors;
  MultiprocessorLimits Limits;
};

llvm::ArrayRef<GpuPart> gpuParts();

/// The part an --arch value names (any letter case), or null.
const GpuPart *findGpuPart(llvm::StringRef Id);

/// Every --arch value, comma-separated, for messages.
std::string gpuPartIds();

/// The parts a unit may run on when no part is named: those of its compute capability on CUDA
/// (none for a capability the table lacks), every part of the platform on HIP and MXMACA.
std::vector<const GpuPart *> candidateParts(Platform P, std::optional<unsigned> ComputeCapability);

/// What one block of a launch needs, as far as it is known. Shared memory is a lower bound
/// (static __shared__ variables of the kernel plus a constant dynamic size), which keeps the
/// resulting limit an upper bound.
struct BlockFootprint {
  std::optional<uint64_t> Threads; ///< unknown: the block count limit alone applies
  uint64_t SharedMemoryBytes = 0;
};

struct CoResidency {
  const GpuPart *Part = nullptr;
  uint64_t BlocksPerMultiprocessor = 0;
  uint64_t Blocks = 0; ///< BlocksPerMultiprocessor x the part's multiprocessors
};

/// How many blocks of this footprint can be resident on the part at once; nullopt when such a
/// block cannot run on it at all (too many threads or too much shared memory: the launch then
/// fails for another reason).
std::optional<CoResidency> coResidentBlocks(const GpuPart &Part, BlockFootprint Block);

/// The most co-resident blocks over several parts: a grid larger than that fits none of them.
std::optional<CoResidency> mostCoResidentBlocks(llvm::ArrayRef<const GpuPart *> Parts,
                                                BlockFootprint Block);

/// What the platform calls a multiprocessor in messages: "SM" on CUDA, "CU" elsewhere.
llvm::StringRef multiprocessorNoun(Platform P);

} // namespace coopcheck::model
