// Hermetic model of MXMACA's cooperative groups: the CUDA API on 64-lane warps (tiles of up to 64
// threads are single-warp tiles, ballots and matches return 64-bit masks), with reduce, scan and
// memcpy_async included.
#ifndef __COOPCHECK_MODEL_MACA_COOPERATIVE_GROUPS_H
#define __COOPCHECK_MODEL_MACA_COOPERATIVE_GROUPS_H

#include "mc_runtime.h"
#include "cooperative_groups.h"
#include "cooperative_groups/memcpy_async.h"
#include "cooperative_groups/reduce.h"
#include "cooperative_groups/scan.h"

#endif // __COOPCHECK_MODEL_MACA_COOPERATIVE_GROUPS_H
