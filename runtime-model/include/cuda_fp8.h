// Model of <cuda_fp8.h>: __nv_fp8_e4m3 and __nv_fp8_e5m2 with their x2/x4 vectors, storage
// types and conversions. Declaration-level (README.md): enough for kernels that load, convert and
// store FP8 data to parse; their arithmetic goes through float as the toolkit's does.
#ifndef __COOPCHECK_MODEL_CUDA_FP8_H
#define __COOPCHECK_MODEL_CUDA_FP8_H

#include "cuda_bf16.h"

#define __CUDA_FP8_TYPES_EXIST__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

#define __CCM_FP8_PASTE(a, b) a##b
#define __CCM_FP8(kind) __CCM_FP8_PASTE(__nv_fp8_, kind)
#define __CCM_FP8X2(kind) __CCM_FP8_PASTE(__nv_fp8x2_, kind)
#define __CCM_FP8X4(kind) __CCM_FP8_PASTE(__nv_fp8x4_, kind)
#define __CCM_FP8_FN(name) __CCM_FP8_PASTE(__nv_, name)
#define __CCM_FP8_STORAGE __nv_fp8_storage_t
#define __CCM_FP8_STORAGEX2 __nv_fp8x2_storage_t
#define __CCM_FP8_STORAGEX4 __nv_fp8x4_storage_t
#define __CCM_FP8_SAT __nv_saturation_t
#define __CCM_FP8_INTERP __nv_fp8_interpretation_t
#define __CCM_FP8_BFLOAT16 __nv_bfloat16
#define __CCM_FP8_BFLOAT162 __nv_bfloat162
#define __CCM_FP8_EXPLICIT explicit
#include "coopcheck_model/fp8_api.inc"
#define __CCM_FP8_KIND e4m3
#include "coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#define __CCM_FP8_KIND e5m2
#include "coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#include "coopcheck_model/fp8_end.inc"

#endif // __COOPCHECK_MODEL_CUDA_FP8_H
