// coopcheck-args: -- --cuda-gpu-arch=sm_60
// cg-warp-mask on a target before sm_70: both sides of a lane branch calling the same intrinsic
// with the full mask pair only under independent thread scheduling, so each side is a note.

// P1. Both sides of a lane branch shuffle with the full mask.
__global__ void swap_halves(float *v) {
  int tid = threadIdx.x;
  float val = v[tid];
  if (tid % warpSize < 16) {
    float swapped = __shfl_xor_sync(0xffffffff, val, 16); // expected-note {{both sides of this branch call __shfl_xor_sync with the full mask: this pairs only with independent thread scheduling (sm_70 and later); the target sm_60 executes the sides one after the other and deadlocks}}
    v[tid] = swapped + 1.0f;
  } else {
    float swapped = __shfl_xor_sync(0xffffffff, val, 16); // expected-note {{the target sm_60 executes the sides one after the other and deadlocks}}
    v[tid] = swapped - 1.0f;
  }
}

// N1. The branch is the same for every lane of a warp: the whole warp takes one side.
__global__ void per_block(float *v) {
  int tid = threadIdx.x;
  float val = v[tid];
  if (blockIdx.x % 2 == 0)
    v[tid] = __shfl_xor_sync(0xffffffff, val, 1);
  else
    v[tid] = __shfl_xor_sync(0xffffffff, val, 2);
}

// N2. Converged shuffle: no branch at all.
__global__ void converged(float *v) {
  int tid = threadIdx.x;
  v[tid] = __shfl_xor_sync(0xffffffff, v[tid], 1);
}
