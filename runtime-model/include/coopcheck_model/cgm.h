// The cooperative-groups model functions. Every run-time operation of the model cooperative_groups
// headers calls exactly one of these; they are declared only. The symbolic executor recognises them
// by name in the device IR and implements their semantics; README.md describes each one.
//
// Groups are passed as plain values:
//   kind       one of cooperative_groups::details::*_group_id (grid 3, block 4, tile 5, ...)
//   tile_size  the size requested for a tile (static or dynamic tiled partition), 0 otherwise
//   mask       the lanes of the calling thread's warp that belong to the group: for coalesced
//              groups and tiles of at most a warp, as returned when the group was created; 0 for
//              multi-warp tiles and for blocks, grids, clusters and multi-grids
// Ranks of tiles and coalesced groups are ranks within the group, not lanes.
#ifndef __COOPCHECK_MODEL_CGM_H
#define __COOPCHECK_MODEL_CGM_H

// What the creation of a tile or coalesced group yields for the calling thread.
struct __cgm_group_info {
  unsigned long long mask;  // the group's lanes in the warp (0 for a multi-warp tile)
  unsigned int meta_rank;   // the group's rank among the groups made by the same partition
  unsigned int meta_size;   // the number of groups made by that partition
};

// Combines two values of a reduction or scan: *acc = op(*acc, *rhs), for the operator object at
// op. The headers instantiate one per value and operator type, so the executor can call it.
typedef void (*__cgm_combine_fn)(void *op, void *acc, const void *rhs);

extern "C" {
// ---- Creation ----
__device__ void __cgm_this_grid(void);
__device__ void __cgm_this_thread_block(void);
__device__ void __cgm_this_cluster(void);
__device__ void __cgm_this_multi_grid(void);
__device__ struct __cgm_group_info __cgm_this_thread(void);
__device__ struct __cgm_group_info __cgm_coalesced_threads(void);
__device__ struct __cgm_group_info __cgm_tiled_partition(unsigned int parent_kind,
                                                         unsigned int parent_tile_size,
                                                         unsigned long long parent_mask,
                                                         unsigned int tile_size);
__device__ struct __cgm_group_info __cgm_binary_partition(unsigned int parent_kind,
                                                          unsigned int parent_tile_size,
                                                          unsigned long long parent_mask, int pred);
__device__ struct __cgm_group_info __cgm_labeled_partition(unsigned int parent_kind,
                                                           unsigned int parent_tile_size,
                                                           unsigned long long parent_mask,
                                                           unsigned long long label);

// ---- Any group, by descriptor (thread_group, memcpy_async, wait) ----
__device__ void __cgm_group_sync(unsigned int kind, unsigned int tile_size, unsigned long long mask);
__device__ unsigned long long __cgm_group_thread_rank(unsigned int kind, unsigned int tile_size,
                                                      unsigned long long mask);
__device__ unsigned long long __cgm_group_num_threads(unsigned int kind, unsigned int tile_size,
                                                      unsigned long long mask);
__device__ int __cgm_group_is_valid(unsigned int kind, unsigned int tile_size,
                                    unsigned long long mask);
__device__ void __cgm_group_memcpy_async(unsigned int kind, unsigned int tile_size,
                                         unsigned long long mask, void *dst, const void *src,
                                         unsigned long long bytes);
__device__ void __cgm_group_wait(unsigned int kind, unsigned int tile_size, unsigned long long mask);
__device__ void __cgm_group_wait_prior(unsigned int kind, unsigned int tile_size,
                                       unsigned long long mask, unsigned int stages);

// ---- Grid ----
__device__ void __cgm_grid_sync(void);
__device__ int __cgm_grid_is_valid(void);
__device__ unsigned int __cgm_grid_barrier_arrive(void);
__device__ void __cgm_grid_barrier_wait(unsigned int token);
__device__ unsigned long long __cgm_grid_thread_rank(void);
__device__ unsigned long long __cgm_grid_num_threads(void);
__device__ unsigned long long __cgm_grid_block_rank(void);
__device__ unsigned long long __cgm_grid_num_blocks(void);
__device__ unsigned long long __cgm_grid_cluster_rank(void);
__device__ unsigned long long __cgm_grid_num_clusters(void);
__device__ uint3 __cgm_grid_thread_index(void);
__device__ uint3 __cgm_grid_dim_threads(void);
__device__ uint3 __cgm_grid_block_index(void);
__device__ uint3 __cgm_grid_dim_blocks(void);
__device__ uint3 __cgm_grid_cluster_index(void);
__device__ uint3 __cgm_grid_dim_clusters(void);

// ---- Multi-grid ----
__device__ void __cgm_multi_grid_sync(void);
__device__ int __cgm_multi_grid_is_valid(void);
__device__ unsigned long long __cgm_multi_grid_thread_rank(void);
__device__ unsigned long long __cgm_multi_grid_num_threads(void);
__device__ unsigned int __cgm_multi_grid_grid_rank(void);
__device__ unsigned int __cgm_multi_grid_num_grids(void);

// ---- Thread block ----
__device__ void __cgm_block_sync(void);
__device__ void __cgm_block_barrier_arrive(void);
__device__ void __cgm_block_barrier_wait(void);
__device__ unsigned int __cgm_block_thread_rank(void);
__device__ unsigned int __cgm_block_num_threads(void);
__device__ uint3 __cgm_block_group_index(void);
__device__ uint3 __cgm_block_thread_index(void);
__device__ uint3 __cgm_block_dim_threads(void);

// ---- Cluster ----
__device__ void __cgm_cluster_sync(void);
__device__ void __cgm_cluster_barrier_arrive(void);
__device__ void __cgm_cluster_barrier_wait(void);
__device__ unsigned int __cgm_cluster_thread_rank(void);
__device__ unsigned int __cgm_cluster_num_threads(void);
__device__ unsigned int __cgm_cluster_block_rank(void);
__device__ unsigned int __cgm_cluster_num_blocks(void);
__device__ uint3 __cgm_cluster_block_index(void);
__device__ uint3 __cgm_cluster_thread_index(void);
__device__ uint3 __cgm_cluster_dim_blocks(void);
__device__ uint3 __cgm_cluster_dim_threads(void);
__device__ unsigned int __cgm_cluster_query_shared_rank(const void *addr);
__device__ void *__cgm_cluster_map_shared_rank(void *addr, unsigned int rank);

// ---- Tiles (thread_block_tile<N>; this_thread() is a tile of 1) ----
// Values travel as 32- or 64-bit words; wider types are shuffled word by word. Ballots and matches
// return masks of tile ranks (bit r = the member of rank r).
__device__ void __cgm_tile_sync(unsigned int tile_size, unsigned long long mask);
__device__ unsigned int __cgm_tile_thread_rank(unsigned int tile_size, unsigned long long mask);
__device__ unsigned int __cgm_tile_shfl_u32(unsigned int tile_size, unsigned long long mask,
                                            unsigned int value, int src_rank);
__device__ unsigned long long __cgm_tile_shfl_u64(unsigned int tile_size, unsigned long long mask,
                                                  unsigned long long value, int src_rank);
__device__ unsigned int __cgm_tile_shfl_up_u32(unsigned int tile_size, unsigned long long mask,
                                               unsigned int value, unsigned int delta);
__device__ unsigned long long __cgm_tile_shfl_up_u64(unsigned int tile_size,
                                                     unsigned long long mask,
                                                     unsigned long long value, unsigned int delta);
__device__ unsigned int __cgm_tile_shfl_down_u32(unsigned int tile_size, unsigned long long mask,
                                                 unsigned int value, unsigned int delta);
__device__ unsigned long long __cgm_tile_shfl_down_u64(unsigned int tile_size,
                                                       unsigned long long mask,
                                                       unsigned long long value,
                                                       unsigned int delta);
__device__ unsigned int __cgm_tile_shfl_xor_u32(unsigned int tile_size, unsigned long long mask,
                                                unsigned int value, unsigned int lane_mask);
__device__ unsigned long long __cgm_tile_shfl_xor_u64(unsigned int tile_size,
                                                      unsigned long long mask,
                                                      unsigned long long value,
                                                      unsigned int lane_mask);
__device__ int __cgm_tile_any(unsigned int tile_size, unsigned long long mask, int pred);
__device__ int __cgm_tile_all(unsigned int tile_size, unsigned long long mask, int pred);
__device__ unsigned long long __cgm_tile_ballot(unsigned int tile_size, unsigned long long mask,
                                                int pred);
__device__ unsigned long long __cgm_tile_match_any_u32(unsigned int tile_size,
                                                       unsigned long long mask, unsigned int value);
__device__ unsigned long long __cgm_tile_match_any_u64(unsigned int tile_size,
                                                       unsigned long long mask,
                                                       unsigned long long value);
__device__ unsigned long long __cgm_tile_match_all_u32(unsigned int tile_size,
                                                       unsigned long long mask, unsigned int value,
                                                       int *pred);
__device__ unsigned long long __cgm_tile_match_all_u64(unsigned int tile_size,
                                                       unsigned long long mask,
                                                       unsigned long long value, int *pred);
__device__ int __cgm_tile_elect(unsigned int tile_size, unsigned long long mask);
__device__ void __cgm_tile_reduce(unsigned int tile_size, unsigned long long mask, const void *in,
                                  void *out, unsigned long long bytes, void *op,
                                  __cgm_combine_fn combine);
__device__ void __cgm_tile_inclusive_scan(unsigned int tile_size, unsigned long long mask,
                                          const void *in, void *out, unsigned long long bytes,
                                          void *op, __cgm_combine_fn combine);
__device__ void __cgm_tile_exclusive_scan(unsigned int tile_size, unsigned long long mask,
                                          const void *in, void *out, unsigned long long bytes,
                                          void *op, __cgm_combine_fn combine);

// ---- Coalesced groups (coalesced_threads() and partitions of coalesced groups) ----
__device__ void __cgm_coalesced_sync(unsigned long long mask);
__device__ unsigned int __cgm_coalesced_thread_rank(unsigned long long mask);
__device__ unsigned int __cgm_coalesced_num_threads(unsigned long long mask);
__device__ unsigned int __cgm_coalesced_shfl_u32(unsigned long long mask, unsigned int value,
                                                 int src_rank);
__device__ unsigned long long __cgm_coalesced_shfl_u64(unsigned long long mask,
                                                       unsigned long long value, int src_rank);
__device__ unsigned int __cgm_coalesced_shfl_up_u32(unsigned long long mask, unsigned int value,
                                                    unsigned int delta);
__device__ unsigned long long __cgm_coalesced_shfl_up_u64(unsigned long long mask,
                                                          unsigned long long value,
                                                          unsigned int delta);
__device__ unsigned int __cgm_coalesced_shfl_down_u32(unsigned long long mask, unsigned int value,
                                                      unsigned int delta);
__device__ unsigned long long __cgm_coalesced_shfl_down_u64(unsigned long long mask,
                                                            unsigned long long value,
                                                            unsigned int delta);
__device__ int __cgm_coalesced_any(unsigned long long mask, int pred);
__device__ int __cgm_coalesced_all(unsigned long long mask, int pred);
__device__ unsigned long long __cgm_coalesced_ballot(unsigned long long mask, int pred);
__device__ unsigned long long __cgm_coalesced_match_any_u32(unsigned long long mask,
                                                            unsigned int value);
__device__ unsigned long long __cgm_coalesced_match_any_u64(unsigned long long mask,
                                                            unsigned long long value);
__device__ unsigned long long __cgm_coalesced_match_all_u32(unsigned long long mask,
                                                            unsigned int value, int *pred);
__device__ unsigned long long __cgm_coalesced_match_all_u64(unsigned long long mask,
                                                            unsigned long long value, int *pred);
__device__ int __cgm_coalesced_elect(unsigned long long mask);
__device__ void __cgm_coalesced_reduce(unsigned long long mask, const void *in, void *out,
                                       unsigned long long bytes, void *op,
                                       __cgm_combine_fn combine);
__device__ void __cgm_coalesced_inclusive_scan(unsigned long long mask, const void *in, void *out,
                                               unsigned long long bytes, void *op,
                                               __cgm_combine_fn combine);
__device__ void __cgm_coalesced_exclusive_scan(unsigned long long mask, const void *in, void *out,
                                               unsigned long long bytes, void *op,
                                               __cgm_combine_fn combine);
} // extern "C"

#endif // __COOPCHECK_MODEL_CGM_H
