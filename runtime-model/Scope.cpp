#include "runtime-model/Scope.h"

namespace coopcheck::model {

llvm::StringRef scopeName(Scope S) {
  switch (S) {
  case Scope::Thread: return "thread";
  case Scope::Tile: return "tile";
  case Scope::Warp: return "warp";
  case Scope::Block: return "block";
  case Scope::Cluster: return "cluster";
  case Scope::Grid: return "grid";
  case Scope::MultiGrid: return "multi-grid";
  }
  return "thread";
}

bool exitDoesNotReleaseBarrier(Scope S, unsigned TileSize) {
  return S == Scope::Grid || S == Scope::MultiGrid || (S == Scope::Tile && TileSize >= 64);
}

} // namespace coopcheck::model
