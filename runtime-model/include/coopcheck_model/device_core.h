// The language layer every platform header shares: execution-space keywords, builtin variables,
// vector types, the device C library, math, atomics, warp intrinsics, warpSize and the hooks that
// let <<<...>>> type-check. clang with -nocudainc provides none of these.
//
// The first platform header included (cuda_runtime.h, hip/hip_runtime.h or mc_runtime.h) fixes the
// warp parameters before including this file:
//   __COOPCHECK_WARP_SIZE      lanes per warp (32 or 64)
//   __COOPCHECK_LANEMASK_T     type of warp masks (unsigned int or unsigned long long)
//   __COOPCHECK_LANEMASK_BITS  its width in bits
#ifndef __COOPCHECK_MODEL_DEVICE_CORE_H
#define __COOPCHECK_MODEL_DEVICE_CORE_H

#if !defined(__COOPCHECK_WARP_SIZE) || !defined(__COOPCHECK_LANEMASK_T)
#error "include cuda_runtime.h, hip/hip_runtime.h or mc_runtime.h instead of this file"
#endif

#define __COOPCHECK_FULL_MASK                                                                       \
  ((__COOPCHECK_LANEMASK_T)(__COOPCHECK_WARP_SIZE == 64 ? ~0ull : 0xffffffffull))

// ---- Execution spaces and qualifiers -------------------------------------------------------------
// __noinline__ and __restrict__ are keywords of clang's CUDA mode and stay untouched: a macro would
// break __attribute__((__noinline__)) in the C++ library headers.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// clang knows the managed attribute in HIP mode only; for kernels a managed variable is a device
// variable (host code may reference device variables under clang too).
#define __managed__ __attribute__((device))
#define __grid_constant__ __attribute__((grid_constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __device_builtin__
#define __cudart_builtin__
// Thread-block clusters need sm_90: clang rejects the attribute when compiling for an older GPU,
// where nvcc would not be asked to compile such a kernel in the first place.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define __cluster_dims__(...)
#else
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#endif

// ---- Device-side C library -----------------------------------------------------------------------
// Declared before any C++ library header: clang's <new> wrapper, which <cmath> pulls in under
// C++20, defines the device operator new over ::malloc, and <cstdlib>'s using-declarations then
// bring the device malloc and free into std as well.
#include <stddef.h>
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file, unsigned __line,
                             const char *__function, size_t __charSize);
// The target of the standard assert() macro on Linux.
__device__ static __inline__ void __assert_fail(const char *__message, const char *__file,
                                                unsigned __line, const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
}

// ---- Standard headers ----------------------------------------------------------------------------
// As in clang's own CUDA wrapper, the math forward declarations must precede <cmath>.
#include <__clang_cuda_math_forward_declares.h>
#include <stdint.h>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdlib.h>
#include <string.h>

// ---- Builtin variables ---------------------------------------------------------------------------
// clang's header implements threadIdx/blockIdx/blockDim/gridDim over the NVPTX special registers.
// Its warpSize (always 32) is renamed out of the way: ours depends on the platform.
#pragma push_macro("warpSize")
#define warpSize __coopcheck_clang_warpSize
#include <__clang_cuda_builtin_vars.h>
#pragma pop_macro("warpSize")

#include "vector_types.h"

// Conversions that __clang_cuda_builtin_vars.h declares and leaves to the includer, once uint3 and
// dim3 exist.
#define __CCM_BUILTIN_CONVERSIONS(T)                                                                \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }                             \
  __device__ inline T::operator uint3() const { return {x, y, z}; }
__CCM_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
__CCM_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
__CCM_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
__CCM_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef __CCM_BUILTIN_CONVERSIONS

// Lanes per warp: 32 on CUDA, 64 on MXMACA and HIP (32 on HIP wave32 targets).
constexpr int warpSize = __COOPCHECK_WARP_SIZE;

// ---- Device functions and math -------------------------------------------------------------------
// clang's CUDA headers define the device function library (bit operations, conversions, fences,
// clock, memcpy/memset, the atomic helpers used below) and the math library over libdevice
// declarations; they need no CUDA SDK, only a CUDA_VERSION of 9.2 or later. The warp votes and the
// __syncthreads_* reductions they define are renamed away so that the body-less declarations in
// warp_intrinsics.h own the real names. Their int min/max are renamed too: the complete host and
// device overload set follows below.
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 12080
#pragma push_macro("__any")
#pragma push_macro("__all")
#pragma push_macro("__ballot")
#pragma push_macro("__syncthreads_and")
#pragma push_macro("__syncthreads_or")
#pragma push_macro("__syncthreads_count")
#pragma push_macro("min")
#pragma push_macro("max")
#define __any __coopcheck_clang_any
#define __all __coopcheck_clang_all
#define __ballot __coopcheck_clang_ballot
#define __syncthreads_and __coopcheck_clang_syncthreads_and
#define __syncthreads_or __coopcheck_clang_syncthreads_or
#define __syncthreads_count __coopcheck_clang_syncthreads_count
#define min __coopcheck_clang_min
#define max __coopcheck_clang_max
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#pragma pop_macro("max")
#pragma pop_macro("min")
#pragma pop_macro("__syncthreads_count")
#pragma pop_macro("__syncthreads_or")
#pragma pop_macro("__syncthreads_and")
#pragma pop_macro("__ballot")
#pragma pop_macro("__all")
#pragma pop_macro("__any")
#include <__clang_cuda_cmath.h>
#pragma pop_macro("CUDA_VERSION")

// min/max as CUDA's math_functions.hpp declares them: host and device, the signed/unsigned integer
// pairings, float and double (nvcc_compat.h adds host ones only where this set is absent).
#define __COOPCHECK_HOST_MIN_MAX 1
#define __COOPCHECK_MIN_MAX(R, A, B)                                                                       \
  static __inline__ __host__ __device__ R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }      \
  static __inline__ __host__ __device__ R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
#include "min_max_overloads.def"

// ---- Atomics -------------------------------------------------------------------------------------
// Defined over clang's helpers so that the device IR holds ordinary LLVM atomic instructions (NVVM
// atomic intrinsics for the _block and _system scopes).
#define __CCM_ATOMICS(SFX)                                                                          \
  static __inline__ __device__ int atomicAdd##SFX(int *p, int v) { return __iAtomicAdd##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicAdd##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicAdd##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicAdd##SFX(unsigned long long *p,            \
                                                                 unsigned long long v) {           \
    return __ullAtomicAdd##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ float atomicAdd##SFX(float *p, float v) {                           \
    return __fAtomicAdd##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ double atomicAdd##SFX(double *p, double v) {                        \
    return __dAtomicAdd##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ int atomicSub##SFX(int *p, int v) {                                 \
    return __iAtomicAdd##SFX(p, -v);                                                               \
  }                                                                                                \
  static __inline__ __device__ unsigned int atomicSub##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicAdd##SFX(p, 0u - v);                                                           \
  }                                                                                                \
  static __inline__ __device__ int atomicExch##SFX(int *p, int v) {                                \
    return __iAtomicExch##SFX(p, v);                                                               \
  }                                                                                                \
  static __inline__ __device__ unsigned int atomicExch##SFX(unsigned int *p, unsigned int v) {     \
    return __uAtomicExch##SFX(p, v);                                                               \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicExch##SFX(unsigned long long *p,           \
                                                                  unsigned long long v) {          \
    return __ullAtomicExch##SFX(p, v);                                                             \
  }                                                                                                \
  static __inline__ __device__ float atomicExch##SFX(float *p, float v) {                          \
    return __fAtomicExch##SFX(p, v);                                                               \
  }                                                                                                \
  static __inline__ __device__ int atomicMin##SFX(int *p, int v) { return __iAtomicMin##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicMin##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicMin##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicMin##SFX(unsigned long long *p,            \
                                                                 unsigned long long v) {           \
    return __ullAtomicMin##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ long long atomicMin##SFX(long long *p, long long v) {               \
    return __illAtomicMin##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ int atomicMax##SFX(int *p, int v) { return __iAtomicMax##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicMax##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicMax##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicMax##SFX(unsigned long long *p,            \
                                                                 unsigned long long v) {           \
    return __ullAtomicMax##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ long long atomicMax##SFX(long long *p, long long v) {               \
    return __illAtomicMax##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ unsigned int atomicInc##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicInc##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned int atomicDec##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicDec##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ int atomicCAS##SFX(int *p, int cmp, int v) {                        \
    return __iAtomicCAS##SFX(p, cmp, v);                                                           \
  }                                                                                                \
  static __inline__ __device__ unsigned int atomicCAS##SFX(unsigned int *p, unsigned int cmp,      \
                                                           unsigned int v) {                       \
    return __uAtomicCAS##SFX(p, cmp, v);                                                           \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicCAS##SFX(                                  \
      unsigned long long *p, unsigned long long cmp, unsigned long long v) {                       \
    return __ullAtomicCAS##SFX(p, cmp, v);                                                         \
  }                                                                                                \
  static __inline__ __device__ unsigned short atomicCAS##SFX(unsigned short *p,                    \
                                                             unsigned short cmp,                   \
                                                             unsigned short v) {                   \
    return __usAtomicCAS##SFX(p, cmp, v);                                                          \
  }                                                                                                \
  static __inline__ __device__ int atomicAnd##SFX(int *p, int v) { return __iAtomicAnd##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicAnd##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicAnd##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicAnd##SFX(unsigned long long *p,            \
                                                                 unsigned long long v) {           \
    return __ullAtomicAnd##SFX(p, v);                                                              \
  }                                                                                                \
  static __inline__ __device__ int atomicOr##SFX(int *p, int v) { return __iAtomicOr##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicOr##SFX(unsigned int *p, unsigned int v) {       \
    return __uAtomicOr##SFX(p, v);                                                                 \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicOr##SFX(unsigned long long *p,             \
                                                                unsigned long long v) {            \
    return __ullAtomicOr##SFX(p, v);                                                               \
  }                                                                                                \
  static __inline__ __device__ int atomicXor##SFX(int *p, int v) { return __iAtomicXor##SFX(p, v); } \
  static __inline__ __device__ unsigned int atomicXor##SFX(unsigned int *p, unsigned int v) {      \
    return __uAtomicXor##SFX(p, v);                                                                \
  }                                                                                                \
  static __inline__ __device__ unsigned long long atomicXor##SFX(unsigned long long *p,            \
                                                                 unsigned long long v) {           \
    return __ullAtomicXor##SFX(p, v);                                                              \
  }
__CCM_ATOMICS()
__CCM_ATOMICS(_block)
__CCM_ATOMICS(_system)
#undef __CCM_ATOMICS

// ---- Funnel shifts -------------------------------------------------------------------------------
// CUDA's sm_32 intrinsics, which HIP has too: declared only, under their real names (the bits of a
// shift do not decide which threads meet where).
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);

// ---- Cached loads and stores ---------------------------------------------------------------------
#define __COOPCHECK_CACHE_HINTS 1 // nvcc_compat.h adds the ones clang lacks to a real toolkit
#include "cache_hints.h"
__COOPCHECK_LOAD_HINT(__ldg)
__COOPCHECK_LOAD_HINT(__ldca)
__COOPCHECK_LOAD_HINT(__ldcg)
__COOPCHECK_LOAD_HINT(__ldcs)
__COOPCHECK_LOAD_HINT(__ldlu)
__COOPCHECK_LOAD_HINT(__ldcv)
__COOPCHECK_STORE_HINT(__stwb)
__COOPCHECK_STORE_HINT(__stcg)
__COOPCHECK_STORE_HINT(__stcs)
__COOPCHECK_STORE_HINT(__stwt)

#include "warp_intrinsics.h"

// ---- <<<...>>> -----------------------------------------------------------------------------------
// Without a CUDA installation clang type-checks a kernel launch as a call of cudaConfigureCall; with
// the CUDA 9.2+ launch ABI it calls __cudaPushCallConfiguration. Both are declared for every
// platform (HIP and MXMACA sources are parsed as CUDA too). The stream is void * so that any
// platform's stream handle converts.
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                 void *stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);
extern "C" int __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                          void *stream);

#endif // __COOPCHECK_MODEL_DEVICE_CORE_H
