// HIP's <hip/hip_bf16.h>: __hip_bfloat16 and __hip_bfloat162 with the same functions as CUDA's
// cuda_bf16.h (__float2bfloat16, __hadd, ...), whose model serves both platforms.
#ifndef __COOPCHECK_MODEL_HIP_BF16_H
#define __COOPCHECK_MODEL_HIP_BF16_H
#include "hip_runtime.h"
#include "../cuda_bf16.h"
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16_raw __hip_bfloat16_raw;
typedef __nv_bfloat162_raw __hip_bfloat162_raw;
#endif // __COOPCHECK_MODEL_HIP_BF16_H
