// The replayed grid's memory: buffers far apart, loads that return what stores wrote (whole or
// byte by byte, little endian), unwritten bytes as fresh input symbols, and the cells counted by
// the memory bound.
#include "runtime-model/executor/Memory.h"
#include "gtest/gtest.h"

using namespace coopcheck::model::executor;

namespace {

uint64_t value(const z3::expr &E) {
  uint64_t V = 0;
  EXPECT_TRUE(E.simplify().is_numeral_u64(V)) << E;
  return V;
}

TEST(Memory, BuffersAreApartAndFoundByAddress) {
  z3::context Z;
  Memory M(Z);
  uint64_t Data = M.allocate("data", 0);
  uint64_t Tile = M.allocate("tile[block 1]", 64);
  EXPECT_NE(Data, Tile);
  ASSERT_NE(M.bufferAt(Tile + 63), nullptr);
  EXPECT_EQ(M.bufferAt(Tile + 63)->Name, "tile[block 1]");
  EXPECT_EQ(M.bufferAt(Data + 1000)->Name, "data");
  EXPECT_EQ(M.bufferAt(0), nullptr);
}

TEST(Memory, ALoadReturnsWhatAStoreWrote) {
  z3::context Z;
  Memory M(Z);
  uint64_t B = M.allocate("data", 0);
  M.store(B + 8, Z.bv_val(0x11223344, 32));
  EXPECT_EQ(value(M.load(B + 8, 32)), 0x11223344u);
  EXPECT_EQ(value(M.load(B + 8, 8)), 0x44u); // little endian
  EXPECT_EQ(value(M.load(B + 10, 16)), 0x1122u);
  // A narrower store over part of the word changes only its bytes.
  M.store(B + 9, Z.bv_val(0xab, 8));
  EXPECT_EQ(value(M.load(B + 8, 32)), 0x1122ab44u);
  EXPECT_TRUE(M.inputs().empty());
}

TEST(Memory, UnwrittenBytesAreFreshInputs) {
  z3::context Z;
  Memory M(Z);
  uint64_t B = M.allocate("data", 0);
  z3::expr First = M.load(B, 32);
  EXPECT_FALSE(First.is_numeral());
  EXPECT_TRUE(z3::eq(M.load(B, 32), First)); // the same symbol on a second load
  ASSERT_EQ(M.inputs().size(), 1u);
  EXPECT_EQ(M.inputs()[0].first, "data[0]");
  // A load that straddles a written word and unwritten bytes mixes both.
  M.store(B + 8, Z.bv_val(0xff, 8));
  z3::expr Mixed = M.load(B + 8, 16);
  EXPECT_FALSE(Mixed.is_numeral());
  EXPECT_EQ(value(Mixed.extract(7, 0)), 0xffu);
  EXPECT_EQ(M.inputsIn(B, 4).size(), 1u);
  EXPECT_EQ(M.inputsIn(B + 9, 1).size(), 1u); // the byte the mixed load made
  EXPECT_TRUE(M.inputsIn(B + 100, 4).empty());
}

TEST(Memory, CellsCountWhatIsHeld) {
  z3::context Z;
  Memory M(Z);
  uint64_t B = M.allocate("data", 0);
  EXPECT_EQ(M.cells(), 0u);
  M.store(B, Z.bv_val(1, 32));
  M.store(B + 4, Z.bv_val(2, 32));
  EXPECT_EQ(M.cells(), 2u);
  M.store(B, Z.bv_val(3, 32)); // overwritten in place
  EXPECT_EQ(M.cells(), 2u);
}

} // namespace
