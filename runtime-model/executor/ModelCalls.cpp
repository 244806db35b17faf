// Calls: user functions get a frame; functions without a body go to the handlers that
// cgm_functions.def (the model headers' functions, LLVM intrinsics) and the operations table (the
// intrinsics users call) name for them; collectives arrive at the tracker and take their results,
// as their rows in the operations table describe them, when released.
#include "runtime-model/executor/ReplayState.h"
#include "runtime-model/semantics/DeviceModuleMarks.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/ErrorHandling.h"

namespace coopcheck::model::executor::detail {

using namespace llvm;

StepResult Replay::call(ThreadId T, Frame &Fr, const CallBase &Call) {
  if (auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand())) {
    StringRef Text = Asm->getAsmString();
    bool Clock = Text.contains("globaltimer") || Text.contains("clock");
    return callModel(T, Fr, Call, Clock ? "llvm.nvvm.read.ptx.sreg.clock64" : "inline asm");
  }
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    if (auto *F = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts()))
      Callee = F;
  if (!Callee) {
    Unmodelled = "an indirect call";
    return StepResult::Unmodelled;
  }
  if (!Callee->isDeclaration()) {
    Frame Inner;
    Inner.F = Callee;
    unsigned Index = 0;
    for (const Argument &A : Callee->args())
      Inner.Values.insert_or_assign(&A, eval(T, Call.getArgOperand(Index++)));
    Inner.Block = &Callee->getEntryBlock();
    Inner.Next = Inner.Block->begin();
    St->Threads[T].Stack.push_back(std::move(Inner));
    return StepResult::Continue;
  }
  if (Callee->hasFnAttribute(BodyWithCompileErrors)) {
    Unmodelled = "a call of " + baseName(Callee->getName()) + ", whose body has compile errors";
    return StepResult::Unmodelled;
  }
  std::string Name =
      Callee->getName().starts_with("_Z") ? baseName(Callee->getName()) : Callee->getName().str();
  return callModel(T, Fr, Call, Name);
}

StepResult Replay::returnFrom(ThreadId T, std::optional<z3::expr> Result) {
  ThreadContext &Th = St->Threads[T];
  // Where the thread left: the `return` that branched here, if one did.
  const Frame &Top = Th.Stack.back();
  Th.ExitPoint =
      Top.Prev && Top.Prev->getTerminator()->getDebugLoc() ? Top.Prev->getTerminator() : &*Top.Next;
  Th.LoopStates.forgetFrom(Th.Stack.size());
  Th.Stack.pop_back();
  if (Th.Stack.empty())
    return StepResult::Exited;
  Frame &Caller = Th.Stack.back();
  if (Result)
    set(Caller, &*Caller.Next, *Result);
  advance(Caller);
  return StepResult::Continue;
}

/// The user's call that led here: model headers implement collectives in their own functions.
unsigned Replay::siteOf(ThreadId T) {
  const std::vector<Frame> &Stack = St->Threads[T].Stack;
  const Instruction *Site = &*Stack.back().Next;
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
    if (!isModelFunction(It->F, ModelDir)) {
      Site = &*It->Next;
      break;
    }
  for (unsigned I = 0; I < Sites.size(); ++I)
    if (Sites[I] == Site)
      return I;
  Sites.push_back(Site);
  return Sites.size() - 1;
}

unsigned ModelBinding::argument(int I) const {
  // A function of cooperative_groups counts its group as argument 0; the descriptor replaces it.
  unsigned Own = Op && Op->Form == OperationForm::GroupFunction ? unsigned(I) - 1 : unsigned(I);
  unsigned Descriptor = Group == ModelGroup::Tile ? 2 : Group == ModelGroup::Coalesced ? 1 : 0;
  return Descriptor + Own;
}

/// One call of a function that cgm_functions.def or the operations table lists, as its handler
/// sees it.
struct ModelCall {
  Replay &R;
  ThreadId T;
  Frame &Fr;
  const CallBase &Call;
  const std::string &Name;
  const ModelBinding &Binding;
  unsigned Bits; ///< of the result; 0 for void

  z3::expr arg(unsigned I) { return R.eval(T, Call.getArgOperand(I)); }
  uint64_t concreteArg(unsigned I) { return R.concretize(arg(I)); }
  /// The call yields V (if it returns a value) and the thread goes on.
  StepResult result(uint64_t V) {
    if (Bits)
      R.set(Fr, &Call, R.bv(V, Bits));
    R.advance(Fr);
    return StepResult::Continue;
  }
  StepResult returns(const z3::expr &V) {
    R.set(Fr, &Call, V);
    R.advance(Fr);
    return StepResult::Continue;
  }
  StepResult arrive(const Arrival &A) { return R.arrive(T, *this, A); }
};

StepResult Replay::arrive(ThreadId T, const ModelCall &C, const Arrival &A) {
  PendingCall P{&C.Call, C.Name, C.Binding, {}};
  for (const Use &U : C.Call.args())
    P.Args.push_back(eval(T, U.get()));
  Arrival Site = A;
  Site.Site = siteOf(T);
  if (!St->Tracker.arrive(T, Site))
    return StepResult::Trapped;
  St->Threads[T].Pending = std::move(P);
  return StepResult::Blocked;
}

namespace {

enum class NameMatch { Exact, Prefix, Contains, Wildcard };

struct NamePattern {
  NameMatch Match;
  StringRef Pattern;
  ModelBinding Binding;
  bool matches(StringRef N) const {
    if (Match == NameMatch::Prefix)
      return N.starts_with(Pattern);
    if (Match == NameMatch::Contains)
      return N.contains(Pattern);
    auto [Head, Tail] = Pattern.split('*');
    return N.starts_with(Head) && N.ends_with(Tail);
  }
};

constexpr ModelHandler bound(ModelHandler H) { return H; }
constexpr ModelHandler bound(const NoHandler *) { return nullptr; }

/// cooperative_groups::details::*_group_id, the kind argument of __cgm_group_* functions.
enum GroupKind : uint64_t {
  CoalescedGroup = 1,
  MultiGridGroup = 2,
  GridGroup = 3,
  BlockGroup = 4,
  TileGroup = 5
};

} // namespace

ModelBinding Replay::modelBinding(StringRef Name) {
  // The rows of cgm_functions.def and the intrinsics of the operations table, as data; exact
  // names are looked up in a hash map, the other rows in their order (the first match wins).
  static const NamePattern ModelRows[] = {
#define CGM_FUNCTION(Ret, Name, Params, Handler) {NameMatch::Exact, #Name, {&Replay::Handler}},
#define CGM_GROUP_OPERATION(Ret, Name, Params, Handler, Group, Operation)                          \
  {NameMatch::Exact,                                                                               \
   #Name,                                                                                          \
   {&Replay::Handler, &operation(OperationId::Operation), ModelGroup::Group}},
#define CGM_DEVICE_BUILTIN(Match, Name, Handler) {NameMatch::Match, Name, {&Replay::Handler}},
#include "runtime-model/include/coopcheck_model/cgm_functions.def"
  };
  static const ModelHandler OperationHandlers[] = {
#define OPERATION(Id, Form, Spelling, Platforms, Kind, Scope, Mask, Value, Lane, Width, Result,    \
                  Replacement, Reads, Handler)                                                     \
  bound(&Replay::Handler),
#include "runtime-model/semantics/Operations.def"
  };
  struct Dispatch {
    StringMap<ModelBinding> Exact;
    std::vector<NamePattern> Patterns; ///< the other rows, in their order
    void add(const NamePattern &Row) {
      if (Row.Match != NameMatch::Exact)
        Patterns.push_back(Row);
      else if (!Exact.try_emplace(Row.Pattern, Row.Binding).second)
        report_fatal_error("a name listed twice in cgm_functions.def and Operations.def");
    }
  };
  static const Dispatch Table = [] {
    Dispatch D;
    for (const NamePattern &Row : ModelRows)
      D.add(Row);
    for (const Operation &Op : allOperations())
      if (ModelHandler H = OperationHandlers[static_cast<size_t>(Op.Id)])
        D.add({Op.Form == OperationForm::Intrinsic ? NameMatch::Exact : NameMatch::Prefix,
               Op.Spelling,
               {H, &Op}});
    return D;
  }();
  auto It = Table.Exact.find(Name);
  if (It != Table.Exact.end())
    return It->second;
  for (const NamePattern &P : Table.Patterns)
    if (P.matches(Name))
      return P.Binding;
  return {&Replay::unconstrained};
}

StepResult Replay::callModel(ThreadId T, Frame &Fr, const CallBase &Call, const std::string &Name) {
  unsigned Bits = Call.getType()->isVoidTy() ? 0 : bitsOf(Call.getType(), DL);
  ModelBinding Binding = modelBinding(Name);
  ModelCall C{*this, T, Fr, Call, Name, Binding, Bits};
  return (this->*Binding.Handler)(C);
}

// ---- no effect, not modelled, traps ----

/// Returns 0: debug information, printf, creating handles of the grid or block.
StepResult Replay::noEffect(ModelCall &C) { return C.result(0); }

/// Not modelled (math functions, cluster and pipeline operations): an unconstrained result.
StepResult Replay::unconstrained(ModelCall &C) {
  if (C.Bits)
    set(C.Fr, &C.Call, Z.bv_const((C.Name + "#" + std::to_string(St->Steps)).c_str(), C.Bits));
  advance(C.Fr);
  return StepResult::Continue;
}

StepResult Replay::trap(ModelCall &) { return StepResult::Trapped; }

// ---- special registers ----

static unsigned axis(StringRef Register, const Dim3 &D) {
  return Register.back() == 'x' ? D.X : Register.back() == 'y' ? D.Y : D.Z;
}
StepResult Replay::threadIndex(ModelCall &C) {
  return C.result(axis(C.Name, Shape.threadIdx(C.T)));
}
StepResult Replay::blockDimension(ModelCall &C) { return C.result(axis(C.Name, Shape.Block)); }
StepResult Replay::blockIndex(ModelCall &C) { return C.result(axis(C.Name, Shape.blockIdx(C.T))); }
StepResult Replay::gridDimension(ModelCall &C) { return C.result(axis(C.Name, Shape.Grid)); }
StepResult Replay::warpSize(ModelCall &C) { return C.result(Shape.WarpSize); }
StepResult Replay::laneIndex(ModelCall &C) { return C.result(Shape.laneOf(C.T)); }
/// The lanes below, at or above the calling one, within the warp.
StepResult Replay::laneMask(ModelCall &C) {
  uint64_t At = 1ull << Shape.laneOf(C.T), Below = At - 1, BelowOrAt = Below | At;
  uint64_t Warp = Shape.WarpSize == 64 ? ~0ull : (1ull << Shape.WarpSize) - 1;
  switch (C.Binding.Op->Kind) {
  case OperationKind::LaneMaskBelow:
    return C.result(Below);
  case OperationKind::LaneMaskBelowOrAt:
    return C.result(BelowOrAt);
  case OperationKind::LaneMaskAt:
    return C.result(At);
  case OperationKind::LaneMaskAtOrAbove:
    return C.result(~Below & Warp);
  default:
    return C.result(~BelowOrAt & Warp);
  }
}

/// Clocks advance fast, so that delay loops end after a few trips.
StepResult Replay::readClock(ModelCall &C) {
  St->Clock += 1ull << 24;
  St->Threads[C.T].ReadClock = true;
  return C.result(St->Clock);
}

// ---- barriers, grid, block ----

StepResult Replay::blockSync(ModelCall &C) { return C.arrive({CollectiveOp::BlockBarrier}); }
StepResult Replay::gridSync(ModelCall &C) { return C.arrive({CollectiveOp::GridBarrier}); }
StepResult Replay::multiGridSync(ModelCall &C) {
  return C.arrive({CollectiveOp::MultiGridBarrier});
}
/// The active-lane mask and coalesced_threads(): the lanes there, once the rest of the warp waits.
StepResult Replay::activeLanes(ModelCall &C) { return C.arrive({CollectiveOp::ActiveLanes}); }

StepResult Replay::gridIsValid(ModelCall &C) {
  return C.result(Shape.Cooperation != LaunchCooperation::Standard);
}
StepResult Replay::multiGridIsValid(ModelCall &C) {
  return C.result(Shape.Cooperation == LaunchCooperation::MultiDevice);
}
StepResult Replay::gridThreadRank(ModelCall &C) { return C.result(C.T); }
StepResult Replay::gridNumThreads(ModelCall &C) { return C.result(Shape.threads()); }
StepResult Replay::gridBlockRank(ModelCall &C) { return C.result(Shape.blockOf(C.T)); }
StepResult Replay::gridNumBlocks(ModelCall &C) { return C.result(Shape.blocks()); }
StepResult Replay::blockThreadRank(ModelCall &C) { return C.result(Shape.rankInBlock(C.T)); }
StepResult Replay::blockNumThreads(ModelCall &C) { return C.result(Shape.threadsPerBlock()); }

// ---- groups ----

StepResult Replay::tiledPartition(ModelCall &C) {
  uint64_t ParentSize = C.concreteArg(1), TileSize = C.concreteArg(3);
  if (!validTileSize(TileSize) || (ParentSize && !validTileSize(ParentSize)))
    return unsupportedTile(TileSize);
  unsigned Rank = Shape.rankInBlock(C.T) % (ParentSize ? ParentSize : Shape.threadsPerBlock());
  unsigned ParentThreads = ParentSize ? ParentSize : Shape.threadsPerBlock();
  uint64_t Mask = 0;
  if (TileSize <= Shape.WarpSize) {
    unsigned Base = Shape.laneOf(C.T) / TileSize * TileSize;
    Mask = (TileSize == 64 ? ~0ull : ((1ull << TileSize) - 1)) << Base;
  }
  // {mask, meta_rank, meta_size} as laid out in memory.
  z3::expr Info = z3::concat(bv((ParentThreads + TileSize - 1) / TileSize, 32),
                             z3::concat(bv(Rank / TileSize, 32), bv(Mask, 64)));
  return C.returns(resize(Info, C.Bits, false));
}

Arrival Replay::tileBarrier(uint64_t TileSize, uint64_t Mask) const {
  if (TileSize > Shape.WarpSize)
    return {CollectiveOp::TileBarrier, 0, 0, static_cast<unsigned>(TileSize)};
  return {CollectiveOp::WarpBarrier, 0, Mask};
}

/// thread_group::sync(), wait(), wait_prior(): the barrier of the group's kind.
StepResult Replay::groupSync(ModelCall &C) {
  uint64_t Kind = C.concreteArg(0), TileSize = C.concreteArg(1), Mask = C.concreteArg(2);
  if (Kind == TileGroup && !validTileSize(TileSize))
    return unsupportedTile(TileSize);
  if (Kind == GridGroup)
    return C.arrive({CollectiveOp::GridBarrier});
  if (Kind == BlockGroup)
    return C.arrive({CollectiveOp::BlockBarrier});
  if (Kind == MultiGridGroup)
    return C.arrive({CollectiveOp::MultiGridBarrier});
  if (Kind == TileGroup)
    return C.arrive(tileBarrier(TileSize, Mask));
  return C.arrive({CollectiveOp::WarpBarrier, 0, Mask});
}

/// The rank, size and validity of a generic thread_group are those of the group it holds: a
/// thread_group made from a block answers as the block, one made from a tile as that tile. Each
/// thread of a group must see the same size (loops over g.size() run as many trips in every
/// thread), so only groups this executor does not lay out (clusters) are left unconstrained.
std::optional<uint64_t> Replay::groupThreadRankOf(ThreadId T, uint64_t Kind, uint64_t TileSize,
                                                  uint64_t Mask) const {
  switch (Kind) {
  case GridGroup:
    return T;
  case BlockGroup:
    return Shape.rankInBlock(T);
  case TileGroup:
    return Shape.rankInBlock(T) % TileSize;
  case CoalescedGroup:
    return llvm::popcount(Mask & ((1ull << Shape.laneOf(T)) - 1));
  default:
    return std::nullopt;
  }
}

std::optional<uint64_t> Replay::groupSizeOf(uint64_t Kind, uint64_t TileSize, uint64_t Mask) const {
  switch (Kind) {
  case GridGroup:
    return Shape.threads();
  case BlockGroup:
    return Shape.threadsPerBlock();
  case TileGroup:
    return std::min<uint64_t>(TileSize, Shape.threadsPerBlock());
  case CoalescedGroup:
    return llvm::popcount(Mask);
  default:
    return std::nullopt;
  }
}

StepResult Replay::groupThreadRank(ModelCall &C) {
  uint64_t Kind = C.concreteArg(0), TileSize = C.concreteArg(1), Mask = C.concreteArg(2);
  if (Kind == TileGroup && !validTileSize(TileSize))
    return unsupportedTile(TileSize);
  std::optional<uint64_t> Rank = groupThreadRankOf(C.T, Kind, TileSize, Mask);
  return Rank ? C.result(*Rank) : unconstrained(C);
}

StepResult Replay::groupNumThreads(ModelCall &C) {
  uint64_t Kind = C.concreteArg(0), TileSize = C.concreteArg(1), Mask = C.concreteArg(2);
  if (Kind == TileGroup && !validTileSize(TileSize))
    return unsupportedTile(TileSize);
  std::optional<uint64_t> Size = groupSizeOf(Kind, TileSize, Mask);
  return Size ? C.result(*Size) : unconstrained(C);
}

/// A grid is valid only in a cooperative launch, a multi-grid only in a multi-device one.
StepResult Replay::groupIsValid(ModelCall &C) {
  uint64_t Kind = C.concreteArg(0), TileSize = C.concreteArg(1);
  C.concreteArg(2);
  if (Kind == TileGroup && !validTileSize(TileSize))
    return unsupportedTile(TileSize);
  if (Kind == GridGroup)
    return gridIsValid(C);
  if (Kind == MultiGridGroup)
    return multiGridIsValid(C);
  return C.result(1);
}

/// The copy is done at once; its completion is what wait() orders.
StepResult Replay::groupMemcpyAsync(ModelCall &C) {
  uint64_t Kind = C.concreteArg(0), TileSize = C.concreteArg(1);
  C.concreteArg(2);
  if (Kind == TileGroup && !validTileSize(TileSize))
    return unsupportedTile(TileSize);
  uint64_t Dst = C.concreteArg(3), Src = C.concreteArg(4), Bytes = C.concreteArg(5);
  for (uint64_t I = 0; I < Bytes; ++I)
    store(Dst + I, load(C.T, Src + I, 8));
  return C.result(0);
}

// ---- tiles: (tile_size, mask, ...); a size the runtime rejects ends the path ----

StepResult Replay::tileSync(ModelCall &C) {
  uint64_t TileSize = C.concreteArg(0);
  if (!validTileSize(TileSize))
    return unsupportedTile(TileSize);
  return C.arrive(tileBarrier(TileSize, C.concreteArg(1)));
}

StepResult Replay::tileThreadRank(ModelCall &C) {
  uint64_t TileSize = C.concreteArg(0);
  if (!validTileSize(TileSize))
    return unsupportedTile(TileSize);
  C.concreteArg(1);
  return C.result(Shape.rankInBlock(C.T) % TileSize);
}

StepResult Replay::tileElect(ModelCall &C) {
  uint64_t TileSize = C.concreteArg(0);
  if (!validTileSize(TileSize))
    return unsupportedTile(TileSize);
  C.concreteArg(1);
  return C.result(Shape.rankInBlock(C.T) % TileSize == 0);
}

StepResult Replay::tileCollective(ModelCall &C, CollectiveOp Op) {
  uint64_t TileSize = C.concreteArg(0);
  if (!validTileSize(TileSize))
    return unsupportedTile(TileSize);
  return C.arrive({Op, 0, C.concreteArg(1)});
}
StepResult Replay::tileShuffle(ModelCall &C) { return tileCollective(C, CollectiveOp::Shuffle); }
StepResult Replay::tileVote(ModelCall &C) { return tileCollective(C, CollectiveOp::Vote); }
StepResult Replay::tileMatch(ModelCall &C) { return tileCollective(C, CollectiveOp::Match); }
StepResult Replay::tileReduce(ModelCall &C) { return tileCollective(C, CollectiveOp::Reduce); }

// ---- coalesced groups: (mask, ...) ----

StepResult Replay::coalescedThreadRank(ModelCall &C) {
  uint64_t Mask = C.concreteArg(0);
  return C.result(llvm::popcount(Mask & ((1ull << Shape.laneOf(C.T)) - 1)));
}
StepResult Replay::coalescedNumThreads(ModelCall &C) {
  return C.result(llvm::popcount(C.concreteArg(0)));
}
StepResult Replay::coalescedElect(ModelCall &C) {
  uint64_t Mask = C.concreteArg(0);
  return C.result(Shape.laneOf(C.T) == static_cast<unsigned>(llvm::countr_zero(Mask)));
}

StepResult Replay::coalescedCollective(ModelCall &C, CollectiveOp Op) {
  return C.arrive({Op, 0, C.concreteArg(0)});
}
StepResult Replay::coalescedSync(ModelCall &C) {
  return coalescedCollective(C, CollectiveOp::WarpBarrier);
}
StepResult Replay::coalescedShuffle(ModelCall &C) {
  return coalescedCollective(C, CollectiveOp::Shuffle);
}
StepResult Replay::coalescedVote(ModelCall &C) {
  return coalescedCollective(C, CollectiveOp::Vote);
}
StepResult Replay::coalescedMatch(ModelCall &C) {
  return coalescedCollective(C, CollectiveOp::Match);
}
StepResult Replay::coalescedReduce(ModelCall &C) {
  return coalescedCollective(C, CollectiveOp::Reduce);
}

// ---- warp intrinsics: the mask first, or (legacy forms) the whole warp ----

StepResult Replay::warpCollective(ModelCall &C, CollectiveOp Op, bool Masked) {
  uint64_t Full = Shape.WarpSize == 64 ? ~0ull : 0xffffffffull;
  uint64_t Mask = !Masked || C.Call.arg_size() == 0 ? Full : C.concreteArg(0);
  return C.arrive({Op, 0, Mask});
}
StepResult Replay::warpShuffle(ModelCall &C) {
  return warpCollective(C, CollectiveOp::Shuffle, true);
}
StepResult Replay::legacyShuffle(ModelCall &C) {
  return warpCollective(C, CollectiveOp::Shuffle, false);
}
StepResult Replay::warpVote(ModelCall &C) { return warpCollective(C, CollectiveOp::Vote, true); }
StepResult Replay::legacyVote(ModelCall &C) { return warpCollective(C, CollectiveOp::Vote, false); }
StepResult Replay::warpMatch(ModelCall &C) { return warpCollective(C, CollectiveOp::Match, true); }
StepResult Replay::warpSync(ModelCall &C) {
  return warpCollective(C, CollectiveOp::WarpBarrier, true);
}
StepResult Replay::warpReduce(ModelCall &C) {
  return warpCollective(C, CollectiveOp::Reduce, true);
}

// ---- memory ----

StepResult Replay::memoryCopy(ModelCall &C) {
  uint64_t Dst = C.concreteArg(0), Bytes = C.concreteArg(2), Src = C.concreteArg(1);
  for (uint64_t I = 0; I < Bytes && I < (1u << 16); ++I)
    store(Dst + I, load(C.T, Src + I, 8));
  return C.result(0);
}

StepResult Replay::memorySet(ModelCall &C) {
  uint64_t Dst = C.concreteArg(0), Bytes = C.concreteArg(2);
  z3::expr Fill = resize(C.arg(1), 8, false);
  for (uint64_t I = 0; I < Bytes && I < (1u << 16); ++I)
    store(Dst + I, Fill);
  return C.result(0);
}

StepResult Replay::atomicCall(ModelCall &C) {
  StringRef N(C.Name);
  uint64_t Address = C.concreteArg(0);
  z3::expr Old = load(C.T, Address, C.Bits), V = C.arg(1);
  std::optional<z3::expr> New = N.contains("Add")    ? Old + V
                                : N.contains("Exch") ? V
                                : N.contains("CAS")  ? z3::ite(Old == V, C.arg(2), Old)
                                : N.contains("And")  ? (Old & V)
                                : N.contains("Or")   ? (Old | V)
                                : N.contains("Xor")  ? (Old ^ V)
                                : N.contains("Max")  ? z3::ite(Old > V, Old, V)
                                : N.contains("Min")  ? z3::ite(Old < V, Old, V)
                                : N.contains("Inc")  ? wrappingIncrement(Old, V)
                                : N.contains("Dec")  ? std::optional(wrappingDecrement(Old, V))
                                                     : std::nullopt;
  if (New)
    store(Address, simplified(*New));
  else
    storeUnknown(Address, Z.bv_const(("atomic" + std::to_string(St->Steps)).c_str(), C.Bits));
  return C.returns(Old);
}

/// The lanes of the calling thread's group in rank order, as a collective call sees them.
std::vector<unsigned> groupLanes(const PendingCall &P, unsigned Lane, unsigned WarpSize,
                                 uint64_t Mask) {
  std::vector<unsigned> Lanes;
  auto Concrete = [](const z3::expr &E, uint64_t Default) {
    uint64_t V;
    return E.simplify().is_numeral_u64(V) ? V : Default;
  };
  const ModelBinding &B = P.Binding;
  unsigned Width = WarpSize, Base = 0;
  if (B.Group == ModelGroup::Coalesced) {
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Mask >> L & 1)
        Lanes.push_back(L);
    return Lanes;
  }
  if (B.Group == ModelGroup::Tile)
    Width = static_cast<unsigned>(Concrete(P.Args[0], WarpSize));
  else if (B.Op->WidthArg >= 0 && P.Args.size() > B.argument(B.Op->WidthArg))
    Width = static_cast<unsigned>(Concrete(P.Args[B.argument(B.Op->WidthArg)], WarpSize));
  if (Width == 0 || Width > WarpSize)
    Width = WarpSize;
  Base = Lane / Width * Width;
  for (unsigned L = Base; L < Base + Width; ++L)
    Lanes.push_back(L);
  return Lanes;
}

z3::expr Replay::collectiveResult(ThreadId T, const PendingCall &P, const Release &R) {
  unsigned Bits = bitsOf(P.Call->getType(), DL);
  unsigned Warp = Shape.warpOf(T), Lane = Shape.laneOf(T);
  WarpMembers Members; // by lane, for warp operations
  for (ThreadId M : R.Threads)
    if (Shape.warpOf(M) == Warp)
      Members[Shape.laneOf(M)] = &*St->Threads[M].Pending;
  if (R.Op == CollectiveOp::ActiveLanes)
    return activeLanesResult(P, Members, Bits);
  const ModelBinding &B = P.Binding;
  // Model functions without a row (a generic group's sync) return nothing to fold.
  if (!B.Op)
    return Z.bv_const(("collective#" + std::to_string(T) + "@" + std::to_string(St->Steps)).c_str(),
                      Bits ? Bits : 1);
  if (model::collectiveClassOf(B.Op->Kind) == CollectiveClass::Barrier)
    return blockVoteResult(B.Op->Kind, R, Bits);
  uint64_t Mask = B.Group == ModelGroup::None ? 0 : concretize(P.Args[B.descriptorMask()]);
  unsigned ValueArg = B.argument(std::max(B.Op->ValueArg, 0));
  GroupOperands G{groupLanes(P, Lane, Shape.WarpSize, Mask), Members, ValueArg,
                  P.Args.size() > ValueArg ? P.Args[ValueArg] : bv(0, Bits), Bits};
  if (model::collectiveClassOf(B.Op->Kind) == CollectiveClass::Shuffle)
    return shuffleResult(G, P, Warp, Lane);
  return foldResult(G, B.Op->Kind, R);
}

z3::expr Replay::activeLanesResult(const PendingCall &P, const WarpMembers &Members,
                                   unsigned Bits) {
  uint64_t Lanes = 0;
  for (auto &[L, Member] : Members)
    Lanes |= 1ull << L;
  if (P.Binding.Op && P.Binding.Op->Kind == OperationKind::ActiveLanes)
    return bv(Lanes, Bits);
  // coalesced_threads(): {mask, meta_rank 0, meta_size 1} as laid out in memory.
  return resize(z3::concat(bv(1, 32), z3::concat(bv(0, 32), bv(Lanes, 64))), Bits, false);
}

/// The block votes (count, and, or) over the block.
z3::expr Replay::blockVoteResult(OperationKind K, const Release &R, unsigned Bits) {
  z3::expr Count = bv(0, 32);
  for (ThreadId M : R.Threads)
    Count = Count + z3::ite(St->Threads[M].Pending->Args[0] != bv(0, 32), bv(1, 32), bv(0, 32));
  z3::expr All = bv(R.Threads.size(), 32);
  z3::expr V = K == OperationKind::BlockCount ? Count
               : K == OperationKind::BlockAll ? z3::ite(Count == All, bv(1, 32), bv(0, 32))
                                              : z3::ite(Count != bv(0, 32), bv(1, 32), bv(0, 32));
  return resize(V, Bits, false);
}

z3::expr Replay::shuffleResult(const GroupOperands &G, const PendingCall &P, unsigned Warp,
                               unsigned Lane) {
  int64_t Rank = G.rankOf(Lane), Size = G.Lanes.size();
  const ModelBinding &B = P.Binding;
  if (Size == 0 || B.Op->LaneArg < 0)
    return G.Own;
  int64_t X = static_cast<int64_t>(concretize(P.Args[B.argument(B.Op->LaneArg)]));
  int64_t Source = B.Op->Kind == OperationKind::ShuffleUp     ? Rank - X
                   : B.Op->Kind == OperationKind::ShuffleDown ? Rank + X
                   : B.Op->Kind == OperationKind::ShuffleXor  ? (Rank ^ X)
                                                              : X % Size;
  if (Source < 0 || Source >= Size)
    return G.Own;
  unsigned SourceLane = G.Lanes[Source];
  auto It = G.Members.find(SourceLane);
  if (It != G.Members.end())
    return It->second->Args[G.ValueArg];
  // A lane that left the kernel reads as 0 (probe P23, docs/architecture.md); so does one a
  // lockstep wavefront did not bring along (Platform.h).
  if (Shape.laneExists(Warp, SourceLane) &&
      (Shape.WarpRunsInLockstep ||
       St->Tracker.state(Shape.threadOfLane(Warp, SourceLane)) == ThreadState::Exited))
    return bv(0, G.Bits);
  return G.Own;
}

/// Votes, matches and reductions fold the members' operands, bit r for the member of rank r.
z3::expr Replay::foldResult(const GroupOperands &G, OperationKind K, const Release &R) {
  z3::expr Ballot = bv(0, 64), Any = bv(0, 1), All = bv(1, 1), Same = bv(0, 64);
  std::optional<z3::expr> Sum;
  for (auto &[L, Member] : G.Members) {
    int64_t Rank = G.rankOf(L);
    if (Rank >= static_cast<int64_t>(G.Lanes.size()) || Member->Args.size() <= G.ValueArg)
      continue;
    const z3::expr &V = Member->Args[G.ValueArg];
    z3::expr Bit = bv(1ull << Rank, 64);
    z3::expr True = V != bv(0, V.get_sort().bv_size());
    Ballot = Ballot | z3::ite(True, Bit, bv(0, 64));
    Any = Any | z3::ite(True, bv(1, 1), bv(0, 1));
    All = All & z3::ite(True, bv(1, 1), bv(0, 1));
    if (V.get_sort().bv_size() == G.Own.get_sort().bv_size())
      Same = Same | z3::ite(V == G.Own, Bit, bv(0, 64));
    Sum = Sum ? *Sum + V : V;
  }
  unsigned Bits = G.Bits;
  switch (K) {
  case OperationKind::Ballot:
    return resize(Ballot, Bits, false);
  case OperationKind::Any:
    return resize(Any, Bits, false);
  case OperationKind::All:
    return resize(All, Bits, false);
  case OperationKind::MatchAny:
    return resize(Same, Bits, false);
  case OperationKind::ReduceAdd:
    if (Sum)
      return resize(*Sum, Bits, false);
    break;
  default:
    break;
  }
  // match_all, other reductions, scans: one value per instance, the same for all its threads.
  return Z.bv_const(
      ("collective#" + std::to_string(R.Threads.front()) + "@" + std::to_string(St->Steps)).c_str(),
      Bits ? Bits : 1);
}

void Replay::completeRelease(const Release &R) {
  std::vector<std::pair<ThreadId, z3::expr>> Results;
  for (ThreadId T : R.Threads) {
    const PendingCall &P = *St->Threads[T].Pending;
    if (!P.Call->getType()->isVoidTy())
      Results.emplace_back(T, simplified(collectiveResult(T, P, R)));
  }
  for (auto &[T, V] : Results)
    set(St->Threads[T].Stack.back(), St->Threads[T].Pending->Call, V);
  for (ThreadId T : R.Threads) {
    advance(St->Threads[T].Stack.back());
    St->Threads[T].Pending.reset();
  }
}

} // namespace coopcheck::model::executor::detail
