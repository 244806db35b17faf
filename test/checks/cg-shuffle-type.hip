// cg-shuffle-type on HIP: the same limits as on CUDA, on 64-lane wavefronts.
//
// Positives: 3 findings (1 with a note). Negatives: 3 kernels, no diagnostic.
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

struct Ray { float3 origin, direction; float tmin, tmax, time; };   // 36 bytes
struct Histogram { unsigned bins[16]; };                            // 64 bytes

// Reference-counted handle: copying must go through its constructor.
struct Handle {
  int *refs;
  __device__ Handle(const Handle &o) : refs(o.refs) { ++*refs; } // expected-note {{'Handle' is not trivially copyable because of this user-provided copy constructor}}
  __device__ explicit Handle(int *r) : refs(r) {}
};

// P1. A 36-byte ray broadcast across the wavefront.
__global__ void broadcast_ray(Ray *rays) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  rays[block.thread_rank()] = wave.shfl(rays[block.thread_rank()], 0); // expected-error {{wave.shfl() of 'Ray', which has 36 bytes}}
}

// P2. A 64-byte histogram.
__global__ void merge_histograms(Histogram *h) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  h[block.thread_rank()] = wave.shfl_xor(h[block.thread_rank()], 32); // expected-error {{wave.shfl_xor() of 'Histogram', which has 64 bytes}}
}

// P3. A handle with a user-provided copy constructor.
__global__ void share_handle(int *counts) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  Handle mine(counts + block.thread_rank());
  Handle lead = wave.shfl(mine, 0); // expected-error {{wave.shfl() of 'Handle', which is not trivially copyable}}
  counts[block.thread_rank()] = *lead.refs;
}

// N1. The float wavefront reduction.
__global__ void wave_sum(float *v) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  float x = v[block.thread_rank()];
  for (int offset = 32; offset > 0; offset /= 2)
    x += wave.shfl_down(x, offset);
  v[block.thread_rank()] = x;
}

// N2. double2 (16 bytes).
__global__ void shift_pairs(double2 *v) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  v[block.thread_rank()] = wave.shfl_up(v[block.thread_rank()], 1);
}

// N3. A coalesced group shuffling int4 (16 bytes).
__global__ void active_quads(int4 *v, const int *active) {
  if (active[threadIdx.x]) {
    cg::coalesced_group group = cg::coalesced_threads();
    v[threadIdx.x] = group.shfl(v[threadIdx.x], 0);
  }
}
