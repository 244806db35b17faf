// cg-divergent-collective through function summaries: what a helper returns, the parameters
// every caller passes, default arguments, and returns of helpers that kernels call last.
//
// Positives: 4 kernels, one error each. Negatives: 6 kernels, no diagnostic.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- the helpers ----------------------------------------------------------------------------

// A barrier behind a flag (moderngpu's `if (sync) __syncthreads();`), with a default argument.
template <int NT>
__device__ void load(int *dest, const int *src, int count, bool sync = true) {
  for (int i = threadIdx.x; i < count; i += NT)
    dest[i] = src[i];
  if (sync) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-note {{__syncthreads() is called here}}
}

// The flag passed on from the caller's own parameter.
template <int NT>
__device__ void loadTwice(int *dest, const int *src, int count, bool sync) {
  load<NT>(dest, src, count, false);
  load<NT>(dest, src, count, sync);
}

__device__ bool isFirstBlock() { return blockIdx.x == 0; }
__device__ bool isFirstThread() { return threadIdx.x == 0; }

// The index of the highest set bit: pure inline asm, as uniform as its operand.
static __device__ unsigned highBit(unsigned word) {
  unsigned bit;
  asm volatile("bfind.u32 %0, %1;" : "=r"(bit) : "r"(word));
  return bit;
}

// cdpBitonicSort's shape: threads past the padded length leave, the others sort with barriers
// over a trip count computed from a parameter.
static __device__ void paddedSort(unsigned *data, unsigned len, const cg::thread_block &cta) {
  unsigned len2 = 1 << (highBit(len - 1U) + 1);
  if (threadIdx.x >= len2)
    return;
  for (unsigned k = 2; k <= len2; k *= 2) {
    if (threadIdx.x + k < len)
      data[threadIdx.x] += data[threadIdx.x + k];
    cg::sync(cta);
  }
}

// ---- NEGATIVES ------------------------------------------------------------------------------

// N1. Constant flags, the default one included.
__global__ void constant_flags(int *dest, const int *src, int count) {
  load<128>(dest, src, count, true);
  load<128>(dest, src, count);
  load<128>(dest, src, count, false);
}

// N2. A kernel parameter handed down through two helpers.
__global__ void flag_from_parameter(int *dest, const int *src, int count, bool sync) {
  loadTwice<128>(dest, src, count, sync);
}

// N3. A block-index test returned by a helper is uniform in the block.
__global__ void first_block_only(int *data) {
  if (isFirstBlock())
    __syncthreads();
  data[threadIdx.x] = 0;
}

// N4. The helper's early return ends the thread (it is the kernel's last action): exited threads
// stop counting at block barriers on CUDA, and the trip count comes from a kernel parameter.
__global__ void sort_last(unsigned *data, unsigned len) {
  cg::thread_block cta = cg::this_thread_block();
  paddedSort(data, len, cta);
}

// N5. The return value of a helper of a uniform argument.
__global__ void uniform_result(unsigned *data, unsigned len) {
  for (unsigned i = 0; i < highBit(len); ++i)
    __syncthreads();
}

// N6. A flag computed from the block index.
__global__ void flag_from_block(int *dest, const int *src, int count) {
  load<64>(dest, src, count, blockIdx.x % 2 == 0);
}

// ---- POSITIVES ------------------------------------------------------------------------------

// P1. A flag that differs between threads.
__global__ void per_thread_flag(int *dest, const int *src, int count) {
  load<128>(dest, src, count, threadIdx.x & 1); // expected-error {{__syncthreads() (in 'load') is reached only by threads for which 'sync' holds; every thread of the block must call it}}
}

// P2. A thread-index test returned by a helper.
__global__ void first_thread_only(int *data) {
  if (isFirstThread()) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'isFirstThread()' holds; every thread of the block must call it}}
  data[threadIdx.x] = 0;
}

// P3. The kernel works on after the helper: the helper's early return is not the thread's end,
// so the threads that took it miss the barriers of the others.
static __device__ void paddedSortThenWrite(unsigned *data, unsigned len, const cg::thread_block &cta) {
  unsigned len2 = 1 << (highBit(len - 1U) + 1);
  if (threadIdx.x >= len2) // expected-note {{this condition differs between threads of the block}}
    return;
  for (unsigned k = 2; k <= len2; k *= 2) {
    if (threadIdx.x + k < len)
      data[threadIdx.x] += data[threadIdx.x + k];
    cg::sync(cta); // expected-error {{cg::sync(cta) is reached only by threads for which 'threadIdx.x >= len2' does not hold; every thread of the block must call it}}
  }
}

__global__ void sort_then_write(unsigned *data, unsigned len) {
  cg::thread_block cta = cg::this_thread_block();
  paddedSortThenWrite(data, len, cta);
  data[0] = 0;
}

// P4. The return value of a helper of a per-thread argument.
__global__ void per_thread_result(unsigned *data) {
  for (unsigned i = 0; i < highBit(threadIdx.x); ++i) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < highBit(threadIdx.x)')}}
}
