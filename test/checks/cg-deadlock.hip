// cg-deadlock on HIP: an AMD wavefront runs its lanes in lockstep, so a shuffle or a vote waits for
// no lane. The lanes that reach it together execute it, lanes in another branch or at a barrier
// take no part, and reading one of them gives 0. The executor replays HIP with that model; a
// replay that made a shuffle wait for the whole wavefront would report a hang no AMD GPU shows.
// coopcheck-executor
#include <hip/hip_runtime.h>

// A chained block scan in groups of Width lanes. With Width = 32 on a 64-lane wavefront, the
// second-level scan runs in lanes 0-31 of wavefront 0 while its lanes 32-63 already wait at the
// next barrier: the wavefront shuffles for lanes 0-31 and goes on. No deadlock.
template <int Width>
__global__ void chained_scan(int *data, volatile int *carry) {
  __shared__ int partial[256 / Width];
  const int lane = threadIdx.x % Width, group = threadIdx.x / Width;
  int v = data[blockIdx.x * 256 + threadIdx.x];
  for (int d = 1; d < Width; d *= 2) {
    int t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  if (lane == Width - 1)
    partial[group] = v;
  __syncthreads();
  if (group == 0) {
    int s = lane < 256 / Width ? partial[lane] : 0;
    for (int d = 1; d < Width; d *= 2) {
      int t = __shfl_up(s, d);
      if (lane >= d)
        s += t;
    }
    if (lane < 256 / Width)
      partial[lane] = s;
  }
  __syncthreads();
  if (group > 0)
    v += partial[group - 1];
  // The carry of the previous block: a busy wait on its flag, which the executor replays.
  int before = 0;
  if (blockIdx.x > 0)
    do {
      before = carry[blockIdx.x - 1];
    } while (before < 0);
  if (threadIdx.x == 255)
    carry[blockIdx.x] = before + v;
  data[blockIdx.x * 256 + threadIdx.x] = v + before;
}

void scan(int *data, int *carry, int blocks) {
  hipLaunchKernelGGL(chained_scan<32>, dim3(blocks), dim3(256), 0, 0, data, carry);
  hipLaunchKernelGGL(chained_scan<64>, dim3(blocks), dim3(256), 0, 0, data, carry);
}
