// cg-divergent-collective and implicit-group handles made at more than one site (issue 29, a
// communication library's Lamport flags): a handle is made, not waited on, so a thread that
// creates it on one arm of a branch and a thread that creates it on the other have both created
// it. The warning is for threads that leave a function without ever creating it.
// Positives: a helper called on one arm only, while the other arm returns; a helper that itself
// creates the handle only under a per-thread condition, called on both arms; a cluster handle
// on one arm with a grid handle on the other.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- helpers ----------------------------------------------------------------------------------

// Arrives at the cluster's split barrier; the leading block's first warp waits and counts.
__device__ void arrive_in_cluster(int *counter) {
  cg::cluster_group cluster = cg::this_cluster();
  if (cluster.block_rank() == 0 && threadIdx.x == 0)
    atomicAdd(counter, 1);
}

// Creates the cluster handle only for the lanes of the first half of a warp.
__device__ void arrive_from_low_lanes(int *counter) {
  if ((threadIdx.x & 31) < 16) { // expected-note {{this condition differs between threads of the cluster}}
    cg::cluster_group cluster = cg::this_cluster(); // expected-warning {{cg::this_cluster() is reached only by threads for which '(threadIdx.x & 31) < 16' holds}}
    if (cluster.block_rank() == 0)
      atomicAdd(counter, 1);
  }
}

__device__ void note_grid_rank(unsigned long long *ranks) {
  cg::grid_group grid = cg::this_grid();
  ranks[blockIdx.x] = grid.block_rank();
}

// ---- negatives --------------------------------------------------------------------------------

// N1. Threads past the row arrive and leave; the others store their element and arrive after.
__global__ void __cluster_dims__(2, 1, 1) arrive_on_both_arms(float *out, const float *in,
                                                             int width, int *counter) {
  int column = threadIdx.x;
  if (column >= width) {
    arrive_in_cluster(counter);
    return;
  }
  out[blockIdx.x * width + column] = in[blockIdx.x * width + column];
  arrive_in_cluster(counter);
}

// N2. Every thread made the handle on entry; a second one under a per-thread condition adds none
// that is missing.
__global__ void __cluster_dims__(2, 1, 1) handle_on_entry_and_again(float *out, int *counter) {
  cg::cluster_group cluster = cg::this_cluster();
  out[blockIdx.x * blockDim.x + threadIdx.x] = static_cast<float>(cluster.thread_rank());
  if (threadIdx.x % 3 == 0)
    arrive_in_cluster(counter);
}

// N3. A helper whose two arms each create the handle counts as creating it on every path for its
// caller, which calls it under no condition.
__device__ void arrive_either_way(float *out, int *counter) {
  if (threadIdx.x & 1) {
    cg::cluster_group cluster = cg::this_cluster();
    out[threadIdx.x] = static_cast<float>(cluster.block_rank());
  } else {
    arrive_in_cluster(counter);
  }
}
__global__ void __cluster_dims__(2, 1, 1) calls_helper_that_always_arrives(float *out,
                                                                          int *counter) {
  arrive_either_way(out, counter);
}

// ---- positives --------------------------------------------------------------------------------

// P1. Only threads inside the row arrive; the others go on without creating the handle.
__global__ void __cluster_dims__(2, 1, 1) arrive_on_one_arm(float *out, const float *in,
                                                           int width, int *counter) {
  int column = threadIdx.x;
  if (column < width) { // expected-note {{this condition differs between threads of the cluster}}
    out[blockIdx.x * width + column] = in[blockIdx.x * width + column];
    arrive_in_cluster(counter); // expected-warning {{cg::this_cluster() (in 'arrive_in_cluster') is reached only by threads for which 'column < width' holds; creating a cluster handle is collective: every thread of the cluster should create it}}
    // expected-note@15 {{cg::this_cluster() is called here}}
  }
  out[gridDim.x * width + threadIdx.x] = 0.0f;
}

// P2. Both arms call a helper that skips the handle for half of each warp.
__global__ void __cluster_dims__(2, 1, 1) both_arms_half_the_lanes(float *out, int width,
                                                                  int *counter) {
  if (static_cast<int>(threadIdx.x) >= width) {
    arrive_from_low_lanes(counter);
    return;
  }
  out[blockIdx.x * width + threadIdx.x] = 1.0f;
  arrive_from_low_lanes(counter);
}

// P3. A cluster handle on one arm and a grid handle on the other: the threads of the second arm
// make no cluster handle.
__global__ void __cluster_dims__(2, 1, 1) different_groups_on_each_arm(unsigned long long *ranks,
                                                                      int *counter) {
  if (threadIdx.x < 32) // expected-note {{this condition differs between threads of the cluster}}
    arrive_in_cluster(counter); // expected-warning {{cg::this_cluster() (in 'arrive_in_cluster') is reached only by threads for which 'threadIdx.x < 32' holds}}
  else
    note_grid_rank(ranks); // expected-warning {{cg::this_grid() (in 'note_grid_rank') is reached only by threads for which 'threadIdx.x < 32' does not hold}}
  // expected-note@-4 {{this condition differs between threads of the grid}}
  // expected-note@15 {{cg::this_cluster() is called here}}
  // expected-note@30 {{cg::this_grid() is called here}}
}
