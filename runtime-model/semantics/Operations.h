// What each GPU operation is, in one table (Operations.def): warp, block and lane intrinsics,
// cooperative-groups operations and inline-PTX registers and instructions, on every platform.
// Every analysis, check and the executor asks here; none keeps a list of names of its own.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace coopcheck::model {

enum class OperationId {
#define OPERATION(Id, ...) Id,
#include "runtime-model/semantics/Operations.def"
  None, ///< no row: the Replacement of a current form
};

/// How a row's spelling names a call.
enum class OperationForm {
  Intrinsic,       ///< the exact name of a function at global scope
  IntrinsicPrefix, ///< names of such functions that start with the spelling
  GroupMethod,     ///< a member function of a cooperative-groups group type
  GroupFunction,   ///< a function of namespace cooperative_groups
  PtxRegister,     ///< a special register read in inline PTX (`%laneid`)
  PtxInstruction,  ///< an instruction of inline PTX (`bar.sync`)
};

/// What an operation does.
enum class OperationKind {
  BlockBarrier,
  BlockCount, ///< a block barrier that counts the threads whose predicate holds
  BlockAll,
  BlockAny,
  BlockArrive, ///< arrives at a block barrier without waiting
  WarpBarrier,
  Ballot,
  Any,
  All,
  Uni,
  MatchAny,
  MatchAll,
  ReduceAdd,
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  Shuffle, ///< from a source lane (rank)
  ShuffleUp,
  ShuffleDown,
  ShuffleXor,
  ActiveLanes, ///< the lanes converged at the call
  LaneIndex,
  WarpIndex,
  WarpCount,
  LaneMaskBelow,
  LaneMaskBelowOrAt,
  LaneMaskAt,
  LaneMaskAtOrAbove,
  LaneMaskAbove,
  MaskBits,   ///< counts or finds bits of a mask
  CachedLoad, ///< a load of what its pointer argument points to, through a chosen cache
  ReadClock,
  Sleep,
  Atomic,
  Trap,
  ThreadExit,
  Arithmetic,
  HandleCreation,    ///< this_grid(), this_thread_block() ...
  CoalescedCreation, ///< coalesced_threads()
  TiledPartition,
  LabeledPartition,
  BinaryPartition,
  GroupBarrier,
  GroupArrive,
  GroupReduce,
  GroupScan,
  MemcpyAsync,
  AsyncWait,
  Elect,
  ThreadRank,
  ThreadIndex,
  GroupSize,
  MetaGroupRank,
  MetaGroupSize,
  BlockIndex,
  GridIndex,
  GroupShape,
  SharedMemoryRank, ///< a cluster's distributed shared memory: which block an address is in
};

/// The threads a collective needs: OfGroup, those of the group it is called on or given.
enum class CollectiveScope { None, OfGroup, Warp, Block };

/// What a result is the same over.
enum class ResultUniformity {
  NoResult,
  Arguments,  ///< a function of its arguments alone
  Lane,       ///< differs from lane to lane whatever the arguments
  MaskGroup,  ///< the same in every lane its mask names (votes and reductions)
  Broadcast,  ///< the same in every lane of the mask or group when the source lane is
  Group,      ///< the same in every thread of the group it is called on
  GroupRank,  ///< the thread's rank in its group
  GroupIndex, ///< the same within a group, different between groups
  GroupSize,  ///< the group's size: the same in every thread, but a coalesced group's is its warp's
  Warp,       ///< the same in every active lane of the warp
  Loaded,     ///< what memory holds at the address its value argument points to
  Block,
  Grid,
  Everywhere,
};

/// Which id of the calling thread an operation reads.
enum class ThreadIdRead { Nothing, LaneId, WarpId, ThreadId, ActiveLanes, Clock, Memory };

/// How analyses group collectives.
enum class CollectiveClass {
  None,
  Barrier,
  WarpBarrier,
  Shuffle,
  Vote,
  Match,
  Reduce,
  Scan,
  MemcpyAsync,
  Wait,
  Partition,
  HandleCreation,
  CoalescedCreation,
};

/// Bits of PlatformSet: the platforms a row exists on.
namespace platforms {
constexpr unsigned Cuda = 1, Hip = 2, Maca = 4, HipMaca = Hip | Maca, CudaMaca = Cuda | Maca,
                   AllPlatforms = Cuda | Hip | Maca;
} // namespace platforms

struct Operation {
  OperationId Id;
  OperationForm Form;
  llvm::StringLiteral Spelling;
  unsigned Platforms;
  OperationKind Kind;
  CollectiveScope Scope;
  /// Argument indices, or -1.
  int MaskArg, ValueArg, LaneArg, WidthArg;
  ResultUniformity Result;
  OperationId Replacement;
  ThreadIdRead Reads;

  bool isOn(Platform P) const;
  /// A legacy mask-less form, replaced by the `_sync` form of Replacement.
  bool isLegacy() const { return Replacement != OperationId::None; }
};

/// Every row, in the table's order.
llvm::ArrayRef<Operation> allOperations();
const Operation &operation(OperationId Id);

/// The row of a function at global scope named Name (an exact row first, then the longest
/// prefix row), or null.
const Operation *findIntrinsic(llvm::StringRef Name);
/// The row of a member function of a group type, or of a function of cooperative_groups.
const Operation *findGroupMethod(llvm::StringRef Name);
const Operation *findGroupFunction(llvm::StringRef Name);

CollectiveClass collectiveClassOf(OperationKind K);

/// The registers and instructions of an inline PTX statement (`%%laneid` as `laneid`), the rows
/// that describe them, and whether it has anything the table does not describe.
struct PtxContents {
  struct Instruction {
    const Operation *Op;
    bool Guarded; ///< predicated (`@p exit`): it may not run
  };
  std::vector<const Operation *> Registers;
  std::vector<Instruction> Instructions;
  bool Unknown = false; ///< an instruction or register without a row
};
PtxContents ptxContents(llvm::StringRef AsmText);

/// Inline assembly of one unguarded instruction with a row: the row, the opcode as written and
/// its operands (`shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;`: `%0`, `%1`, `0`, `0x1f`,
/// `0xffffffff`).
struct PtxInstructionText {
  const Operation *Op;
  llvm::StringRef Opcode;
  llvm::SmallVector<llvm::StringRef, 6> Operands;
};
std::optional<PtxInstructionText> singlePtxInstruction(llvm::StringRef AsmText);

/// The special register that inline assembly of one `mov` copies into its output
/// (`mov.u32 %0, %%laneid;`), or null.
const Operation *movedSpecialRegister(llvm::StringRef AsmText);

/// What inline assembly can do about memory another thread writes, in increasing order.
enum class AsmWaiting {
  /// Arithmetic, moves of special registers, warp shuffles and votes, stores, fences,
  /// asynchronous copies: it waits for nobody.
  None,
  /// Loads and atomics, and nothing that waits: the read a polling loop may end on.
  Reads,
  /// Branches (a loop inside one statement), barriers, sleeps, mbarrier tests, or text the model
  /// does not know (another instruction set, an unknown opcode).
  MayWait,
};
AsmWaiting asmWaiting(llvm::StringRef AsmText);

} // namespace coopcheck::model
