// Hermetic model of HIP's cooperative groups: the CUDA API (with HIP's extra spellings cg_type(),
// is_valid()) on 64-lane wavefronts: ballots and matches return 64-bit masks.
#ifndef __COOPCHECK_MODEL_HIP_COOPERATIVE_GROUPS_H
#define __COOPCHECK_MODEL_HIP_COOPERATIVE_GROUPS_H

#include "hip_runtime.h"
#include "../cooperative_groups.h"
#include "../cooperative_groups/memcpy_async.h"
#include "../cooperative_groups/reduce.h"
#include "../cooperative_groups/scan.h"

#endif // __COOPCHECK_MODEL_HIP_COOPERATIVE_GROUPS_H
