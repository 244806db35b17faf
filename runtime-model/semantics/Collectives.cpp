#include "runtime-model/semantics/Collectives.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>
#include <set>

namespace coopcheck::model {
namespace {

bool isWarpOperation(CollectiveOp Op) {
  switch (Op) {
  case CollectiveOp::WarpBarrier:
  case CollectiveOp::Shuffle:
  case CollectiveOp::Vote:
  case CollectiveOp::Match:
  case CollectiveOp::Reduce:
    return true;
  default:
    return false;
  }
}

void sortUnique(std::vector<unsigned> &V) {
  llvm::sort(V);
  V.erase(llvm::unique(V), V.end());
}

} // namespace

const char *collectiveName(CollectiveOp Op) {
  switch (Op) {
  case CollectiveOp::BlockBarrier:
    return "block barrier";
  case CollectiveOp::WarpBarrier:
    return "warp barrier";
  case CollectiveOp::Shuffle:
    return "shuffle";
  case CollectiveOp::Vote:
    return "vote";
  case CollectiveOp::Match:
    return "match";
  case CollectiveOp::Reduce:
    return "warp reduction";
  case CollectiveOp::TileBarrier:
    return "multi-warp tile barrier";
  case CollectiveOp::GridBarrier:
    return "grid barrier";
  case CollectiveOp::MultiGridBarrier:
    return "multi-grid barrier";
  case CollectiveOp::ActiveLanes:
    return "active-lane query";
  }
  return "collective";
}

CollectiveTracker::CollectiveTracker(LaunchShape Shape, Semantics Model)
    : Shape(Shape), Model(Model), Threads(Shape.threads()), BlockMixedSites(Shape.blocks()),
      BlockWarpSplit(Shape.blocks()) {}

bool CollectiveTracker::arrive(ThreadId T, const Arrival &A) {
  // The grid barrier checks is_valid() first and traps outside a cooperative launch (P10).
  if (A.Op == CollectiveOp::GridBarrier && Shape.Cooperation == LaunchCooperation::Standard)
    return false;
  if (A.Op == CollectiveOp::MultiGridBarrier && Shape.Cooperation != LaunchCooperation::MultiDevice)
    return false;
  Threads[T].State = ThreadState::Waiting;
  Threads[T].At = A;
  return true;
}

void CollectiveTracker::exit(ThreadId T) { Threads[T].State = ThreadState::Exited; }

void CollectiveTracker::wake(ThreadId T) {
  if (Threads[T].State == ThreadState::Spinning)
    Threads[T].State = ThreadState::Running;
}

bool CollectiveTracker::deadlocked() const {
  bool Blocked = false;
  for (const Thread &Th : Threads) {
    if (Th.State == ThreadState::Running)
      return false;
    Blocked |= Th.State == ThreadState::Waiting || Th.State == ThreadState::Spinning;
  }
  return Blocked;
}

std::vector<ThreadId> CollectiveTracker::blockThreads(unsigned Block) const {
  std::vector<ThreadId> Members;
  for (unsigned R = 0; R < Shape.threadsPerBlock(); ++R)
    Members.push_back(Shape.threadOf(Block, R));
  return Members;
}

bool CollectiveTracker::allWaitAt(const std::vector<ThreadId> &Members, CollectiveOp Op,
                                  std::vector<ThreadId> &Present,
                                  std::vector<ThreadId> &Exited) const {
  for (ThreadId T : Members) {
    const Thread &Th = Threads[T];
    if (Th.State == ThreadState::Exited)
      Exited.push_back(T);
    else if (Th.State == ThreadState::Waiting && Th.At.Op == Op)
      Present.push_back(T);
    else
      return false;
  }
  return !Present.empty();
}

std::vector<unsigned> CollectiveTracker::sitesOf(const std::vector<ThreadId> &Waiting) const {
  std::vector<unsigned> Sites;
  for (ThreadId T : Waiting)
    Sites.push_back(Threads[T].At.Site);
  sortUnique(Sites);
  return Sites;
}

bool CollectiveTracker::splitsAWarp(const std::vector<ThreadId> &Waiting) const {
  std::map<unsigned, unsigned> SiteOfWarp;
  for (ThreadId T : Waiting) {
    auto [It, New] = SiteOfWarp.try_emplace(Shape.warpOf(T), Threads[T].At.Site);
    if (!New && It->second != Threads[T].At.Site)
      return true;
  }
  return false;
}

void CollectiveTracker::record(ViolationKind K, CollectiveOp Op,
                               const std::vector<ThreadId> &Present,
                               const std::vector<ThreadId> &Exited) {
  Violations.push_back({K, Op, sitesOf(Present), Present, Exited});
}

/// Releases R's threads; in the specification, an instance that went on without some of its
/// threads, or paired different call sites, breaks the contract.
void CollectiveTracker::complete(Release &R, const std::vector<ThreadId> &Exited) {
  std::vector<unsigned> Sites = sitesOf(R.Threads);
  bool Mixed = Sites.size() > 1;
  if (Model == Semantics::Specification && !Exited.empty())
    record(ViolationKind::ExitedParticipants, R.Op, R.Threads, Exited);
  if (Model == Semantics::Specification && Mixed)
    record(ViolationKind::MixedSites, R.Op, R.Threads, {});
  if (Mixed && R.Op == CollectiveOp::BlockBarrier) {
    std::vector<unsigned> &Seen = BlockMixedSites[Shape.blockOf(R.Threads.front())];
    Seen.insert(Seen.end(), Sites.begin(), Sites.end());
    // Whole warps at two sites pair (P3); lanes of one warp at two sites can hang for good.
    if (Model == Semantics::Hardware && splitsAWarp(R.Threads))
      BlockWarpSplit[Shape.blockOf(R.Threads.front())] = true;
  }
  for (ThreadId T : R.Threads) {
    Threads[T].State = ThreadState::Running;
    if (R.Op == CollectiveOp::BlockBarrier)
      ++Threads[T].BlockBarrierPasses[Threads[T].At.Site];
  }
}

/// Barrier 0 counts arrivals from any call site; threads that left are excused (P1-P3), except on
/// AMD GPUs.
std::optional<Release> CollectiveTracker::releaseBlockBarrier(unsigned Block) {
  std::vector<ThreadId> Present, Exited;
  if (!allWaitAt(blockThreads(Block), CollectiveOp::BlockBarrier, Present, Exited) ||
      (!Exited.empty() && !Shape.ExitReleasesBlockBarrier))
    return std::nullopt;
  Release R{CollectiveOp::BlockBarrier, Present};
  complete(R, Exited);
  return R;
}

/// A tile wider than a warp synchronises warp by warp through shared memory: a warp whose threads
/// all left never sets its bit (P20).
std::optional<Release> CollectiveTracker::releaseTileBarrier(unsigned Block, unsigned Tile,
                                                             unsigned TileSize) {
  std::vector<ThreadId> Members;
  for (unsigned R = Tile * TileSize; R < std::min((Tile + 1) * TileSize, Shape.threadsPerBlock());
       ++R)
    Members.push_back(Shape.threadOf(Block, R));
  std::vector<ThreadId> Present, Exited;
  if (!allWaitAt(Members, CollectiveOp::TileBarrier, Present, Exited) ||
      llvm::any_of(Present, [&](ThreadId T) { return Threads[T].At.TileSize != TileSize; }))
    return std::nullopt;
  for (unsigned W = Tile * TileSize / Shape.WarpSize;
       W * Shape.WarpSize < std::min((Tile + 1) * TileSize, Shape.threadsPerBlock()); ++W)
    if (llvm::none_of(Present,
                      [&](ThreadId T) { return Shape.rankInBlock(T) / Shape.WarpSize == W; }))
      return std::nullopt;
  Release R{CollectiveOp::TileBarrier, Present};
  complete(R, Exited);
  return R;
}

/// Thread 0 of every block signals the block's arrival after a block barrier: a block whose thread
/// 0 left, or that left entirely, never arrives (P6-P8). Other threads may leave (P5), which the
/// programming model still forbids: recorded in both models.
std::optional<Release> CollectiveTracker::releaseGridBarrier(CollectiveOp Op) {
  std::vector<ThreadId> Present, Exited;
  for (unsigned B = 0; B < Shape.blocks(); ++B) {
    if (Threads[Shape.threadOf(B, 0)].State == ThreadState::Exited)
      return std::nullopt;
    if (!allWaitAt(blockThreads(B), Op, Present, Exited))
      return std::nullopt;
  }
  Release R{Op, Present};
  if (Model == Semantics::Hardware && !Exited.empty())
    record(ViolationKind::ExitedParticipants, Op, Present, Exited);
  complete(R, Exited);
  return R;
}

/// Warp operations wait for every lane of their mask that has not left, whichever call site of
/// the same operation it reaches (P13-P16); a lane at a different operation never comes (P22).
std::optional<Release> CollectiveTracker::releaseWarp(unsigned Warp) {
  std::map<CollectiveOp, Release> Ready;
  std::vector<ThreadId> Exited;
  for (unsigned L = 0; L < Shape.WarpSize && Shape.laneExists(Warp, L); ++L) {
    ThreadId T = Shape.threadOfLane(Warp, L);
    const Thread &Th = Threads[T];
    if (Th.State != ThreadState::Waiting || !isWarpOperation(Th.At.Op))
      continue;
    bool Ok = true;
    for (unsigned J = 0; J < Shape.WarpSize && Ok; ++J) {
      if (!(Th.At.Mask >> J & 1) || !Shape.laneExists(Warp, J))
        continue;
      const Thread &Other = Threads[Shape.threadOfLane(Warp, J)];
      if (Other.State == ThreadState::Exited)
        Exited.push_back(Shape.threadOfLane(Warp, J));
      else
        Ok = Other.State == ThreadState::Waiting && Other.At.Op == Th.At.Op;
    }
    if (Ok)
      Ready.try_emplace(Th.At.Op, Release{Th.At.Op, {}}).first->second.Threads.push_back(T);
  }
  if (Ready.empty())
    return std::nullopt;
  Release R = Ready.begin()->second;
  sortUnique(Exited);
  complete(R, Exited);
  return R;
}

/// Lanes that query the active mask at one call site go on together once no lane of their warp
/// still runs: the lanes converged there (probe P17 measured exactly that set). On a lockstep warp
/// (AMD) every warp operation goes the same way: the wavefront executes it for the lanes that
/// reached it, and lanes in another branch or at a barrier take no part.
std::optional<Release> CollectiveTracker::releaseConverged(unsigned Warp) {
  std::optional<std::pair<CollectiveOp, unsigned>> At;
  std::vector<ThreadId> Lanes;
  for (unsigned L = 0; L < Shape.WarpSize && Shape.laneExists(Warp, L); ++L) {
    ThreadId T = Shape.threadOfLane(Warp, L);
    const Thread &Th = Threads[T];
    if (Th.State == ThreadState::Running)
      return std::nullopt;
    if (Th.State != ThreadState::Waiting || !waitsForConvergence(Th.At.Op))
      continue;
    if (!At)
      At = {Th.At.Op, Th.At.Site};
    if (std::pair(Th.At.Op, Th.At.Site) == *At)
      Lanes.push_back(T);
  }
  if (!At)
    return std::nullopt;
  for (ThreadId T : Lanes)
    Threads[T].State = ThreadState::Running;
  return Release{At->first, std::move(Lanes)};
}

bool CollectiveTracker::waitsForConvergence(CollectiveOp Op) const {
  return Op == CollectiveOp::ActiveLanes || (lockstep() && isWarpOperation(Op));
}

std::vector<Release> CollectiveTracker::release() {
  std::vector<Release> Out;
  auto Take = [&](std::optional<Release> R) {
    if (R)
      Out.push_back(std::move(*R));
    return R.has_value();
  };
  for (unsigned B = 0; B < Shape.blocks(); ++B) {
    Take(releaseBlockBarrier(B));
    std::set<std::pair<unsigned, unsigned>> Tiles; // (tile size, tile index) with a waiting thread
    for (ThreadId T : blockThreads(B))
      if (Threads[T].State == ThreadState::Waiting && Threads[T].At.Op == CollectiveOp::TileBarrier)
        Tiles.insert({Threads[T].At.TileSize, Shape.rankInBlock(T) / Threads[T].At.TileSize});
    for (auto [Size, Tile] : Tiles)
      Take(releaseTileBarrier(B, Tile, Size));
  }
  for (CollectiveOp Op : {CollectiveOp::GridBarrier, CollectiveOp::MultiGridBarrier})
    Take(releaseGridBarrier(Op));
  for (unsigned W = 0; W < Shape.blocks() * Shape.warpsPerBlock() && !lockstep(); ++W)
    while (Take(releaseWarp(W))) {
    }
  // Only once nothing else can go on: a lane released from a collective above may still join.
  if (Out.empty())
    for (unsigned W = 0; W < Shape.blocks() * Shape.warpsPerBlock(); ++W)
      Take(releaseConverged(W));
  return Out;
}

unsigned CollectiveTracker::blockBarriersPassed(ThreadId T) const {
  unsigned Passed = 0;
  for (auto [Site, Times] : Threads[T].BlockBarrierPasses)
    Passed += Times;
  return Passed;
}

void CollectiveTracker::finish() {
  for (unsigned B = 0; B < Shape.blocks(); ++B) {
    if (BlockMixedSites[B].empty())
      continue;
    unsigned Most = 0;
    for (ThreadId T : blockThreads(B))
      Most = std::max(Most, blockBarriersPassed(T));
    std::vector<ThreadId> Ahead, Behind;
    for (ThreadId T : blockThreads(B))
      (blockBarriersPassed(T) == Most ? Ahead : Behind).push_back(T);
    std::vector<unsigned> Sites = BlockMixedSites[B];
    sortUnique(Sites);
    // The stale reads of mismatched counts explain the run first (P4c, P21); with equal counts,
    // a warp split across sites still never completes in the hardware model.
    if (!Behind.empty())
      Violations.push_back(
          {ViolationKind::BarrierCountMismatch, CollectiveOp::BlockBarrier, Sites, Ahead, Behind});
    else if (BlockWarpSplit[B])
      Violations.push_back(
          {ViolationKind::WarpAcrossBarrierSites, CollectiveOp::BlockBarrier, Sites, Ahead, {}});
  }
}

} // namespace coopcheck::model
