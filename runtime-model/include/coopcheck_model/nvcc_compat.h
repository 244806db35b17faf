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

// Host floating-point classification. Against libstdc++, when <math.h> has not put std's
// isfinite, isnan, isinf and signbit in the global namespace, nvcc's math_functions.h declares
// them there __host__ __device__, so host code (a CPU reference check) calls isfinite(x)
// unqualified. clang's wrappers declare them for the device only. These are templates so that
// <math.h>'s using-declarations, included before or after, stay the better match and do not
// conflict; the name is parenthesised in case the C library made it a macro.
#if !defined(__COOPCHECK_HOST_CLASSIFICATION) && !defined(__HIP__)
#define __COOPCHECK_HOST_CLASSIFICATION 1
#define __COOPCHECK_HOST_CLASSIFIER(Name, Builtin)                                               \
  template <typename __T, bool = __is_floating_point(__T)> struct __coopcheck_##Name;             \
  template <typename __T> struct __coopcheck_##Name<__T, true> {                                  \
    using type = bool;                                                                            \
  };                                                                                              \
  template <typename __T>                                                                         \
  static inline __host__ typename __coopcheck_##Name<__T>::type(Name)(__T __x) {                  \
    return Builtin(__x);                                                                          \
  }
__COOPCHECK_HOST_CLASSIFIER(isfinite, __builtin_isfinite)
__COOPCHECK_HOST_CLASSIFIER(isnan, __builtin_isnan)
__COOPCHECK_HOST_CLASSIFIER(isinf, __builtin_isinf)
__COOPCHECK_HOST_CLASSIFIER(signbit, __builtin_signbit)
#undef __COOPCHECK_HOST_CLASSIFIER
#endif

#endif // __COOPCHECK_NVCC_COMPAT_H
