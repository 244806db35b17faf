// cg-warp-mask and the results of warp operations: a vote, a reduction or a broadcast whose mask is
// the whole warp gives every lane the same value (the operations table's result column), so a loop
// or branch on it is the warp's, and the full-mask operations inside it are reached by every lane.
//
// Negatives: the set bits of a ballot walked by the warp, a loop on __any_sync, a bound from
// __reduce_max_sync, a count accumulated from __popc of ballots, a value broadcast from lane 0.
// A tile of the whole warp syncing under __any_sync is no divergent collective either.
// Positives: a branch on a match (its result differs between lanes holding different keys), on a
// shuffle from each lane's neighbour (no broadcast), and a block barrier under __any_sync (warps
// differ).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Every lane of the warp walks the set bits of one ballot: the loop is the warp's, not a lane's.
__global__ void each_set_bit_of_a_ballot(const int *flags, float *values) {
  float v = values[threadIdx.x];
  for (unsigned todo = __ballot_sync(0xffffffffu, flags[threadIdx.x] > 0); todo; todo &= todo - 1) {
    int leader = __ffs(todo) - 1;
    v += __shfl_sync(0xffffffffu, v, leader);
  }
  values[threadIdx.x] = v;
}

// A loop that runs while any lane of the warp still has work: its trips are the warp's.
__global__ void while_any_lane_has_work(int *work) {
  int mine = work[threadIdx.x];
  while (__any_sync(0xffffffffu, mine > 0)) {
    mine -= 1;
    int total = __reduce_add_sync(0xffffffffu, mine > 0 ? 1 : 0);
    if (total == 0)
      break;
  }
  work[threadIdx.x] = mine;
}

// A bound every lane agrees on, from a warp reduction.
__global__ void rounds_from_a_warp_maximum(const unsigned *lengths, float *out) {
  unsigned rounds = __reduce_max_sync(0xffffffffu, lengths[threadIdx.x]);
  float acc = 0.0f;
  for (unsigned r = 0; r < rounds; ++r)
    acc += __shfl_xor_sync(0xffffffffu, acc + r, 1);
  out[threadIdx.x] = acc;
}

// A count of flagged elements accumulated over the warp's strides, the same in every lane.
__global__ void count_from_popc_of_ballots(const int *data, int n, int *out) {
  int found = 0;
  for (int base = 0; found < 64 && base < n; base += 32) {
    int i = base + threadIdx.x % 32;
    found += __popc(__ballot_sync(0xffffffffu, i < n && data[i] != 0));
  }
  out[threadIdx.x] = found;
}

// A value broadcast from lane 0 decides for the whole warp.
__global__ void broadcast_decides(const int *counts, int *out) {
  int n = counts[threadIdx.x];
  n = __shfl_sync(0xffffffffu, n, 0);
  if (n > 0)
    out[threadIdx.x] = __reduce_add_sync(0xffffffffu, n);
}

// Positive: a match names the lanes that hold the same key; the result differs between lanes.
__global__ void match_decides(const int *keys, int *out) {
  unsigned peers = __match_any_sync(0xffffffffu, keys[threadIdx.x]);
  if (peers == 0xffffffffu) // expected-note {{this condition differs between lanes of a warp}}
    out[threadIdx.x] = __shfl_sync(0xffffffffu, out[threadIdx.x], 0); // expected-error {{the mask 0xffffffff names lanes that may not reach this call: a condition that differs between lanes decides it, and __shfl_sync waits for every lane of the mask}}
}

// Positive: a shuffle from each lane's own neighbour is no broadcast.
__global__ void neighbour_decides(const int *counts, int *out) {
  int n = __shfl_down_sync(0xffffffffu, counts[threadIdx.x], 1);
  if (n > 0) // expected-note {{this condition differs between lanes of a warp}}
    out[threadIdx.x] = __reduce_add_sync(0xffffffffu, n); // expected-error {{the mask 0xffffffff names lanes that may not reach this call: a condition that differs between lanes decides it, and __reduce_add_sync waits for every lane of the mask}}
}

// A tile of the whole warp syncs when any of its lanes failed: every lane of the tile agrees.
__global__ void tile_syncs_when_any_lane_failed(const int *status, int *out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (__any_sync(0xffffffffu, status[threadIdx.x] != 0)) {
    out[threadIdx.x] = 1;
    warp.sync();
  }
}

// Positive: the warps of a block may disagree, so a block barrier under the vote is divergent.
__global__ void block_syncs_when_any_lane_failed(const int *status, int *out) {
  if (__any_sync(0xffffffffu, status[threadIdx.x] != 0)) { // expected-note {{this condition differs between threads of the block}}
    out[threadIdx.x] = 1;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which '__any_sync(0xffffffffu, status[threadIdx.x] != 0)' holds; every thread of the block must call it}}
  }
}
