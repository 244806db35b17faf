// Model of <cuda_fp16.h>: __half, __half2 and their raw forms, conversions, arithmetic,
// comparison and math functions, operators, warp shuffles and atomicAdd. Declaration-level: the
// functions have no bodies and keep their real names (README.md); host and device versions are
// both declared wherever the toolkit has either. __half and __half2 are trivially
// default-constructible (__shared__ arrays of them parse).
//
// The declarations after the conversions are generated from one list for cuda_fp16.h and
// cuda_bf16.h (same names, overloaded on the type).
#ifndef __COOPCHECK_MODEL_CUDA_FP16_H
#define __COOPCHECK_MODEL_CUDA_FP16_H

#ifndef __COOPCHECK_WARP_SIZE
#include "cuda_runtime.h"
#endif

#define __CUDA_FP16_DECL__ static __device__ __inline__
#define __CUDA_HOSTDEVICE_FP16_DECL__ static __host__ __device__ __inline__
#define __CUDA_FP16_TYPES_EXIST__

struct __nv_bfloat16;

#define __CCM_HALF __half
#define __CCM_HALF2 __half2
#define __CCM_HALF_RAW __half_raw
#define __CCM_HALF2_RAW __half2_raw
#define __CCM_OTHER_HALF __nv_bfloat16
#include "coopcheck_model/half_precision_types.inc"
#undef __CCM_HALF
#undef __CCM_HALF2
#undef __CCM_HALF_RAW
#undef __CCM_HALF2_RAW
#undef __CCM_OTHER_HALF

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

// ---- Conversions and data movement ---------------------------------------------------------------
__host__ __device__ __half __double2half(const double a);
__host__ __device__ __half __float2half(const float a);
__host__ __device__ __half __float2half_rn(const float a);
__host__ __device__ __half __float2half_rz(const float a);
__host__ __device__ __half __float2half_rd(const float a);
__host__ __device__ __half __float2half_ru(const float a);
__host__ __device__ float __half2float(const __half a);
__host__ __device__ __half2 __float2half2_rn(const float a);
__host__ __device__ __half2 __floats2half2_rn(const float a, const float b);
__host__ __device__ __half2 __float22half2_rn(const float2 a);
__host__ __device__ float2 __half22float2(const __half2 a);
__host__ __device__ float __low2float(const __half2 a);
__host__ __device__ float __high2float(const __half2 a);
__host__ __device__ __half __low2half(const __half2 a);
__host__ __device__ __half __high2half(const __half2 a);
__host__ __device__ __half2 __low2half2(const __half2 a);
__host__ __device__ __half2 __high2half2(const __half2 a);
__host__ __device__ __half2 __lows2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __highs2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __halves2half2(const __half a, const __half b);
__host__ __device__ __half2 __half2half2(const __half a);
__host__ __device__ __half2 __lowhigh2highlow(const __half2 a);
__host__ __device__ __half2 make_half2(const __half x, const __half y);
__host__ __device__ short int __half_as_short(const __half h);
__host__ __device__ unsigned short int __half_as_ushort(const __half h);
__host__ __device__ __half __short_as_half(const short int i);
__host__ __device__ __half __ushort_as_half(const unsigned short int i);
__host__ __device__ signed char __half2char_rz(const __half h);
__host__ __device__ unsigned char __half2uchar_rz(const __half h);
__host__ __device__ int __half2int_rn(const __half h);
__host__ __device__ __half __int2half_rn(const int i);
__host__ __device__ unsigned int __half2uint_rn(const __half h);
__host__ __device__ __half __uint2half_rn(const unsigned int i);
__host__ __device__ short int __half2short_rn(const __half h);
__host__ __device__ __half __short2half_rn(const short int i);
__host__ __device__ unsigned short int __half2ushort_rn(const __half h);
__host__ __device__ __half __ushort2half_rn(const unsigned short int i);
__host__ __device__ long long int __half2ll_rn(const __half h);
__host__ __device__ __half __ll2half_rn(const long long int i);
__host__ __device__ unsigned long long int __half2ull_rn(const __half h);
__host__ __device__ __half __ull2half_rn(const unsigned long long int i);
__host__ __device__ int __half2int_rz(const __half h);
__host__ __device__ __half __int2half_rz(const int i);
__host__ __device__ unsigned int __half2uint_rz(const __half h);
__host__ __device__ __half __uint2half_rz(const unsigned int i);
__host__ __device__ short int __half2short_rz(const __half h);
__host__ __device__ __half __short2half_rz(const short int i);
__host__ __device__ unsigned short int __half2ushort_rz(const __half h);
__host__ __device__ __half __ushort2half_rz(const unsigned short int i);
__host__ __device__ long long int __half2ll_rz(const __half h);
__host__ __device__ __half __ll2half_rz(const long long int i);
__host__ __device__ unsigned long long int __half2ull_rz(const __half h);
__host__ __device__ __half __ull2half_rz(const unsigned long long int i);
__host__ __device__ int __half2int_rd(const __half h);
__host__ __device__ __half __int2half_rd(const int i);
__host__ __device__ unsigned int __half2uint_rd(const __half h);
__host__ __device__ __half __uint2half_rd(const unsigned int i);
__host__ __device__ short int __half2short_rd(const __half h);
__host__ __device__ __half __short2half_rd(const short int i);
__host__ __device__ unsigned short int __half2ushort_rd(const __half h);
__host__ __device__ __half __ushort2half_rd(const unsigned short int i);
__host__ __device__ long long int __half2ll_rd(const __half h);
__host__ __device__ __half __ll2half_rd(const long long int i);
__host__ __device__ unsigned long long int __half2ull_rd(const __half h);
__host__ __device__ __half __ull2half_rd(const unsigned long long int i);
__host__ __device__ int __half2int_ru(const __half h);
__host__ __device__ __half __int2half_ru(const int i);
__host__ __device__ unsigned int __half2uint_ru(const __half h);
__host__ __device__ __half __uint2half_ru(const unsigned int i);
__host__ __device__ short int __half2short_ru(const __half h);
__host__ __device__ __half __short2half_ru(const short int i);
__host__ __device__ unsigned short int __half2ushort_ru(const __half h);
__host__ __device__ __half __ushort2half_ru(const unsigned short int i);
__host__ __device__ long long int __half2ll_ru(const __half h);
__host__ __device__ __half __ll2half_ru(const long long int i);
__host__ __device__ unsigned long long int __half2ull_ru(const __half h);
__host__ __device__ __half __ull2half_ru(const unsigned long long int i);

// ---- Arithmetic, comparisons and math on __half / __half2 -----------------------------------------------
#define __CCM_HALF __half
#define __CCM_HALF2 __half2
#include "coopcheck_model/half_precision_api.inc"
#undef __CCM_HALF
#undef __CCM_HALF2

#endif // __COOPCHECK_MODEL_CUDA_FP16_H
