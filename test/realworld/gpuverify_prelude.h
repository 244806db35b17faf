// GPUVerify's CUDA dialect, for reading GPUVerify's test suite and code annotated for it.
//
// GPUVerify compiles each kernel with its own cuda.h, which brings the CUDA language layer,
// cooperative groups (tests say `namespace cg = cooperative_groups;` without an include), cuRAND
// and the verification annotations. This prelude, force-included (`-include`), supplies the same
// names over whichever CUDA headers the parse uses (coopcheck's model or a real toolkit).
//
// The annotations state properties for the verifier: they are declared device functions without
// bodies, so that they do nothing at run time, are no collective to any rule, and return
// unconstrained values to the executor. Pointer-valued annotations take any pointer.
#ifndef COOPCHECK_GPUVERIFY_PRELUDE_H
#define COOPCHECK_GPUVERIFY_PRELUDE_H

#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>

extern "C" {
// Contracts, assertions and invariants (invariants stand in loop conditions: `while
// (__invariant(e), cond)`).
__device__ void __requires(bool expr);
__device__ void __global_requires(bool expr);
__device__ void __ensures(bool expr);
__device__ void __global_ensures(bool expr);
__device__ void __assert(bool expr);
__device__ void __global_assert(bool expr);
__device__ void __assume(bool expr);
__device__ void __invariant(bool expr);
__device__ void __global_invariant(bool expr);
__device__ void __candidate_invariant(bool expr);
__device__ void __candidate_global_invariant(bool expr);
__device__ void __function_wide_invariant(bool expr);
__device__ void __function_wide_candidate_invariant(bool expr);

// Logic and the view of other threads.
__device__ bool __implies(bool antecedent, bool consequent);
__device__ bool __enabled(void);
__device__ bool __dominator_enabled(void);
__device__ int __other_int(int x);
__device__ bool __other_bool(bool x);
__device__ void *__other_ptr(const volatile void *p);
__device__ bool __uniform_int(int x);
__device__ bool __uniform_bool(bool x);
__device__ bool __distinct_int(int x);
__device__ bool __distinct_bool(bool x);
__device__ bool __all(bool x);
__device__ bool __at_most_one(bool x);
__device__ int __old_int(int x);
__device__ bool __old_bool(bool x);

// Accesses to an array, and fresh arrays.
__device__ bool __read(const volatile void *p);
__device__ bool __write(const volatile void *p);
__device__ bool __atomic(const volatile void *p);
__device__ bool __no_read(const volatile void *p);
__device__ bool __no_write(const volatile void *p);
__device__ bool __read_implies(const volatile void *p, bool expr);
__device__ bool __write_implies(const volatile void *p, bool expr);
__device__ bool __atomic_implies(const volatile void *p, bool expr);
__device__ unsigned long long __read_offset_bytes(const volatile void *p);
__device__ unsigned long long __write_offset_bytes(const volatile void *p);
__device__ unsigned long long __atomic_offset_bytes(const volatile void *p);
__device__ unsigned long long __ptr_offset_bytes(const volatile void *p);
__device__ void *__ptr_base(const volatile void *p);
__device__ void __requires_fresh_array(const volatile void *p);
__device__ void __array_snapshot(volatile void *dst, const volatile void *src);

// Return values in postconditions.
__device__ int __return_val_int(void);
__device__ bool __return_val_bool(void);
__device__ void *__return_val_ptr(void);
__device__ void (*__gpuverify_return_val_funptr(void))(void);
} // extern "C"

// A function pointer result, named by its type: __return_val_funptr(funcType) == f.
#define __return_val_funptr(T) ((T)__gpuverify_return_val_funptr())

// An axiom at file scope: a property of the launch (`__axiom(blockIdx.x == 16);`), written as an
// assumption in a function of its own.
#define __GPUVERIFY_AXIOM_NAME(counter) __gpuverify_axiom_##counter
#define __GPUVERIFY_AXIOM(expr, counter)                                                           \
  static __device__ void __GPUVERIFY_AXIOM_NAME(counter)(void) { __assume(expr); }
#define __GPUVERIFY_AXIOM_AT(expr, counter) __GPUVERIFY_AXIOM(expr, counter)
#define __axiom(expr) __GPUVERIFY_AXIOM_AT(expr, __COUNTER__)

#endif // COOPCHECK_GPUVERIFY_PRELUDE_H
