// Model of <cuda_fp8.h>: __nv_fp8_e4m3, __nv_fp8_e5m2 and __nv_fp8_e8m0 with their x2/x4 vectors,
// storage types and conversions. Declaration-level (README.md): enough for kernels that load,
// convert and store FP8 data to parse; their arithmetic goes through float as the toolkit's does.
#ifndef __COOPCHECK_MODEL_CUDA_FP8_H
#define __COOPCHECK_MODEL_CUDA_FP8_H

#include "cuda_bf16.h"
#include "device_types.h"

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
// CUDA 12.8's scale factors (powers of two): the same layout and conversions, all explicit as on
// the other kinds, and their own conversion functions with a rounding mode.
#define __CCM_FP8_KIND e8m0
#include "coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp8x2_storage_t
__nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                                const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x,
                                                              const __nv_saturation_t saturate,
                                                              const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(
    const float2 x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x,
                                                               const __nv_saturation_t saturate,
                                                               const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(
    const double2 x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding);
__host__ __device__ __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x);
__host__ __device__ __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x);
#include "coopcheck_model/fp8_end.inc"

#endif // __COOPCHECK_MODEL_CUDA_FP8_H
