// When the collectives of a replayed grid release, and which contracts they break on the way: the
// runtime model of the executor, as measured on an H100 (the probes of docs/architecture.md) and as
// the programming model specifies. The interpreter tells it where threads arrive and when they
// exit; it answers which threads may go on, which hang, and what went wrong. No IR and no Clang
// here.
#pragma once
#include "runtime-model/semantics/LaunchShape.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::model {

enum class CollectiveOp {
  BlockBarrier,     ///< block barriers, block.sync(): hardware barrier 0 of the block
  WarpBarrier,      ///< the warp barrier with a mask, sync() of a tile of at most one warp
  Shuffle,          ///< warp and tile shuffles
  Vote,             ///< warp and tile ballot/any/all
  Match,            ///< warp and tile matches
  Reduce,           ///< warp reductions, cg::reduce on a tile of at most one warp
  TileBarrier,      ///< sync() of a tile wider than a warp: a software barrier in shared memory
  GridBarrier,      ///< grid.sync(): a software barrier over every block
  MultiGridBarrier, ///< multi_grid.sync()
  /// The active-lane mask, coalesced_threads(): not a collective, but its result names the lanes
  /// that are converged at the call, so a lane waits there until the rest of its warp is blocked
  /// too.
  ActiveLanes,
};

const char *collectiveName(CollectiveOp Op);

/// Hardware: what NVIDIA GPUs from sm_70 on do (H100 measurements). Specification: every partial
/// participation and every pairing of different call sites is a violation.
enum class Semantics { Hardware, Specification };

struct Arrival {
  CollectiveOp Op = CollectiveOp::BlockBarrier;
  unsigned Site = 0;     ///< the call site, as the interpreter numbers them
  uint64_t Mask = 0;     ///< warp operations: the lanes named by the mask
  unsigned TileSize = 0; ///< TileBarrier: threads per tile
};

/// Threads that left a collective together: one instance of it.
struct Release {
  CollectiveOp Op;
  std::vector<ThreadId> Threads;
};

enum class ViolationKind {
  /// Threads of the group left the kernel and the collective went on without them.
  ExitedParticipants,
  /// Threads of one instance arrived from different call sites.
  MixedSites,
  /// Block barriers paired by count across different sites, and the threads of the block passed
  /// different numbers of them: one side read what the other had not yet written (P4c, P21).
  BarrierCountMismatch,
  /// Lanes of one warp released from a block barrier at different call sites: an H100 can hang
  /// for good there (DESIGN.md), so the hardware model never lets such a run complete.
  WarpAcrossBarrierSites,
};

struct Violation {
  ViolationKind Kind;
  CollectiveOp Op;
  std::vector<unsigned> Sites;
  /// The threads that took part, and those that had left.
  std::vector<ThreadId> Present;
  std::vector<ThreadId> Exited;
};

enum class ThreadState {
  Running,
  Waiting,  ///< at a collective
  Spinning, ///< in a loop on memory that no running thread will change
  Exited,
};

class CollectiveTracker {
public:
  CollectiveTracker(LaunchShape Shape, Semantics Model);

  /// A thread reaches a collective and waits. False when the launch forbids it: grid.sync()
  /// without a cooperative launch traps (P10).
  bool arrive(ThreadId T, const Arrival &A);
  /// A thread leaves the kernel (return or the end of the kernel).
  void exit(ThreadId T);
  /// A thread spins on memory that nothing running will write (the interpreter saw the loop make
  /// no progress); wake() when a store could change it.
  void spin(ThreadId T) { Threads[T].State = ThreadState::Spinning; }
  void wake(ThreadId T);
  /// Every instance that can complete now; their threads are running again.
  std::vector<Release> release();

  ThreadState state(ThreadId T) const { return Threads[T].State; }
  /// Where a waiting thread waits.
  const Arrival &waitingAt(ThreadId T) const { return Threads[T].At; }
  /// How many block barriers T passed from each call site (Arrival::Site): the witness of a
  /// count mismatch shows which threads skipped which barrier.
  const std::map<unsigned, unsigned> &blockBarrierPasses(ThreadId T) const {
    return Threads[T].BlockBarrierPasses;
  }
  /// After release() found nothing: no thread runs and some wait or spin, so none ever will.
  bool deadlocked() const;
  /// Call once every thread has left: checks the pairing of block barriers.
  void finish();

  const std::vector<Violation> &violations() const { return Violations; }
  const LaunchShape &shape() const { return Shape; }

private:
  struct Thread {
    ThreadState State = ThreadState::Running;
    Arrival At;
    std::map<unsigned, unsigned> BlockBarrierPasses; ///< call site -> times passed there
  };

  unsigned blockBarriersPassed(ThreadId T) const;

  std::optional<Release> releaseBlockBarrier(unsigned Block);
  std::optional<Release> releaseTileBarrier(unsigned Block, unsigned Tile, unsigned TileSize);
  std::optional<Release> releaseGridBarrier(CollectiveOp Op);
  std::optional<Release> releaseWarp(unsigned Warp);
  /// The lanes converged at one call site, once no lane of their warp still runs: an active-lane
  /// query, and on a lockstep warp any warp operation.
  std::optional<Release> releaseConverged(unsigned Warp);
  bool waitsForConvergence(CollectiveOp Op) const;
  /// The hardware model of a lockstep warp; the specification keeps the masks' contract.
  bool lockstep() const { return Model == Semantics::Hardware && Shape.WarpRunsInLockstep; }
  /// Whether every thread of Members that has not left waits at Op; Present gets them.
  bool allWaitAt(const std::vector<ThreadId> &Members, CollectiveOp Op,
                 std::vector<ThreadId> &Present, std::vector<ThreadId> &Exited) const;
  void complete(Release &R, const std::vector<ThreadId> &Exited);
  std::vector<unsigned> sitesOf(const std::vector<ThreadId> &Waiting) const;
  void record(ViolationKind K, CollectiveOp Op, const std::vector<ThreadId> &Present,
              const std::vector<ThreadId> &Exited);
  std::vector<ThreadId> blockThreads(unsigned Block) const;

  LaunchShape Shape;
  Semantics Model;
  std::vector<Thread> Threads;
  std::vector<Violation> Violations;
  /// Per block, the call sites of block-barrier instances that paired different sites.
  std::vector<std::vector<unsigned>> BlockMixedSites;
  /// Per block: lanes of one warp were released from a block barrier at different sites.
  std::vector<bool> BlockWarpSplit;
  /// Whether lanes of one warp among Waiting wait at different call sites.
  bool splitsAWarp(const std::vector<ThreadId> &Waiting) const;
};

} // namespace coopcheck::model
