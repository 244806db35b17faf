#include "analysis/rules/ShuffleTypes.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct Big { double d[5]; };
struct Counted {
  int n;
  __device__ Counted(const Counted &o) : n(o.n + 1) {}
  __device__ explicit Counted(int v) : n(v) {}
};
struct Mailbox { __device__ Big shfl(Big b, int) { return b; } };
__global__ void k(Big *b, int *c, float *f) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  b[0] = warp.shfl_down(b[0], 1);
  c[0] = warp.shfl(Counted(c[0]), 0).n;
  f[0] = warp.shfl_xor(f[0], 1);
  Mailbox box;
  b[1] = box.shfl(b[1], 0);
}
)";

TEST(ShuffleTypes, SizeAndTrivialCopy) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<BadShuffle> Bad = badShuffles(S.analysis(), S.function("k"));
  ASSERT_EQ(Bad.size(), 2u);
  EXPECT_EQ(Bad[0].Spelling, "warp.shfl_down()");
  EXPECT_EQ(Bad[0].Bytes, 40u);
  EXPECT_TRUE(Bad[0].TriviallyCopyable);
  EXPECT_EQ(Bad[0].NonTrivialMember, nullptr);
  EXPECT_EQ(Bad[1].Spelling, "warp.shfl()");
  EXPECT_EQ(Bad[1].Bytes, 4u);
  EXPECT_FALSE(Bad[1].TriviallyCopyable);
  ASSERT_NE(Bad[1].NonTrivialMember, nullptr);
  EXPECT_TRUE(llvm::isa<clang::CXXConstructorDecl>(Bad[1].NonTrivialMember));
}

} // namespace
