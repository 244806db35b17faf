// cg-warp-mask on CUDA: masks of warp intrinsics that do not match the lanes that call them.
//
// Positives: __activemask() in a data-dependent loop (the corpus seed), a full mask under a
// lane branch, a calling lane outside its mask, a source lane outside the mask, a 64-bit mask on
// CUDA, lanes that left the kernel before a full-mask shuffle (warning), a full mask under a
// bounds check, a data-dependent condition, a loop whose trips differ between lanes, or a
// helper's early return, for shuffles, votes, __match_*_sync and __reduce_*_sync. Negatives: the corrected
// loop with a ballot-derived mask, both sides of a lane branch shuffling, the discovery pattern,
// shuffles with a width, __syncwarp() for one whole warp, full masks in warp-uniform code: one
// warp per row, warp indices, ballot-derived masks, padded loops, half a block of whole warps.
// Through calls (end of file): a helper's full mask under its caller's lane branch or
// data-dependent branch (2 errors at the calls); the helper called by whole warps or with the
// caller's own mask (no diagnostic).

// ---- positives --------------------------------------------------------------------------------

// P1. The corpus seed: __activemask() as a ballot mask in a loop whose trip count depends on data.
__global__ void bits(unsigned *output, const float *data, int dataLen, float threshold) {
  int warpLane = threadIdx.x % warpSize;
  for (int i = warpLane; i < dataLen; i += warpSize) { // expected-note {{this condition differs between lanes of a warp}}
    unsigned active = __activemask();
    unsigned bitPack = __ballot_sync(active, data[i] > threshold); // expected-error {{__activemask() names the lanes that happen to be converged here, not the lanes that reach __ballot_sync under a data-dependent condition}}
    if (warpLane == 0)
      output[i / 32] = bitPack;
  }
}

// P2. __activemask() called directly as the mask, under a branch on loaded data.
__global__ void active_direct(int *out, const int *flags) {
  int v = flags[threadIdx.x];
  if (v > 0) // expected-note {{this condition differs between lanes of a warp}}
    out[threadIdx.x] = __any_sync(__activemask(), v > 10); // expected-error {{__activemask() names the lanes that happen to be converged here}}
}

// P3. The full mask under a branch that only the lower half of each warp takes.
__global__ void half_warp_full_mask(float *v) {
  int lane = threadIdx.x % 32;
  float x = v[threadIdx.x];
  if (lane < 16) // expected-note {{lanes 16-31 do not pass this condition}}
    x += __shfl_xor_sync(0xffffffff, x, 1); // expected-error {{the mask 0xffffffff names lanes 16-31, which never reach this call; __shfl_xor_sync waits for them}}
  v[threadIdx.x] = x;
}

// P4. The calling lanes are not in their mask.
__global__ void caller_not_in_mask(float *v) {
  int lane = threadIdx.x & 31;
  float x = v[threadIdx.x];
  if (lane < 16)
    x = __shfl_sync(0xffff0000, x, 16); // expected-error {{lanes 0-15 call __shfl_sync with the mask 0xffff0000, which does not name them; the calling lane must be in the mask}}
  v[threadIdx.x] = x;
}

// P5. The source lane is outside the mask.
__global__ void source_not_in_mask(float *v) {
  int lane = threadIdx.x % warpSize;
  float x = v[threadIdx.x];
  if (lane < 16)
    x = __shfl_sync(0x0000ffff, x, 20); // expected-error {{the source lane 20 of __shfl_sync is not in its mask 0xffff}}
  v[threadIdx.x] = x;
}

// P6. A 64-bit mask on CUDA, whose warps have 32 lanes.
__global__ void wide_mask(unsigned *out, const int *in) {
  out[threadIdx.x / 32] = __ballot_sync(0xffffffffffffffffull, in[threadIdx.x] > 0); // expected-error {{the mask 0xffffffffffffffff is wider than the 32 lanes of a warp on this platform; __ballot_sync takes a 32-bit mask and the upper bits are dropped}}
}

// P7. Lanes past the end of the data leave before a full-mask maximum: they read as 0 (warning).
__global__ void warp_max(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) // expected-note {{lanes where this condition holds leave the kernel}}
    return;
  float v = in[i];
  v = fmaxf(v, __shfl_down_sync(0xffffffff, v, 16)); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call; on sm_70 and later __shfl_down_sync reads 0 from them}}
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v;
}

// P8. __syncwarp() with its default (full) mask in a branch that half of each warp takes.
__global__ void syncwarp_in_half(float *v) {
  __shared__ float s[128];
  unsigned lane = threadIdx.x & 31;
  if (lane < 16) { // expected-note {{lanes 16-31 do not pass this condition}}
    s[threadIdx.x] = v[threadIdx.x];
    __syncwarp(); // expected-error {{the mask 0xffffffff names lanes 16-31, which never reach this call; __syncwarp waits for them}}
    v[threadIdx.x] = s[threadIdx.x ^ 1];
  }
}

// P9. An unsigned lane index and a scan step: lane 0 does not shuffle but is left in the mask.
__global__ void scan_step(float *v) {
  float x = v[threadIdx.x];
  unsigned lane = threadIdx.x % 32;
  if (lane >= 1) // expected-note {{lane 0 does not pass this condition}}
    x += __shfl_up_sync(0xffffffff, x, 1); // expected-error {{the mask 0xffffffff names lane 0, which never reaches this call; __shfl_up_sync waits for it}}
  v[threadIdx.x] = x;
}

// P10. A bounds check around a full-mask reduction: lanes past the edge of the image skip it.
__global__ void row_sums(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) { // expected-note {{this condition differs between lanes of a warp}}
    float v = in[y * width + x];
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffff, v, o); // expected-error {{the mask 0xffffffff names lanes that may not reach this call: a condition that differs between lanes decides it, and __shfl_down_sync waits for every lane of the mask}}
    if (threadIdx.x % 32 == 0)
      out[y] = v;
  }
}

// P11. A data-dependent condition: only lanes with a valid key vote.
__global__ void valid_keys(int *out, const int *keys) {
  int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  if (key >= 0) { // expected-note {{this condition differs between lanes of a warp}}
    unsigned odd = __ballot_sync(0xffffffff, key & 1); // expected-error {{names lanes that may not reach this call}}
    out[threadIdx.x] = __popc(odd);
  }
}

// P12. A loop whose trip count differs between lanes, with a shuffle inside.
__global__ void strided_pairs(float *out, const float *in, int n) {
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) { // expected-note {{this condition differs between lanes of a warp}}
    float v = in[i];
    s += v + __shfl_xor_sync(0xffffffff, v, 1); // expected-error {{__shfl_xor_sync waits for every lane of the mask}}
  }
  out[threadIdx.x] = s;
}

// P13. __match_any_sync and __reduce_add_sync are covered like shuffles and votes.
__global__ void match_and_reduce(int *out, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) // expected-note 2 {{this condition differs between lanes of a warp}}
    out[i] = __match_any_sync(0xffffffff, in[i]) + // expected-error {{__match_any_sync waits for every lane of the mask}}
             __reduce_add_sync(0xffffffff, in[i]); // expected-error {{__reduce_add_sync waits for every lane of the mask}}
}

// P14. A helper returns early for lanes past the end; its caller passes a per-lane index.
__device__ float pair_sum(const float *in, int i, int n) {
  if (i >= n) // expected-note {{this condition differs between lanes of a warp}}
    return 0.f;
  float v = in[i];
  return v + __shfl_down_sync(0xffffffff, v, 1); // expected-error {{__shfl_down_sync waits for every lane of the mask}}
}
__global__ void calls_pair_sum(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = pair_sum(in, i, n);
  out[i] *= 2.0f;
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The corrected loop: a full-warp ballot gives the mask used inside the branch it describes.
__global__ void bits_fixed(unsigned *output, const float *data, int dataLen, float threshold) {
  int warpLane = threadIdx.x % warpSize;
  for (int i = warpLane; i - warpLane < dataLen; i += warpSize) {
    unsigned active = __ballot_sync(0xFFFFFFFF, i < dataLen);
    if (i < dataLen) {
      unsigned bitPack = __ballot_sync(active, data[i] > threshold);
      if (warpLane == 0)
        output[i / 32] = bitPack;
    }
  }
}

// N2. Both sides of a lane branch shuffle with the full mask: valid from sm_70 on.
__global__ void swap_halves(float *v) {
  int tid = threadIdx.x;
  float val = v[tid];
  if (tid % warpSize < 16) {
    float swapped = __shfl_xor_sync(0xffffffff, val, 16);
    v[tid] = swapped + 1.0f;
  } else {
    float swapped = __shfl_xor_sync(0xffffffff, val, 16);
    v[tid] = swapped - 1.0f;
  }
}

// N3. The discovery pattern: the active mask also elects the leader and counts the lanes.
__device__ int atomicAggInc(int *p) {
  unsigned int writemask = __activemask();
  unsigned int total = __popc(writemask);
  int elected_lane = __ffs(writemask) - 1;
  int base_offset = 0;
  if ((threadIdx.x % 32) == elected_lane)
    base_offset = atomicAdd(p, total);
  base_offset = __shfl_sync(writemask, base_offset, elected_lane);
  return base_offset;
}
__global__ void compact(int *out, int *count, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] != 0)
    out[atomicAggInc(count)] = in[i];
}

// N4. A half-warp shuffle with a matching mask and width.
__global__ void half_warp_width(float *v) {
  int lane = threadIdx.x % 32;
  float x = v[threadIdx.x];
  if (lane < 16)
    x += __shfl_xor_sync(0x0000ffff, x, 1, 16);
  v[threadIdx.x] = x;
}

// N5. __syncwarp() for one whole warp, and full masks in warp-uniform code.
__global__ void first_warp(float *v, int n) {
  __shared__ float s[32];
  int warp_id = threadIdx.x / 32;
  if (warp_id == 0) {
    s[threadIdx.x] = v[threadIdx.x];
    __syncwarp();
    v[threadIdx.x] = s[31 - threadIdx.x];
  }
  if (blockIdx.x < n) {
    float x = v[threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
      x += __shfl_down_sync(0xffffffff, x, o);
    v[threadIdx.x] = x + __shfl_sync(-1, x, 0);
  }
}

// N6. Each side of an odd/even lane branch names exactly its own lanes.
__global__ void odd_even(float *v) {
  float x = v[threadIdx.x];
  unsigned lane = threadIdx.x % 32;
  if (lane & 1)
    x += __shfl_down_sync(0xaaaaaaaa, x, 2);
  else
    x += __shfl_down_sync(0x55555555, x, 2);
  v[threadIdx.x] = x;
}

// N7. A half-warp helper: its callers decide which lanes call it (only lanes 0-15 here).
__device__ float half_sum(float x) {
  return x + __shfl_xor_sync(0x0000ffff, x, 1, 16);
}
__global__ void calls_half_sum(float *v) {
  float x = v[threadIdx.x];
  if (threadIdx.x % 32 < 16)
    x = half_sum(x);
  v[threadIdx.x] = x;
}

// N8. One warp per row (blockDim.x is the warp): the row test holds for whole warps.
__global__ void warp_per_row(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row < rows) {
    float v = 0;
    for (int c = threadIdx.x; c < cols; c += 32)
      v += in[row * cols + c];
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffff, v, o);
    if (threadIdx.x == 0)
      out[row] = v;
  }
}

// N9. A warp index from the global thread index selects whole warps.
__global__ void warp_index(float *out, const float *in, int warps) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (warp < warps) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffff, v, o);
    out[warp] = v;
  }
}

// N10. The mask is the ballot of the bounds check: it names exactly the lanes inside.
__global__ void ballot_of_bounds(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned inside = __ballot_sync(0xffffffff, i < n);
  if (i < n)
    out[i] = in[i] + __shfl_down_sync(inside, in[i], 1);
}

// N11. Every lane runs every trip; the bounds check picks the value, not the lanes.
__global__ void padded_trips(float *out, const float *in, int n) {
  float s = 0;
  for (int base = 0; base < n; base += 32) {
    int i = base + threadIdx.x % 32;
    float v = i < n ? in[i] : 0.f;
    s += __shfl_xor_sync(0xffffffff, v, 1);
  }
  out[threadIdx.x] = s;
}

// N12. Half of a block of whole warps: whole warps on each side for every such block size.
__global__ void lower_half_of_block(float *v) {
  float x = v[threadIdx.x];
  if (threadIdx.x < blockDim.x / 2)
    x = __shfl_sync(0xffffffff, x, 0);
  v[threadIdx.x] = x;
}

// N13. A helper whose callers pass the same bound to the whole warp.
__device__ float bounded_sum(float v, int n) {
  if (n > 1)
    v += __shfl_xor_sync(0xffffffff, v, 1);
  return v;
}
__global__ void calls_bounded_sum(float *out, const float *in, int n) {
  out[threadIdx.x] = bounded_sum(in[threadIdx.x], n);
}

// P15. Arguments shifted when porting __shfl_up(v, 1, 32): the value became the mask.
__global__ void ported_scan(float *v) {
  float x = v[threadIdx.x];
  x += __shfl_up_sync(x, 1, 32); // expected-error {{the first argument of __shfl_up_sync is its lane mask, but this value is not a mask}}
  v[threadIdx.x] = x;
}

// ---- through calls: the caller decides which lanes reach a helper's intrinsic ------------------

// P16. A full-mask reduction helper called by half of each warp.
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o); // expected-note {{__shfl_xor_sync is called here}}
  return v;
}
__global__ void half_warp_sum(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 < 16) // expected-note {{lanes 16-31 do not pass this condition}}
    v = warp_sum(v); // expected-error {{'warp_sum' calls __shfl_xor_sync with the mask 0xffffffff, which names lanes 16-31; they never reach this call, and __shfl_xor_sync waits for them}}
  out[threadIdx.x] = v;
}

// P17. picongpu's atomicAllInc: a full-mask ballot in a helper called under a data-dependent
// branch.
__device__ int aggregated_increment(int *counter) {
  unsigned mask = __ballot_sync(0xFFFFFFFF, 1); // expected-note {{__ballot_sync is called here}}
  int leader = __ffs(mask) - 1;
  int base = 0;
  if (threadIdx.x % 32 == leader)
    base = atomicAdd(counter, __popc(mask));
  return __shfl_sync(mask, base, leader) + __popc(mask & ((1u << (threadIdx.x % 32)) - 1));
}
__global__ void compact_positive(const float *w, int *counter, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (w[i] > 0.0f) // expected-note {{this condition differs between lanes of a warp}}
    out[i] = aggregated_increment(counter); // expected-error {{'aggregated_increment' calls __ballot_sync with the mask 0xffffffff, but a condition that differs between lanes decides which lanes reach this call}}
}

// N14. The same reduction helper called by whole warps, and with the caller's own mask.
__device__ float masked_sum(float v, unsigned mask) {
  for (int o = 8; o > 0; o >>= 1)
    v += __shfl_xor_sync(mask, v, o);
  return v;
}
__global__ void whole_warps_sum(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = out[i];
  if (threadIdx.x / 32 < 2)
    v = warp_sum(v);
  if (threadIdx.x % 32 < 16)
    v = masked_sum(v, 0x0000ffff);
  unsigned inRange = __ballot_sync(0xffffffff, i < n);
  if (i < n)
    v = masked_sum(v, inRange);
  out[i] = v;
}
