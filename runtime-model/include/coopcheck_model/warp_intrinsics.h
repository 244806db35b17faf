// Warp-level intrinsics under their real names. They are declared without bodies on purpose: the
// symbolic executor recognises each one by its (demangled) name in the device IR and models it, the
// same way it models the __cgm_* functions (README.md). Masks have the platform's lane-mask type:
// 32 bits on CUDA, 64 bits on HIP and MXMACA.
#ifndef __COOPCHECK_MODEL_WARP_INTRINSICS_H
#define __COOPCHECK_MODEL_WARP_INTRINSICS_H

typedef __COOPCHECK_LANEMASK_T __coopcheck_lanemask_t;

// Block barriers. __syncthreads() is also a clang builtin on NVPTX: this compatible redeclaration
// keeps the builtin, which lowers to llvm.nvvm.barrier.cta.sync.aligned.all.
extern "C" __device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);

// Warp barrier and votes.
__device__ void __syncwarp(__coopcheck_lanemask_t mask = __COOPCHECK_FULL_MASK);
__device__ __coopcheck_lanemask_t __activemask(void);
__device__ __coopcheck_lanemask_t __ballot_sync(__coopcheck_lanemask_t mask, int predicate);
__device__ int __any_sync(__coopcheck_lanemask_t mask, int predicate);
__device__ int __all_sync(__coopcheck_lanemask_t mask, int predicate);
__device__ int __uni_sync(__coopcheck_lanemask_t mask, int predicate);

// Legacy (pre-CUDA 9) votes: no mask, the whole warp is assumed to be converged.
__device__ __coopcheck_lanemask_t __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);

// Shuffles, match and legacy shuffles for every type CUDA overloads them on.
#define __CCM_WARP_TYPED(T)                                                                         \
  __device__ T __shfl_sync(__coopcheck_lanemask_t mask, T var, int srcLane, int width = warpSize); \
  __device__ T __shfl_up_sync(__coopcheck_lanemask_t mask, T var, unsigned int delta,              \
                              int width = warpSize);                                               \
  __device__ T __shfl_down_sync(__coopcheck_lanemask_t mask, T var, unsigned int delta,            \
                                int width = warpSize);                                             \
  __device__ T __shfl_xor_sync(__coopcheck_lanemask_t mask, T var, int laneMask,                   \
                               int width = warpSize);                                              \
  __device__ T __shfl(T var, int srcLane, int width = warpSize);                                   \
  __device__ T __shfl_up(T var, unsigned int delta, int width = warpSize);                         \
  __device__ T __shfl_down(T var, unsigned int delta, int width = warpSize);                       \
  __device__ T __shfl_xor(T var, int laneMask, int width = warpSize);                              \
  __device__ __coopcheck_lanemask_t __match_any_sync(__coopcheck_lanemask_t mask, T value);        \
  __device__ __coopcheck_lanemask_t __match_all_sync(__coopcheck_lanemask_t mask, T value, int *pred);
__CCM_WARP_TYPED(int)
__CCM_WARP_TYPED(unsigned int)
__CCM_WARP_TYPED(long)
__CCM_WARP_TYPED(unsigned long)
__CCM_WARP_TYPED(long long)
__CCM_WARP_TYPED(unsigned long long)
__CCM_WARP_TYPED(float)
__CCM_WARP_TYPED(double)
#undef __CCM_WARP_TYPED

// Warp reductions (sm_80 redux.sync).
__device__ int __reduce_add_sync(__coopcheck_lanemask_t mask, int value);
__device__ unsigned int __reduce_add_sync(__coopcheck_lanemask_t mask, unsigned int value);
__device__ int __reduce_min_sync(__coopcheck_lanemask_t mask, int value);
__device__ unsigned int __reduce_min_sync(__coopcheck_lanemask_t mask, unsigned int value);
__device__ int __reduce_max_sync(__coopcheck_lanemask_t mask, int value);
__device__ unsigned int __reduce_max_sync(__coopcheck_lanemask_t mask, unsigned int value);
__device__ unsigned int __reduce_and_sync(__coopcheck_lanemask_t mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(__coopcheck_lanemask_t mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(__coopcheck_lanemask_t mask, unsigned int value);

// Lane id and lane masks exist as intrinsics on HIP and MXMACA only. CUDA code commonly defines its
// own __lanemask_lt() from the PTX register, so declaring them there would clash with user code.
#if __COOPCHECK_LANEMASK_BITS == 64
__device__ unsigned int __lane_id(void);
__device__ __coopcheck_lanemask_t __lanemask_lt(void);
__device__ __coopcheck_lanemask_t __lanemask_le(void);
__device__ __coopcheck_lanemask_t __lanemask_eq(void);
__device__ __coopcheck_lanemask_t __lanemask_ge(void);
__device__ __coopcheck_lanemask_t __lanemask_gt(void);
#endif

__device__ void __nanosleep(unsigned int ns);
// The position of the offset-th set bit of mask counted from base (CUDA's sm_30 intrinsic).
__device__ unsigned int __fns(unsigned int mask, unsigned int base, int offset);

#endif // __COOPCHECK_MODEL_WARP_INTRINSICS_H
