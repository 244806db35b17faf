// Hermetic model of <cooperative_groups.h>: the cooperative-groups types, partitions and
// collectives, each operation lowered to one model function (coopcheck_model/cgm.h, README.md).
// reduce, scan and memcpy_async come with the cooperative_groups/ headers, as in the toolkit.
#ifndef __COOPCHECK_MODEL_COOPERATIVE_GROUPS_H
#define __COOPCHECK_MODEL_COOPERATIVE_GROUPS_H

// A source parsed without a forced platform header is a CUDA source.
#ifndef __COOPCHECK_WARP_SIZE
#include "cuda_runtime.h"
#endif

#include "coopcheck_model/cg_core.h"

#endif // __COOPCHECK_MODEL_COOPERATIVE_GROUPS_H
