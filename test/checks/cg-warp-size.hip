// cg-warp-size on HIP (64-lane wavefronts): warp-synchronous code written for 32 lanes.
//
// Positives: a butterfly from 16, a scan stopping below 32, a lane `% 32` and a warp `/ 32` in a
// function that shuffles, a warp `>> 5` and a lane `& 31` of the global index beside a vote, a
// width from a macro (no fix-it); one finding per function, the other places as its notes.
// Negatives: offsets from warpSize, an explicit width of 32, code under a branch on warpSize,
// a 32x32 transpose tile that exchanges nothing within warps, a tile shuffle.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

__global__ void butterfly_from_16(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) // expected-warning {{this code assumes 32-lane warps, but warps have 64 lanes: shuffle offsets that start at 16 combine lanes 0-31 and 32-63 separately}}
    v += __shfl_xor(v, offset);
  if (threadIdx.x % 32 == 0) // expected-note {{a lane computed modulo 32 names two threads of each warp alike here too}}
    atomicAdd(out + blockIdx.x, v);
}

__global__ void scan_below_32(const int *in, int *out) {
  int v = in[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) { // expected-warning {{shuffle offsets that stop below 32 scan lanes 0-31 and 32-63 separately}}
    int up = __shfl_up(v, d);
    if (int(threadIdx.x % warpSize) >= d)
      v += up;
  }
  out[threadIdx.x] = v;
}

__global__ void per_warp_slots(const float *in, float *out) {
  __shared__ float partial[32];
  int lane = threadIdx.x % 32; // expected-warning {{a lane computed modulo 32 names two threads of each warp alike}}
  int warp = threadIdx.x / 32; // expected-note {{a warp computed as 32 threads splits each warp in two here too}}
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

__global__ void votes_by_global_warp(const int *in, unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long ballot = __ballot(in[i] > 0);
  if ((i & 31) == 0) // expected-warning {{a lane computed modulo 32 names two threads of each warp alike}}
    out[i >> 5] = ballot; // expected-note {{a warp computed as 32 threads splits each warp in two here too}}
}

#define HALF_WARP 16
__global__ void width_from_a_macro(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = HALF_WARP; offset > 0; offset >>= 1) // expected-warning {{shuffle offsets that start at 16}}
    v = fmaxf(v, __shfl_xor(v, offset));
  out[threadIdx.x] = v;
}

// ---- negatives --------------------------------------------------------------------------------

__global__ void offsets_from_warp_size(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}

__global__ void explicit_sub_warp(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset, 32);
  out[threadIdx.x] = v;
}

__global__ void guarded_by_width(const float *in, float *out) {
  float v = in[threadIdx.x];
  if (warpSize == 32) {
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_xor(v, offset);
    out[threadIdx.x / 32] = v;
  } else {
    for (int offset = 32; offset > 0; offset /= 2)
      v += __shfl_xor(v, offset);
    out[threadIdx.x / 64] = v;
  }
}

__global__ void transpose_tile(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = threadIdx.x % 32, y = threadIdx.x / 32;
  tile[y][x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[x][y];
}

__global__ void tile_shuffles(const float *in, float *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += tile.shfl_xor(v, offset);
  out[threadIdx.x] = v;
}
