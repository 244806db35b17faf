// cg-shuffle-type on CUDA: tile and coalesced-group shuffles move trivially copyable values of at
// most 32 bytes.
//
// Positives: 12 findings (7 with a note at the member that makes the type not trivially
// copyable). Negatives: 13 kernels or helpers, no diagnostic.
// Groups are passed by const reference (cg-group-by-value stays quiet) and every shuffle is reached
// by its whole group: the only rule that speaks in this file is cg-shuffle-type.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- Value types ----------------------------------------------------------------------------

struct Particle { float3 pos, vel, force; float mass; };     // 40 bytes
struct Stress { double xx, yy, zz, xy, yz, zx; };           // 48 bytes
struct Mat3 { float m[9]; };                                // 36 bytes
struct Quaternions { double4 a, b; };                       // 64 bytes

// Counts its copies: a shuffle makes one without calling the constructor.
struct Accumulator {
  float sum;
  int copies;
  __device__ Accumulator() : sum(0), copies(0) {}
  __device__ Accumulator(const Accumulator &o) : sum(o.sum), copies(o.copies + 1) {} // expected-note {{'Accumulator' is not trivially copyable because of this user-provided copy constructor}}
};

// Polymorphic: the vtable pointer of another thread would arrive.
struct Shape {
  float extent;
  __device__ virtual float area() const { return extent * extent; } // expected-note {{'Shape' is not trivially copyable because of this virtual function}}
};

// Releases a slot of a pool when it dies.
struct PoolSlot {
  int index;
  __device__ ~PoolSlot() { index = -1; } // expected-note {{'PoolSlot' is not trivially copyable because of this user-provided destructor}}
};

// Not trivially copyable through its member.
struct Sample {
  float weight;
  Accumulator acc; // expected-note 2 {{'Sample' is not trivially copyable because of this member}}
};

// Logs its assignments.
struct Tally {
  int count;
  __device__ Tally &operator=(const Tally &o) { count = o.count + 1; return *this; } // expected-note {{'Tally' is not trivially copyable because of this user-provided copy assignment}}
};

// Owns a scratch buffer: move-only.
struct ScratchBuffer {
  float *data;
  __device__ explicit ScratchBuffer(float *d) : data(d) {}
  ScratchBuffer(const ScratchBuffer &) = delete;
  __device__ ScratchBuffer(ScratchBuffer &&o) : data(o.data) { o.data = nullptr; } // expected-note {{'ScratchBuffer' is not trivially copyable because of this user-provided move constructor}}
};

// ---- Positives ------------------------------------------------------------------------------

// P1. A 40-byte particle shifted down the warp.
__global__ void neighbour_particles(Particle *ps) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  Particle p = ps[block.thread_rank()];
  ps[block.thread_rank()] = warp.shfl_down(p, 1); // expected-error {{warp.shfl_down() of 'Particle', which has 40 bytes; tile and coalesced-group shuffles move only trivially copyable values of at most 32 bytes}}
}

// P2. A type with a user-provided copy constructor.
__global__ void broadcast_accumulator(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  Accumulator acc;
  acc.sum = out[block.thread_rank()];
  Accumulator leader = warp.shfl(acc, 0); // expected-error {{warp.shfl() of 'Accumulator', which is not trivially copyable; tile and coalesced-group shuffles}}
  out[block.thread_rank()] = leader.sum;
}

// P3. A coalesced group shuffling a 48-byte tensor.
__global__ void active_stress(Stress *s, const int *active) {
  if (active[threadIdx.x]) {
    cg::coalesced_group group = cg::coalesced_threads();
    s[threadIdx.x] = group.shfl(s[threadIdx.x], 0); // expected-error {{group.shfl() of 'Stress', which has 48 bytes}}
  }
}

// P4. A polymorphic type.
__global__ void exchange_shapes(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto half = cg::tiled_partition<16>(block);
  Shape s;
  s.extent = out[block.thread_rank()];
  Shape other = half.shfl_xor(s, 1); // expected-error {{half.shfl_xor() of 'Shape', which is not trivially copyable}}
  out[block.thread_rank()] = other.area();
}

// P5. A type with a user-provided destructor, shifted up.
__global__ void previous_slot(int *slots) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  PoolSlot slot{slots[block.thread_rank()]};
  PoolSlot prev = warp.shfl_up(slot, 1); // expected-error {{warp.shfl_up() of 'PoolSlot', which is not trivially copyable}}
  slots[block.thread_rank()] = prev.index;
}

// P6. A generic broadcast helper instantiated with a good type and two bad ones: reported once.
template <typename T>
__device__ T broadcast_from_leader(const cg::thread_block_tile<32> &warp, T value) {
  return warp.shfl(value, 0); // expected-error {{warp.shfl() of 'Mat3', which has 36 bytes}}
}
__global__ void broadcast_all(float *f, Mat3 *m, Quaternions *q) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  f[block.thread_rank()] = broadcast_from_leader(warp, f[block.thread_rank()]);
  m[block.thread_rank()] = broadcast_from_leader(warp, m[block.thread_rank()]);
  q[block.thread_rank()] = broadcast_from_leader(warp, q[block.thread_rank()]);
}

// P7. Not trivially copyable through a member.
__global__ void pass_samples(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto quad = cg::tiled_partition<4>(block);
  Sample s;
  s.weight = out[block.thread_rank()];
  Sample next = quad.shfl_down(s, 1); // expected-error {{quad.shfl_down() of 'Sample', which is not trivially copyable}}
  out[block.thread_rank()] = next.weight;
}

// P8. 64 bytes of quaternions, xor-exchanged.
__global__ void swap_quaternions(Quaternions *q) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  q[block.thread_rank()] = warp.shfl_xor(q[block.thread_rank()], 16); // expected-error {{warp.shfl_xor() of 'Quaternions', which has 64 bytes}}
}

// P9. A user-provided copy assignment.
__global__ void leader_tally(int *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  Tally t{out[block.thread_rank()]};
  Tally lead = warp.shfl(t, 0); // expected-error {{warp.shfl() of 'Tally', which is not trivially copyable}}
  out[block.thread_rank()] = lead.count;
}

// P10. A device lambda shuffling a 40-byte particle.
__global__ void lambda_shift(Particle *ps) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  auto shift = [&](const Particle &p) { return warp.shfl_up(p, 1); }; // expected-error {{warp.shfl_up() of 'Particle', which has 40 bytes}}
  ps[block.thread_rank()] = shift(ps[block.thread_rank()]);
}

// P11. A coalesced group shifting samples down.
__global__ void active_samples(float *out, const int *active) {
  if (active[threadIdx.x]) {
    cg::coalesced_group group = cg::coalesced_threads();
    Sample s;
    s.weight = out[threadIdx.x];
    out[threadIdx.x] = group.shfl_down(s, 1).weight; // expected-error {{group.shfl_down() of 'Sample', which is not trivially copyable}}
  }
}

// P12. A move-only buffer handed to the next lane: the bytes arrive, ownership does not move.
__global__ void pass_buffer(float *pool) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  ScratchBuffer next = warp.shfl_down(ScratchBuffer(pool + block.thread_rank()), 1); // expected-error {{warp.shfl_down() of 'ScratchBuffer', which is not trivially copyable}}
  pool[block.thread_rank()] = next.data[0];
}

// ---- Negatives ------------------------------------------------------------------------------

// N1. The float warp reduction.
__global__ void warp_sum(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int offset = 16; offset > 0; offset /= 2)
    v += warp.shfl_down(v, offset);
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = v;
}

// N2. Doubles.
__global__ void warp_sum_double(double *v) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  double x = v[block.thread_rank()];
  for (int offset = 16; offset > 0; offset /= 2)
    x += warp.shfl_xor(x, offset);
  v[block.thread_rank()] = x;
}

// N3. int2 (8 bytes).
__global__ void shift_pairs(int2 *v) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  v[block.thread_rank()] = warp.shfl_up(v[block.thread_rank()], 1);
}

// N4. float4 (16 bytes).
__global__ void broadcast_colour(float4 *c) {
  cg::thread_block block = cg::this_thread_block();
  auto quad = cg::tiled_partition<4>(block);
  c[block.thread_rank()] = quad.shfl(c[block.thread_rank()], 0);
}

// N5. Exactly 32 bytes.
struct Moments { double mean, m2, m3, m4; };
__global__ void merge_moments(Moments *m) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  m[block.thread_rank()] = warp.shfl_down(m[block.thread_rank()], 1);
}

// N6. A defaulted copy constructor keeps the type trivially copyable.
struct Span {
  float lo, hi;
  Span() = default;
  Span(const Span &) = default;
};
__global__ void widen(Span *s) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  s[block.thread_rank()] = warp.shfl_xor(s[block.thread_rank()], 1);
}

// N7. A user-provided default constructor does not matter to copying.
struct MinMax {
  float lo, hi;
  __device__ MinMax() : lo(1e30f), hi(-1e30f) {}
};
__global__ void range(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  MinMax r;
  r.lo = r.hi = out[block.thread_rank()];
  MinMax o = warp.shfl_xor(r, 1);
  out[block.thread_rank()] = o.hi - o.lo;
}

// N8. A coalesced group shuffling 64-bit keys.
__global__ void active_keys(unsigned long long *keys, const int *active) {
  if (active[threadIdx.x]) {
    cg::coalesced_group group = cg::coalesced_threads();
    keys[threadIdx.x] = group.shfl(keys[threadIdx.x], 0);
  }
}

// N9. The generic broadcast helper with good types only.
template <typename T>
__device__ T from_lane_zero(const cg::thread_block_tile<32> &warp, T value) {
  return warp.shfl(value, 0);
}
__global__ void broadcast_small(float *f, double2 *d) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  f[block.thread_rank()] = from_lane_zero(warp, f[block.thread_rank()]);
  d[block.thread_rank()] = from_lane_zero(warp, d[block.thread_rank()]);
}

// N10. The warp intrinsic is not this rule's.
__global__ void intrinsic_sum(float *v) {
  float x = v[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    x += __shfl_down_sync(0xffffffffu, x, offset);
  v[threadIdx.x] = x;
}

// N11. Pointers.
__global__ void leader_pointer(float **p) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  p[block.thread_rank()] = warp.shfl(p[block.thread_rank()], 0);
}

// N12. A user class with a member called shfl is not a group.
struct Mailbox {
  Particle slot;
  __device__ Particle shfl(const Particle &p, int) { slot = p; return slot; }
};
__global__ void mailbox(Particle *ps) {
  Mailbox box;
  ps[threadIdx.x] = box.shfl(ps[threadIdx.x], 0);
}

// N13. Members of a big struct shuffled one by one.
__global__ void neighbour_positions(Particle *ps) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  Particle p = ps[block.thread_rank()];
  p.pos = warp.shfl_down(p.pos, 1);
  p.mass = warp.shfl_down(p.mass, 1);
  ps[block.thread_rank()] = p;
}
