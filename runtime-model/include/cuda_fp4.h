// Model of <cuda_fp4.h> (CUDA 12.8): __nv_fp4_e2m1 with its x2/x4 vectors, storage types and
// conversions. Declaration-level (README.md), as cuda_fp8.h: enough for kernels that pack,
// convert and store FP4 data to parse. Two values share a byte: the x2 vector is one byte.
#ifndef __COOPCHECK_MODEL_CUDA_FP4_H
#define __COOPCHECK_MODEL_CUDA_FP4_H

#include "cuda_bf16.h"
#include "device_types.h"

#define __CUDA_FP4_TYPES_EXIST__

typedef unsigned char __nv_fp4_storage_t;
typedef unsigned char __nv_fp4x2_storage_t;
typedef unsigned short int __nv_fp4x4_storage_t;
typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

#define __CCM_FP8_PASTE(a, b) a##b
#define __CCM_FP8(kind) __CCM_FP8_PASTE(__nv_fp4_, kind)
#define __CCM_FP8X2(kind) __CCM_FP8_PASTE(__nv_fp4x2_, kind)
#define __CCM_FP8X4(kind) __CCM_FP8_PASTE(__nv_fp4x4_, kind)
#define __CCM_FP8_STORAGE __nv_fp4_storage_t
#define __CCM_FP8_STORAGEX2 __nv_fp4x2_storage_t
#define __CCM_FP8_STORAGEX4 __nv_fp4x4_storage_t
#define __CCM_FP8_BFLOAT16 __nv_bfloat16
#define __CCM_FP8_BFLOAT162 __nv_bfloat162
#define __CCM_FP8_EXPLICIT explicit
#define __CCM_FP8_KIND e2m1
#include "coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND

// The conversions take a rounding mode and saturate always (cuda_fp4.h has no __nv_saturation_t
// argument).
__host__ __device__ __nv_fp4_storage_t __nv_cvt_double_to_fp4(
    const double x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(
    const double2 x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4_storage_t __nv_cvt_float_to_fp4(
    const float x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(
    const float2 x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(
    const __half_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(
    const __half2_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(
    const __nv_bfloat16_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(
    const __nv_bfloat162_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
    const enum cudaRoundMode rounding);
__host__ __device__ __half_raw __nv_cvt_fp4_to_halfraw(
    const __nv_fp4_storage_t x, const __nv_fp4_interpretation_t fp4_interpretation);
__host__ __device__ __half2_raw __nv_cvt_fp4x2_to_halfraw2(
    const __nv_fp4x2_storage_t x, const __nv_fp4_interpretation_t fp4_interpretation);
#include "coopcheck_model/fp8_end.inc"

#endif // __COOPCHECK_MODEL_CUDA_FP4_H
