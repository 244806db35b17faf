#include "runtime-model/semantics/Scope.h"

namespace coopcheck::model {

bool exitDoesNotReleaseBarrier(Scope S, unsigned TileSize, unsigned WarpSize) {
  return S == Scope::Grid || S == Scope::MultiGrid || (S == Scope::Tile && TileSize > WarpSize);
}

} // namespace coopcheck::model
