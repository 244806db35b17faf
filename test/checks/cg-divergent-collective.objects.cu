// cg-divergent-collective and the fields of objects: what a constructor and the methods called on
// an object leave in each of its fields, followed field by field, so that a context object
// holding the thread's index beside copies of kernel parameters is not per-thread as a whole.
//
// Negatives: a field the constructor copies from a kernel parameter; a range that one method
// reads from shared memory thread 0 filled before a block barrier and another method advances by
// a parameter, looped over with a barrier inside; the same ordered by a PTX named barrier in a
// helper; a field set per thread and then never read by the guard; a loop over rows from a
// cursor object's constructor whose threads past the last row finish first and leave.
// Positives: a field the constructor sets from threadIdx.x; a count a method advances by the
// thread's index, then guarding a barrier in another method; the range read with no barrier
// after thread 0 stored it; a field handed by address to a helper that writes it per thread;
// the row loop with the threads past the last row reading the shared tile after it.

struct Range {
  int start, end;
};

class Context {
  int tid;
  int n;

public:
  __device__ explicit Context(int n) : tid(threadIdx.x), n(n) {}
  __device__ int thread() const { return tid; }
  __device__ int count() const { return n; }
  __device__ void advance() { n += tid; }
  __device__ void sync_if_small() {
    if (n < 8) // expected-note {{this condition differs between threads of the block}}
      __syncthreads(); // expected-note {{__syncthreads() is called here}}
  }
};

// The count is the kernel's parameter in every thread, whatever the object's other fields hold.
__global__ void count_from_parameter(float *out, int n) {
  Context c(n);
  if (c.count() > 4)
    __syncthreads();
  c.sync_if_small();
  out[c.thread()] = 0.f;
}

// The constructor stores the thread's index: the field differs between threads.
__global__ void index_from_constructor(float *out, int n) {
  Context c(n);
  if (c.thread() < 4) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'c.thread() < 4' holds}}
  out[threadIdx.x] = 0.f;
}

// advance() adds the thread's index to the count that sync_if_small() tests.
__global__ void count_advanced_per_thread(float *out, int n) {
  Context c(n);
  c.advance();
  c.sync_if_small(); // expected-error {{__syncthreads() (in 'sync_if_small') is reached only by threads for which 'n < 8' holds}}
}

__device__ inline void named_barrier(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

// A channel over a block's range: thread 0 reads the bounds into shared memory, a barrier
// publishes them, and every thread copies them into its own object.
template <bool Named> class Channel {
  int const tid;
  int const step;
  Range *shared;
  int start;
  int end;
  int sliceEnd;

  __device__ void barrier() {
    if (Named)
      named_barrier(1, blockDim.x);
    else
      __syncthreads();
  }

public:
  __device__ Channel(Range *s, int step) : tid(threadIdx.x), step(step), shared(s) {}

  __device__ void load_range(const int *bounds) {
    if (tid == 0) {
      shared->start = bounds[blockIdx.x];
      shared->end = bounds[blockIdx.x + 1];
    }
    barrier();
    start = shared->start;
    end = shared->end;
  }

  __device__ void next() {
    sliceEnd = min(start + step, end);
    start = sliceEnd;
  }

  __device__ void run(const int *bounds, float *out) {
    load_range(bounds);
    while (start < end) {
      next();
      __syncthreads();
      out[start * blockDim.x + tid] += 1.f;
    }
  }
};

__global__ void channel_over_block_range(const int *bounds, float *out, int step) {
  __shared__ Range range;
  Channel<false> c(&range, step);
  c.run(bounds, out);
}

__global__ void channel_with_named_barrier(const int *bounds, float *out, int step) {
  __shared__ Range range;
  Channel<true> c(&range, step);
  c.run(bounds, out);
}

// Without the barrier, only thread 0 is sure to see what it stored.
class UnorderedChannel {
  int const tid;
  Range *shared;
  int start;
  int end;

public:
  __device__ UnorderedChannel(Range *s) : tid(threadIdx.x), shared(s) {}

  __device__ void run(const int *bounds, float *out) {
    if (tid == 0) {
      shared->start = bounds[blockIdx.x];
      shared->end = bounds[blockIdx.x + 1];
    }
    start = shared->start;
    end = shared->end;
    for (int i = start; i < end; ++i) // expected-note {{this condition differs between threads of the block}}
      __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < end')}}
    out[tid] = 0.f;
  }
};

__global__ void channel_without_barrier(const int *bounds, float *out) {
  __shared__ Range range;
  UnorderedChannel c(&range);
  c.run(bounds, out);
}

__device__ void store_thread(int *slot) { *slot = threadIdx.x; }

// The field's address goes to a helper that stores the thread's index there.
class Handed {
  int n;

public:
  __device__ explicit Handed(int n) : n(n) {}
  __device__ void refresh() { store_thread(&n); }
  __device__ void sync_if_set() {
    if (n) // expected-note {{this condition differs between threads of the block}}
      __syncthreads(); // expected-note {{__syncthreads() is called here}}
  }
};

__global__ void field_handed_by_address(int n) {
  Handed h(n);
  h.refresh();
  h.sync_if_set(); // expected-error {{__syncthreads() (in 'sync_if_set') is reached only by threads for which 'n' holds}}
}

// A cursor over the rows of the data, set up from the block's index by its constructor.
struct RowCursor {
  int first, stride, end;
  __device__ RowCursor(int rows, int width) {
    first = blockIdx.x * width + threadIdx.x;
    stride = gridDim.x * width;
    end = rows * width;
  }
};

// The threads past the last row finish the loop first and leave the kernel, which releases the
// barrier they skip: the loop form of `if (i < n)` around the rest of the kernel (--strict only).
__global__ void rows_past_the_end_leave(float *data, int rows, int width) {
  __shared__ float tile[256];
  RowCursor c(rows, width);
  for (int i = c.first; i < c.end; i += c.stride) {
    tile[threadIdx.x] = data[i];
    __syncthreads();
    data[i] = tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
}

// After the loop they read the shared tile that the barriers they skipped were ordering.
__global__ void rows_past_the_end_read_the_tile(float *data, float *out, int rows, int width) {
  __shared__ float tile[256];
  RowCursor c(rows, width);
  for (int i = c.first; i < c.end; i += c.stride) { // expected-note {{this condition differs between threads of the block}}
    tile[threadIdx.x] = data[i];
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < c.end')}}
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}
