// The runtime model against the H100 measurements (the probes of docs/architecture.md): each
// probe's kernel is written as the sequence of collectives each thread reaches, and a small
// scheduler replays it.
#include "runtime-model/semantics/Collectives.h"
#include "gtest/gtest.h"
#include <functional>

using namespace coopcheck::model;

namespace {

enum class Outcome { Completes, Hang, Trap };

/// One step of a thread's program: reach a collective, spin on memory forever, or leave.
struct Step {
  enum { Reach, Spin } What;
  Arrival At;
};
Step reach(CollectiveOp Op, unsigned Site, uint64_t Mask = 0, unsigned TileSize = 0) {
  return {Step::Reach, {Op, Site, Mask, TileSize}};
}
Step spinForever() { return {Step::Spin, {}}; }
Step syncthreads(unsigned Site = 0) { return reach(CollectiveOp::BlockBarrier, Site); }
Step gridSync(unsigned Site = 0) { return reach(CollectiveOp::GridBarrier, Site); }
constexpr uint64_t Full = 0xffffffffull;

using Program = std::function<std::vector<Step>(const LaunchShape &, ThreadId)>;

struct Replay {
  Outcome Result;
  std::vector<Violation> Violations;
  bool has(ViolationKind K) const {
    for (const Violation &V : Violations)
      if (V.Kind == K)
        return true;
    return false;
  }
};

/// Runs every thread to its next collective, releases what can be released, and repeats.
Replay replay(const Program &P, Semantics Model = Semantics::Hardware, LaunchShape Shape = {}) {
  if (Shape.Grid.count() == 1 && Shape.Block.count() == 1)
    Shape = {{4}, {128}, 32, LaunchCooperation::Cooperative};
  CollectiveTracker Tracker(Shape, Model);
  std::vector<std::vector<Step>> Programs;
  std::vector<size_t> Next(Shape.threads(), 0);
  for (ThreadId T = 0; T < Shape.threads(); ++T)
    Programs.push_back(P(Shape, T));
  for (;;) {
    for (ThreadId T = 0; T < Shape.threads(); ++T) {
      if (Tracker.state(T) != ThreadState::Running)
        continue;
      if (Next[T] == Programs[T].size()) {
        Tracker.exit(T);
        continue;
      }
      const Step &S = Programs[T][Next[T]++];
      if (S.What == Step::Spin)
        Tracker.spin(T);
      else if (!Tracker.arrive(T, S.At))
        return {Outcome::Trap, Tracker.violations()};
    }
    if (!Tracker.release().empty())
      continue;
    if (Tracker.deadlocked())
      return {Outcome::Hang, Tracker.violations()};
    bool AllLeft = true;
    for (ThreadId T = 0; T < Shape.threads(); ++T)
      AllLeft &= Tracker.state(T) == ThreadState::Exited;
    if (AllLeft) {
      Tracker.finish();
      return {Outcome::Completes, Tracker.violations()};
    }
  }
}

unsigned tid(const LaunchShape &S, ThreadId T) { return S.rankInBlock(T); }
unsigned lane(const LaunchShape &S, ThreadId T) { return S.laneOf(T); }

} // namespace

// P1: some threads return, the rest reach __syncthreads(): exited threads are excused.
TEST(CollectiveModel, P1ExitBeforeBlockBarrierCompletes) {
  Program P = [](const LaunchShape &S, ThreadId T) {
    return tid(S, T) % 3 == 1 ? std::vector<Step>{} : std::vector<Step>{syncthreads()};
  };
  Replay Hw = replay(P);
  EXPECT_EQ(Hw.Result, Outcome::Completes);
  EXPECT_TRUE(Hw.Violations.empty());
  EXPECT_TRUE(replay(P, Semantics::Specification).has(ViolationKind::ExitedParticipants));
}

// P2: if (t < 16) __syncthreads(); the others exit (a) or wait for the callers (b).
TEST(CollectiveModel, P2PartialBlockBarrier) {
  Program Exit = [](const LaunchShape &S, ThreadId T) {
    return tid(S, T) < 16 ? std::vector<Step>{syncthreads()} : std::vector<Step>{};
  };
  Program Wait = [](const LaunchShape &S, ThreadId T) {
    return tid(S, T) < 16 ? std::vector<Step>{syncthreads()} : std::vector<Step>{spinForever()};
  };
  EXPECT_EQ(replay(Exit).Result, Outcome::Completes);
  EXPECT_EQ(replay(Wait).Result, Outcome::Hang);
}

// P3: two call sites act as one barrier; P21: then a uniform barrier pairs with the wrong one.
TEST(CollectiveModel, P3AndP21BarrierSitesPairByCount) {
  Program TwoSites = [](const LaunchShape &S, ThreadId T) {
    return std::vector<Step>{syncthreads(tid(S, T) < 64 ? 1 : 2)};
  };
  Replay P3 = replay(TwoSites);
  EXPECT_EQ(P3.Result, Outcome::Completes);
  EXPECT_TRUE(P3.Violations.empty());
  EXPECT_TRUE(replay(TwoSites, Semantics::Specification).has(ViolationKind::MixedSites));

  Program ThenUniform = [](const LaunchShape &S, ThreadId T) {
    if (tid(S, T) < 64)
      return std::vector<Step>{syncthreads(1), syncthreads(2)};
    return std::vector<Step>{syncthreads(2)};
  };
  Replay P21 = replay(ThenUniform);
  EXPECT_EQ(P21.Result, Outcome::Completes);
  EXPECT_TRUE(P21.has(ViolationKind::BarrierCountMismatch));
}

// DESIGN.md: lanes of one warp at two block-barrier sites can hang for good on an H100 (a
// recursive helper nvcc turned into a loop): such a run never completes cleanly in the hardware
// model, while whole warps at two sites (P3 above) still pair.
TEST(CollectiveModel, LanesOfOneWarpAtTwoBarrierSitesNeverCompleteCleanly) {
  Program OddEven = [](const LaunchShape &S, ThreadId T) {
    return std::vector<Step>{syncthreads(tid(S, T) % 2 ? 1 : 2)};
  };
  Replay Hw = replay(OddEven);
  EXPECT_TRUE(Hw.has(ViolationKind::WarpAcrossBarrierSites));
  EXPECT_FALSE(Hw.has(ViolationKind::BarrierCountMismatch));
  EXPECT_TRUE(replay(OddEven, Semantics::Specification).has(ViolationKind::MixedSites));
}

// P4: block.sync() in a loop of t % 4 trips; a: exit after the loop; c: a final barrier.
TEST(CollectiveModel, P4DivergentLoopBarrier) {
  Program ExitAfter = [](const LaunchShape &S, ThreadId T) {
    return std::vector<Step>(tid(S, T) % 4, syncthreads(1));
  };
  Replay A = replay(ExitAfter);
  EXPECT_EQ(A.Result, Outcome::Completes);
  EXPECT_TRUE(A.Violations.empty());
  Program FinalBarrier = [](const LaunchShape &S, ThreadId T) {
    std::vector<Step> Steps(tid(S, T) % 4, syncthreads(1));
    Steps.push_back(syncthreads(2));
    return Steps;
  };
  Replay C = replay(FinalBarrier);
  EXPECT_EQ(C.Result, Outcome::Completes);
  EXPECT_TRUE(C.has(ViolationKind::BarrierCountMismatch));
}

// P5-P9: grid.sync() needs thread 0 of every block; other threads may leave, which breaks the
// contract but does not hang.
TEST(CollectiveModel, P5ToP9GridBarrier) {
  Replay P5 = replay([](const LaunchShape &S, ThreadId T) {
    return tid(S, T) >= 100 ? std::vector<Step>{} : std::vector<Step>{gridSync()};
  });
  EXPECT_EQ(P5.Result, Outcome::Completes);
  EXPECT_TRUE(P5.has(ViolationKind::ExitedParticipants));
  EXPECT_EQ(replay([](const LaunchShape &S, ThreadId T) {
              bool Left = S.blockOf(T) == 1 && tid(S, T) == 0;
              return Left ? std::vector<Step>{} : std::vector<Step>{gridSync()};
            }).Result,
            Outcome::Hang);
  EXPECT_EQ(replay([](const LaunchShape &S, ThreadId T) {
              return S.blockOf(T) >= 2 ? std::vector<Step>{} : std::vector<Step>{gridSync()};
            }).Result,
            Outcome::Hang);
  EXPECT_EQ(replay([](const LaunchShape &S, ThreadId T) {
              return S.blockOf(T) % 2 ? std::vector<Step>{} : std::vector<Step>{gridSync()};
            }).Result,
            Outcome::Hang);
  Replay P9 = replay([](const LaunchShape &S, ThreadId T) {
    return std::vector<Step>{gridSync(S.blockOf(T) % 2 ? 1 : 2)};
  });
  EXPECT_EQ(P9.Result, Outcome::Completes);
  EXPECT_TRUE(P9.Violations.empty());
}

// P10: grid.sync() in a kernel launched without a cooperative launch traps.
TEST(CollectiveModel, P10GridBarrierWithoutCooperativeLaunchTraps) {
  LaunchShape Standard{{4}, {128}, 32, LaunchCooperation::Standard};
  Program P = [](const LaunchShape &, ThreadId) { return std::vector<Step>{gridSync()}; };
  EXPECT_EQ(replay(P, Semantics::Hardware, Standard).Result, Outcome::Trap);
  EXPECT_EQ(replay(P).Result, Outcome::Completes);
}

// P13/P15/P16: a full-mask warp operation by half the warp waits until the other half exits, and
// deadlocks when the other half waits for it.
TEST(CollectiveModel, P13P15P16FullMaskWithAbsentLanes) {
  for (CollectiveOp Op : {CollectiveOp::Shuffle, CollectiveOp::WarpBarrier}) {
    Program Exit = [Op](const LaunchShape &S, ThreadId T) {
      return lane(S, T) < 16 ? std::vector<Step>{reach(Op, 1, Full)} : std::vector<Step>{};
    };
    Program Wait = [Op](const LaunchShape &S, ThreadId T) {
      return lane(S, T) < 16 ? std::vector<Step>{reach(Op, 1, Full)}
                             : std::vector<Step>{spinForever()};
    };
    Replay Hw = replay(Exit);
    EXPECT_EQ(Hw.Result, Outcome::Completes);
    EXPECT_TRUE(Hw.Violations.empty());
    EXPECT_TRUE(replay(Exit, Semantics::Specification).has(ViolationKind::ExitedParticipants));
    EXPECT_EQ(replay(Wait).Result, Outcome::Hang);
  }
}

// P14/P15c: the same warp operation at two call sites pairs; P22: different operations hang.
TEST(CollectiveModel, P14P22WarpOperationsAcrossSites) {
  Replay P14 = replay([](const LaunchShape &S, ThreadId T) {
    return std::vector<Step>{reach(CollectiveOp::Shuffle, lane(S, T) < 16 ? 1 : 2, Full)};
  });
  EXPECT_EQ(P14.Result, Outcome::Completes);
  EXPECT_TRUE(P14.Violations.empty());
  EXPECT_EQ(replay([](const LaunchShape &S, ThreadId T) {
              return std::vector<Step>{lane(S, T) < 16 ? reach(CollectiveOp::Shuffle, 1, Full)
                                                       : reach(CollectiveOp::WarpBarrier, 2, Full)};
            }).Result,
            Outcome::Hang);
}

// P19: a 16-thread tile made only for t < 40 syncs as __syncwarp(tile mask): absent lanes exit.
TEST(CollectiveModel, P19DynamicTileSubset) {
  Replay P19 = replay([](const LaunchShape &S, ThreadId T) {
    uint64_t TileMask = 0xffffull << (lane(S, T) / 16 * 16);
    return tid(S, T) < 40 ? std::vector<Step>{reach(CollectiveOp::WarpBarrier, 1, TileMask)}
                          : std::vector<Step>{};
  });
  EXPECT_EQ(P19.Result, Outcome::Completes);
}

// P20: a 64-thread tile's barrier spans two warps; a warp that left never arrives.
TEST(CollectiveModel, P20MultiWarpTile) {
  Step TileSync = reach(CollectiveOp::TileBarrier, 1, 0, 64);
  EXPECT_EQ(
      replay([&](const LaunchShape &, ThreadId) { return std::vector<Step>{TileSync}; }).Result,
      Outcome::Completes);
  EXPECT_EQ(replay([&](const LaunchShape &S, ThreadId T) {
              return tid(S, T) % 64 < 32 ? std::vector<Step>{TileSync} : std::vector<Step>{};
            }).Result,
            Outcome::Hang);
}

// P23: a full-mask reduction after some lanes returned completes; the specification forbids it.
TEST(CollectiveModel, P23ExitThenFullMaskReduction) {
  Program P = [](const LaunchShape &S, ThreadId T) {
    if (S.blockOf(T) * 128 + tid(S, T) >= 20)
      return std::vector<Step>{};
    return std::vector<Step>(5, reach(CollectiveOp::Shuffle, 1, Full));
  };
  EXPECT_EQ(replay(P).Result, Outcome::Completes);
  EXPECT_TRUE(replay(P, Semantics::Specification).has(ViolationKind::ExitedParticipants));
}

// Lanes past the end of a partial last warp do not exist: a full mask there waits for no one.
TEST(CollectiveModel, PartialLastWarp) {
  LaunchShape Shape{{1}, {48}, 32, LaunchCooperation::Standard};
  Replay R = replay([](const LaunchShape &,
                       ThreadId) { return std::vector<Step>{reach(CollectiveOp::Vote, 1, Full)}; },
                    Semantics::Hardware, Shape);
  EXPECT_EQ(R.Result, Outcome::Completes);
  EXPECT_EQ(Shape.warpOf(47), 1u);
  EXPECT_EQ(Shape.laneOf(47), 15u);
  EXPECT_EQ(Shape.threadIdx(47).X, 47u);
}

// 64-lane warps (MXMACA, HIP): a 64-bit full mask, and 2-D blocks numbered x fastest.
TEST(CollectiveModel, SixtyFourLaneWarpsAndTwoDimensionalBlocks) {
  LaunchShape Shape{{2}, {16, 8}, 64, LaunchCooperation::Cooperative};
  EXPECT_EQ(Shape.warpsPerBlock(), 2u);
  EXPECT_EQ(Shape.threadIdx(17).X, 1u);
  EXPECT_EQ(Shape.threadIdx(17).Y, 1u);
  Replay R = replay(
      [](const LaunchShape &S, ThreadId T) {
        return S.laneOf(T) < 32 ? std::vector<Step>{reach(CollectiveOp::Shuffle, 1, ~0ull)}
                                : std::vector<Step>{spinForever()};
      },
      Semantics::Hardware, Shape);
  EXPECT_EQ(R.Result, Outcome::Hang);
}

// P17: __activemask() in a loop whose trip count differs by lane names the lanes still in the
// loop: the others have left the kernel, or wait elsewhere, by the time it answers.
TEST(CollectiveModel, P17ActiveLanesAreTheConvergedOnes) {
  LaunchShape Shape{{1}, {32}, 32, LaunchCooperation::Standard};
  CollectiveTracker Tracker(Shape, Semantics::Hardware);
  for (ThreadId T = 0; T < 32; ++T)
    if (T < 8)
      Tracker.arrive(T, {CollectiveOp::ActiveLanes, 1});
  // Lanes 8-31 still run: nobody is released yet.
  EXPECT_TRUE(Tracker.release().empty());
  for (ThreadId T = 8; T < 32; ++T)
    Tracker.exit(T);
  std::vector<Release> R = Tracker.release();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Threads.size(), 8u);
  EXPECT_EQ(R[0].Op, CollectiveOp::ActiveLanes);
}

// AMD wavefronts run in lockstep: half a wavefront shuffling while its other half waits at the
// next block barrier goes on without them (the hardware has nothing to wait with); the NVIDIA
// model, and the specification on either, keep the mask's contract and hang.
TEST(CollectiveModel, LockstepWavefrontShufflesWithTheLanesThatCame) {
  LaunchShape Shape{{1}, {128}, 64, LaunchCooperation::Standard};
  Shape.WarpRunsInLockstep = true;
  Program P = [](const LaunchShape &S, ThreadId T) {
    if (tid(S, T) < 32)
      return std::vector<Step>{reach(CollectiveOp::Shuffle, 1, ~0ull), syncthreads(2)};
    return std::vector<Step>{syncthreads(2)};
  };
  EXPECT_EQ(replay(P, Semantics::Hardware, Shape).Result, Outcome::Completes);
  EXPECT_EQ(replay(P, Semantics::Specification, Shape).Result, Outcome::Hang);
  Shape.WarpRunsInLockstep = false;
  EXPECT_EQ(replay(P, Semantics::Hardware, Shape).Result, Outcome::Hang);
}

// Lanes of a lockstep wavefront at two call sites of one shuffle are in two branches: each site
// runs for its own lanes, one after the other.
TEST(CollectiveModel, LockstepWavefrontRunsEachSiteForItsLanes) {
  LaunchShape Shape{{1}, {64}, 64, LaunchCooperation::Standard};
  Shape.WarpRunsInLockstep = true;
  CollectiveTracker Tracker(Shape, Semantics::Hardware);
  for (ThreadId T = 0; T < 64; ++T)
    Tracker.arrive(T, {CollectiveOp::Shuffle, T < 16 ? 1u : 2u, ~0ull});
  std::vector<Release> R = Tracker.release();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Threads.size(), 16u);
  for (ThreadId T = 0; T < 16; ++T)
    Tracker.exit(T);
  R = Tracker.release();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Threads.size(), 48u);
}
