// cg-divergent-collective and thread indices bounded by the block (issue 29, rocPRIM's block
// merge sort): a block-level helper leaves early when `tid * ITEMS > size`. Given the block's
// whole item count and a thread index the kernel's launch bounds keep below the block, that
// test never holds, so every thread reaches the barriers after it; given a valid count smaller
// than the block, the threads past it leave. The test is carried up the calls with the helper's
// parameters in it and decided where both are known: a constant, a thread coordinate bounded by
// __launch_bounds__, a helper that returns one.
// Positives: a run-time count, bounds wider than the count covers, and a subtraction that wraps
// for thread 0 (no range is taken for it).

constexpr unsigned Block = 128;
constexpr unsigned Items = 4;

// ---- helpers ----------------------------------------------------------------------------------

__device__ unsigned flat_thread() { return threadIdx.x; }

__device__ void merge_passes(unsigned tid, unsigned size, float *keys) {
  const unsigned offset = tid * Items;
  if (offset > size) // expected-note 2 {{this condition differs between threads of the block}}
    return;
  for (unsigned width = Items; width < size; width *= 2) {
    keys[offset] += keys[offset ^ width];
    __syncthreads(); // expected-note 2 {{__syncthreads() is called here}}
  }
}

// A library's entry point for a whole block: the block's item count, its own thread index.
template <unsigned Size> __device__ void sort_block(unsigned tid, float *keys) {
  merge_passes(tid, Size, keys); // expected-note {{'merge_passes' is called here}}
}

// The entry point for part of a block: the caller's valid count.
__device__ void sort_valid(unsigned tid, unsigned valid, float *keys) {
  merge_passes(tid, valid, keys); // expected-note {{'merge_passes' is called here}}
}

// Leaves early past the block's end before the final barrier, as a test of the thread's own
// index alone: at most 63 + 31 in blocks of 128.
static __device__ void tail_barrier(float *keys) {
  if (threadIdx.x / 2 + threadIdx.x / 4 > Block)
    return;
  keys[threadIdx.x] = 0.f;
  __syncthreads();
}

// `tid - 1` wraps for thread 0: no range is taken for a difference of a parameter.
__device__ void shifted_passes(unsigned tid, unsigned size, float *keys) {
  if (tid - 1 >= size) // expected-note {{this condition differs between threads of the block}}
    return;
  keys[tid] = 1.f;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The whole block's items, through two calls, with threadIdx.x below the launch bounds.
__global__ __launch_bounds__(Block) void sort_whole(float *keys) {
  sort_block<Block * Items>(threadIdx.x, keys + blockIdx.x * Block * Items);
}

// N2. The same, with the thread index from a helper that returns it.
__global__ __launch_bounds__(Block) void sort_whole_flat(float *keys) {
  sort_block<Block * Items>(flat_thread(), keys);
}

// N3. A test of the thread's index alone that no thread of the bounded block passes.
__global__ __launch_bounds__(Block) void tail_in_bounds(float *keys) {
  tail_barrier(keys);
  keys[threadIdx.x] += 1.f;
}

// ---- positives --------------------------------------------------------------------------------

// P1. A run-time count: threads past it leave before the passes' barriers.
__global__ __launch_bounds__(Block) void sort_partial(float *keys, unsigned valid) {
  sort_valid(threadIdx.x, valid, keys); // expected-error {{__syncthreads() (in 'merge_passes') is reached only by threads for which 'offset > size' does not hold; every thread of the block must call it}}
}

// P2. Blocks of up to twice the threads the count covers: the upper half leaves.
__global__ __launch_bounds__(2 * Block) void sort_wide(float *keys) {
  sort_block<Block * Items>(threadIdx.x, keys); // expected-error {{__syncthreads() (in 'merge_passes') is reached only by threads for which 'offset > size' does not hold; every thread of the block must call it}}
}

// P3. Thread 0 wraps around and leaves.
__global__ __launch_bounds__(Block) void shifted(float *keys) {
  shifted_passes(threadIdx.x, Block, keys); // expected-error {{__syncthreads() (in 'shifted_passes') is reached only by threads for which 'tid - 1 >= size' does not hold; every thread of the block must call it}}
}
