// cg-warp-mask and what values are: a warp's first index (the lane taken away), loads through the
// read-only cache or inline PTX at a uniform address, what a helper stores through its reference
// parameters, %laneid read in inline PTX, which names the lanes as threadIdx.x % 32 does, and what
// a thread keeps in its own arrays and vector objects, and the fields of a method's object.
//
// Negatives: a full-mask shuffle under `i - lane < n`, under a count loaded with ld.global.nc at
// the block's index, in a loop over a block's range from a helper's out-parameters, after whole
// rows of warps left; a half-warp mask under `lane < 16` for a %laneid lane; votes kept in a
// vector object; flags in a thread's own array set from the block's rows; a count field of an
// object whose other fields vary by lane; a const warp index a closure captures by reference and
// is handed on; a per-warp slot lane 0 fills before a warp barrier; loops over the planes and
// rows of blocks whose launches (either of two depths) make each plane one warp; a block
// reduction that numbers the threads of 16 x 4 x 4 blocks itself.
// Positives: the full mask under the same %laneid condition, a full-mask shuffle under a count
// loaded at each lane's own index, a butterfly after single lanes left, per-lane comparisons in
// the vector, a flag array initialised from the lane's own element, the count field set from
// the lane; the warp index without const, which the closure handed on may change; the slot
// filled again with no barrier after; the same loops under a depth that is no multiple of the
// step, and under rows that split a plane across warps; the first row of those blocks alone.

// i - lane is the warp's first index; the lanes of a warp agree on it.
__global__ void warp_first_index(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float v = in[i];
  if (i - lane < n)
    v += __shfl_xor_sync(0xffffffffu, v, 1);
  out[i] = v;
}

// With an L2 eviction policy made in PTX: the policy is a function of its operands alone.
__device__ int load_not_coherent(const int *p) {
  unsigned long long policy;
  asm("createpolicy.fractional.L2::evict_last.b64 %0;" : "=l"(policy));
  int v;
  asm volatile("ld.global.nc.L2::cache_hint.s32 %0, [%1], %2;" : "=r"(v) : "l"(p), "l"(policy));
  return v;
}

// A count loaded in inline PTX at the block's index: every lane makes the same trips.
__global__ void block_count_from_ptx(const int *counts, float *x) {
  int n = load_not_coherent(counts + blockIdx.x);
  float v = x[threadIdx.x];
  for (int c = 0; c < n; ++c)
    v += __shfl_xor_sync(0xffffffffu, v, 1);
  x[threadIdx.x] = v;
}

// Loaded at each lane's own index, the counts differ between the lanes.
__global__ void lane_count_from_ptx(const int *counts, float *x) {
  int n = load_not_coherent(counts + threadIdx.x);
  float v = x[threadIdx.x];
  for (int c = 0; c < n; ++c) // expected-note {{this condition differs between lanes}}
    v += __shfl_xor_sync(0xffffffffu, v, 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  x[threadIdx.x] = v;
}

__device__ void share_of(int n, int parts, int part, int &begin, int &end) {
  int per = (n + parts - 1) / parts;
  begin = part * per;
  end = min(n, begin + per);
}

// Each warp walks rows of the block's share: the bounds are the block's.
__global__ void warps_over_the_block_share(float *v, int n) {
  int b, e;
  share_of(n, gridDim.x, blockIdx.x, b, e);
  for (int i = b + threadIdx.x / 32; i < e; i += blockDim.x / 32) {
    float x = v[i];
    x = __shfl_sync(0xffffffffu, x, 0);
    v[i] = x;
  }
}

// %laneid read in inline PTX is the lane: half the warp passes `lane < 16`.
__global__ void lane_from_ptx(float *x) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  float v = x[threadIdx.x];
  if (lane < 16)
    v += __shfl_xor_sync(0x0000ffffu, v, 1);
  if (lane < 16) // expected-note {{lanes 16-31 do not pass this condition}}
    v += __shfl_xor_sync(0xffffffffu, v, 1); // expected-error {{names lanes 16-31, which never reach this call}}
  x[threadIdx.x] = v;
}

// One warp per row leaves together past the last row: no lane of a staying warp has left.
__global__ void rows_past_the_end_leave(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= rows)
    return;
  float v = in[row * cols + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (threadIdx.x == 0)
    out[row] = v;
}

// Lanes past the data leave one by one: the staying lanes' butterfly reads lanes that left.
__global__ void lanes_past_the_end_leave(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) // expected-note {{lanes where this condition holds leave the kernel}}
    return;
  float v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o)); // expected-warning {{names lanes that may have left the kernel}}
  out[i] = v;
}

// A helper that takes the node by reference and only reads it leaves it the warp's.
__device__ void mark_visited(unsigned &node, unsigned *visits) { atomicAdd(&visits[node], 1u); }

__global__ void walk_by_reference(const unsigned *next, unsigned *visits, float *x, unsigned root) {
  unsigned node = root;
  float v = x[threadIdx.x];
  while (node != 0) {
    mark_visited(node, visits);
    v += __shfl_sync(0xffffffffu, v, 0);
    node = next[node];
  }
  x[threadIdx.x] = v;
}

// Votes kept in a small vector class, its elements reached through operator[]: every lane holds
// the same masks, so a branch on any of them keeps the warp together.
struct VoteMasks {
  unsigned bits[2];
  __device__ unsigned &operator[](int i) { return bits[i]; }
};
__device__ bool any_set(const VoteMasks &m) { return (m.bits[0] | m.bits[1]) != 0; }

__global__ void votes_in_a_vector(const float *x, float *out, float limit) {
  VoteMasks need;
  float v = x[threadIdx.x];
  for (int i = 0; i < 2; ++i)
    need[i] = __ballot_sync(0xffffffffu, x[2 * threadIdx.x + i] > limit);
  if (any_set(need))
    v += __shfl_xor_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = v;
}

// The same vector holding each lane's own comparison: the lanes disagree.
__global__ void comparisons_in_a_vector(const float *x, float *out, float limit) {
  VoteMasks need;
  float v = x[threadIdx.x];
  for (int i = 0; i < 2; ++i)
    need[i] = x[2 * threadIdx.x + i] > limit;
  if (any_set(need)) // expected-note {{this condition differs between lanes of a warp}}
    v += __shfl_xor_sync(0xffffffffu, v, 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  out[threadIdx.x] = v;
}

// Flags a thread keeps in its own array, set from loads at the block's rows: the same in every
// lane; set from the lane's own element, they differ.
__global__ void row_flags_in_registers(const int *ids, float *out, int n) {
  bool valid[4];
  for (int p = 0; p < 4; ++p) {
    int row = blockIdx.x * 4 + p;
    valid[p] = row < n && ids[row] >= 0;
  }
  float v = out[threadIdx.x];
  for (int p = 0; p < 4; ++p) {
    if (!valid[p])
      continue;
    v += __shfl_xor_sync(0xffffffffu, v, 1);
  }
  bool mine[2] = {ids[threadIdx.x] > 0, false};
  if (mine[0]) // expected-note {{this condition differs between lanes of a warp}}
    v += __shfl_xor_sync(0xffffffffu, v, 2); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  out[threadIdx.x] = v;
}

// A method reads each field of its object as memory of its own: a count the caller gave stays
// the warp's while another field takes each lane's values; a count the method sets from the lane
// differs.
struct PacketReceiver {
  int packets;
  int lane;
  float regs[4];
  __device__ float receive(const float *in) {
    for (int p = 0; p < packets; ++p) {
      regs[p & 3] = in[p * 32 + lane];
      regs[0] += __shfl_xor_sync(0xffffffffu, regs[0], 1);
    }
    return regs[0];
  }
  __device__ float receive_own_share(const float *in) {
    packets = lane;
    for (int p = 0; p < packets; ++p) // expected-note {{this condition differs between lanes of a warp}}
      regs[0] += __shfl_xor_sync(0xffffffffu, in[p], 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
    return regs[0];
  }
};

__global__ void packets_of_the_warp(const float *in, float *out, int packets) {
  PacketReceiver r{packets, int(threadIdx.x % 32), {}};
  out[threadIdx.x] = r.receive(in) + r.receive_own_share(in);
}

// A const warp index captured by reference in a closure handed to a helper: nothing can change
// it, so it stays the warp's.
template <class Body> __device__ void for_each_tile(Body body) {
  for (int t = 0; t < 4; ++t)
    body(t);
}
__device__ unsigned broadcast_warp(unsigned value) { return __shfl_sync(0xffffffffu, value, 0); }
__global__ void const_warp_index_in_closure(float *x, int n) {
  unsigned const warp = broadcast_warp(threadIdx.x / 32);
  float v = x[threadIdx.x];
  for_each_tile([&](int t) { x[warp * 4 + t] = v; });
  if (warp * 32 < n)
    v += __shfl_xor_sync(0xffffffffu, v, 1);
  unsigned row = broadcast_warp(threadIdx.x / 32);
  for_each_tile([&](int t) { row += t * (threadIdx.x % 2); });
  if (row * 32 < n) // expected-note {{this condition differs between lanes}}
    v += __shfl_xor_sync(0xffffffffu, v, 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  x[threadIdx.x] = v;
}

// A per-warp slot of shared memory that lane 0 fills before a warp barrier: every lane of the
// warp reads what lane 0 stored. Filled again with no barrier after, lanes may read it before
// (and the first read races with the refill: cg-missing-syncwarp).
__global__ void slot_filled_before_warp_barrier(const int *in, float *out) {
  __shared__ int slot[8];
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0)
    slot[warp] = in[blockIdx.x * 8 + warp];
  __syncwarp();
  float v = out[threadIdx.x];
  if (slot[warp] > 0) // expected-error {{lane 1 reads 'slot[warp]', which lane 0 of the same warp overwrites after this read}}
    v = __shfl_sync(0xffffffffu, v, 0);
  if (threadIdx.x % 32 == 0)
    slot[warp] = in[threadIdx.x]; // expected-note {{lane 0 writes 'slot[warp]' here}}
  if (slot[warp] > 1) // expected-note {{this condition differs between lanes}}
    v = __shfl_sync(0xffffffffu, v, 0); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  out[threadIdx.x] = v;
}

__device__ int from_lane_zero(int v) { return __shfl_sync(0xffffffffu, v, 0); }

// Right after a barrier of the whole warp, the active lanes are every lane that has not left the
// kernel: the same mask in each lane. Lanes follow lane 0 until it leaves, then all stop at once.
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
    __syncwarp();
    unsigned active = __activemask();
    if (!(active & 1))
      break;
    shift = from_lane_zero(shift);
  }
}

// With a branch between the barrier and the query, lanes may be apart when they ask.
__global__ void follow_after_a_branch(int *out, const int *steps, int n) {
  const int lane = threadIdx.x % 32;
  int shift = 0;
  for (int k = 0; k < n; ++k) {
    __syncwarp();
    if (steps[lane] > k)
      shift += 1;
    unsigned active = __activemask();
    if (!(active & 1)) // expected-note {{this condition differs between lanes}}
      break;
    shift = from_lane_zero(shift); // expected-error {{'from_lane_zero' calls __shfl_sync with the mask 0xffffffff, but a condition that differs between lanes decides which lanes reach this call}} expected-note@-34 {{__shfl_sync is called here}}
  }
  out[threadIdx.x] = shift;
}

// Heads of PerHead lanes: a thread past the last head leaves, so lanes leave in aligned runs of
// PerHead. A butterfly whose offsets stay below PerHead reads only lanes of its own head, which
// all stayed; one with offset 16 reads the next head, which may have left.
template <int PerHead>
__global__ void head_maximum(float *x, int heads) {
  const int head = (threadIdx.x + blockIdx.x * blockDim.x) / PerHead;
  if (head >= heads)
    return;
  float m = x[head * PerHead + threadIdx.x % PerHead];
  for (int offset = PerHead / 2; offset >= 1; offset /= 2)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset));
  x[head * PerHead + threadIdx.x % PerHead] = m;
}
template <int PerHead>
__global__ void head_maximum_whole_warp(float *x, int heads) {
  const int head = (threadIdx.x + blockIdx.x * blockDim.x) / PerHead;
  if (head >= heads) // expected-note {{lanes where this condition holds leave the kernel}}
    return;
  float m = x[head * PerHead + threadIdx.x % PerHead];
  for (int offset = 16; offset >= 1; offset /= 2)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset)); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
  x[head * PerHead + threadIdx.x % PerHead] = m;
}
template __global__ void head_maximum<16>(float *, int);
template __global__ void head_maximum_whole_warp<16>(float *, int);

// Blocks of 4 x 8 threads and a depth chosen on the host from two sizes: each z-plane is one warp,
// so a loop from threadIdx.z in steps of blockDim.z runs alike in its lanes, and a loop from
// threadIdx.x in steps of 4 up to blockDim.z (24 or 32, multiples of 4) does too. Launched with
// a depth that is no multiple of 4, the lanes of a row make different trips; launched with rows
// of 6 threads, a plane splits across warps.
constexpr int Rows = 8;
__global__ void plane_sums_chosen(float *out, const float *partial) {
  for (int k = threadIdx.z; k < 8; k += blockDim.z) {
    float a = 0.f;
    for (int r = threadIdx.x; r < blockDim.z; r += 4) {
      float v = partial[(k * 32 + r) * Rows + threadIdx.y];
      v += __shfl_down_sync(0xffffffff, v, 1, 4);
      v += __shfl_down_sync(0xffffffff, v, 2, 4);
      a += v;
    }
    if (threadIdx.x == 0)
      out[k * Rows + threadIdx.y] = a;
  }
}
// The same loops in a helper that only these launches reach.
static __device__ void plane_sums_helper(float *out, const float *partial) {
  for (int k = threadIdx.z; k < 8; k += blockDim.z)
    for (int r = threadIdx.x; r < blockDim.z; r += 4) {
      float v = partial[(k * 32 + r) * Rows + threadIdx.y];
      v += __shfl_down_sync(0xffffffff, v, 1, 4);
      out[(k * 32 + r) * Rows + threadIdx.y] = v;
    }
}
__global__ void plane_sums_through_helper(float *out, const float *partial) {
  plane_sums_helper(out, partial);
}
// A helper that one launch with a depth of 22 reaches as well.
static __device__ void row_sums_helper(float *out, const float *partial) {
  for (int r = threadIdx.x; r < blockDim.z; r += 4) { // expected-note {{this condition differs between lanes}}
    float v = partial[r * Rows + threadIdx.y];
    v += __shfl_down_sync(0xffffffff, v, 1, 4); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
    out[r * Rows + threadIdx.y] = v;
  }
}
__global__ void row_sums_deep(float *out, const float *partial) { row_sums_helper(out, partial); }
__global__ void row_sums_odd(float *out, const float *partial) { row_sums_helper(out, partial); }
__global__ void plane_sums_odd_depth(float *out, const float *partial) {
  for (int r = threadIdx.x; r < blockDim.z; r += 4) { // expected-note {{this condition differs between lanes}}
    float v = partial[r * Rows + threadIdx.y];
    v += __shfl_down_sync(0xffffffff, v, 1, 4); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
    out[r * Rows + threadIdx.y] = v;
  }
}
__global__ void plane_sums_narrow_rows(float *out, const float *partial) {
  for (int k = threadIdx.z; k < 8; k += blockDim.z) { // expected-note {{this condition differs between lanes}}
    float v = partial[k * Rows + threadIdx.y];
    v += __shfl_down_sync(0xffffffff, v, 1, 4); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
    out[k * Rows + threadIdx.y] = v;
  }
}
void launch_plane_sums(float *out, const float *partial, bool small_sm) {
  const int threads = small_sm ? 768 : 1024;
  dim3 block = {4, Rows, (unsigned)threads / 32};
  plane_sums_chosen<<<16, block>>>(out, partial);
  plane_sums_through_helper<<<16, block>>>(out, partial);
  row_sums_deep<<<16, block>>>(out, partial);
  row_sums_odd<<<16, dim3(4, Rows, 22)>>>(out, partial);
  plane_sums_odd_depth<<<16, dim3(4, Rows, small_sm ? 22 : 24)>>>(out, partial);
  plane_sums_narrow_rows<<<16, dim3(4, 6, 4)>>>(out, partial);
}

// Blocks of 16 x 4 x 4: a helper only these launches reach numbers the threads itself, so each
// warp holds two rows and `tid / 32` is the warp. The first row alone is half a warp.
constexpr int CubeX = 16, CubeY = 4;
template <typename T> __device__ T warp_total(T v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffff, v, offset); // expected-note {{__shfl_down_sync is called here}}
  return v;
}
template <typename T> __device__ T cube_total(T v) {
  __shared__ T partial[32];
  int tid = threadIdx.z * CubeY * CubeX + threadIdx.y * CubeX + threadIdx.x;
  int lane = tid & 31, wid = tid / 32;
  v = warp_total(v);
  if (lane == 0)
    partial[wid] = v;
  __syncthreads();
  v = tid < blockDim.x * blockDim.y * blockDim.z / 32 ? partial[lane] : 0;
  if (wid == 0)
    v = warp_total(v);
  return v;
}
template <typename T> __device__ T first_row_total(T v) {
  if (threadIdx.y == 0) // expected-note {{lanes 16-31 do not pass this condition}}
    v = warp_total(v); // expected-error {{'warp_total' calls __shfl_down_sync with the mask 0xffffffff, which names lanes 16-31; they never reach this call, and __shfl_down_sync waits for them}}
  return v;
}
__global__ void cube_energy(const float *e, float *out) {
  float sum = cube_total(e[threadIdx.x]);
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
    atomicAdd(out, sum);
}
__global__ void first_row_energy(const float *e, float *out) {
  out[threadIdx.y] = first_row_total(e[threadIdx.x]);
}
void launch_cube_energy(const float *e, float *out) {
  cube_energy<<<8, dim3(CubeX, CubeY, 4)>>>(e, out);
  first_row_energy<<<8, dim3(CubeX, CubeY, 4)>>>(e, out);
}

// Warp operations written in inline PTX: a full-mask vote or reduction is the warp's, and so is a
// shuffle from a lane every lane names alike over the whole warp (clamp 31); from each lane's own
// source lane it is not.
__device__ __forceinline__ int broadcast_from_first(int v) {
  int out;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(out) : "r"(v));
  return out;
}
__device__ __forceinline__ int broadcast_from(int v, int source) {
  int out;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(out) : "r"(v), "r"(source));
  return out;
}
__device__ __forceinline__ unsigned smallest_in_warp(unsigned v) {
  unsigned out;
  asm volatile("redux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(out) : "r"(v));
  return out;
}
__global__ void ptx_warp_values(float *data, const unsigned *keys) {
  int warp = broadcast_from_first(threadIdx.x / 32);
  float v = data[threadIdx.x];
  if (warp == 0)
    v += __shfl_xor_sync(0xffffffff, v, 1);
  if (smallest_in_warp(keys[threadIdx.x]) > 4)
    v += __shfl_xor_sync(0xffffffff, v, 2);
  if (broadcast_from(keys[threadIdx.x], 3) != 0)
    v += __shfl_xor_sync(0xffffffff, v, 4);
  int own = broadcast_from(keys[threadIdx.x], threadIdx.x % 8);
  if (own > 2) // expected-note {{this condition differs between lanes of a warp}}
    v += __shfl_xor_sync(0xffffffff, v, 8); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  data[threadIdx.x] = v;
}
