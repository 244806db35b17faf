// Replays one kernel of a device module on a small grid: concrete threads, symbolic inputs,
// independent thread scheduling, and the runtime model of CollectiveTracker deciding when
// collectives release. Paths fork on branches whose condition depends on inputs.
#pragma once
#include "runtime-model/semantics/Collectives.h"
#include "runtime-model/semantics/FailureKind.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace coopcheck::model::executor {

enum class Outcome {
  Completes, ///< every thread left the kernel
  Hang,      ///< threads wait at collectives (or spin) that can never release
  Trap,      ///< the kernel traps (grid.sync() without a cooperative launch, a trap)
  Unknown,   ///< a bound was hit or something not modelled was met
};

const char *outcomeName(Outcome O);

/// Where a thread stopped, in the source: the user's call or return.
struct SourcePoint {
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// A debug location as a source point: the file made absolute (line tables keep it relative to
/// the compilation directory), inlined-at locations not followed.
SourcePoint sourcePointOf(const llvm::DILocation &Loc);

struct ThreadEnd {
  ThreadId Thread;
  ThreadState State;
  SourcePoint At; ///< the collective it waits at, or where it left
  /// Block barriers it passed: call site (an index of PathResult::Sites) -> times.
  std::map<unsigned, unsigned> BlockBarrierPasses = {};
};

/// One explored path that went wrong, or the last one explored.
struct PathResult {
  Outcome Result = Outcome::Unknown;
  std::string Reason; ///< for Unknown and Trap: why
  std::vector<Violation> Violations;
  std::vector<ThreadEnd> Threads;
  /// Input symbols and the values that lead down this path.
  std::vector<std::pair<std::string, std::string>> Inputs;
  /// Call sites (Arrival::Site) in source.
  std::vector<SourcePoint> Sites;

  /// How the path went wrong: a hang or a trap, else a mismatch when it broke a contract;
  /// nothing for a path that completed cleanly or ended without a verdict.
  std::optional<FailureKind> failure() const;
};

/// Every bound counts work and none measures time, so that a replay explores the same paths on
/// every machine and under any load (the Clang Static Analyzer bounds its exploration by counts
/// as well).
struct Bounds {
  /// Instructions interpreted over all the replay's paths, one that computes a large value counting
  /// as several (see ValueNodes).
  uint64_t Steps = 2000000;
  /// The nodes of one value's expression. Simplifying a value costs time that grows with its
  /// expression (a sum of thousands of loaded terms in generated code), so a step counts as
  /// 1 + nodes / 8 instructions, and past this many nodes the replay stops (value bound), as
  /// the Static Analyzer stops following symbols past its max-symbol-complexity.
  unsigned ValueNodes = 8192;
  /// Z3's work over the whole replay and that of one query, in Z3's resource count (rlimit:
  /// Z3's own steps): a query that reaches its limit counts as unsatisfiable, and the search as
  /// not exhaustive.
  uint64_t SolverWork = 3000000;
  unsigned SolverResource = 1000000;
  unsigned Paths = 64;
  /// Consecutive paths that take no branch edge taken before and end no new way: past them, once
  /// another bound has made the search non-exhaustive, it has stopped learning (threads branching
  /// alike on their own inputs) and ends.
  unsigned PathsWithoutNewBehaviour = 8;
  unsigned StepsPerTurn = 20000; ///< instructions before a thread counts as spinning
  unsigned StepsPerPath = 5000000;
  unsigned LoopBound = 8; ///< trips of a loop whose exit depends on inputs, per thread
  size_t MemoryCells = size_t(1) << 20; ///< values held in the grid's memory
};

/// Work done, counted as Bounds count it: instructions interpreted (weighted by their values'
/// size), the solver's resource count.
struct Work {
  uint64_t Steps = 0, SolverWork = 0;

  Work &operator+=(const Work &Done) {
    Steps += Done.Steps;
    SolverWork += Done.SolverWork;
    return *this;
  }
  /// Whether this much work is still within a budget of each.
  bool within(uint64_t StepBudget, uint64_t SolverBudget) const {
    return Steps <= StepBudget && SolverWork <= SolverBudget;
  }
};

struct ReplayResult {
  std::vector<PathResult> Failures; ///< paths that hang, trap or break a contract
  unsigned PathsExplored = 0;
  /// Every path was explored, loops up to the loop bound: no time, step or path bound was hit,
  /// nothing unmodelled was met and no quiet branch kept only one side.
  bool Exhausted = false;
  std::string BoundHit;
  Work Done; ///< which the unit's budget counts
};

/// The kernel and every function it can call directly, transitively, each once: the code a replay
/// can execute.
std::vector<const llvm::Function *> reachableFunctions(const llvm::Function &Kernel);

/// Scalar kernel arguments known at the launch, by parameter index; the others are symbolic.
using KnownArguments = std::map<unsigned, uint64_t>;

/// Replays Kernel on Shape. Functions whose source lies under ModelDir are the model headers':
/// sites and source points are the user's calls into them.
ReplayResult replay(const llvm::Function &Kernel, const LaunchShape &Shape, Semantics Model,
                    const Bounds &Limits, const KnownArguments &Known, const std::string &ModelDir);

} // namespace coopcheck::model::executor
