// The grid the executor replays a kernel on: its shape, its warps, and how it was launched. Threads
// are numbered block by block, x fastest, as the hardware numbers them within a block.
#pragma once
#include <cstdint>

namespace coopcheck::model {

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  unsigned count() const { return X * Y * Z; }
  bool operator==(const Dim3 &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
  /// The coordinates of the Linear-th element, x fastest.
  Dim3 at(unsigned Linear) const { return {Linear % X, Linear / X % Y, Linear / (X * Y)}; }
  /// The extent along Axis (0: x, 1: y, 2: z).
  unsigned &operator[](unsigned Axis) { return Axis == 0 ? X : Axis == 1 ? Y : Z; }
  unsigned operator[](unsigned Axis) const { return Axis == 0 ? X : Axis == 1 ? Y : Z; }
};

/// Extents halved, the largest first, until at most Max elements remain: a launch too large to
/// replay keeps its dimensionality and the ratio of its sides.
inline Dim3 scaledDown(Dim3 D, unsigned Max) {
  while (D.count() > Max) {
    unsigned *Largest = D.Y > D.X ? &D.Y : &D.X;
    if (D.Z > *Largest)
      Largest = &D.Z;
    *Largest = (*Largest + 1) / 2;
  }
  return D;
}

/// How a kernel was launched: what the grid barrier requires (probe P10).
enum class LaunchCooperation { Standard, Cooperative, MultiDevice };

/// A thread of the replayed grid: its index over the whole grid.
using ThreadId = unsigned;

struct LaunchShape {
  Dim3 Grid;
  Dim3 Block;
  unsigned WarpSize = 32;
  LaunchCooperation Cooperation = LaunchCooperation::Cooperative;
  /// Whether threads that left the kernel stop counting at a block barrier: not on AMD GPUs
  /// (model::exitReleasesBlockBarrier), where the block waits for them for good.
  bool ExitReleasesBlockBarrier = true;
  /// Whether the lanes of a warp run in lockstep, so a warp operation waits for no one: the lanes
  /// that reach it together execute it (model::warpRunsInLockstep: AMD wavefronts).
  bool WarpRunsInLockstep = false;

  unsigned blocks() const { return Grid.count(); }
  unsigned threadsPerBlock() const { return Block.count(); }
  unsigned threads() const { return blocks() * threadsPerBlock(); }
  unsigned warpsPerBlock() const { return (threadsPerBlock() + WarpSize - 1) / WarpSize; }

  unsigned blockOf(ThreadId T) const { return T / threadsPerBlock(); }
  /// The thread's rank in its block (threadIdx linearised).
  unsigned rankInBlock(ThreadId T) const { return T % threadsPerBlock(); }
  /// The warp's index over the whole grid.
  unsigned warpOf(ThreadId T) const {
    return blockOf(T) * warpsPerBlock() + rankInBlock(T) / WarpSize;
  }
  unsigned laneOf(ThreadId T) const { return rankInBlock(T) % WarpSize; }
  ThreadId threadOf(unsigned Block, unsigned Rank) const {
    return Block * threadsPerBlock() + Rank;
  }
  /// The thread of a warp's lane; lanes past the end of a partial last warp do not exist.
  bool laneExists(unsigned Warp, unsigned Lane) const {
    return (Warp % warpsPerBlock()) * WarpSize + Lane < threadsPerBlock();
  }
  ThreadId threadOfLane(unsigned Warp, unsigned Lane) const {
    return threadOf(Warp / warpsPerBlock(), (Warp % warpsPerBlock()) * WarpSize + Lane);
  }

  Dim3 threadIdx(ThreadId T) const { return Block.at(rankInBlock(T)); }
  Dim3 blockIdx(ThreadId T) const { return Grid.at(blockOf(T)); }
};

} // namespace coopcheck::model
