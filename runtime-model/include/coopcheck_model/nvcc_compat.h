// What nvcc accepts and clang's CUDA mode does not, made acceptable by declarations. coopcheck
// force-includes this header after the platform's runtime header, for a real toolkit and for the
// model headers alike, so that code written for nvcc parses the same way under either.
#ifndef __COOPCHECK_NVCC_COMPAT_H
#define __COOPCHECK_NVCC_COMPAT_H
// Included by its path, which would make it the user's code: it is part of the toolkit's.
#pragma clang system_header

// Host min/max. nvcc's math_functions.hpp declares min and max __host__ __device__ for every
// pairing of integer types and for float and double, so host code calls min(a, b) unqualified.
// clang's runtime wrapper includes that header with __host__ defined away: against a real
// toolkit the overloads are device-only and a host call finds no viable one. The model headers
// declare them __host__ __device__ themselves (__COOPCHECK_HOST_MIN_MAX).
#ifndef __COOPCHECK_HOST_MIN_MAX
#define __COOPCHECK_HOST_MIN_MAX 1
#define __COOPCHECK_MIN_MAX(R, A, B)                                                            \
  static inline __host__ R min(const A a, const B b) { return (R)a < (R)b ? (R)a : (R)b; }         \
  static inline __host__ R max(const A a, const B b) { return (R)a > (R)b ? (R)a : (R)b; }
#include "min_max_overloads.def" // beside this header: real toolkits do not search the model
#endif

// Cache-hinted loads and stores. CUDA's sm_32_intrinsics.h declares __ldca, __ldlu, __stwb,
// __stcg and __stcs for every scalar and vector type; clang's CUDA wrappers define the other
// hints but not these five, so against a real toolkit a kernel that streams its output with
// __stcs loses its body. The model headers define all ten themselves (__COOPCHECK_CACHE_HINTS).
#if !defined(__COOPCHECK_CACHE_HINTS) && !defined(__HIP__)
#define __COOPCHECK_CACHE_HINTS 1
#include "cache_hints.h" // beside this header, as above
__COOPCHECK_LOAD_HINT(__ldca)
__COOPCHECK_LOAD_HINT(__ldlu)
__COOPCHECK_STORE_HINT(__stwb)
__COOPCHECK_STORE_HINT(__stcg)
__COOPCHECK_STORE_HINT(__stcs)
#endif

#endif // __COOPCHECK_NVCC_COMPAT_H
