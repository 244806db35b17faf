// cg-divergent-collective and local pointers set from a call (issue 29, moderngpu's segmented
// sort): a pointer a buffer object hands out (`p = buffer.data()`) names memory of its own, like
// a pointer parameter, so what is read through it at the block's index is the block's. This
// holds for a device lambda that copies such a host pointer into its closure, launched through a
// library's generic kernel, and for a kernel that takes the pointer from a view it was passed.
// Positives: reads through such a pointer at the thread's index, or after the threads stored
// through it with no barrier between.

// ---- helpers ----------------------------------------------------------------------------------

template <typename T> struct Buffer {
  T *storage;
  int size;
  T *data() { return storage; }
  const T *data() const { return storage; }
};

template <typename T> struct View {
  const T *rows;
  __device__ const T *data() const { return rows; }
};

// A library's generic kernel: the closure is a kernel argument, the same in every thread.
template <typename Body> __global__ void for_each_block(Body body) {
  body(int(threadIdx.x), int(blockIdx.x));
}

// Loads the block's two partition bounds from a caller's array, as moderngpu's head-flag loader.
__device__ int flagged(const int *bounds, int tid, int *flags) {
  int first = bounds[0];
  int last = bounds[1];
  if (last > first) {
    flags[tid] = 0;
    __syncthreads();
    for (int i = first + tid; i < last; i += 128)
      flags[i - first] = 1;
    __syncthreads();
  }
  return flags[tid];
}

__device__ int *scratch();

// ---- negatives --------------------------------------------------------------------------------

// N1. A device lambda that copied a host pointer from a buffer object reads the block's bounds.
void sort_segments(const Buffer<int> &partitions, int *out, int blocks) {
  const int *bounds_of = partitions.data();
  auto body = [=] __device__(int tid, int block) {
    __shared__ int flags[128];
    int bounds[2] = {bounds_of[block], bounds_of[block + 1]};
    int flag = flagged(bounds, tid, flags);
    if (!tid)
      out[block] = flag;
  };
  for_each_block<<<blocks, 128>>>(body);
}

// N2. A kernel reads its block's row through the pointer of the view it was given.
__global__ void row_lengths(View<int> view, int *out) {
  const int *rows = view.data();
  if (rows[blockIdx.x + 1] > rows[blockIdx.x])
    __syncthreads();
  out[blockIdx.x] = rows[0];
}

// ---- positives --------------------------------------------------------------------------------

// P1. The same pointer read at the thread's own index.
__global__ void thread_rows(View<int> view, int *out) {
  const int *rows = view.data();
  if (rows[threadIdx.x] > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'rows[threadIdx.x] > 0' holds; every thread of the block must call it}}
  out[blockIdx.x] = rows[0];
}

// P2. Memory a call hands out, stored by every thread and read back with no barrier between.
__global__ void unordered_slot(int *out) {
  int *slot = scratch();
  slot[threadIdx.x] = threadIdx.x;
  if (slot[0] > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'slot[0] > 0' holds; every thread of the block must call it}}
  out[blockIdx.x] = slot[1];
}
