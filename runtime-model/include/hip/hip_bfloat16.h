// Model of ROCm's <hip/hip_bfloat16.h>: the struct hip_bfloat16 of rocBLAS and its users, which
// converts to float implicitly and from float explicitly, with arithmetic through float.
#ifndef __COOPCHECK_MODEL_HIP_BFLOAT16_H
#define __COOPCHECK_MODEL_HIP_BFLOAT16_H
#include "hip_runtime.h"

struct hip_bfloat16 {
  unsigned short data;
  enum truncate_t { truncate };
  hip_bfloat16() = default;
  explicit __host__ __device__ hip_bfloat16(float f);
  __host__ __device__ hip_bfloat16(float f, truncate_t);
  __host__ __device__ operator float() const;
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f);
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f, truncate_t);
};

__host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a);
__host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a);
__host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator<(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator==(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator>(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator<=(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator>=(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator!=(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 &operator+=(hip_bfloat16 &a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 &operator-=(hip_bfloat16 &a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 &operator*=(hip_bfloat16 &a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 &operator/=(hip_bfloat16 &a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 &operator++(hip_bfloat16 &a);
__host__ __device__ hip_bfloat16 &operator--(hip_bfloat16 &a);
__host__ __device__ hip_bfloat16 operator++(hip_bfloat16 &a, int);
__host__ __device__ hip_bfloat16 operator--(hip_bfloat16 &a, int);
__host__ __device__ bool isinf(hip_bfloat16 a);
__host__ __device__ bool isnan(hip_bfloat16 a);
__host__ __device__ bool iszero(hip_bfloat16 a);

#endif // __COOPCHECK_MODEL_HIP_BFLOAT16_H
