#include "analysis/rules/AsyncCopies.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
__global__ void counted(float *out, const float *x) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float a[64], b[64];
  cg::memcpy_async(block, a, x, 256);
  cg::memcpy_async(block, b, x + 64, 256);
  cg::wait_prior<1>(block);
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
  cg::wait(block);
}
__global__ void pipeline(float *out, const float *x, int n, bool same) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][64];
  float acc = 0;
  cg::memcpy_async(block, buf[0], x, 256);
  for (int k = 1; k < n; ++k) {
    cg::memcpy_async(block, buf[k % 2], x + 64 * k, 256);
    cg::wait_prior<1>(block);
    acc += buf[(k - 1) % 2][threadIdx.x];
    if (same)
      acc += buf[k % 2][threadIdx.x];
    block.sync();
  }
  cg::wait(block);
  out[threadIdx.x] = acc;
}
__device__ void start(const cg::thread_block &block, float *dst, const float *src) {
  cg::memcpy_async(block, dst, src, 256);
}
__global__ void handed_over(const float *x) {
  __shared__ float tile[64];
  start(cg::this_thread_block(), tile, x);
}
)";

TEST(AsyncCopies, WaitPriorLeavesTheLatestCopyInFlight) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<UnwaitedCopy> Found = unwaitedCopies(S.analysis(), S.function("counted"));
  ASSERT_EQ(Found.size(), 1u);
  ASSERT_NE(Found[0].Destination, nullptr);
  EXPECT_EQ(Found[0].Destination->getName(), "b");
  EXPECT_EQ(Found[0].How, UnwaitedCopy::Use::Read);
  EXPECT_EQ(Found[0].Copy.Site, S.call("counted", "memcpy_async", 1));
  EXPECT_EQ(Found[0].Wait, S.call("counted", "wait"));
}

TEST(AsyncCopies, PipelineStagesAreComparedByTheirSelectors) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  // buf[(k - 1) % 2] is another stage than buf[k % 2]; buf[k % 2][i] in the same iteration is not.
  std::vector<UnwaitedCopy> Found = unwaitedCopies(S.analysis(), S.function("pipeline"));
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Copy.Site, S.call("pipeline", "memcpy_async", 1));
  ASSERT_NE(Found[0].Access, nullptr);
}

TEST(AsyncCopies, HelpersHandTheirCopiesToTheKernel) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(unwaitedCopies(S.analysis(), S.function("start")).empty());
  std::vector<UnwaitedCopy> Found = unwaitedCopies(S.analysis(), S.function("handed_over"));
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Access, nullptr); // never waited for
  ASSERT_EQ(Found[0].Copy.Chain.size(), 1u);
  ASSERT_NE(Found[0].Destination, nullptr);
  EXPECT_EQ(Found[0].Destination->getName(), "tile");
}

} // namespace
