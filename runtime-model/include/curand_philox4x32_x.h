// Model of <curand_philox4x32_x.h>: cuRAND's Philox4x32-10 generator. The state and the functions
// that draw from it are declared with the rest of the device API (curand_kernel.h, which the
// toolkit's header belongs to); here are the bare round function and its constants, which code
// that counts its own streams calls directly.
#ifndef __COOPCHECK_MODEL_CURAND_PHILOX4X32_X_H
#define __COOPCHECK_MODEL_CURAND_PHILOX4X32_X_H

#include "curand_kernel.h"

#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

/// Ten rounds of Philox4x32 over the counter c with the key k.
QUALIFIERS uint4 curand_Philox4x32_10(uint4 c, uint2 k);

#endif
