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
__global__ void polls_into_a_local(volatile int *flag) {
  int seen;
  do {
    seen = *flag;
  } while (seen == 0);
  __syncthreads();
}
__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
}
__global__ void takes_a_lock(int *mutex) {
  lock(mutex);
  __syncthreads();
}
__global__ void breaks_on_a_count(unsigned *count, unsigned n) {
  for (;;) {
    if (atomicAdd(count, 0u) >= n)
      break;
  }
  cooperative_groups::this_grid().sync();
}
__global__ void loops_by_goto(volatile int *flag) {
again:
  if (*flag == 0)
    goto again;
  __syncthreads();
}
__global__ void asm_fence() { asm volatile("membar.gl;"); }
__global__ void asm_lane_shuffle(int *out) {
  unsigned lane, v;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm volatile("{ .reg .pred p;\n setp.ne.u32 p, %1, 0;\n @p shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff; }" : "=r"(v) : "r"(lane));
  out[lane] = v;
}
__global__ void asm_polls(unsigned *flag) {
  unsigned seen;
  do { asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag)); } while (seen == 0);
}
__device__ unsigned load_acquire(const unsigned *p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__global__ void asm_polls_through_helper(const unsigned *flag) {
  while (load_acquire(flag) == 0) {
  }
  __syncthreads();
}
struct Descriptor { unsigned status, value; };
__global__ void polls_through_a_copy(volatile unsigned long long *tile) {
  Descriptor d;
  do {
    unsigned long long raw = *tile;
    d = *reinterpret_cast<Descriptor *>(&raw);
  } while (d.status == 0);
  __syncthreads();
}
__global__ void asm_loads_in_a_counted_loop(unsigned *out, const unsigned *in, int n) {
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum += load_acquire(in + i);
  __syncthreads();
  out[threadIdx.x] = sum;
}
__global__ void asm_loops_inside(unsigned long long bar) {
  asm volatile("{ .reg .pred done;\nWAIT:\n mbarrier.try_wait.shared::cta.b64 done, [%0];\n @!done bra WAIT; }" :: "l"(bar));
}
__global__ void asm_of_another_isa() { asm volatile("s_sleep 1"); }
# 1 "toolkit_texture.h" 1 3
__device__ float fetch(const float *p) { float v; asm("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p)); return v; }
# 50 "input.cu" 2
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
__global__ void counts(unsigned *count) {
  atomicAdd(count, 1u);
  cooperative_groups::this_grid().sync();
}
__global__ void counts_in_a_grid_stride_loop(int *out, const int *in, int *n, int size) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < size; i += blockDim.x * gridDim.x)
    if (in[i] > 0)
      out[atomicAdd(n, 1)] = in[i];
  __syncthreads();
}
__global__ void warp_scan(volatile int *s) {
  int lane = threadIdx.x % 32;
  for (int offset = 1; offset < 32; offset <<= 1) {
    int t = lane >= offset ? s[threadIdx.x - offset] : 0;
    s[threadIdx.x] += t;
  }
  __syncthreads();
}
)cu";

// Waiting takes a loop that ends on what a volatile or atomic read returns: in the condition,
// through a helper or locals, in a branch that breaks out, or a loop made of gotos.
TEST(MemoryWaits, LoopsThatEndOnVolatileOrAtomicReadsCanWait) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  for (const char *Kernel : {"spins_through_helper", "polls_into_a_local", "polls_through_a_copy",
                             "takes_a_lock", "breaks_on_a_count", "loops_by_goto"})
    EXPECT_TRUE(analysis::mayWaitOnMemory(S.function(Kernel))) << Kernel;
}

// The user's inline asm waits when it branches or is not PTX the model knows, and its loads are
// reads a loop can poll, directly or through a helper; a fence, a move of the lane id, a
// shuffle, and loads in a loop that counts wait for nobody.
TEST(MemoryWaits, TheUsersInlineAsmCanWaitWhenItBranchesOrALoopPollsIt) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  for (const char *Kernel :
       {"asm_polls", "asm_polls_through_helper", "asm_loops_inside", "asm_of_another_isa"})
    EXPECT_TRUE(analysis::mayWaitOnMemory(S.function(Kernel))) << Kernel;
  for (const char *Kernel : {"asm_fence", "asm_lane_shuffle", "asm_loads_in_a_counted_loop"})
    EXPECT_FALSE(analysis::mayWaitOnMemory(S.function(Kernel))) << Kernel;
}

// Barriers alone, the grid's included, wait for threads, not for memory; an atomic count, also in
// a grid-stride loop, and volatile reads in a counted loop wait for nobody; a toolkit's own
// inline asm (a texture fetch) is no wait of the user's.
TEST(MemoryWaits, CountsCountedLoopsCollectivesAndToolkitCodeDoNot) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  for (const char *Kernel :
       {"plain", "through_toolkit", "counts", "counts_in_a_grid_stride_loop", "warp_scan"})
    EXPECT_FALSE(analysis::mayWaitOnMemory(S.function(Kernel))) << Kernel;
}

} // namespace
