// The executor's instructions, one row per kind of operation: thread 5 of each block traps unless
// the row's condition holds for t = 5. Integer arithmetic signed and unsigned, shifts, casts,
// comparisons, selects, floating point and its conversions, local arrays, structs, switches and
// loops (phis). Rows that do not hold trap on their own line.
#include "OperationTable.h"

using namespace coopcheck::testing_support;
using namespace coopcheck::model;

namespace {

const char *Prelude = R"cu(
    __global__ void k(int *out) {
      unsigned t = threadIdx.x;
)cu";
const char *Epilogue = "out[t] = 0; }\n";
const LaunchShape TwoBlocks{{2}, {64}, 32, LaunchCooperation::Cooperative};
using Names = std::vector<std::string>;

/// The row: Condition, of `unsigned t`, holds in thread 5.
TableRow row(const char *Name, const std::string &Condition) {
  return {Name, "if (t == 5 && !(" + Condition + ")) __trap();"};
}

const std::vector<TableRow> Rows = {
    row("UnsignedWrapsAround", "t - 6u == 0xffffffffu"),
    row("UnsignedDivision", "(t + 12) / 4 == 4"),
    row("SignedDivisionTruncates", "((int)t - 10) / 3 == -1"),
    row("SignedRemainderKeepsTheSign", "((int)t - 10) % 3 == -2"),
    row("ShiftLeft", "t << 3 == 40"),
    row("ArithmeticShiftRight", "((int)t - 13) >> 1 == -4"),
    row("LogicalShiftRight", "(t - 13u) >> 28 == 15u"),
    row("BitwiseOperators", "((t & 4) | (t ^ 1)) == 4 && (~t & 7) == 2"),
    row("SignExtension", "(long long)(int)(t - 6) == -1LL"),
    row("ZeroExtension", "(unsigned long long)(t - 6u) == 0xffffffffull"),
    row("Truncation", "(unsigned char)(t + 256) == 5"),
    row("SignedComparison", "(int)t - 6 < 0"),
    row("UnsignedComparison", "t - 6u > 100u"),
    row("Select", "(t > 3 ? t * 2 : t) == 10"),
    row("SignedToFloat", "(float)((int)t - 6) == -1.0f"),
    row("UnsignedToFloat", "(float)t * 0.5f == 2.5f"),
    row("FloatToInteger", "(int)((float)t / 2.0f) == 2"),
    row("Double", "(double)t / 4.0 > 1.2 && (double)t / 4.0 < 1.3"),
    row("LocalArray",
        "[&] { int a[4]; for (int i = 0; i < 4; ++i) a[i] = t * i; return a[3]; }() == 15"),
    row("StructFields", "[&] { struct P { int a; long long b; } p{(int)t, (long long)t * 3}; "
                        "return p.b - p.a; }() == 10"),
    row("Switch",
        "[&] { switch (t) { case 4: return 1; case 5: return 2; default: return 3; } }() == 2"),
    row("LoopPhis",
        "[&] { unsigned s = 0; for (unsigned i = 0; i <= t; ++i) s += i; return s; }() == 15"),
};

TEST(Instructions, EveryRowHoldsInThreadFive) {
  EXPECT_EQ(failingRows(Prelude, Rows, Epilogue, TwoBlocks), Names());
}

TEST(Instructions, ARowThatDoesNotHoldTraps) {
  for (const TableRow &Wrong :
       {row("WrongEquality", "t == 6"), row("WrongSignedComparison", "(int)t - 6 > 0"),
        row("WrongFloat", "(float)t * 0.5f == 2.0f")})
    EXPECT_EQ(failingRows(Prelude, {Rows[0], Wrong}, Epilogue, TwoBlocks), Names{Wrong.Name});
}

} // namespace
