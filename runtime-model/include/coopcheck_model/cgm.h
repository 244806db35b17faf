// The cooperative-groups model functions. Every run-time operation of the model cooperative_groups
// headers calls exactly one of these; they are declared only, here, from the rows of
// cgm_functions.def. The symbolic executor recognises them by name in the device IR and implements
// their semantics (the handler each row names); README.md describes each one.
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
// One row each in cgm_functions.def, with the executor's implementation: `CGM_FUNCTION(void,
// __cgm_grid_sync, (void), gridSync)` declares `__device__ void __cgm_grid_sync(void);`.
#define CGM_FUNCTION(Ret, Name, Params, Handler) __device__ Ret Name Params;
#define CGM_DEVICE_BUILTIN(Match, Name, Handler)
#include "cgm_functions.def"
} // extern "C"

#endif // __COOPCHECK_MODEL_CGM_H
