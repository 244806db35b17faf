// cg-divergent-collective and the values block-level library code passes around (issue 29):
// results handed back through out-parameters, temporaries built for one call (a block scan over
// shared storage, an agent made with the thread's lane), and helpers that take a flag saying
// whether to synchronise. Each reduces a shape of CUB, rocPRIM or moderngpu.
// Positives: the same shapes where the value does differ between threads, or the flag asks for
// the barrier inside a branch that splits the block.

// ---- helpers ----------------------------------------------------------------------------------

// The sum of a block's shared values, handed back through a reference.
__device__ void sumOfBlock(const int *values, int &total) {
  total = 0;
  for (int i = 0; i < 256; ++i)
    total += values[i];
}

// A block scan over shared storage it is built with (CUB's BlockScan(temp_storage)).
struct BlockScan {
  int *storage;
  __device__ void exclusiveSum(int x, int &prefix, int &total) {
    storage[threadIdx.x] = x;
    __syncthreads();
    prefix = 0;
    for (int i = 0; i < int(threadIdx.x); ++i)
      prefix += storage[i];
    total = 0;
    for (int i = 0; i < 256; ++i)
      total += storage[i];
    __syncthreads();
  }
};

// An agent made per call with the thread's lane (CUB's AgentReduce): which path it takes depends
// on the alignment of the input it was given, not on the lane.
struct ReduceAgent {
  float *storage;
  const float *input;
  unsigned lane;
  __device__ ReduceAgent(float *s, const float *in, unsigned l) : storage(s), input(in), lane(l) {}
  static __device__ bool aligned(const float *p) { return reinterpret_cast<unsigned long>(p) % 16 == 0; }
  template <bool Vectorised> __device__ float consume(unsigned offset) {
    storage[lane] = input[offset + lane];
    __syncthreads(); // expected-note {{__syncthreads() is called here}}
    return storage[0];
  }
  __device__ float consumeRange(unsigned offset) {
    return aligned(input + offset) ? consume<true>(offset) : consume<false>(offset); // expected-note {{this condition differs between threads of the block}} expected-note {{'consume' is called here}}
  }
};

// A merge step that synchronises the block only when asked to (moderngpu's `bool sync = true`).
__device__ int mergeStep(const int *keys, int tid, bool sync = true) {
  int v = keys[tid] + keys[tid + 1];
  if (sync) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-note 4 {{__syncthreads() is called here}}
  return v;
}

// A wrapper that passes its own flag on.
__device__ int mergeWithFlag(const int *keys, int tid, bool sync) { return mergeStep(keys, tid, sync); } // expected-note {{'mergeStep' is called here}}

// ---- negatives --------------------------------------------------------------------------------

// N1. A total read from shared memory after a barrier, handed back through a reference: every
// thread of the block gets the same total.
__global__ void total_through_reference(const int *in, int *out) {
  __shared__ int values[256];
  values[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  int total;
  sumOfBlock(values, total);
  if (total > 256)
    __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = total;
}

// N2. A block scan built for one call: its total is the block's.
__global__ void scan_total(const int *in, int *out) {
  __shared__ int storage[256];
  int prefix, total;
  BlockScan{storage}.exclusiveSum(in[threadIdx.x], prefix, total);
  if (total > 256)
    __syncthreads();
  out[threadIdx.x] = prefix;
}

// N3. An agent built for one call with the lane: its input is the kernel's.
__global__ void agent_reduce(const float *in, float *out) {
  __shared__ float storage[256];
  out[blockIdx.x] = ReduceAgent(storage, in, threadIdx.x).consumeRange(blockIdx.x * 256);
}

// N4. Inside a branch that splits the block, the helper is told not to synchronise.
__global__ void merge_unsynchronised(const int *in, int *out, int active_end) {
  __shared__ int keys[257];
  keys[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  int v = keys[threadIdx.x];
  if ((threadIdx.x & ~31u) < unsigned(active_end))
    v = mergeStep(keys, threadIdx.x, false);
  if (threadIdx.x < 64)
    v += mergeWithFlag(keys, threadIdx.x, false);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

// ---- positives --------------------------------------------------------------------------------

// P1. Each thread sums from its own place: the totals differ.
__global__ void total_from_own_place(const int *in, int *out) {
  __shared__ int values[512];
  values[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  int total;
  sumOfBlock(values + threadIdx.x, total);
  if (total > 256) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'total > 256' holds; every thread of the block must call it}}
  out[threadIdx.x] = total;
}

// P2. The agent is given an input offset by the thread: its alignment differs between threads.
__global__ void agent_on_own_input(const float *in, float *out) {
  __shared__ float storage[256];
  out[blockIdx.x] = ReduceAgent(storage, in + threadIdx.x, threadIdx.x).consumeRange(0); // expected-error {{__syncthreads() (in 'consume') is reached only by threads for which 'aligned(input + offset)' holds; every thread of the block must call it}}
}

// P3. The same branch, with the helper told to synchronise (directly, by default, and through
// the wrapper).
__global__ void merge_synchronised(const int *in, int *out, int active_end) {
  __shared__ int keys[257];
  keys[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  int v = keys[threadIdx.x];
  if ((threadIdx.x & ~31u) < unsigned(active_end)) { // expected-note 2 {{this condition differs between threads of the block}}
    v = mergeStep(keys, threadIdx.x, true); // expected-error {{__syncthreads() (in 'mergeStep') is reached only by threads for which '(threadIdx.x & ~31u) < unsigned(active_end)' holds; every thread of the block must call it}}
    v += mergeStep(keys, threadIdx.x); // expected-error {{__syncthreads() (in 'mergeStep') is reached only by threads for which '(threadIdx.x & ~31u) < unsigned(active_end)' holds; every thread of the block must call it}}
  }
  if (threadIdx.x < 64) // expected-note {{this condition differs between threads of the block}}
    v += mergeWithFlag(keys, threadIdx.x, true); // expected-error {{__syncthreads() (in 'mergeStep') is reached only by threads for which 'threadIdx.x < 64' holds; every thread of the block must call it}}
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

// P4. The flag itself differs between threads.
__global__ void merge_flag_per_thread(const int *in, int *out) {
  __shared__ int keys[257];
  keys[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = mergeStep(keys, threadIdx.x, threadIdx.x % 2 == 0); // expected-error {{__syncthreads() (in 'mergeStep') is reached only by threads for which 'sync' holds; every thread of the block must call it}}
}

