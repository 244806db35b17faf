// Scopes of cooperation, narrowest first. A collective of scope S needs every thread of one
// S-instance; a value is uniform at S when every thread of one S-instance computes the same one.
#pragma once
#include "llvm/ADT/StringRef.h"

namespace coopcheck::model {

enum class Scope { Thread, Tile, Warp, Block, Cluster, Grid, MultiGrid };

inline bool isWiderOrEqual(Scope A, Scope B) { return static_cast<int>(A) >= static_cast<int>(B); }

/// Grid and multi-grid barriers and barriers of tiles wider than a warp are software barriers: a
/// thread that left the kernel does not release them (measured on an H100, probe P6-P8, P20).
bool exitDoesNotReleaseBarrier(Scope S, unsigned TileSize, unsigned WarpSize);

} // namespace coopcheck::model
