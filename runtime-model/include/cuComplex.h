// Hermetic model of cuComplex.h: single and double precision complex numbers as float2 and double2,
// with the toolkit's inline arithmetic (CUTLASS's complex type and cuBLAS callers include it).
#ifndef __COOPCHECK_MODEL_CUCOMPLEX_H
#define __COOPCHECK_MODEL_CUCOMPLEX_H

#include <math.h>
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

// One set of operations per precision: T the complex type, S its scalar, P the suffix ("f" or "").
#define __COOPCHECK_CUCOMPLEX_OPS(T, S, P, SQRT)                                                \
  __host__ __device__ static __inline__ S cuCreal##P(T x) { return x.x; }                            \
  __host__ __device__ static __inline__ S cuCimag##P(T x) { return x.y; }                            \
  __host__ __device__ static __inline__ T cuConj##P(T x) { return T{x.x, -x.y}; }                    \
  __host__ __device__ static __inline__ T cuCadd##P(T x, T y) { return T{x.x + y.x, x.y + y.y}; }   \
  __host__ __device__ static __inline__ T cuCsub##P(T x, T y) { return T{x.x - y.x, x.y - y.y}; }   \
  __host__ __device__ static __inline__ T cuCmul##P(T x, T y) {                                      \
    return T{x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x};                                          \
  }                                                                                                  \
  __host__ __device__ static __inline__ T cuCdiv##P(T x, T y) {                                      \
    S d = y.x * y.x + y.y * y.y;                                                                     \
    return T{(x.x * y.x + x.y * y.y) / d, (x.y * y.x - x.x * y.y) / d};                              \
  }                                                                                                  \
  __host__ __device__ static __inline__ S cuCabs##P(T x) { return SQRT(x.x * x.x + x.y * x.y); }   \
  __host__ __device__ static __inline__ T cuCfma##P(T x, T y, T d) {                                 \
    return cuCadd##P(cuCmul##P(x, y), d);                                                            \
  }

__COOPCHECK_CUCOMPLEX_OPS(cuFloatComplex, float, f, sqrtf)
__COOPCHECK_CUCOMPLEX_OPS(cuDoubleComplex, double, , sqrt)
#undef __COOPCHECK_CUCOMPLEX_OPS

__host__ __device__ static __inline__ cuFloatComplex make_cuFloatComplex(float r, float i) {
  return cuFloatComplex{r, i};
}
__host__ __device__ static __inline__ cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  return cuDoubleComplex{r, i};
}
__host__ __device__ static __inline__ cuComplex make_cuComplex(float r, float i) {
  return make_cuFloatComplex(r, i);
}
__host__ __device__ static __inline__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex(c.x, c.y);
}
__host__ __device__ static __inline__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex(float(c.x), float(c.y));
}

#endif
