// The cache-hinted loads and stores (__ldg, __ldcs, __stcs, ...) as plain accesses: a hint does not
// change what a thread reads or writes. A store converts its value to the pointee, as the
// toolkit's overloads for each type do. The model headers define every hint with these; for a
// real toolkit nvcc_compat.h defines those clang's CUDA wrappers lack.
#ifndef __COOPCHECK_CACHE_HINTS_H
#define __COOPCHECK_CACHE_HINTS_H
#pragma clang system_header

#define __COOPCHECK_LOAD_HINT(NAME)                                                                \
  template <typename T> static __inline__ __device__ T NAME(const T *ptr) { return *ptr; }
#define __COOPCHECK_STORE_HINT(NAME)                                                               \
  template <typename T, typename V> static __inline__ __device__ void NAME(T *ptr, V value) {      \
    *ptr = value;                                                                                  \
  }

#endif // __COOPCHECK_CACHE_HINTS_H
