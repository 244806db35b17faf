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

typedef struct __align__(2) {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __align__(4) {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr) : __x(hr.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr);
  __host__ __device__ volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) volatile;
  __host__ __device__ volatile __nv_bfloat16 &operator=(const volatile __nv_bfloat16_raw &hr) volatile;
  __host__ __device__ operator __nv_bfloat16_raw() const;
  __host__ __device__ operator __nv_bfloat16_raw() const volatile;
  explicit __host__ __device__ __nv_bfloat16(const __half f);
  __host__ __device__ __nv_bfloat16(const float f);
  __host__ __device__ __nv_bfloat16(const double f);
  __host__ __device__ operator float() const;
  __host__ __device__ __nv_bfloat16 &operator=(const float f);
  __host__ __device__ __nv_bfloat16 &operator=(const double f);
  __host__ __device__ __nv_bfloat16(const short val);
  __host__ __device__ __nv_bfloat16(const unsigned short val);
  __host__ __device__ __nv_bfloat16(const int val);
  __host__ __device__ __nv_bfloat16(const unsigned int val);
  __host__ __device__ __nv_bfloat16(const long val);
  __host__ __device__ __nv_bfloat16(const unsigned long val);
  __host__ __device__ __nv_bfloat16(const long long val);
  __host__ __device__ __nv_bfloat16(const unsigned long long val);
  __host__ __device__ operator signed char() const;
  __host__ __device__ operator unsigned char() const;
  __host__ __device__ operator char() const;
  __host__ __device__ operator short() const;
  __host__ __device__ operator unsigned short() const;
  __host__ __device__ operator int() const;
  __host__ __device__ operator unsigned int() const;
  __host__ __device__ operator long() const;
  __host__ __device__ operator unsigned long() const;
  __host__ __device__ operator long long() const;
  __host__ __device__ operator unsigned long long() const;
  __host__ __device__ __nv_bfloat16 &operator=(const short val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned short val);
  __host__ __device__ __nv_bfloat16 &operator=(const int val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned int val);
  __host__ __device__ __nv_bfloat16 &operator=(const long val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned long val);
  __host__ __device__ __nv_bfloat16 &operator=(const long long val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned long long val);
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7FFFU) != 0U; }
};
struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &h2r);
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &h2r);
  __host__ __device__ operator __nv_bfloat162_raw() const;
};

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
__host__ __device__ __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hsub(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hadd_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hsub_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmul_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hadd_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hsub_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmul_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmax(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmin(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmax_nan(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hmin_nan(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__host__ __device__ __nv_bfloat16 __hfma_sat(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__host__ __device__ __nv_bfloat16 __hfma_relu(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__host__ __device__ __nv_bfloat16 __hneg(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat16 __habs(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __hadd2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hsub2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmul2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __h2div(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hadd2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hsub2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmul2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hadd2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hsub2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmul2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmax2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmin2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmax2_nan(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hmin2_nan(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__host__ __device__ __nv_bfloat162 __hfma2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__host__ __device__ __nv_bfloat162 __hfma2_relu(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__host__ __device__ __nv_bfloat162 __hcmadd(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__host__ __device__ __nv_bfloat162 __hneg2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __habs2(const __nv_bfloat162 a);
__host__ __device__ bool __heq(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __heq2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbeq2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __heq2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hne(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hne2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbne2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hne2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hle(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hle2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hble2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hle2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hge(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hge2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbge2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hge2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hlt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hlt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hblt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hlt2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hgt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hgt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbgt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hgt2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hequ(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hequ2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbequ2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hequ2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hneu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hneu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbneu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hneu2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hleu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hleu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbleu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hleu2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hgeu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hgeu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbgeu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hgeu2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hltu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hltu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbltu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hltu2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hgtu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __hgtu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ bool __hbgtu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ unsigned int __hgtu2_mask(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ int __hisinf(const __nv_bfloat16 a);
__host__ __device__ bool __hisnan(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __hisnan2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hsqrt(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2sqrt(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hrsqrt(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2rsqrt(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hrcp(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2rcp(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hlog(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2log(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hlog2(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2log2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hlog10(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2log10(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hexp(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2exp(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hexp2(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2exp2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hexp10(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2exp10(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hcos(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2cos(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hsin(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2sin(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 htanh(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2tanh(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hceil(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2ceil(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hfloor(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2floor(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 hrint(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2rint(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 htrunc(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 h2trunc(const __nv_bfloat162 a);

// ---- Operators ------------------------------------------------------------------------------------
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat16 &operator+=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat162 &operator+=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat16 &operator-=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat162 &operator-=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat16 &operator*=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat162 &operator*=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat16 &operator/=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat162 operator/(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat162 &operator/=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &h);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &h);
__host__ __device__ __nv_bfloat16 &operator++(__nv_bfloat16 &h);
__host__ __device__ __nv_bfloat16 &operator--(__nv_bfloat16 &h);
__host__ __device__ __nv_bfloat16 operator++(__nv_bfloat16 &h, const int ignored);
__host__ __device__ __nv_bfloat16 operator--(__nv_bfloat16 &h, const int ignored);
__host__ __device__ bool operator==(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ bool operator!=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ bool operator>(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ bool operator<(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ bool operator>=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ bool operator<=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &h);
__host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &h);
__host__ __device__ __nv_bfloat162 &operator++(__nv_bfloat162 &h);
__host__ __device__ __nv_bfloat162 &operator--(__nv_bfloat162 &h);
__host__ __device__ __nv_bfloat162 operator++(__nv_bfloat162 &h, const int ignored);
__host__ __device__ __nv_bfloat162 operator--(__nv_bfloat162 &h, const int ignored);
__host__ __device__ bool operator==(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ bool operator!=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ bool operator>(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ bool operator<(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ bool operator>=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__host__ __device__ bool operator<=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);

// ---- Warp shuffles, cached loads and stores, atomics -----------------------------------------------
__device__ __nv_bfloat16 __shfl_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat16 var, const int srcLane, const int width = warpSize);
__device__ __nv_bfloat16 __shfl_up_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat16 var, const unsigned int delta, const int width = warpSize);
__device__ __nv_bfloat16 __shfl_down_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat16 var, const unsigned int delta, const int width = warpSize);
__device__ __nv_bfloat16 __shfl_xor_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat16 var, const int laneMask, const int width = warpSize);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *const address, const __nv_bfloat16 val);
__device__ __nv_bfloat162 __shfl_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat162 var, const int srcLane, const int width = warpSize);
__device__ __nv_bfloat162 __shfl_up_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat162 var, const unsigned int delta, const int width = warpSize);
__device__ __nv_bfloat162 __shfl_down_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat162 var, const unsigned int delta, const int width = warpSize);
__device__ __nv_bfloat162 __shfl_xor_sync(const __coopcheck_lanemask_t mask, const __nv_bfloat162 var, const int laneMask, const int width = warpSize);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *const address, const __nv_bfloat162 val);

#endif // __COOPCHECK_MODEL_CUDA_BF16_H
