#include "analysis/flow/PointeeWrites.h"
#include "ParsedSource.h"

using namespace coopcheck;

namespace {

const char *Source = R"cu(
__device__ int load_acquire(const int *p) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ bool masked(int *mask, int rank) { return mask != nullptr && load_acquire(mask + rank) == 0; }
__device__ int row_sum(float *row, int n) {
  float s = 0;
  for (float *p = row; p != row + n; ++p)
    s += *p;
  return s > 0 && row[n - 1] < 1;
}
struct Header { int count; int ids[4]; };
__device__ int first_id(Header *h) { return h->count ? h->ids[0] : -1; }
__device__ bool asks_a_reader(int *mask) { return masked(mask, 0); }
__device__ void clears(int *mask, int rank) { mask[rank] = 0; }
__device__ void counts(int *mask) { atomicAdd(mask, 1); }
__device__ void increments(int *mask) { ++mask[0]; }
__device__ void through_a_local(int *mask) {
  int *slot = mask + 1;
  *slot = 2;
}
__device__ void keeps_it(int *mask, int **out) { *out = mask; }
__device__ unsigned long long as_integer(int *mask) { return (unsigned long long)mask; }
__device__ void asks_a_writer(int *mask) { clears(mask, 0); }
__device__ void stores_asm(int *p) { asm volatile("st.global.s32 [%0], 1;" :: "l"(p)); }
)cu";

/// leavesPointeeBe with its callees decided the same way, as the unit cache does.
bool leftBe(test::ParsedSource &S, llvm::StringRef Name, unsigned P) {
  std::function<bool(const clang::FunctionDecl *, unsigned)> Decide =
      [&](const clang::FunctionDecl *F, unsigned Q) {
        return analysis::leavesPointeeBe(F, Q, Decide);
      };
  return Decide(S.function(Name), P);
}

TEST(PointeeWrites, ReadingComparingAndMovingOnLeaveTheMemoryBe) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(leftBe(S, "load_acquire", 0));
  EXPECT_TRUE(leftBe(S, "masked", 0));
  EXPECT_TRUE(leftBe(S, "row_sum", 0));
  EXPECT_TRUE(leftBe(S, "first_id", 0));
  EXPECT_TRUE(leftBe(S, "asks_a_reader", 0));
}

TEST(PointeeWrites, StoresAndEscapesCountAsWriting) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  for (const char *Name : {"clears", "counts", "increments", "through_a_local", "keeps_it",
                           "as_integer", "asks_a_writer", "stores_asm"})
    EXPECT_FALSE(leftBe(S, Name, 0)) << Name;
}

} // namespace
