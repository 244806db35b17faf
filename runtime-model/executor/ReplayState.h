// Internal to the executor: the state of one explored path (threads, frames, memory, the
// collective tracker) and the Replay that advances it. Its members are defined across
// SymbolicValues.cpp (path constraints and values), Instructions.cpp (one visit per instruction
// kind), ModelCalls.cpp (the handlers of the functions that cgm_functions.def and the operations
// table name: the runtime model's functions, warp intrinsics, LLVM intrinsics) and
// Scheduling.cpp (scheduling and paths).
#pragma once
#include "runtime-model/executor/ArgumentWrites.h"
#include "runtime-model/executor/Memory.h"
#include "runtime-model/executor/QuietBranches.h"
#include "runtime-model/executor/Replay.h"
#include "runtime-model/semantics/Operations.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>
#include <z3++.h>

namespace coopcheck::model::executor::detail {

using namespace llvm;

using ValueMap = std::unordered_map<const Value *, z3::expr>;
/// The loop headers a thread entered since the last store anywhere, each with its call depth and
/// the values of its phis: a state seen twice is a spin. Exact, not hashed (a collision would
/// declare a thread that makes progress spinning); values compare by AST id, and are kept alive
/// here so that no id is recycled for another value while it is remembered.
class SeenLoopStates {
public:
  /// False when the state was seen before.
  bool insert(const BasicBlock *Header, size_t Depth, const ValueMap &Values) {
    std::vector<std::pair<const Value *, unsigned>> Phis;
    for (auto &[V, E] : Values)
      if (llvm::isa<llvm::PHINode>(V)) {
        Phis.emplace_back(V, E.id());
        Alive.push_back(E);
      }
    llvm::sort(Phis);
    return States.insert({Header, Depth, std::move(Phis)}).second;
  }
  void clear() {
    States.clear();
    Alive.clear();
  }
  /// Forgets the states of the frames at Depth and deeper: a loop's state belongs to one
  /// activation of its function. A helper called twice with the same values (a warp reduction
  /// of equal values, before and after a barrier) runs its loop again; it does not spin.
  void forgetFrom(size_t Depth) {
    for (auto It = States.begin(); It != States.end();)
      It = std::get<1>(*It) >= Depth ? States.erase(It) : std::next(It);
  }

private:
  std::set<std::tuple<const BasicBlock *, size_t, std::vector<std::pair<const Value *, unsigned>>>>
      States;
  std::vector<z3::expr> Alive;
};

struct Frame {
  const Function *F = nullptr;
  const BasicBlock *Block = nullptr;
  const BasicBlock *Prev = nullptr;
  BasicBlock::const_iterator Next;
  ValueMap Values;
};

/// Unmodelled: something the executor cannot replay (an indirect call, a tile size the runtime
/// rejects); the path ends without a verdict.
enum class StepResult { Continue, Blocked, Exited, Trapped, Yield, Unmodelled };

/// The group a model function's descriptor arguments name before the operation's own
/// (cgm_functions.def): none for an intrinsic, (tile_size, mask) for a tile, (mask) for a
/// coalesced group.
enum class ModelGroup { None, Tile, Coalesced };

class Replay;
struct ModelCall;
/// What implements one row of cgm_functions.def or of the operations table.
using ModelHandler = StepResult (Replay::*)(ModelCall &);
/// The Handler of an operations-table row whose calls the executor never sees by name (a group's
/// member functions, inline PTX) or follows through other rows: `none` in Operations.def.
struct NoHandler {};

/// What a called function is to the executor: its handler and, for an operation of the
/// operations table, its row and the group its descriptor names.
struct ModelBinding {
  ModelHandler Handler = nullptr;
  const Operation *Op = nullptr;
  ModelGroup Group = ModelGroup::None;
  /// The index of the operation's argument I among the call's arguments.
  unsigned argument(int I) const;
  /// The index of the group's mask among the descriptor's arguments.
  unsigned descriptorMask() const { return Group == ModelGroup::Tile ? 1 : 0; }
};

/// A call waiting for its collective to release, with its arguments evaluated at arrival.
struct PendingCall {
  const CallBase *Call;
  std::string Name;
  ModelBinding Binding;
  std::vector<z3::expr> Args;
};

struct ThreadContext {
  std::vector<Frame> Stack;
  std::optional<PendingCall> Pending;
  const Instruction *ExitPoint = nullptr;
  SeenLoopStates LoopStates;
  bool Spins = false;
  bool ReadClock = false;    ///< in the current trip of a loop
  std::set<uint64_t> Polled; ///< addresses loaded in the current trip
  std::map<const Instruction *, unsigned> SymbolicVisits;
};

struct GridState {
  explicit GridState(z3::context &Z, const LaunchShape &Shape, Semantics Model)
      : Mem(Z), Tracker(Shape, Model) {}
  Memory Mem;
  CollectiveTracker Tracker;
  std::vector<ThreadContext> Threads;
  std::vector<z3::expr> Path;
  std::set<unsigned> Asserted; ///< ids of the constraints in Path
  std::map<std::pair<const GlobalVariable *, unsigned>, uint64_t> Globals;
  /// Addresses holding a value no modelled operation computed.
  std::set<uint64_t> UnknownCells;
  /// Spinning threads by the addresses their loop reads: a store there wakes them.
  std::multimap<uint64_t, ThreadId> Pollers;
  uint64_t Clock = 1;
  uint64_t Steps = 0;
};

inline unsigned bitsOf(const Type *T, const DataLayout &DL) {
  if (T->isPointerTy())
    return 64;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  return static_cast<unsigned>(DL.getTypeSizeInBits(const_cast<Type *>(T)).getFixedValue());
}

inline bool isModelFunction(const Function *F, const std::string &ModelDir) {
  if (F->getName().starts_with("__cgm_") || F->getName().starts_with("llvm."))
    return true;
  const DISubprogram *SP = F->getSubprogram();
  if (!SP)
    return false;
  std::string Path = (SP->getDirectory() + "/" + SP->getFilename()).str();
  return !ModelDir.empty() && Path.find(ModelDir) != std::string::npos;
}

inline std::string baseName(StringRef Mangled) {
  std::string Demangled = llvm::demangle(Mangled.str());
  size_t Paren = Demangled.find('(');
  std::string Name = Demangled.substr(0, Paren);
  size_t Space = Name.rfind(' ');
  return Space == std::string::npos ? Name : Name.substr(Space + 1);
}

inline z3::expr boolToBv(z3::context &Z, const z3::expr &B) {
  return z3::ite(B, Z.bv_val(1, 1), Z.bv_val(0, 1));
}

inline z3::expr resize(const z3::expr &E, unsigned Bits, bool Signed) {
  unsigned Have = E.get_sort().bv_size();
  if (Have == Bits)
    return E;
  if (Have > Bits)
    return E.extract(Bits - 1, 0);
  return Signed ? z3::sext(E, Bits - Have) : z3::zext(E, Bits - Have);
}

/// atomicInc: ((old >= limit) ? 0 : old + 1), unsigned.
inline z3::expr wrappingIncrement(const z3::expr &Old, const z3::expr &Limit) {
  return z3::ite(z3::uge(Old, Limit), Old.ctx().bv_val(0, Old.get_sort().bv_size()), Old + 1);
}

/// atomicDec: (((old == 0) || (old > limit)) ? limit : old - 1), unsigned.
inline z3::expr wrappingDecrement(const z3::expr &Old, const z3::expr &Limit) {
  return z3::ite(Old == 0 || z3::ugt(Old, Limit), Limit, Old - 1);
}

class InstructionStep;

class Replay {
  friend struct ModelCall;
  friend class InstructionStep;

public:
  Replay(const Function &Kernel, const LaunchShape &Shape, Semantics Model, const Bounds &Limits,
         const KnownArguments &Known, std::string ModelDir)
      : Solver(Z), Kernel(Kernel), Shape(Shape), Model(Model), Limits(Limits), Known(Known),
        DL(Kernel.getParent()->getDataLayout()), ModelDir(std::move(ModelDir)) {}

  ReplayResult run();

private:
  // ---- values ----
  z3::expr bv(uint64_t V, unsigned Bits) { return Z.bv_val(static_cast<uint64_t>(V), Bits); }
  z3::expr eval(ThreadId T, const Value *V);
  z3::expr constant(ThreadId T, const Constant *C);
  std::optional<uint64_t> concrete(const z3::expr &E);
  uint64_t concretize(const z3::expr &E);
  /// Z3's resource count of the replay's context so far, which it also keeps in SolverWorkDone.
  uint64_t z3Work();
  /// E simplified, the instruction that computed it charged for its size (Bounds::ValueNodes).
  z3::expr simplified(const z3::expr &E);
  /// One query under Resource (default: Limits.SolverResource).
  z3::check_result check(std::optional<unsigned> Resource = std::nullopt);
  bool feasible(const z3::expr &Condition);
  void constrain(const z3::expr &Condition);
  void switchTo(GridState &&Next);
  /// The branch a thread takes; forks the grid when both sides are feasible, unless the branch
  /// is quiet (then the path keeps one side and stops counting as exhaustive).
  std::pair<bool, bool> feasibleSides(const z3::expr &True);
  std::optional<bool> decide(const z3::expr &Condition, std::optional<bool> Bounded = {},
                             bool Quiet = false);
  uint64_t globalAddress(ThreadId T, const GlobalVariable *GV);

  // ---- execution ----
  StepResult step(ThreadId T);
  StepResult execute(ThreadId T, Frame &Fr, const Instruction &I);
  void enterBlock(ThreadId T, Frame &Fr, const BasicBlock *To);
  void noteLoopState(ThreadId T, const Frame &Fr);
  StepResult call(ThreadId T, Frame &Fr, const CallBase &Call);
  /// A call of a function without a body: its handler in cgm_functions.def or the operations
  /// table.
  StepResult callModel(ThreadId T, Frame &Fr, const CallBase &Call, const std::string &Name);
  static ModelBinding modelBinding(StringRef Name);
  static constexpr NoHandler none{};
  StepResult arrive(ThreadId T, const ModelCall &C, const Arrival &A);
  static bool validTileSize(uint64_t Size) { return Size && Size <= 1024 && !(Size & (Size - 1)); }
  StepResult unsupportedTile(uint64_t Size) {
    Unmodelled = "a tile of " + std::to_string(Size) + " threads, which the runtime rejects";
    return StepResult::Unmodelled;
  }
  StepResult returnFrom(ThreadId T, std::optional<z3::expr> Result);

  // ---- the handlers that cgm_functions.def names (ModelCalls.cpp) ----
  StepResult noEffect(ModelCall &C), unconstrained(ModelCall &C), trap(ModelCall &C);
  StepResult threadIndex(ModelCall &C), blockDimension(ModelCall &C), blockIndex(ModelCall &C),
      gridDimension(ModelCall &C), warpSize(ModelCall &C), laneIndex(ModelCall &C),
      laneMask(ModelCall &C), readClock(ModelCall &C);
  StepResult blockSync(ModelCall &C), gridSync(ModelCall &C), multiGridSync(ModelCall &C),
      activeLanes(ModelCall &C);
  StepResult gridIsValid(ModelCall &C), multiGridIsValid(ModelCall &C),
      gridThreadRank(ModelCall &C), gridNumThreads(ModelCall &C), gridBlockRank(ModelCall &C),
      gridNumBlocks(ModelCall &C), blockThreadRank(ModelCall &C), blockNumThreads(ModelCall &C);
  StepResult tiledPartition(ModelCall &C);
  StepResult groupSync(ModelCall &C), groupThreadRank(ModelCall &C), groupNumThreads(ModelCall &C),
      groupIsValid(ModelCall &C), groupMemcpyAsync(ModelCall &C);
  /// What a generic thread_group's descriptor stands for (none for kinds not laid out here).
  std::optional<uint64_t> groupThreadRankOf(ThreadId T, uint64_t Kind, uint64_t TileSize,
                                            uint64_t Mask) const;
  std::optional<uint64_t> groupSizeOf(uint64_t Kind, uint64_t TileSize, uint64_t Mask) const;
  StepResult tileSync(ModelCall &C), tileThreadRank(ModelCall &C), tileElect(ModelCall &C),
      tileShuffle(ModelCall &C), tileVote(ModelCall &C), tileMatch(ModelCall &C),
      tileReduce(ModelCall &C);
  StepResult coalescedSync(ModelCall &C), coalescedThreadRank(ModelCall &C),
      coalescedNumThreads(ModelCall &C), coalescedElect(ModelCall &C),
      coalescedShuffle(ModelCall &C), coalescedVote(ModelCall &C), coalescedMatch(ModelCall &C),
      coalescedReduce(ModelCall &C);
  StepResult warpShuffle(ModelCall &C), legacyShuffle(ModelCall &C), warpVote(ModelCall &C),
      legacyVote(ModelCall &C), warpMatch(ModelCall &C), warpSync(ModelCall &C),
      warpReduce(ModelCall &C);
  StepResult memoryCopy(ModelCall &C), memorySet(ModelCall &C), atomicCall(ModelCall &C);
  // What they share.
  StepResult tileCollective(ModelCall &C, CollectiveOp Op);
  StepResult coalescedCollective(ModelCall &C, CollectiveOp Op);
  StepResult warpCollective(ModelCall &C, CollectiveOp Op, bool Masked);
  /// The barrier of a tile: a warp barrier over its mask, or a software one past a warp.
  Arrival tileBarrier(uint64_t TileSize, uint64_t Mask) const;
  void set(Frame &Fr, const Value *V, z3::expr E) { Fr.Values.insert_or_assign(V, E); }
  /// Every store goes through here: it wakes the threads polling that address.
  void store(uint64_t Address, const z3::expr &Value);
  /// A store of a value the executor does not model (an atomic it cannot compute): a thread
  /// that spins on it proves no hang.
  void storeUnknown(uint64_t Address, const z3::expr &Symbol);
  z3::expr load(ThreadId T, uint64_t Address, unsigned Bits);
  bool addressable(uint64_t Address, unsigned Bytes);
  void advance(Frame &Fr) { ++Fr.Next; }
  StepResult runThread(ThreadId T);
  void completeRelease(const Release &R);
  z3::expr collectiveResult(ThreadId T, const PendingCall &P, const Release &R);
  using WarpMembers = std::map<unsigned, const PendingCall *>;
  /// The operands of a warp-level collective as one member sees them: its group's lanes in rank
  /// order, the members present by lane, and its own operand.
  struct GroupOperands {
    std::vector<unsigned> Lanes;
    const WarpMembers &Members;
    unsigned ValueArg; ///< among the call's arguments
    z3::expr Own;
    unsigned Bits;
    int64_t rankOf(unsigned Lane) const { return llvm::find(Lanes, Lane) - Lanes.begin(); }
  };
  z3::expr activeLanesResult(const PendingCall &P, const WarpMembers &Members, unsigned Bits);
  z3::expr blockVoteResult(OperationKind K, const Release &R, unsigned Bits);
  z3::expr shuffleResult(const GroupOperands &G, const PendingCall &P, unsigned Warp,
                         unsigned Lane);
  z3::expr foldResult(const GroupOperands &G, OperationKind K, const Release &R);
  unsigned siteOf(ThreadId T);
  SourcePoint pointOf(const Instruction *I) const;
  PathResult finishPath(Outcome O, std::string Reason);
  PathResult finishHang();
  /// Whether the flag a thread polls at Address may be set by an agent the replay does not run.
  bool polledFromOutside(uint64_t Address);
  PathResult runPath();
  GridState initialState();
  void runPaths();
  bool stopped() const {
    return BoundHit == "step budget" || BoundHit == "solver budget" || BoundHit == "step bound" ||
           BoundHit == "memory bound" || BoundHit == "value bound" || !Unmodelled.empty();
  }

  z3::context Z;
  z3::solver Solver;
  const Function &Kernel;
  LaunchShape Shape;
  Semantics Model;
  Bounds Limits;
  KnownArguments Known;
  const DataLayout &DL;
  std::string ModelDir;
  std::vector<GridState> Worklist;
  std::optional<GridState> St;
  std::vector<const Instruction *> Sites;
  ReplayResult Result;
  uint64_t StepsTaken = 0;     ///< over all paths: what Limits.Steps bounds
  uint64_t SolverWorkDone = 0; ///< Z3's resource count: what Limits.SolverWork bounds
  std::string BoundHit;
  std::string Unmodelled;
  std::vector<std::pair<std::string, z3::expr>> Parameters; ///< scalar kernel arguments
  bool LoopBoundHit = false;
  bool ReverseTurns = false;           ///< threads take turns from the highest id
  bool QuietSideSkipped = false;       ///< a quiet branch could have gone the other way
  std::optional<unsigned> SolverLimit; ///< the resource limit the solver was last given
  bool SolverGaveUp = false;    ///< a query reached its resource limit: its branch was not explored
  bool HangUnwitnessed = false; ///< a hang held only on memory no launch leaves so
  QuietBranches Quiet;
  /// The kernel's pointer arguments by the base of the buffer each replay gives them.
  std::map<uint64_t, const Argument *> ArgumentBuffers;
  std::optional<ArgumentWrites> Writes; ///< made when a hang first rests on polled memory
  std::optional<z3::model> LastModel, CheckedModel;
  /// What the paths so far did: the branch edges any thread took, and how the paths ended
  /// (each thread's state and place).
  std::set<std::pair<const BasicBlock *, const BasicBlock *>> CoveredEdges;
  std::set<std::vector<std::tuple<int, std::string, unsigned, unsigned>>> Endings;
  bool PathTookNewEdge = false;
  unsigned PathsWithoutNewBehaviour = 0;
  /// Whether the path P, just ended, did something no earlier path did.
  bool newBehaviour(const PathResult &P);
};
} // namespace coopcheck::model::executor::detail
