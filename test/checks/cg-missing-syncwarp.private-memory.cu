// cg-missing-syncwarp and thread-private memory: a helper that takes a pointer and exchanges
// values through it is a warp exchange only when the lanes pass it the same memory. A local
// array of the caller is each thread's own, so lanes reading "another lane's" element read
// their own copy.
//
// Negatives: an accumulating helper called with a local array of the kernel; a counter whose
// address a kernel hands to a recursive helper that hands it on; a lambda of host code (clang
// marks it __host__ __device__, but it runs on the host).
// Positives: the same helper called with a __shared__ array every lane of the warp indexes; the
// walk given a counter of the block.

// Adds four values into the caller's accumulators, each thread its own.
__device__ void accumulate(float *totals, const float *values) {
  for (int k = 0; k < 4; ++k)
    totals[k] += values[k];
}

__global__ void private_totals(const float *in, float *out) {
  float totals[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  accumulate(totals, in + threadIdx.x * 4);
  accumulate(totals, in + 4096 + threadIdx.x * 4);
  out[threadIdx.x] = totals[0] + totals[3];
}

__device__ void neighbours(float *slots, int lane) {
  slots[lane] = (float)lane; // expected-note {{lane 31 writes 'slots[lane]' here}}
  float left = slots[(lane + 31) % 32]; // expected-error {{which lane 31 of the same warp writes before this read}}
  slots[lane] += left;
}

__global__ void shared_slots(float *out) {
  __shared__ float slots[32];
  neighbours(slots, threadIdx.x % 32); // expected-note {{the lanes and the elements they name are those of this call}}
  out[threadIdx.x] = slots[threadIdx.x % 32];
}

// The address of the caller's own counter goes through a recursive walk to the helper that
// changes it: every call the helper gets hands it the kernel's local, through its caller.
__device__ void release(int *count, int *slots, int node) {
  count[0] -= 1; // expected-note {{lane 1 writes 'count[0]' here}}
  slots[node] = count[0]; // expected-error {{lane 0 reads 'count[0]', which lane 1 of the same warp writes before this read}}
  if (count[0] > 0)
    slots[node] += count[0] * 2;
}
__device__ void walk(int *count, int *slots, int node, int depth) {
  release(count, slots, node);
  if (depth > 0)
    walk(count, slots, node * 2 + 1, depth - 1);
}
__global__ void walk_with_own_counter(int *out) {
  int count = 8;
  int slots[16] = {};
  walk(&count, slots, 0, 3);
  out[threadIdx.x] = count + slots[threadIdx.x % 16];
}

// Host code: its lambdas reshape host arrays, whatever target clang gives them.
void collapse_dimensions(long *shape) {
  auto collapse = [](long dims[]) {
    dims[0] *= dims[1];
    dims[1] = dims[2];
    dims[2] = 1;
  };
  collapse(shape);
}

// The same walk given one counter of the block: every lane decrements and reads it.
__global__ void walk_with_shared_counter(int *out) {
  __shared__ int count;
  __shared__ int slots[16];
  count = 8;
  walk(&count, slots, 0, 3);
  out[threadIdx.x] = count;
}
