// cg-divergent-collective and library agents built on a base class (issue 29, CUB's
// AgentReduce): the derived agent's constructor hands its base the input and the thread's lane
// (`Agent(in) : Impl(in, threadIdx.x)`), and the base chooses a vectorized or a plain path by the
// input's alignment (`__builtin_is_aligned`, which reads no memory). Each field of the base holds
// what the base's constructor put there from the arguments the derived one gave it, so the
// alignment of the block's input is the block's while the lane stays the thread's.
// Positives: the alignment of a per-thread pointer, given to the base or tested directly, and a
// condition on the lane the base holds.

// ---- helpers ----------------------------------------------------------------------------------

template <typename Input> struct ReduceImpl {
  int *storage;
  Input input;
  int lane;
  __device__ ReduceImpl(int *s, Input in, int l) : storage(s), input(in), lane(l) {}
  __device__ static bool vectorizable(Input p) { return __builtin_is_aligned(p, 16); }
  __device__ int reduce(int offset) {
    storage[lane] = lane + offset;
    __syncthreads();
    return storage[0];
  }
  __device__ int consume() { return vectorizable(input) ? reduce(4) : reduce(1); }
  __device__ int by_lane() { return lane < 16 ? reduce(2) : 0; }
};

// The block-wide agent: its lane is the thread's index in the block.
template <typename Input> struct BlockAgent : ReduceImpl<Input> {
  __device__ BlockAgent(int *s, Input in) : ReduceImpl<Input>(s, in, threadIdx.x) {}
};

// An agent built on the block agent, one level further from the fields.
template <typename Input> struct TunedAgent : BlockAgent<Input> {
  __device__ TunedAgent(int *s, Input in) : BlockAgent<Input>(s, in) {}
};

// ---- negatives --------------------------------------------------------------------------------

// N1. The block's input, given to the base through the derived agent's constructor.
__global__ void reduce_blocks(const float *in, int *out) {
  __shared__ int storage[128];
  out[blockIdx.x] = BlockAgent<const float *>(storage, in + blockIdx.x * 128).consume();
}

// N2. The same two levels down.
__global__ void reduce_tuned(const float *in, int *out) {
  __shared__ int storage[128];
  out[blockIdx.x] = TunedAgent<const float *>(storage, in).consume();
}

// ---- positives --------------------------------------------------------------------------------

// P1. Each thread's own input: its alignment differs between threads.
__global__ void reduce_per_thread(const float *in, int *out) {
  __shared__ int storage[128];
  out[blockIdx.x] = BlockAgent<const float *>(storage, in + threadIdx.x).consume(); // expected-error {{__syncthreads() (in 'reduce') is reached only by threads for which 'vectorizable(input)' holds; every thread of the block must call it}}
  // expected-note@23 {{this condition differs between threads of the block}}
  // expected-note@23 {{'reduce' is called here}}
  // expected-note@20 {{__syncthreads() is called here}}
}

// P2. The lane the derived constructor gave the base.
__global__ void reduce_by_lane(const float *in, int *out) {
  __shared__ int storage[128];
  out[blockIdx.x] = BlockAgent<const float *>(storage, in).by_lane(); // expected-error {{__syncthreads() (in 'reduce') is reached only by threads for which 'lane < 16' holds; every thread of the block must call it}}
  // expected-note@24 {{this condition differs between threads of the block}}
  // expected-note@24 {{'reduce' is called here}}
  // expected-note@20 {{__syncthreads() is called here}}
}

// P3. The alignment of a per-thread pointer, tested in the kernel.
__global__ void aligned_per_thread(const float *in, int *out) {
  if (__builtin_is_aligned(in + threadIdx.x, 16)) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which '__builtin_is_aligned(in + threadIdx.x, 16)' holds; every thread of the block must call it}}
  out[blockIdx.x] = 0;
}
