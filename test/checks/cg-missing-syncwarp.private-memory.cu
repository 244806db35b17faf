// cg-missing-syncwarp and thread-private memory: a helper that takes a pointer and exchanges
// values through it is a warp exchange only when the lanes pass it the same memory. A local
// array of the caller is each thread's own, so lanes reading "another lane's" element read
// their own copy.
//
// Negative: an accumulating helper called with a local array of the kernel.
// Positive: the same helper called with a __shared__ array every lane of the warp indexes.

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
