// cg-divergent-collective and objects helpers return by value (issue 29, moderngpu's
// load-balancing placement): each field holds what the helper's returns put there, so a
// condition on the block's field of a returned object is the block's, while its per-thread
// field stays per-thread.
// Positives: conditions on the per-thread field, on a field the helper fills from the thread,
// and on an object whose returns a per-thread branch chooses between.

// ---- helpers ----------------------------------------------------------------------------------

struct Span {
  int begin, end;
  __device__ int count() const { return end - begin; }
};

// The block's span of the input beside the thread's own index (moderngpu's placement).
struct Placement {
  Span span;
  int index;
};

__device__ Placement place(int tid, int block, const int *partitions) {
  Span span{partitions[block], partitions[block + 1]};
  return Placement{span, span.begin + tid};
}

// A local filled field by field, then returned.
__device__ Placement fill(int tid, int block, const int *partitions) {
  Placement p;
  p.span.begin = partitions[block];
  p.span.end = partitions[block + 1];
  p.index = partitions[block] + tid;
  return p;
}

// Odd and even threads get different spans.
__device__ Span chosen(int tid, const int *partitions) {
  if (tid & 1)
    return Span{partitions[0], partitions[1]};
  return Span{partitions[2], partitions[3]};
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The span of a returned placement is the block's.
__global__ void cached_span(const int *partitions, const int *in, int *out) {
  __shared__ int cache[128];
  Placement p = place(threadIdx.x, blockIdx.x, partitions);
  if (p.span.count() <= 128) {
    if (int(threadIdx.x) < p.span.count())
      cache[threadIdx.x] = in[p.span.begin + threadIdx.x];
    __syncthreads();
    out[p.index] = cache[(threadIdx.x + 1) % 128];
  }
}

// N2. The same from a local the helper filled field by field.
__global__ void filled_span(const int *partitions, int *out) {
  Placement p = fill(threadIdx.x, blockIdx.x, partitions);
  if (p.span.begin > 0)
    __syncthreads();
  out[p.index] = p.span.end;
}

// ---- positives --------------------------------------------------------------------------------

// P1. The thread's own index of the returned placement.
__global__ void placed_index(const int *partitions, int *out) {
  Placement p = place(threadIdx.x, blockIdx.x, partitions);
  if (p.index > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'p.index > 0' holds; every thread of the block must call it}}
  out[blockIdx.x] = p.span.end;
}

// P2. The index the helper stored field by field.
__global__ void filled_index(const int *partitions, int *out) {
  Placement p = fill(threadIdx.x, blockIdx.x, partitions);
  if (p.index > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'p.index > 0' holds; every thread of the block must call it}}
  out[blockIdx.x] = p.span.end;
}

// P3. A span chosen by the thread's parity.
__global__ void chosen_span(const int *partitions, int *out) {
  Span s = chosen(threadIdx.x, partitions);
  if (s.count() > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 's.count() > 0' holds; every thread of the block must call it}}
  out[blockIdx.x] = s.begin;
}
