// The tile sizes each platform's cooperative groups can make, and the largest value a tile or
// coalesced-group shuffle moves. CUDA: powers of two up to a warp (32), and with tiled_partition<N>
// multi-warp tiles of up to 1024 threads from compute capability 8.0 on, or below it when the block
// was made with a block_tile_memory scratch; tiled_partition(parent, n) traps on anything above 32.
// HIP: up to the wavefront size. MXMACA: up to its 64-lane warp.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include <optional>
#include <string>

namespace coopcheck::model {

/// tiled_partition<N>(g) and thread_block_tile<N> (static), or tiled_partition(g, n) (dynamic).
enum class TileForm { Static, Dynamic };

/// What decides which tile sizes a target can make.
struct TileTarget {
  Platform Plat = Platform::Cuda;
  unsigned WarpSize = 32;
  /// __CUDA_ARCH__ of the target (700 for sm_70); unknown counts as the default target, sm_80.
  std::optional<unsigned> CudaArch;
  /// The tile's block was made by this_thread_block(block_tile_memory &), which gives multi-warp
  /// tiles the shared-memory scratch they need below compute capability 8.0.
  bool BlockTileMemory = false;
};

enum class TileSizeVerdict {
  Valid,
  NotPowerOfTwo,   ///< 0, 48, 96 ...
  TooLarge,        ///< a power of two above the largest tile of the form on the platform
  NeedsTileMemory, ///< a CUDA multi-warp tile below compute capability 8.0 without
                   ///< block_tile_memory
};

TileSizeVerdict checkTileSize(unsigned Size, TileForm Form, const TileTarget &Target);

/// The sizes the form accepts on the target, for messages: "1, 2, 4, ..., 32 on CUDA (or
/// 64..1024 with compute capability 8.0+)".
std::string allowedTileSizes(TileForm Form, const TileTarget &Target);

/// The compute capability (as __CUDA_ARCH__) from which CUDA makes multi-warp tiles without a
/// block_tile_memory scratch.
constexpr unsigned MultiWarpTileArch = 800;

/// The largest value, in bytes, that a tile or coalesced-group shuffle moves.
constexpr unsigned MaxShuffleBytes = 32;

} // namespace coopcheck::model
