// cg-warp-size on HIP (64-lane wavefronts): warp-synchronous code that works in 32-lane groups
// and also reads across the two halves of a wavefront (a broadcast from a lane, a ballot).
//
// Positives: a butterfly from 16 then a broadcast from lane 0, a scan below 32 then the total
// read at lane 31, a lane `% 32` and a warp `/ 32` beside a ballot, a lane `& 31` and a warp
// `>> 5` of the global index beside a vote; one finding per function, the others as its notes.
// Negatives: offsets from warpSize, an explicit width of 32, code under a branch on warpSize,
// halves that reduce and write on their own (right on 64 lanes), widths named by a macro or a
// template parameter, a 32x32 transpose tile that exchanges nothing within warps, a tile shuffle.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

// Lanes 32-63 take lane 0's sum, which is the sum of lanes 0-31 only.
__global__ void butterfly_then_broadcast(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) // expected-warning {{this code assumes 32-lane warps, but warps have 64 lanes: shuffle offsets that start at 16 combine lanes 0-31 and 32-63 separately}}
    v += __shfl_xor(v, offset);
  v = __shfl(v, 0);
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] / v;
}

// Lane 31 holds the total of lanes 0-31 only.
__global__ void scan_then_total(const int *in, int *out) {
  int v = in[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) { // expected-warning {{shuffle offsets that stop below 32 scan lanes 0-31 and 32-63 separately}}
    int up = __shfl_up(v, d);
    if (int(threadIdx.x % warpSize) >= d)
      v += up;
  }
  out[threadIdx.x] = v + __shfl(v, 31);
}

// The ballot counts all 64 lanes; both halves' lane 0 store it, in two slots.
__global__ void ballot_per_warp_slot(const float *in, int *out) {
  __shared__ int voters[32];
  int lane = threadIdx.x % 32; // expected-warning {{a lane computed modulo 32 names two threads of each warp alike}}
  int warp = threadIdx.x / 32; // expected-note {{a warp computed as 32 threads splits each warp in two here too}}
  unsigned long long b = __ballot(in[threadIdx.x] > 0);
  if (lane == 0)
    voters[warp] = __popcll(b);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = voters[0] + voters[1];
}

__global__ void votes_by_global_warp(const int *in, unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long ballot = __ballot(in[i] > 0);
  if ((i & 31) == 0) // expected-warning {{a lane computed modulo 32 names two threads of each warp alike}}
    out[i >> 5] = ballot; // expected-note {{a warp computed as 32 threads splits each warp in two here too}}
}

// ---- negatives --------------------------------------------------------------------------------

__global__ void offsets_from_warp_size(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  v = __shfl(v, 0);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}

__global__ void explicit_sub_warp(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset, 32);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void guarded_by_width(const float *in, float *out) {
  float v = in[threadIdx.x];
  if (warpSize == 32) {
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_xor(v, offset);
    out[threadIdx.x / 32] = __shfl(v, 0);
  } else {
    for (int offset = 32; offset > 0; offset /= 2)
      v += __shfl_xor(v, offset);
    out[threadIdx.x / 64] = __shfl(v, 0);
  }
}

// Each half reduces its own 32 values and its lane 0 adds them in: right on 64 lanes too.
__global__ void halves_on_their_own(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out + blockIdx.x, v);
}

// A width with a name is set for each target where it is defined.
#define HALF_WARP 16
__global__ void width_from_a_macro(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = HALF_WARP; offset > 0; offset >>= 1)
    v = fmaxf(v, __shfl_xor(v, offset));
  out[threadIdx.x] = __shfl(v, 0);
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
  out[threadIdx.x] = tile.shfl(v, 0);
}

// A width given as a template argument: the host launches the instantiation that fits.
template <int Width> __global__ void reduce_of_width(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = Width / 2; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  v = __shfl(v, 0);
  if (threadIdx.x % Width == 0)
    out[threadIdx.x / Width] = v;
}
template __global__ void reduce_of_width<32>(const float *, float *);
template __global__ void reduce_of_width<64>(const float *, float *);
