// Calls: user functions get a frame; the model headers' functions and warp intrinsics are
// interpreted here, collectives arrive at the tracker and take their results when released.
#include "runtime-model/executor/Explorer.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"

namespace coopcheck::model::executor::detail {

using namespace llvm;

StepResult Explorer::call(ThreadId T, Frame &Fr, const CallBase &Call) {
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
  std::string Name = Callee->getName().starts_with("_Z") ? baseName(Callee->getName())
                                                         : Callee->getName().str();
  return callModel(T, Fr, Call, Name);
}

StepResult Explorer::returnFrom(ThreadId T, std::optional<z3::expr> Result) {
  ThreadContext &Th = St->Threads[T];
  // Where the thread left: the `return` that branched here, if one did.
  const Frame &Top = Th.Stack.back();
  Th.ExitPoint = Top.Prev && Top.Prev->getTerminator()->getDebugLoc()
                     ? Top.Prev->getTerminator()
                     : &*Top.Next;
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
unsigned Explorer::siteOf(ThreadId T) {
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

StepResult Explorer::arrive(ThreadId T, const CallBase &Call, const std::string &Name,
                            const Arrival &A) {
  PendingCall P{&Call, Name, {}};
  for (const Use &U : Call.args())
    P.Args.push_back(eval(T, U.get()));
  Arrival Site = A;
  Site.Site = siteOf(T);
  if (!St->Tracker.arrive(T, Site))
    return StepResult::Trapped;
  St->Threads[T].Pending = std::move(P);
  return StepResult::Blocked;
}

/// Warp intrinsics by name: the operation and the argument holding the mask (-1: the legacy
/// mask-less forms, which name the whole warp).
std::optional<std::pair<CollectiveOp, int>> warpIntrinsic(StringRef Name) {
  using R = std::optional<std::pair<CollectiveOp, int>>;
  if (Name.starts_with("__reduce_") && Name.ends_with("_sync"))
    return R({CollectiveOp::Reduce, 0});
  return StringSwitch<R>(Name)
      .Cases({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"},
             R({CollectiveOp::Shuffle, 0}))
      .Cases({"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"}, R({CollectiveOp::Shuffle, -1}))
      .Cases({"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync"},
             R({CollectiveOp::Vote, 0}))
      .Cases({"__ballot", "__any", "__all"}, R({CollectiveOp::Vote, -1}))
      .Cases({"__match_any_sync", "__match_all_sync"}, R({CollectiveOp::Match, 0}))
      .Case("__syncwarp", R({CollectiveOp::WarpBarrier, 0}))
      .Default(std::nullopt);
}

/// Group operations of the model (__cgm_tile_*, __cgm_coalesced_*) by operation name.
std::optional<CollectiveOp> groupOperation(StringRef Op) {
  if (Op == "sync")
    return CollectiveOp::WarpBarrier;
  if (Op.starts_with("shfl"))
    return CollectiveOp::Shuffle;
  if (Op == "any" || Op == "all" || Op == "ballot")
    return CollectiveOp::Vote;
  if (Op.starts_with("match"))
    return CollectiveOp::Match;
  if (Op == "reduce" || Op.ends_with("_scan"))
    return CollectiveOp::Reduce;
  return std::nullopt;
}

StringRef dropWidth(StringRef Op) {
  if (Op.ends_with("_u32") || Op.ends_with("_u64"))
    return Op.drop_back(4);
  return Op;
}

StepResult Explorer::callModel(ThreadId T, Frame &Fr, const CallBase &Call,
                               const std::string &Name) {
  unsigned Bits = Call.getType()->isVoidTy() ? 0 : bitsOf(Call.getType(), DL);
  auto Arg = [&](unsigned I) { return eval(T, Call.getArgOperand(I)); };
  auto ConcreteArg = [&](unsigned I) { return concretize(Arg(I)); };
  auto Result = [&](uint64_t V) {
    if (Bits)
      set(Fr, &Call, bv(V, Bits));
    advance(Fr);
    return StepResult::Continue;
  };
  StringRef N(Name);
  Dim3 Tid = Shape.threadIdx(T), Ctaid = Shape.blockIdx(T);
  auto Axis = [&](const Dim3 &D) { return N.back() == 'x' ? D.X : N.back() == 'y' ? D.Y : D.Z; };
  if (N.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    StringRef Reg = N.drop_front(strlen("llvm.nvvm.read.ptx.sreg."));
    if (Reg.starts_with("tid."))
      return Result(Axis(Tid));
    if (Reg.starts_with("ntid."))
      return Result(Axis(Shape.Block));
    if (Reg.starts_with("ctaid."))
      return Result(Axis(Ctaid));
    if (Reg.starts_with("nctaid."))
      return Result(Axis(Shape.Grid));
    if (Reg == "warpsize")
      return Result(Shape.WarpSize);
    if (Reg == "laneid")
      return Result(Shape.laneOf(T));
    // Clocks advance fast, so that delay loops end after a few trips.
    St->Clock += 1ull << 24;
    St->Threads[T].ReadClock = true;
    return Result(St->Clock);
  }
  if (N.starts_with("llvm.nvvm.barrier") || N == "__syncthreads" || N == "__cgm_block_sync")
    return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
  if (N.starts_with("__syncthreads_"))
    return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
  if (N == "llvm.trap" || N == "__trap" || N == "abort")
    return StepResult::Trapped;
  if (N == "__cgm_grid_sync")
    return arrive(T, Call, Name, {CollectiveOp::GridBarrier});
  if (N == "__cgm_multi_grid_sync")
    return arrive(T, Call, Name, {CollectiveOp::MultiGridBarrier});
  if (N == "__cgm_grid_is_valid")
    return Result(Shape.Cooperation != LaunchCooperation::Standard);
  if (N == "__cgm_multi_grid_is_valid")
    return Result(Shape.Cooperation == LaunchCooperation::MultiDevice);
  if (N == "__cgm_grid_thread_rank")
    return Result(T);
  if (N == "__cgm_grid_num_threads")
    return Result(Shape.threads());
  if (N == "__cgm_grid_block_rank")
    return Result(Shape.blockOf(T));
  if (N == "__cgm_grid_num_blocks")
    return Result(Shape.blocks());
  if (N == "__cgm_block_thread_rank")
    return Result(Shape.rankInBlock(T));
  if (N == "__cgm_block_num_threads")
    return Result(Shape.threadsPerBlock());
  if (N == "__activemask" || N == "__cgm_coalesced_threads")
    return arrive(T, Call, Name, {CollectiveOp::ActiveLanes});
  if (N == "__cgm_tiled_partition") {
    uint64_t ParentSize = ConcreteArg(1), TileSize = ConcreteArg(3);
    if (!validTileSize(TileSize) || (ParentSize && !validTileSize(ParentSize)))
      return unsupportedTile(TileSize);
    unsigned Rank = Shape.rankInBlock(T) % (ParentSize ? ParentSize : Shape.threadsPerBlock());
    unsigned ParentThreads = ParentSize ? ParentSize : Shape.threadsPerBlock();
    uint64_t Mask = 0;
    if (TileSize <= Shape.WarpSize) {
      unsigned Base = Shape.laneOf(T) / TileSize * TileSize;
      Mask = (TileSize == 64 ? ~0ull : ((1ull << TileSize) - 1)) << Base;
    }
    // {mask, meta_rank, meta_size} as laid out in memory.
    z3::expr Info = z3::concat(bv((ParentThreads + TileSize - 1) / TileSize, 32),
                               z3::concat(bv(Rank / TileSize, 32), bv(Mask, 64)));
    set(Fr, &Call, resize(Info, Bits, false));
    advance(Fr);
    return StepResult::Continue;
  }
  if (auto Warp = warpIntrinsic(N)) {
    uint64_t Full = Shape.WarpSize == 64 ? ~0ull : 0xffffffffull;
    uint64_t Mask = Warp->second < 0 || Call.arg_size() == 0 ? Full : ConcreteArg(Warp->second);
    return arrive(T, Call, Name, {Warp->first, 0, Mask});
  }
  if (N.starts_with("__cgm_tile_") || N.starts_with("__cgm_coalesced_")) {
    bool Tile = N.starts_with("__cgm_tile_");
    StringRef Op = dropWidth(N.drop_front(Tile ? strlen("__cgm_tile_") : strlen("__cgm_coalesced_")));
    uint64_t TileSize = Tile ? ConcreteArg(0) : 0;
    if (Tile && !validTileSize(TileSize))
      return unsupportedTile(TileSize);
    uint64_t Mask = ConcreteArg(Tile ? 1 : 0);
    if (Op == "thread_rank") {
      if (Tile)
        return Result(Shape.rankInBlock(T) % TileSize);
      return Result(llvm::popcount(Mask & ((1ull << Shape.laneOf(T)) - 1)));
    }
    if (Op == "num_threads")
      return Result(llvm::popcount(Mask));
    if (Op == "elect")
      return Result(Tile ? Shape.rankInBlock(T) % TileSize == 0
                         : Shape.laneOf(T) == static_cast<unsigned>(llvm::countr_zero(Mask)));
    if (auto Collective = groupOperation(Op)) {
      if (Tile && TileSize > Shape.WarpSize && *Collective == CollectiveOp::WarpBarrier)
        return arrive(T, Call, Name, {CollectiveOp::TileBarrier, 0, 0, (unsigned)TileSize});
      return arrive(T, Call, Name, {*Collective, 0, Mask});
    }
  }
  if (N.starts_with("__cgm_group_")) {
    StringRef Op = N.drop_front(strlen("__cgm_group_"));
    uint64_t Kind = ConcreteArg(0), TileSize = ConcreteArg(1), Mask = ConcreteArg(2);
    if (Kind == 5 && !validTileSize(TileSize))
      return unsupportedTile(TileSize);
    if (Op == "sync" || Op == "wait" || Op == "wait_prior") {
      if (Kind == 3)
        return arrive(T, Call, Name, {CollectiveOp::GridBarrier});
      if (Kind == 4)
        return arrive(T, Call, Name, {CollectiveOp::BlockBarrier});
      if (Kind == 2)
        return arrive(T, Call, Name, {CollectiveOp::MultiGridBarrier});
      if (Kind == 5 && TileSize > Shape.WarpSize)
        return arrive(T, Call, Name, {CollectiveOp::TileBarrier, 0, 0, (unsigned)TileSize});
      return arrive(T, Call, Name, {CollectiveOp::WarpBarrier, 0, Mask});
    }
    if (Op == "memcpy_async") {
      // The copy is done at once; its completion is what wait() orders.
      uint64_t Dst = ConcreteArg(3), Src = ConcreteArg(4), Bytes = ConcreteArg(5);
      for (uint64_t I = 0; I < Bytes; ++I)
        store(Dst + I, load(T, Src + I, 8));
      return Result(0);
    }
  }
  if (N.starts_with("__cgm_this_") || N.starts_with("llvm.dbg.") ||
      N.starts_with("llvm.lifetime.") || N == "llvm.assume" || N == "vprintf" || N == "printf")
    return Result(0);
  if (N.starts_with("llvm.memcpy") || N.starts_with("llvm.memmove") ||
      N.starts_with("llvm.memset")) {
    uint64_t Dst = ConcreteArg(0), Bytes = ConcreteArg(2);
    bool Set = N.starts_with("llvm.memset");
    z3::expr Fill = Set ? resize(Arg(1), 8, false) : bv(0, 8);
    uint64_t Src = Set ? 0 : ConcreteArg(1);
    for (uint64_t I = 0; I < Bytes && I < (1u << 16); ++I)
      store(Dst + I, Set ? Fill : load(T, Src + I, 8));
    return Result(0);
  }
  if (N.contains("Atomic")) {
    uint64_t Address = ConcreteArg(0);
    z3::expr Old = load(T, Address, Bits), V = Arg(1);
    z3::expr New = N.contains("Add") ? Old + V
                   : N.contains("Exch") ? V
                   : N.contains("CAS") ? z3::ite(Old == V, Arg(2), Old)
                   : N.contains("And") ? (Old & V)
                   : N.contains("Or") ? (Old | V)
                   : N.contains("Xor") ? (Old ^ V)
                   : N.contains("Max") ? z3::ite(Old > V, Old, V)
                   : N.contains("Min") ? z3::ite(Old < V, Old, V)
                                        : Z.bv_const(("atomic" + std::to_string(St->Steps)).c_str(),
                                                     Bits);
    store(Address, New.simplify());
    set(Fr, &Call, Old);
    advance(Fr);
    return StepResult::Continue;
  }
  // Not modelled (math functions, cluster and pipeline operations): an unconstrained result.
  if (Bits)
    set(Fr, &Call, Z.bv_const((Name + "#" + std::to_string(St->Steps)).c_str(), Bits));
  advance(Fr);
  return StepResult::Continue;
}

/// The lanes of the calling thread's group in rank order, as a collective call sees them.
std::vector<unsigned> groupLanes(const std::string &Name, const std::vector<z3::expr> &Args,
                                 unsigned Lane, unsigned WarpSize, uint64_t Mask) {
  std::vector<unsigned> Lanes;
  auto Concrete = [](const z3::expr &E, uint64_t Default) {
    uint64_t V;
    return E.simplify().is_numeral_u64(V) ? V : Default;
  };
  StringRef N(Name);
  unsigned Width = WarpSize, Base = 0;
  if (N.starts_with("__cgm_coalesced_")) {
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Mask >> L & 1)
        Lanes.push_back(L);
    return Lanes;
  }
  if (N.starts_with("__cgm_tile_"))
    Width = static_cast<unsigned>(Concrete(Args[0], WarpSize));
  else if (N.starts_with("__shfl") && !N.ends_with("_sync") && Args.size() > 2)
    Width = static_cast<unsigned>(Concrete(Args[2], WarpSize));
  else if (N.starts_with("__shfl") && Args.size() > 3)
    Width = static_cast<unsigned>(Concrete(Args[3], WarpSize));
  if (Width == 0 || Width > WarpSize)
    Width = WarpSize;
  Base = Lane / Width * Width;
  for (unsigned L = Base; L < Base + Width; ++L)
    Lanes.push_back(L);
  return Lanes;
}

/// Index of the value (or predicate) argument, and of the source/delta argument.
std::pair<unsigned, unsigned> operandIndices(StringRef N) {
  if (N.starts_with("__cgm_tile_"))
    return {2, 3};
  if (N.starts_with("__cgm_coalesced_") || N.ends_with("_sync"))
    return {1, 2};
  return {0, 1}; // legacy mask-less forms
}

z3::expr Explorer::collectiveResult(ThreadId T, const PendingCall &P, const Release &R) {
  unsigned Bits = bitsOf(P.Call->getType(), DL);
  StringRef N(P.Name);
  unsigned Warp = Shape.warpOf(T), Lane = Shape.laneOf(T);
  std::map<unsigned, const PendingCall *> Members; // by lane, for warp operations
  for (ThreadId M : R.Threads)
    if (Shape.warpOf(M) == Warp)
      Members[Shape.laneOf(M)] = &*St->Threads[M].Pending;
  if (R.Op == CollectiveOp::ActiveLanes) {
    uint64_t Lanes = 0;
    for (auto &[L, Member] : Members)
      Lanes |= 1ull << L;
    if (N == "__activemask")
      return bv(Lanes, Bits);
    // coalesced_threads(): {mask, meta_rank 0, meta_size 1} as laid out in memory.
    return resize(z3::concat(bv(1, 32), z3::concat(bv(0, 32), bv(Lanes, 64))), Bits, false);
  }
  auto [ValueArg, SourceArg] = operandIndices(N);
  if (N.starts_with("__syncthreads_")) { // count, and, or over the block
    z3::expr Count = bv(0, 32);
    for (ThreadId M : R.Threads)
      Count = Count + z3::ite(St->Threads[M].Pending->Args[0] != bv(0, 32), bv(1, 32), bv(0, 32));
    z3::expr All = bv(R.Threads.size(), 32);
    z3::expr V = N.ends_with("count") ? Count
                 : N.ends_with("and") ? z3::ite(Count == All, bv(1, 32), bv(0, 32))
                                      : z3::ite(Count != bv(0, 32), bv(1, 32), bv(0, 32));
    return resize(V, Bits, false);
  }
  uint64_t Mask = 0;
  if (N.starts_with("__cgm_tile_"))
    Mask = concretize(P.Args[1]);
  else if (N.starts_with("__cgm_coalesced_"))
    Mask = concretize(P.Args[0]);
  std::vector<unsigned> Lanes = groupLanes(P.Name, P.Args, Lane, Shape.WarpSize, Mask);
  auto RankOf = [&](unsigned L) { return std::find(Lanes.begin(), Lanes.end(), L) - Lanes.begin(); };
  const z3::expr &Own = P.Args.size() > ValueArg ? P.Args[ValueArg] : bv(0, Bits);
  if (N.contains("shfl")) {
    int64_t Rank = RankOf(Lane), Size = Lanes.size();
    if (Size == 0)
      return Own;
    int64_t X = static_cast<int64_t>(concretize(P.Args[SourceArg]));
    int64_t Source = N.contains("_up")     ? Rank - X
                     : N.contains("_down") ? Rank + X
                     : N.contains("_xor")  ? (Rank ^ X)
                                           : X % Size;
    if (Source < 0 || Source >= Size)
      return Own;
    unsigned SourceLane = Lanes[Source];
    auto It = Members.find(SourceLane);
    if (It != Members.end())
      return It->second->Args[ValueArg];
    // A lane that left the kernel reads as 0 (gpu-probes P23).
    if (Shape.laneExists(Warp, SourceLane) &&
        St->Tracker.state(Shape.threadOfLane(Warp, SourceLane)) == ThreadState::Exited)
      return bv(0, Bits);
    return Own;
  }
  // Votes, matches and reductions fold the members' operands, bit r for the member of rank r.
  z3::expr Ballot = bv(0, 64), Any = bv(0, 1), All = bv(1, 1), Same = bv(0, 64);
  std::optional<z3::expr> Sum;
  for (auto &[L, Member] : Members) {
    int64_t Rank = RankOf(L);
    if (Rank >= static_cast<int64_t>(Lanes.size()) || Member->Args.size() <= ValueArg)
      continue;
    const z3::expr &V = Member->Args[ValueArg];
    z3::expr Bit = bv(1ull << Rank, 64);
    z3::expr True = V != bv(0, V.get_sort().bv_size());
    Ballot = Ballot | z3::ite(True, Bit, bv(0, 64));
    Any = Any | z3::ite(True, bv(1, 1), bv(0, 1));
    All = All & z3::ite(True, bv(1, 1), bv(0, 1));
    if (V.get_sort().bv_size() == Own.get_sort().bv_size())
      Same = Same | z3::ite(V == Own, Bit, bv(0, 64));
    Sum = Sum ? *Sum + V : V;
  }
  if (N.contains("ballot"))
    return resize(Ballot, Bits, false);
  if (N.contains("any"))
    return resize(Any, Bits, false);
  if (N.contains("all") && !N.contains("match"))
    return resize(All, Bits, false);
  if (N.contains("match_any"))
    return resize(Same, Bits, false);
  if (N.starts_with("__reduce_add") && Sum)
    return resize(*Sum, Bits, false);
  // match_all, other reductions, scans: one value per instance, the same for all its threads.
  return Z.bv_const(("collective#" + std::to_string(R.Threads.front()) + "@" +
                     std::to_string(St->Steps))
                        .c_str(),
                    Bits ? Bits : 1);
}

void Explorer::completeRelease(const Release &R) {
  std::vector<std::pair<ThreadId, z3::expr>> Results;
  for (ThreadId T : R.Threads) {
    const PendingCall &P = *St->Threads[T].Pending;
    if (!P.Call->getType()->isVoidTy())
      Results.emplace_back(T, collectiveResult(T, P, R).simplify());
  }
  for (auto &[T, V] : Results)
    set(St->Threads[T].Stack.back(), St->Threads[T].Pending->Call, V);
  for (ThreadId T : R.Threads) {
    advance(St->Threads[T].Stack.back());
    St->Threads[T].Pending.reset();
  }
}

} // namespace coopcheck::model::executor::detail
