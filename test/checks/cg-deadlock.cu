// cg-deadlock: deadlocks and mismatches that only the executor finds. The CLI runs this test with
// the executor; the plugin and coopcheck-clangd have none and skip it.
// coopcheck-executor
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Thread 0 waits for a flag that thread 32 sets only after the barrier thread 0 never reaches.
__global__ void flag_after_barrier(volatile int *flag, int *out) {
  if (threadIdx.x == 0)
    while (*flag == 0) { // expected-note {{block 0, thread 0 spin here on memory nobody writes}} expected-note {{block 1, thread 0 spin here on memory nobody writes}}
    }
  __syncthreads(); // expected-error {{[confirmed: hang] deadlock on 2 blocks of 64 threads: block 0, threads 1-63 wait at this collective forever}} expected-note {{block 1, threads 1-63 wait here forever}}
  if (threadIdx.x == 32)
    *flag = 1;
  out[threadIdx.x] = 1;
}

// The same handoff done right: the flag is set before the barrier.
__global__ void flag_before_barrier(volatile int *flag, int *out) {
  if (threadIdx.x == 32)
    *flag = 1;
  if (threadIdx.x == 0)
    while (*flag == 0) {
    }
  __syncthreads();
  out[threadIdx.x] = 1;
}

// Block 0 waits for a flag that block 1 sets only after the grid barrier.
__global__ void flag_after_grid_sync(volatile int *flag, int *out) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0)
    while (*flag == 0) { // expected-note {{block 0, thread 0 spin here on memory nobody writes}}
    }
  grid.sync(); // expected-error {{[confirmed: hang] deadlock on 2 blocks of 64 threads: block 0, threads 1-63 wait at this collective forever}} expected-note {{block 1, threads 0-63 wait here forever}}
  if (blockIdx.x == 1 && threadIdx.x == 0)
    *flag = 1;
  out[grid.thread_rank()] = 1;
}

// Suppressed like any clang-tidy finding.
__global__ void suppressed(volatile int *flag, int *out) {
  if (threadIdx.x == 0)
    while (*flag == 0) {
    }
  __syncthreads(); // NOLINT(cg-deadlock)
  if (threadIdx.x == 32)
    *flag = 1;
  out[threadIdx.x] = 1;
}

// A static rule explains this hang (cg-divergent-collective, confirmed: with threads taking turns
// from the highest id, the last thread takes the first ticket): no cg-deadlock on top. An H200
// gave ticket 0 to thread 0 in 6 runs of 6; the order of atomics between threads is unspecified.
__global__ void first_ticket_syncs_alone(int *out) {
  __shared__ int ticket;
  if (threadIdx.x == 0)
    ticket = 0;
  __syncthreads();
  int mine = atomicAdd(&ticket, 1);
  if (mine == 0 && threadIdx.x == blockDim.x - 1) // expected-note {{this condition differs between threads of the grid}}
    cg::this_grid().sync(); // expected-error {{[confirmed: hang] cg::this_grid().sync() is reached only by threads for which 'mine == 0 && threadIdx.x == blockDim.x - 1' holds; every thread of the grid must call it}}
  out[threadIdx.x] = mine;
}
