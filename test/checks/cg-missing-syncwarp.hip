// cg-missing-syncwarp on HIP: a wavefront has 64 lanes, so an exchange 32 threads away stays inside
// one warp (on CUDA it would cross warps and need __syncthreads() instead).
#include <hip/hip_runtime.h>

// H-P1. The last wavefront of a reduction on plain memory: the compiler may load 's[tid + 32]'
// before the store of the step above, since in one lane's program the two never name the same
// element. The partner 32 lanes away is in the same wavefront (on CUDA: the next warp).
__global__ void last_wave_plain(float *out, const float *in) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64) {
    s[tid] += s[tid + 64]; // expected-note {{lane 32 writes 's[tid]' here}}
    s[tid] += s[tid + 32]; // expected-error {{lane 0 reads 's[tid + 32]', which lane 32 of the same warp writes before this read, with no __syncwarp() in between; a wavefront runs its lanes in lockstep, but nothing keeps the compiler from moving one access across the other}}
    s[tid] += s[tid + 16];
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// H-N1. The same steps with __syncwarp() between them.
__global__ void last_wave_synced(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid < 64) {
    float t = s[tid ^ 32];
    __syncwarp();
    s[tid] += t;
    __syncwarp();
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// On a wavefront the lanes perform each access together, in program order; what can still break
// an exchange without __syncwarp() is the compiler moving one access across the other. It cannot
// move a read across a write of the same address in the lane's own program, nor volatile accesses
// across each other: those exchanges are right on AMD GPUs (and races on CUDA's independent
// thread scheduling, see cg-missing-syncwarp.cu).

// H-N2. A per-wavefront minimum: lane 0 resets the slot, every lane folds into it, every lane
// reads it back. One address in each lane's program: nothing to reorder.
__global__ void wave_minimum(int *out, const int *in, int n) {
  __shared__ int least[4];
  const int lane = threadIdx.x % 64, wave = threadIdx.x / 64;
  if (lane == 0)
    least[wave] = 1 << 30;
  for (int i = lane; i < n; i += 64)
    atomicMin(&least[wave], in[blockIdx.x * n + i]);
  out[blockIdx.x * 256 + threadIdx.x] = least[wave];
}

// H-N3. One butterfly step 32 lanes wide: lane 32 overwrites 's[32]' only with what it computed
// from its own read, so the compiler cannot put its store first, and the wavefront reads before
// it writes.
__global__ void one_wide_step(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid ^ 32];
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// H-N4. The classic last-wavefront reduction on a volatile view: each step's loads and stores stay
// in program order, and the wavefront runs them together.
__global__ void last_wave_volatile(float *out, const float *in) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64) {
    volatile float *v = s;
    v[tid] += v[tid + 64];
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
