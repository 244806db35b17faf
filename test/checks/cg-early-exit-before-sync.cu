// cg-early-exit-before-sync: positives and negatives (default mode: block barriers not reported).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// --- positives --------------------------------------------------------------------------------

__global__ void bounds_return_then_grid_sync(float *m, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{return from the kernel here (condition 'i >= n')}}
  m[i] *= 2.0f;
  grid.sync(); // expected-error {{threads that left the kernel early never arrive at grid.sync(); a grid barrier is not released by exited threads}}
  m[i] += m[0];
}

__global__ void two_dimensional_bounds(float *m, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n) return; // expected-note {{(condition 'i >= n || j >= n')}}
  m[j * n + i] = 0.0f;
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
}

// Uniform within a block, not within the grid: whole blocks leave, so the grid hangs.
__global__ void block_dependent_exit(int *data, int active_blocks) {
  auto grid = cg::this_grid();
  if (blockIdx.x >= active_blocks) return; // expected-note {{(condition 'blockIdx.x >= active_blocks')}}
  data[blockIdx.x] = 1;
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
}

// Thread 0 of one block leaves: the H100 hangs (gpu-probes P6).
__global__ void thread_zero_leaves(int *data) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0 && blockIdx.x == 1) return; // expected-note {{return from the kernel here}}
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
  data[threadIdx.x] = 1;
}

__device__ void publish_and_wait(cg::grid_group &grid, int *data) {
  data[grid.thread_rank()] = 1;
  grid.sync(); // expected-note {{grid.sync() is called here}}
}

// The barrier is inside a callee: reported at the call, with a note at the barrier.
__global__ void barrier_in_callee(int *data, int n) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() >= n) return; // expected-note {{return from the kernel here}}
  publish_and_wait(grid, data); // expected-error {{never arrive at grid.sync() (in 'publish_and_wait')}}
}

// A generic thread_group that holds the grid.
__device__ void sync_group(cg::thread_group g) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass grid_group}}
  g.sync(); // expected-note {{g.sync() is called here}}
}

__global__ void grid_through_thread_group(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (data[i] < 0) return; // expected-note {{(condition 'data[i] < 0')}}
  sync_group(cg::this_grid()); // expected-error {{never arrive at g.sync() (in 'sync_group')}}
}

// Leaving after the barrier, inside a loop: the next iteration's barrier misses those threads.
__global__ void exit_inside_persistent_loop(float *x, const int *done, int iterations) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  for (int it = 0; it < iterations; ++it) {
    x[i] += 1.0f;
    grid.sync(); // expected-error {{never arrive at grid.sync()}}
    if (done[i]) return; // expected-note {{return from the kernel here}}
  }
}

__global__ void trap_before_sync(int *data) {
  cg::grid_group grid = cg::this_grid();
  if (data[threadIdx.x] < 0) __trap(); // expected-note {{threads that take this branch end here}}
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
}

__global__ void ptx_exit_before_sync(int *data) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x >= 64) asm volatile("exit;"); // expected-note {{threads that take this branch end here}}
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
}

__global__ void multi_grid_exit(int *data, int n) {
  cg::multi_grid_group mg = cg::this_multi_grid(); // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group, deprecated since CUDA 11.3}}
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return; // expected-note {{return from the kernel here}}
  mg.sync(); // expected-error {{never arrive at mg.sync(); a multi-grid barrier is not released}} expected-note {{'mg.sync()' also uses multi_grid_group}}
}

// A 128-thread tile spans four warps: its barrier is a software barrier (gpu-probes P20).
__global__ void multi_warp_tile_exit(int *data, int n) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto tile = cg::tiled_partition<128>(block);
  if (threadIdx.x >= n) return; // expected-note {{return from the kernel here}}
  data[threadIdx.x] = 1;
  tile.sync(); // expected-error {{never arrive at tile.sync(); the barrier of a 128-thread tile is not released}}
}

// --- negatives ----------------------------------------------------------------------------------

// The exit depends only on a kernel parameter: every thread leaves or none does.
__global__ void uniform_parameter_exit(int *data, int n) {
  cg::grid_group grid = cg::this_grid();
  if (n == 0) return;
  data[grid.thread_rank()] = n;
  grid.sync();
}

__global__ void uniform_grid_dimension_exit(int *data) {
  cg::grid_group grid = cg::this_grid();
  if (gridDim.x < 2) return;
  grid.sync();
  data[0] = 1;
}

// Leaving after the last barrier is fine.
__global__ void exit_after_last_sync(float *m, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) m[i] = 1.0f;
  grid.sync();
  if (i >= n) return;
  m[i] += m[0];
}

// The guarded form keeps every thread alive up to the barrier.
__global__ void guarded_work(float *m, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool in_range = i < n;
  if (in_range) m[i] *= 2.0f;
  grid.sync();
  if (in_range) m[i] += m[0];
}

// Block barriers are not reported without --strict: exited threads stop counting on NVIDIA GPUs.
__global__ void block_barrier_after_exit(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}

// Warp-sized tiles synchronise with warp instructions: exits there belong to cg-warp-mask.
__global__ void warp_tile_after_exit(int *data, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (threadIdx.x >= n) return;
  tile.sync();
  data[threadIdx.x] = tile.thread_rank();
}

// An early return in a device function ends only that function, not the thread.
__device__ int clamp_load(const int *data, int i, int n) {
  if (i >= n) return 0;
  return data[i];
}

__global__ void return_in_callee_is_not_an_exit(int *out, const int *data, int n) {
  cg::grid_group grid = cg::this_grid();
  int v = clamp_load(data, blockIdx.x * blockDim.x + threadIdx.x, n);
  grid.sync();
  out[grid.thread_rank()] = v;
}

// this_grid() for ranks only: no barrier, nothing to miss.
__global__ void grid_rank_only(int *out, int n) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() >= n) return;
  out[grid.thread_rank()] = 1;
}
