#include "runtime-model/semantics/Operations.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <set>

using namespace coopcheck::model;

namespace {

TEST(Operations, RowsAreNumberedByTheirIds) {
  for (const Operation &Op : allOperations())
    EXPECT_EQ(&operation(Op.Id), &Op) << Op.Spelling.str();
}

TEST(Operations, OneRowPerSpellingAndForm) {
  std::set<std::pair<int, std::string>> Seen;
  for (const Operation &Op : allOperations())
    EXPECT_TRUE(Seen.insert({int(Op.Form), Op.Spelling.str()}).second)
        << "two rows spell " << Op.Spelling.str();
}

TEST(Operations, LegacyFormsAreReplacedByTheirMaskedTwin) {
  unsigned Legacy = 0;
  for (const Operation &Op : allOperations()) {
    if (!Op.isLegacy())
      continue;
    ++Legacy;
    const Operation &Sync = operation(Op.Replacement);
    EXPECT_EQ(Op.MaskArg, -1) << Op.Spelling.str();
    EXPECT_FALSE(Sync.isLegacy()) << Sync.Spelling.str();
    EXPECT_EQ(Sync.Kind, Op.Kind) << Op.Spelling.str();
    EXPECT_EQ(Sync.MaskArg, 0) << Sync.Spelling.str();
    // The masked form takes the mask first, then the legacy form's arguments.
    EXPECT_EQ(Sync.ValueArg, Op.ValueArg + 1) << Op.Spelling.str();
    EXPECT_EQ(Sync.Spelling.str(), Op.Spelling.str() + "_sync");
  }
  EXPECT_EQ(Legacy, 7u);
}

TEST(Operations, WarpCollectivesNameTheirOperands) {
  for (const Operation &Op : allOperations()) {
    if (Op.Scope != CollectiveScope::Warp)
      continue;
    // An intrinsic's mask is its first argument; an instruction's member mask its last operand.
    if (Op.Form == OperationForm::PtxInstruction)
      EXPECT_GT(Op.MaskArg, std::max({Op.ValueArg, Op.LaneArg, Op.WidthArg})) << Op.Spelling.str();
    else if (!Op.isLegacy())
      EXPECT_EQ(Op.MaskArg, 0) << Op.Spelling.str();
    CollectiveClass C = collectiveClassOf(Op.Kind);
    if (C == CollectiveClass::Shuffle) {
      EXPECT_GE(Op.LaneArg, 0) << Op.Spelling.str();
      EXPECT_GE(Op.WidthArg, 0) << Op.Spelling.str();
    }
    if (C == CollectiveClass::Vote || C == CollectiveClass::Reduce || C == CollectiveClass::Match)
      EXPECT_GE(Op.ValueArg, 0) << Op.Spelling.str();
  }
}

TEST(Operations, FindsIntrinsicsExactlyOrByPrefix) {
  ASSERT_NE(findIntrinsic("__shfl_xor_sync"), nullptr);
  EXPECT_EQ(findIntrinsic("__shfl_xor_sync")->Kind, OperationKind::ShuffleXor);
  EXPECT_EQ(findIntrinsic("__shfl_xor")->Replacement, OperationId::ShflXorSync);
  // Type and scope suffixes: atomicAdd_block is an atomic.
  ASSERT_NE(findIntrinsic("atomicAdd_block"), nullptr);
  EXPECT_EQ(findIntrinsic("atomicAdd_block")->Kind, OperationKind::Atomic);
  EXPECT_EQ(findIntrinsic("__shfl_sync_x"), nullptr);
  EXPECT_EQ(findIntrinsic("sync"), nullptr); // a group's member, not an intrinsic
  ASSERT_NE(findGroupMethod("sync"), nullptr);
  EXPECT_EQ(collectiveClassOf(findGroupMethod("sync")->Kind), CollectiveClass::Barrier);
  EXPECT_EQ(collectiveClassOf(findGroupMethod("thread_rank")->Kind), CollectiveClass::None);
  EXPECT_EQ(findGroupFunction("tiled_partition")->Kind, OperationKind::TiledPartition);
}

TEST(Operations, ResultsSayWhatTheyAreUniformOver) {
  EXPECT_EQ(findIntrinsic("__ballot_sync")->Result, ResultUniformity::MaskGroup);
  EXPECT_EQ(findIntrinsic("__shfl_sync")->Result, ResultUniformity::Broadcast);
  EXPECT_EQ(findIntrinsic("__shfl_down_sync")->Result, ResultUniformity::Lane);
  EXPECT_EQ(findIntrinsic("__syncthreads_or")->Result, ResultUniformity::Block);
  EXPECT_EQ(findIntrinsic("__popc")->Result, ResultUniformity::Arguments);
  EXPECT_EQ(findGroupFunction("reduce")->Result, ResultUniformity::Group);
  // Every lane-id intrinsic, on every platform that has one, reads the lane id.
  for (const char *Name : {"__lane_id", "__laneid", "__lane_id_u32"}) {
    ASSERT_NE(findIntrinsic(Name), nullptr) << Name;
    EXPECT_EQ(findIntrinsic(Name)->Kind, OperationKind::LaneIndex) << Name;
    EXPECT_EQ(findIntrinsic(Name)->Reads, ThreadIdRead::LaneId) << Name;
    EXPECT_EQ(findIntrinsic(Name)->Result, ResultUniformity::Lane) << Name;
  }
  EXPECT_TRUE(findIntrinsic("__lane_id")->isOn(Platform::Hip));
  EXPECT_TRUE(findIntrinsic("__lane_id")->isOn(Platform::Maca));
}

TEST(Operations, ReadsInlinePtx) {
  PtxContents Lane = ptxContents("mov.u32 %0, %%laneid;");
  ASSERT_EQ(Lane.Registers.size(), 1u);
  EXPECT_EQ(Lane.Registers[0]->Kind, OperationKind::LaneIndex);
  EXPECT_FALSE(Lane.Unknown);

  PtxContents Math = ptxContents("{ .reg .u32 t; mul.lo.u32 t, %1, %2; add.u32 %0, t, 1; }");
  EXPECT_TRUE(Math.Registers.empty());
  EXPECT_FALSE(Math.Unknown);
  for (const PtxContents::Instruction &I : Math.Instructions)
    EXPECT_EQ(I.Op->Kind, OperationKind::Arithmetic);

  PtxContents Barrier = ptxContents("bar.sync 1, 64;");
  ASSERT_EQ(Barrier.Instructions.size(), 1u);
  EXPECT_EQ(Barrier.Instructions[0].Op->Id, OperationId::PtxBarSync);
  EXPECT_EQ(ptxContents("barrier.sync.aligned 0;").Instructions[0].Op->Id,
            OperationId::PtxBarrierSync);
  EXPECT_EQ(ptxContents("bar.arrive 2, 128;").Instructions[0].Op->Kind, OperationKind::BlockArrive);

  PtxContents Exit = ptxContents("@p exit;");
  ASSERT_EQ(Exit.Instructions.size(), 1u);
  EXPECT_EQ(Exit.Instructions[0].Op->Kind, OperationKind::ThreadExit);
  EXPECT_TRUE(Exit.Instructions[0].Guarded);

  EXPECT_TRUE(ptxContents("mov.u64 %0, %%globaltimer;").Unknown);
  EXPECT_TRUE(ptxContents("st.global.u32 [%0], %1;").Unknown);
  EXPECT_EQ(ptxContents("mov.u32 %0, %%warpid;").Registers[0]->Reads, ThreadIdRead::WarpId);

  // A load reads what its address points to; the analyses weigh the address and the memory.
  PtxContents Load = ptxContents("ld.global.nc.v4.s32 {%0, %1, %2, %3}, [%4];");
  ASSERT_EQ(Load.Instructions.size(), 1u);
  EXPECT_EQ(Load.Instructions[0].Op->Kind, OperationKind::CachedLoad);
  EXPECT_FALSE(Load.Unknown);

  // A scope's brace, a label or a declaration before an instruction leaves it an instruction.
  PtxContents Scoped = ptxContents("{ mov.u32 %0, %%laneid; }");
  ASSERT_EQ(Scoped.Registers.size(), 1u);
  EXPECT_EQ(Scoped.Registers[0]->Kind, OperationKind::LaneIndex);
  EXPECT_EQ(ptxContents("DONE: bar.sync 0;").Instructions[0].Op->Id, OperationId::PtxBarSync);
  EXPECT_FALSE(ptxContents("{ .reg .pred p; @p bar.sync 0; }").Unknown);

  // One mov of one special register names it; anything more does not.
  EXPECT_EQ(movedSpecialRegister("mov.u32 %0, %%laneid;")->Kind, OperationKind::LaneIndex);
  EXPECT_EQ(movedSpecialRegister("mov.u32 %0, %%warpid;")->Result, ResultUniformity::Warp);
  EXPECT_EQ(movedSpecialRegister("mov.u32 %0, %%laneid; add.u32 %0, %0, 1;"), nullptr);
  EXPECT_EQ(movedSpecialRegister("@p mov.u32 %0, %%laneid;"), nullptr);
}

// Inline PTX waits for another thread only when it branches, waits at a barrier or sleeps, or is
// text the model does not know; its loads are reads a polling loop may end on.
TEST(Operations, InlinePtxWaitsWhenItBranchesBarriersOrSleeps) {
  EXPECT_EQ(asmWaiting("membar.gl;"), AsmWaiting::None);
  EXPECT_EQ(asmWaiting("{ .reg .pred p; setp.ne.u32 p, %1, 0; "
                       "@p shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff; }"),
            AsmWaiting::None);
  EXPECT_EQ(asmWaiting("ld.global.nc.f32 %0, [%1];"), AsmWaiting::Reads);
  EXPECT_EQ(asmWaiting("atom.add.u32 %0, [%1], 1;"), AsmWaiting::Reads);
  EXPECT_EQ(asmWaiting("{ .reg .pred done;\nWAIT:\n mbarrier.try_wait.shared::cta.b64 done, [%0];"
                       "\n @!done bra WAIT; }"),
            AsmWaiting::MayWait);
  EXPECT_EQ(asmWaiting("ld.global.u32 %0, [%1]; nanosleep.u32 100;"), AsmWaiting::MayWait);
  EXPECT_EQ(asmWaiting("s_sleep 1"), AsmWaiting::MayWait);
}

} // namespace
