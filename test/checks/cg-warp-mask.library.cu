// cg-warp-mask and library code (issue 29).
// Launch shapes: a kernel whose every launch in the unit has one thread per block has one lane;
// the lanes a full mask names beyond it do not exist, and the hardware treats them as exited
// (probe P13), also in the helpers such a kernel calls. Blocks narrower than a warp still report
// the lanes that exist and do not arrive.
// The discovery idiom one step on: `peers = __match_any_sync(__activemask(), key)` with a leader
// from __ffs(peers), as libcu++'s block-scope barrier arrives (after a data-dependent return):
// the match names exactly the lanes that computed it. A match whose result is not used so still
// names only the converged lanes.

// ---- launch shapes ----------------------------------------------------------------------------

// N1. Launched only with <<<1, 1>>>: one lane, which passes the condition.
__global__ void init_one_thread(int *p) {
  if (threadIdx.x == 0)
    p[0] = __shfl_sync(0xffffffff, p[1], 0);
}

// P1. Launched only with <<<1, 16>>>: lanes 8-15 exist and do not arrive.
__global__ void init_half_warp(int *p) {
  if (threadIdx.x < 8) // expected-note {{lanes 8-15 do not pass this condition}}
    p[threadIdx.x] = __shfl_sync(0xffff, p[threadIdx.x], 0); // expected-error {{lanes 8-15}}
}

// P2. The same kernel as N1, launched with whole warps too.
__global__ void init_any_block(int *p) {
  if (threadIdx.x == 0) // expected-note {{lanes 1-31 do not pass this condition}}
    p[0] = __shfl_sync(0xffffffff, p[1], 0); // expected-error {{lanes 1-31}}
}

// N4. A butterfly in a helper, called from a kernel launched only with blocks of 4 threads: the
// lanes 4-31 the full mask names do not exist in the caller's blocks.
__device__ float butterfly(float v) {
  for (int step = 1; step < 4; step <<= 1)
    v += __shfl_xor_sync(0xffffffff, v, step); // expected-note {{__shfl_xor_sync is called here}}
  return v;
}
__global__ void transform_quad(float *p) { p[threadIdx.x] = butterfly(p[threadIdx.x]); }

// P4. The same helper behind the caller's condition: lanes 2-3 exist and do not arrive.
__global__ void transform_pair(float *p) {
  if (threadIdx.x < 2) // expected-note {{lanes 2-3 do not pass this condition}}
    p[threadIdx.x] = butterfly(p[threadIdx.x]); // expected-error {{'butterfly' calls __shfl_xor_sync with the mask 0xffffffff, which names lanes 2-3; they never reach this call}}
}

int main() {
  int *p = nullptr;
  init_one_thread<<<1, 1>>>(p);
  init_half_warp<<<1, 16>>>(p);
  init_any_block<<<1, 1>>>(p);
  init_any_block<<<4, 128>>>(p);
  float *q = nullptr;
  transform_quad<<<8, 4>>>(q);
  transform_pair<<<8, 4>>>(q);
}

// ---- the discovery idiom through a match ------------------------------------------------------

// N2. libcu++'s arrive on a block-scope barrier in shared memory, reduced.
__device__ int arrive(int *counter, int update, bool in_shared) {
  if (!in_shared)
    return atomicAdd(counter, update);
  unsigned mask = __activemask();
  unsigned same_update = __match_any_sync(mask, update);
  unsigned same_barrier = __match_any_sync(mask, (unsigned long long)counter);
  unsigned active = same_update & same_barrier;
  int leader = __ffs(active) - 1;
  __syncwarp(mask);
  int token = 0;
  if (leader == int(threadIdx.x % 32))
    token = atomicAdd(counter, __popc(active) * update);
  return __shfl_sync(active, token, leader);
}

__global__ void arrive_all(int *counter, int *out, const int *flags) {
  out[threadIdx.x] = arrive(counter, 1, flags[threadIdx.x] > 0);
}

// N3. atomicAggInc with the peers' mask assigned to a declared variable.
__global__ void agg_inc(int *ctr, const int *keys, int *out) {
  if (keys[threadIdx.x] > 0) {
    unsigned peers;
    peers = __match_any_sync(__activemask(), keys[threadIdx.x]);
    int leader = __ffs(peers) - 1;
    int res = 0;
    if (int(threadIdx.x % 32) == leader)
      res = atomicAdd(ctr, __popc(peers));
    out[threadIdx.x] = __shfl_sync(peers, res, leader);
  }
}

// P3. The match's result stored as data, not used to find the lanes there.
__global__ void match_stored(unsigned *out, const int *keys) {
  if (keys[threadIdx.x] > 0) { // expected-note {{this condition differs between lanes of a warp}}
    unsigned peers = __match_any_sync(__activemask(), keys[threadIdx.x]); // expected-error {{__activemask() names the lanes that happen to be converged here, not the lanes that reach __match_any_sync under a data-dependent condition}}
    out[threadIdx.x] = peers;
  }
}

// ---- a warp barrier behind a library's wrapper ------------------------------------------------

__device__ __forceinline__ void WARP_SYNC() { __syncwarp(); }
__device__ int from_lane_zero(int v) { return __shfl_sync(0xffffffffu, v, 0); }

// N4. Right after the wrapper's barrier of the whole warp, the active lanes are the same mask in
// each lane (cg-warp-mask.values.cu follow_the_leader, with __syncwarp() itself).
__global__ void follow_the_leader(int *out, const int *steps, int n) {
  const int lane = threadIdx.x % 32;
  int shift = 0;
  for (int k = 0; k < n; ++k) {
    if (lane == 0) {
      if (steps[k] < 0) {
        out[blockIdx.x] = shift;
        return;
      }
      shift = steps[k];
    }
    WARP_SYNC();
    unsigned active = __activemask();
    if (!(active & 1))
      break;
    shift = from_lane_zero(shift);
  }
}
