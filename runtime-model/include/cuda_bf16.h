// Model of <cuda_bf16.h>: __nv_bfloat16, __nv_bfloat162 and their raw forms, conversions,
// arithmetic, comparison and math functions, operators, warp shuffles and atomicAdd.
// Declaration-level (README.md), generated from the same list as cuda_fp16.h, which it includes
// as the toolkit's does.
#ifndef __COOPCHECK_MODEL_CUDA_BF16_H
#define __COOPCHECK_MODEL_CUDA_BF16_H

#include "cuda_fp16.h"

#define __CUDA_BF16_DECL__ static __device__ __inline__
#define __CUDA_HOSTDEVICE_BF16_DECL__ static __host__ __device__ __inline__
#define __CUDA_BF16_TYPES_EXIST__

#define __CCM_HALF __nv_bfloat16
#define __CCM_HALF2 __nv_bfloat162
#define __CCM_HALF_RAW __nv_bfloat16_raw
#define __CCM_HALF2_RAW __nv_bfloat162_raw
#define __CCM_OTHER_HALF __half
#include "coopcheck_model/half_precision_types.inc"
#undef __CCM_HALF
#undef __CCM_HALF2
#undef __CCM_HALF_RAW
#undef __CCM_HALF2_RAW
#undef __CCM_OTHER_HALF

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

// ---- Conversions and data movement ---------------------------------------------------------------
__host__ __device__ __nv_bfloat16 __double2bfloat16(const double a);
__host__ __device__ __nv_bfloat16 __float2bfloat16(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rd(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_ru(const float a);
__host__ __device__ float __bfloat162float(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(const float a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(const float2 a);
__host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162 a);
__host__ __device__ float __low2float(const __nv_bfloat162 a);
__host__ __device__ float __high2float(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x, const __nv_bfloat16 y);
__host__ __device__ short int __bfloat16_as_short(const __nv_bfloat16 h);
__host__ __device__ unsigned short int __bfloat16_as_ushort(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(const short int i);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(const unsigned short int i);
__host__ __device__ signed char __bfloat162char_rz(const __nv_bfloat16 h);
__host__ __device__ unsigned char __bfloat162uchar_rz(const __nv_bfloat16 h);
__host__ __device__ int __bfloat162int_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(const int i);
__host__ __device__ unsigned int __bfloat162uint_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i);
__host__ __device__ short int __bfloat162short_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short2bfloat16_rn(const short int i);
__host__ __device__ unsigned short int __bfloat162ushort_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ushort2bfloat16_rn(const unsigned short int i);
__host__ __device__ long long int __bfloat162ll_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ll2bfloat16_rn(const long long int i);
__host__ __device__ unsigned long long int __bfloat162ull_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ull2bfloat16_rn(const unsigned long long int i);
__host__ __device__ int __bfloat162int_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rz(const int i);
__host__ __device__ unsigned int __bfloat162uint_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rz(const unsigned int i);
__host__ __device__ short int __bfloat162short_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short2bfloat16_rz(const short int i);
__host__ __device__ unsigned short int __bfloat162ushort_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ushort2bfloat16_rz(const unsigned short int i);
__host__ __device__ long long int __bfloat162ll_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ll2bfloat16_rz(const long long int i);
__host__ __device__ unsigned long long int __bfloat162ull_rz(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ull2bfloat16_rz(const unsigned long long int i);
__host__ __device__ int __bfloat162int_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rd(const int i);
__host__ __device__ unsigned int __bfloat162uint_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rd(const unsigned int i);
__host__ __device__ short int __bfloat162short_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short2bfloat16_rd(const short int i);
__host__ __device__ unsigned short int __bfloat162ushort_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ushort2bfloat16_rd(const unsigned short int i);
__host__ __device__ long long int __bfloat162ll_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ll2bfloat16_rd(const long long int i);
__host__ __device__ unsigned long long int __bfloat162ull_rd(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ull2bfloat16_rd(const unsigned long long int i);
__host__ __device__ int __bfloat162int_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_ru(const int i);
__host__ __device__ unsigned int __bfloat162uint_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_ru(const unsigned int i);
__host__ __device__ short int __bfloat162short_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short2bfloat16_ru(const short int i);
__host__ __device__ unsigned short int __bfloat162ushort_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ushort2bfloat16_ru(const unsigned short int i);
__host__ __device__ long long int __bfloat162ll_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ll2bfloat16_ru(const long long int i);
__host__ __device__ unsigned long long int __bfloat162ull_ru(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __ull2bfloat16_ru(const unsigned long long int i);

// ---- Arithmetic, comparisons and math on __nv_bfloat16 / __nv_bfloat162 ---------------------------------
#define __CCM_HALF __nv_bfloat16
#define __CCM_HALF2 __nv_bfloat162
#include "coopcheck_model/half_precision_api.inc"
#undef __CCM_HALF
#undef __CCM_HALF2

#endif // __COOPCHECK_MODEL_CUDA_BF16_H
