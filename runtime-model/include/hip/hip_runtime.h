// Hermetic model of HIP's runtime header, force-included by coopcheck for HIP sources. coopcheck
// parses HIP as CUDA (NVPTX device side), so this header gives HIP's names and macros over the
// shared language layer, on 64-lane wavefronts (32 when __COOPCHECK_HIP_WAVE32__ is defined) with
// 64-bit masks.
#ifndef __COOPCHECK_MODEL_HIP_RUNTIME_H
#define __COOPCHECK_MODEL_HIP_RUNTIME_H

#define __COOPCHECK_MODEL_HIP__ 1

// The first platform header included decides the warp parameters of the parse.
#ifndef __COOPCHECK_WARP_SIZE
#ifdef __COOPCHECK_HIP_WAVE32__
#define __COOPCHECK_WARP_SIZE 32
#else
#define __COOPCHECK_WARP_SIZE 64
#endif
#define __COOPCHECK_LANEMASK_T unsigned long long
#define __COOPCHECK_LANEMASK_BITS 64
#endif

// What hipcc and HIP's headers define on AMD (clang defines the first two itself under -x hip).
#ifndef __HIP__
#define __HIP__ 1
#endif
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#include "../coopcheck_model/device_core.h"

#define __CCM_PASTE(a, b) a##b
#define __CCM(name) __CCM_PASTE(hip, name)
#define __CCM_DEVICE_PROP hipDeviceProp_t
// What a device supports, as hipDeviceProp_t::arch gives it.
typedef struct {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;
#define __CCM_DEVICE_PROP_EXTRA                                                                     \
  char gcnArchName[256];                                                                           \
  int gcnArch;                                                                                     \
  int clockInstructionRate;                                                                        \
  hipDeviceArch_t arch;                                                                            \
  size_t maxSharedMemoryPerMultiProcessor;
#define __CCM_DEVICE_ATTR hipDeviceAttribute_t
#define __CCM_DEVATTR(Cuda, Hip) hipDeviceAttribute##Hip
// Attributes only HIP has (or only HIP names so).
#define __CCM_DEVICE_ATTR_EXTRA                                                                     \
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables = 100,                                  \
  hipDeviceAttributeImageSupport = 10000, hipDeviceAttributeWallClockRate = 10001,
// HIP's own spellings of some CUDA error codes.
#define __CCM_ERROR_EXTRA                                                                           \
  hipErrorOutOfMemory = 2, hipErrorNotInitialized = 3, hipErrorInvalidImage = 200,                 \
  hipErrorInvalidHandle = 400, hipErrorContextIsDestroyed = 709,
#define __CCM_MEM_HANDLE_TYPE_EXTRA
#define __CCM_STREAM_ST ihipStream_t
#define __CCM_EVENT_ST ihipEvent_t
#define __CCM_GRAPH_ST ihipGraph
#define __CCM_GRAPH_EXEC_ST hipGraphExec
#define __CCM_GRAPH_NODE_ST hipGraphNode_st
#define __CCM_MEM_POOL_ST hipMemPool_st
#define __CCM_FUNC_ST ihipModuleSymbol_t
#define __CCM_MODULE_ST ihipModule_t
#include "../coopcheck_model/runtime_api.inc"
#include "../coopcheck_model/module_api.inc"
#include "../coopcheck_model/runtime_api_end.inc"

// What the real hip_runtime.h includes before its own declarations: code uses std::chrono and
// std::thread, printf and assert without including them.
#include <assert.h>
#include <stdio.h>
#include <thread>

// ---- HIP-only spellings --------------------------------------------------------------------------
// Device code may call abort(), which traps as __builtin_trap() does (ROCm's device functions
// define it next to the host's own from <cstdlib>).
__device__ __attribute__((noreturn)) void abort();
// The memory scopes of the __hip_atomic_* builtins, which clang predefines only under -x hip.
#ifndef __HIP_MEMORY_SCOPE_AGENT
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

// Bit fields (AMD's v_bfe and v_bfi), defined as ROCm does: offsets and widths are taken modulo
// the word size, and a field of width 0 is empty.
__device__ static __inline__ unsigned int __bitextract_u32(unsigned int src0, unsigned int src1,
                                                           unsigned int src2) {
  unsigned int offset = src1 & 31, width = src2 & 31;
  return (src0 >> offset) & ((1u << width) - 1u);
}
__device__ static __inline__ unsigned long long __bitextract_u64(unsigned long long src0,
                                                                 unsigned int src1,
                                                                 unsigned int src2) {
  unsigned int offset = src1 & 63, width = src2 & 63;
  return (src0 >> offset) & ((1ull << width) - 1ull);
}
__device__ static __inline__ unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                                          unsigned int src2, unsigned int src3) {
  unsigned int offset = src2 & 31, mask = (1u << (src3 & 31)) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
__device__ static __inline__ unsigned long long __bitinsert_u64(unsigned long long src0,
                                                                unsigned long long src1,
                                                                unsigned int src2,
                                                                unsigned int src3) {
  unsigned int offset = src2 & 63;
  unsigned long long mask = (1ull << (src3 & 63)) - 1ull;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}

// The atomics HIP has beyond CUDA's overloads: unsigned long (the 64-bit word on LP64), floating
// subtraction, minimum, maximum, exchange and compare-and-swap, and AMD's no-return and
// (un)safe additions. Each is one atomic instruction (or CUDA's overload of the same word).
#define __CCM_HIP_ATOMICS(SFX)                                                                     \
  __CCM_HIP_ULONG_ATOMIC(Add, SFX)                                                                 \
  __CCM_HIP_ULONG_ATOMIC(Exch, SFX)                                                                \
  __CCM_HIP_ULONG_ATOMIC(Min, SFX)                                                                 \
  __CCM_HIP_ULONG_ATOMIC(Max, SFX)                                                                 \
  __CCM_HIP_ULONG_ATOMIC(And, SFX)                                                                 \
  __CCM_HIP_ULONG_ATOMIC(Or, SFX)                                                                  \
  __CCM_HIP_ULONG_ATOMIC(Xor, SFX)                                                                 \
  static __inline__ __device__ unsigned long atomicSub##SFX(unsigned long *p, unsigned long v) {   \
    return atomicAdd##SFX(p, 0ul - v);                                                             \
  }                                                                                                \
  static __inline__ __device__ unsigned long atomicCAS##SFX(unsigned long *p, unsigned long cmp,   \
                                                            unsigned long v) {                     \
    return atomicCAS##SFX(reinterpret_cast<unsigned long long *>(p), cmp, v);                      \
  }                                                                                                \
  __CCM_HIP_FLOAT_ATOMICS(float, unsigned int, SFX)                                                \
  __CCM_HIP_FLOAT_ATOMICS(double, unsigned long long, SFX)                                         \
  static __inline__ __device__ double atomicExch##SFX(double *p, double v) {                       \
    return __builtin_bit_cast(double, atomicExch##SFX(reinterpret_cast<unsigned long long *>(p),   \
                                                      __builtin_bit_cast(unsigned long long, v))); \
  }
#define __CCM_HIP_ULONG_ATOMIC(OP, SFX)                                                            \
  static __inline__ __device__ unsigned long atomic##OP##SFX(unsigned long *p, unsigned long v) {  \
    return atomic##OP##SFX(reinterpret_cast<unsigned long long *>(p), v);                          \
  }
#define __CCM_HIP_FLOAT_ATOMICS(T, BITS, SFX)                                                      \
  static __inline__ __device__ T atomicSub##SFX(T *p, T v) { return atomicAdd##SFX(p, -v); }       \
  static __inline__ __device__ T atomicMin##SFX(T *p, T v) {                                       \
    return __atomic_fetch_min(p, v, __ATOMIC_RELAXED);                                             \
  }                                                                                                \
  static __inline__ __device__ T atomicMax##SFX(T *p, T v) {                                       \
    return __atomic_fetch_max(p, v, __ATOMIC_RELAXED);                                             \
  }                                                                                                \
  static __inline__ __device__ T atomicCAS##SFX(T *p, T cmp, T v) {                                \
    return __builtin_bit_cast(T, atomicCAS##SFX(reinterpret_cast<BITS *>(p),                       \
                                                __builtin_bit_cast(BITS, cmp),                     \
                                                __builtin_bit_cast(BITS, v)));                     \
  }
__CCM_HIP_ATOMICS()
__CCM_HIP_ATOMICS(_system)
#undef __CCM_HIP_ATOMICS
#undef __CCM_HIP_ULONG_ATOMIC
#undef __CCM_HIP_FLOAT_ATOMICS
__device__ static __inline__ void atomicAddNoRet(float *p, float v) { atomicAdd(p, v); }
#define __CCM_HIP_UNSAFE_ADD(T)                                                                    \
  __device__ static __inline__ T unsafeAtomicAdd(T *p, T v) { return atomicAdd(p, v); }            \
  __device__ static __inline__ T safeAtomicAdd(T *p, T v) { return atomicAdd(p, v); }
__CCM_HIP_UNSAFE_ADD(float)
__CCM_HIP_UNSAFE_ADD(double)
#undef __CCM_HIP_UNSAFE_ADD

// AMD's device clocks and sleep. The AMDGPU builtin is declared as a function: the parse targets
// NVPTX, where clang has no AMDGPU builtins.
extern "C" __device__ long long int wall_clock64(void);
extern "C" __device__ void __builtin_amdgcn_s_sleep(int);
extern "C" __device__ unsigned int __builtin_amdgcn_s_memtime(void);
// The AMDGPU builtins HIP's own primitive libraries (rocPRIM, hipCUB) call for lane ids, lane
// exchange, fences and wave-level scheduling, declared alike.
extern "C" __device__ unsigned int __builtin_amdgcn_mbcnt_lo(unsigned int, unsigned int);
extern "C" __device__ unsigned int __builtin_amdgcn_mbcnt_hi(unsigned int, unsigned int);
extern "C" __device__ int __builtin_amdgcn_readlane(int, int);
extern "C" __device__ int __builtin_amdgcn_readfirstlane(int);
extern "C" __device__ int __builtin_amdgcn_ds_permute(int, int);
extern "C" __device__ int __builtin_amdgcn_ds_bpermute(int, int);
extern "C" __device__ int __builtin_amdgcn_ds_swizzle(int, int);
extern "C" __device__ int __builtin_amdgcn_mov_dpp(int, int, int, int, bool);
extern "C" __device__ int __builtin_amdgcn_update_dpp(int, int, int, int, int, bool);
extern "C" __device__ void __builtin_amdgcn_wave_barrier(void);
extern "C" __device__ void __builtin_amdgcn_s_waitcnt(int);
extern "C" __device__ void __builtin_amdgcn_fence(unsigned int, const char *, ...);

// The driver-style array API (HIP's spelling of CUDA's CUarray).
typedef enum hipArray_Format {
  HIP_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  HIP_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  HIP_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  HIP_AD_FORMAT_SIGNED_INT8 = 0x08,
  HIP_AD_FORMAT_SIGNED_INT16 = 0x09,
  HIP_AD_FORMAT_SIGNED_INT32 = 0x0a,
  HIP_AD_FORMAT_HALF = 0x10,
  HIP_AD_FORMAT_FLOAT = 0x20
} hipArray_Format;

typedef struct HIP_ARRAY_DESCRIPTOR {
  size_t Width;
  size_t Height;
  enum hipArray_Format Format;
  unsigned int NumChannels;
} HIP_ARRAY_DESCRIPTOR;

typedef struct HIP_ARRAY3D_DESCRIPTOR {
  size_t Width;
  size_t Height;
  size_t Depth;
  enum hipArray_Format Format;
  unsigned int NumChannels;
  unsigned int Flags;
} HIP_ARRAY3D_DESCRIPTOR;

// The `extra` argument of hipModuleLaunchKernel: kernel arguments as one buffer.
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

typedef struct textureReference textureReference;
typedef textureReference *hipTexRef;

typedef enum hipFuncCache hipFuncCache_t;
typedef enum hipLimit hipLimit_t;
typedef void *hipDeviceptr_t;

constexpr unsigned int hipHostMallocDefault = 0x0;
constexpr unsigned int hipHostMallocPortable = 0x1;
constexpr unsigned int hipHostMallocMapped = 0x2;
constexpr unsigned int hipHostMallocWriteCombined = 0x4;
constexpr unsigned int hipHostMallocCoherent = 0x40000000;
constexpr unsigned int hipHostMallocNonCoherent = 0x80000000;

extern "C" {
__host__ hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags);
__host__ hipError_t hipHostFree(void *ptr);
__host__ hipError_t hipArrayCreate(hipArray_t *pHandle, const HIP_ARRAY_DESCRIPTOR *pAllocateArray);
__host__ hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray);
__host__ hipError_t hipArrayDestroy(hipArray_t array);
__host__ hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);
__host__ hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
__host__ hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
__host__ hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
__host__ hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes,
                                        hipMemcpyKind kind, hipStream_t stream);
__host__ int hipGetStreamDeviceId(hipStream_t stream);
__host__ hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks,
                                       dim3 dimBlocks, void **args, size_t sharedMemBytes,
                                       hipStream_t stream, hipEvent_t startEvent,
                                       hipEvent_t stopEvent, int flags);
__host__ hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams *launchParamsList,
                                                       int numDevices, unsigned int flags);
} // extern "C"

// Templates are defined so that they can be instantiated with function-local types (lambdas,
// local structs), and do nothing.
template <class T>
__host__ hipError_t hipHostMalloc(T **ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipSuccess;
}

// hipLaunchKernelGGL is a macro over a function template, so that the launch is a call of
// hipLaunchKernelGGLInternal at the user's location. Unlike HIP's, the body holds no <<<>>>: the
// analysis sees that call as the launch and checks its arguments itself.
template <typename... Args, typename F = void (*)(Args...)>
__host__ void hipLaunchKernelGGLInternal(F kernel, const dim3 &numBlocks, const dim3 &dimBlocks,
                                         unsigned int sharedMemBytes, hipStream_t stream,
                                         Args... args) {}
template <typename... Args, typename F = void (*)(Args...)>
__host__ void hipExtLaunchKernelGGLInternal(F kernel, const dim3 &numBlocks,
                                            const dim3 &dimBlocks, unsigned int sharedMemBytes,
                                            hipStream_t stream, hipEvent_t startEvent,
                                            hipEvent_t stopEvent, unsigned int flags,
                                            Args... args) {}
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)
#define hipExtLaunchKernelGGL(kernelName, ...)                                                      \
  hipExtLaunchKernelGGLInternal((kernelName), __VA_ARGS__)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
// A device variable as the symbol argument of hipMemcpyToSymbol and kin (the AMD platform's
// spelling: its address).
#define HIP_SYMBOL(X) &X
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];

// The pre-HIP-3 spellings of the builtin variables.
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#endif // __COOPCHECK_MODEL_HIP_RUNTIME_H
