#include "analysis/flow/MemoryWaits.h"
#include "ParsedSource.h"

using namespace coopcheck;

namespace {

const char *Source = R"cu(
#include <cooperative_groups.h>
__device__ int ready(volatile int *flag) { return *flag; }
__global__ void spins_through_helper(volatile int *flag) {
  while (!ready(flag)) {
  }
  __syncthreads();
}
__global__ void counts(unsigned *count) {
  atomicAdd(count, 1u);
  cooperative_groups::this_grid().sync();
}
__global__ void asm_fence() { asm volatile("membar.gl;"); }
# 1 "toolkit_texture.h" 1 3
__device__ float fetch(const float *p) { float v; asm("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p)); return v; }
# 20 "input.cu" 2
__global__ void through_toolkit(float *out, const float *in) {
  __syncthreads();
  out[threadIdx.x] = fetch(in + threadIdx.x);
}
__global__ void plain(float *out, const float *in) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  cooperative_groups::this_grid().sync();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
)cu";

TEST(MemoryWaits, VolatileAtomicAndAsmAccessesCanWait) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(analysis::mayWaitOnMemory(S.function("spins_through_helper")));
  EXPECT_TRUE(analysis::mayWaitOnMemory(S.function("counts")));
  EXPECT_TRUE(analysis::mayWaitOnMemory(S.function("asm_fence")));
}

// Barriers alone, the grid's included, wait for threads, not for memory; a toolkit's own inline
// asm (a texture fetch) is no wait of the user's.
TEST(MemoryWaits, PlainAccessesCollectivesAndToolkitCodeDoNot) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  EXPECT_FALSE(analysis::mayWaitOnMemory(S.function("plain")));
  EXPECT_FALSE(analysis::mayWaitOnMemory(S.function("through_toolkit")));
}

} // namespace
