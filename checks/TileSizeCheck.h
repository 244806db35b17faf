// cg-tile-size: tiled_partition<N>, tiled_partition(g, n) or a thread_block_tile<N> parameter with
// a size the platform cannot make (not a power of two, larger than its largest tile, a multi-warp
// tile below compute capability 8.0 without block_tile_memory), or one that exceeds or does not
// divide the parent tile.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class TileSizeCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
