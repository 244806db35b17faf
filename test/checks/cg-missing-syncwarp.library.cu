// cg-missing-syncwarp and libraries' own barrier wrappers (issue 29): a device function whose
// body is a block or warp barrier (CUB's CTA_SYNC(), WARP_SYNC()) orders the exchange as the
// barrier itself does, called directly or through another wrapper.
// Positives: a wrapper that may return before its barrier, a wrapper of something else.
// Negatives: the exchange ordered by CTA_SYNC(), WARP_SYNC(mask), a wrapper of a wrapper, and a
// wrapper that returns the barrier's result (CTA_SYNC_AND).

__device__ __forceinline__ void CTA_SYNC() { __syncthreads(); }
__device__ __forceinline__ void WARP_SYNC(unsigned mask) { __syncwarp(mask); }
__device__ __forceinline__ int CTA_SYNC_AND(int p) { return __syncthreads_and(p); }
__device__ __forceinline__ void block_sync() { CTA_SYNC(); }
__device__ __forceinline__ void sync_unless(bool skip) {
  if (skip)
    return;
  __syncthreads();
}
__device__ __forceinline__ void fence() { __threadfence_block(); }

// ---- positives --------------------------------------------------------------------------------

// P1. The wrapper may return before its barrier: nothing orders the exchange for those lanes.
__global__ void exchange_maybe_synced(int *out, bool skip) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x; // expected-note {{lane 31 writes 's[threadIdx.x]' here}}
  sync_unless(skip);
  out[threadIdx.x] = s[31 - threadIdx.x]; // expected-error {{lane 0 reads 's[31 - threadIdx.x]', which lane 31 of the same warp writes before this read, with no __syncwarp() in between; lanes of a warp do not execute in lockstep under independent thread scheduling (sm_70 and later)}}
}

// P2. A device function that is not a barrier (a fence orders one thread's accesses only).
__global__ void exchange_fenced(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x; // expected-note {{lane 31 writes 's[threadIdx.x]' here}}
  fence();
  out[threadIdx.x] = s[31 - threadIdx.x]; // expected-error {{lane 0 reads 's[31 - threadIdx.x]', which lane 31 of the same warp writes before this read}}
}

// ---- negatives --------------------------------------------------------------------------------

// N1. CUB's CTA_SYNC() between the write and the read.
__global__ void exchange_cta_sync(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  CTA_SYNC();
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// N2. WARP_SYNC() with the full mask.
__global__ void exchange_warp_sync(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  WARP_SYNC(0xffffffffu);
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// N3. A wrapper of a wrapper.
__global__ void exchange_nested_wrapper(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  block_sync();
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// N4. A wrapper returning the barrier's result.
__global__ void exchange_sync_and(int *out, const int *flags) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  int all = CTA_SYNC_AND(flags[threadIdx.x]);
  out[threadIdx.x] = s[31 - threadIdx.x] + all;
}
