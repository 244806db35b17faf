// Hermetic model of the CUDA runtime header (force-included by coopcheck like nvcc does). It gives
// CUDA sources the language layer, the runtime API and the launch APIs with CUDA 12's signatures.
#ifndef __COOPCHECK_MODEL_CUDA_RUNTIME_H
#define __COOPCHECK_MODEL_CUDA_RUNTIME_H

#define __COOPCHECK_MODEL_CUDA__ 1

// The first platform header included decides the warp parameters of the parse.
#ifndef __COOPCHECK_WARP_SIZE
#define __COOPCHECK_WARP_SIZE 32
#define __COOPCHECK_LANEMASK_T unsigned int
#define __COOPCHECK_LANEMASK_BITS 32
#endif

// What nvcc and the toolkit headers define. __CUDACC__ must precede the C++ library headers, which
// avoid __float128 under it.
#ifndef __CUDACC__
#define __CUDACC__
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12080
#endif
#define CUDART_VERSION 12080
// The include guards of the toolkit's cuda_runtime.h and driver_types.h: code tests them to know
// that the runtime API is declared (the samples' helper_cuda.h defines getLastCudaError and
// checkCudaErrors' error names only then).
#define __CUDA_RUNTIME_H__
#define __DRIVER_TYPES_H__
#define CUDARTAPI
#define CUDART_CB

#include "coopcheck_model/device_core.h"
#include "device_types.h"

// ---- Address spaces -------------------------------------------------------------------------------
// CUDA's own (sm_20 intrinsics), declared only, under their real names: which space a pointer is in
// does not decide which threads meet where.
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);
__device__ unsigned int __isGridConstant(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_constant(const void *ptr);
__device__ size_t __cvta_generic_to_local(const void *ptr);
__device__ size_t __cvta_generic_to_grid_constant(const void *ptr);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_constant_to_generic(size_t rawbits);
__device__ void *__cvta_local_to_generic(size_t rawbits);
__device__ void *__cvta_grid_constant_to_generic(size_t rawbits);

// The block barrier of a named barrier id (CUDA's sm_30 intrinsic): a __syncthreads() of its own.
__device__ void __barrier_sync(unsigned int id);
// The same barrier among cnt threads (bar.sync id, cnt): CUB's warp-specialised squads meet on it.
__device__ void __barrier_sync_count(unsigned int id, unsigned int cnt);

typedef struct CUuuid_st {
  char bytes[16];
} cudaUUID_t;

#define __CCM_PASTE(a, b) a##b
#define __CCM(name) __CCM_PASTE(cuda, name)
#define __CCM_DEVICE_PROP cudaDeviceProp
#define __CCM_DEVICE_PROP_EXTRA cudaUUID_t uuid;
#define __CCM_DEVICE_ATTR cudaDeviceAttr
#define __CCM_DEVATTR(Cuda, Hip) cudaDevAttr##Cuda
// CUDA 12's other device attributes (texture and surface limits, RDMA, NUMA, ...), with their
// values: libcu++'s cuda::device_attributes names every one.
#define __CCM_DEVICE_ATTR_EXTRA \
  cudaDevAttrMaxTexture1DWidth = 21, \
  cudaDevAttrMaxTexture2DWidth = 22, \
  cudaDevAttrMaxTexture2DHeight = 23, \
  cudaDevAttrMaxTexture3DWidth = 24, \
  cudaDevAttrMaxTexture3DHeight = 25, \
  cudaDevAttrMaxTexture3DDepth = 26, \
  cudaDevAttrMaxTexture2DLayeredWidth = 27, \
  cudaDevAttrMaxTexture2DLayeredHeight = 28, \
  cudaDevAttrMaxTexture2DLayeredLayers = 29, \
  cudaDevAttrSurfaceAlignment = 30, \
  cudaDevAttrMaxTexture1DLayeredWidth = 42, \
  cudaDevAttrMaxTexture1DLayeredLayers = 43, \
  cudaDevAttrMaxTexture2DGatherWidth = 45, \
  cudaDevAttrMaxTexture2DGatherHeight = 46, \
  cudaDevAttrMaxTexture3DWidthAlt = 47, \
  cudaDevAttrMaxTexture3DHeightAlt = 48, \
  cudaDevAttrMaxTexture3DDepthAlt = 49, \
  cudaDevAttrTexturePitchAlignment = 51, \
  cudaDevAttrMaxTextureCubemapWidth = 52, \
  cudaDevAttrMaxTextureCubemapLayeredWidth = 53, \
  cudaDevAttrMaxTextureCubemapLayeredLayers = 54, \
  cudaDevAttrMaxSurface1DWidth = 55, \
  cudaDevAttrMaxSurface2DWidth = 56, \
  cudaDevAttrMaxSurface2DHeight = 57, \
  cudaDevAttrMaxSurface3DWidth = 58, \
  cudaDevAttrMaxSurface3DHeight = 59, \
  cudaDevAttrMaxSurface3DDepth = 60, \
  cudaDevAttrMaxSurface1DLayeredWidth = 61, \
  cudaDevAttrMaxSurface1DLayeredLayers = 62, \
  cudaDevAttrMaxSurface2DLayeredWidth = 63, \
  cudaDevAttrMaxSurface2DLayeredHeight = 64, \
  cudaDevAttrMaxSurface2DLayeredLayers = 65, \
  cudaDevAttrMaxSurfaceCubemapWidth = 66, \
  cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67, \
  cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68, \
  cudaDevAttrMaxTexture1DLinearWidth = 69, \
  cudaDevAttrMaxTexture2DLinearWidth = 70, \
  cudaDevAttrMaxTexture2DLinearHeight = 71, \
  cudaDevAttrMaxTexture2DLinearPitch = 72, \
  cudaDevAttrMaxTexture2DMipmappedWidth = 73, \
  cudaDevAttrMaxTexture2DMipmappedHeight = 74, \
  cudaDevAttrMaxTexture1DMipmappedWidth = 77, \
  cudaDevAttrSingleToDoublePrecisionPerfRatio = 87, \
  cudaDevAttrCanFlushRemoteWrites = 98, \
  cudaDevAttrHostRegisterSupported = 99, \
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100, \
  cudaDevAttrSparseCudaArraySupported = 112, \
  cudaDevAttrHostRegisterReadOnlySupported = 113, \
  cudaDevAttrTimelineSemaphoreInteropSupported = 114, \
  cudaDevAttrGPUDirectRDMASupported = 116, \
  cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117, \
  cudaDevAttrGPUDirectRDMAWritesOrdering = 118, \
  cudaDevAttrMemoryPoolSupportedHandleTypes = 119, \
  cudaDevAttrDeferredMappingCudaArraySupported = 121, \
  cudaDevAttrIpcEventSupport = 125, \
  cudaDevAttrMemSyncDomainCount = 126, \
  cudaDevAttrNumaConfig = 130, \
  cudaDevAttrNumaId = 131, \
  cudaDevAttrMpsEnabled = 133, \
  cudaDevAttrHostNumaId = 134, \
  cudaDevAttrD3D12CigSupported = 135, \
  cudaDevAttrVulkanCigSupported = 138, \
  cudaDevAttrGpuPciDeviceId = 139, \
  cudaDevAttrGpuPciSubsystemId = 140,
// CUDA 12's other error codes, with their values (code compares and prints them).
#define __CCM_ERROR_EXTRA \
  cudaErrorCudartUnloading = 4, \
  cudaErrorProfilerDisabled = 5, \
  cudaErrorProfilerNotInitialized = 6, \
  cudaErrorProfilerAlreadyStarted = 7, \
  cudaErrorProfilerAlreadyStopped = 8, \
  cudaErrorInvalidHostPointer = 16, \
  cudaErrorInvalidTexture = 18, \
  cudaErrorInvalidTextureBinding = 19, \
  cudaErrorInvalidChannelDescriptor = 20, \
  cudaErrorAddressOfConstant = 22, \
  cudaErrorTextureFetchFailed = 23, \
  cudaErrorTextureNotBound = 24, \
  cudaErrorSynchronizationError = 25, \
  cudaErrorInvalidFilterSetting = 26, \
  cudaErrorInvalidNormSetting = 27, \
  cudaErrorMixedDeviceExecution = 28, \
  cudaErrorNotYetImplemented = 31, \
  cudaErrorMemoryValueTooLarge = 32, \
  cudaErrorStubLibrary = 34, \
  cudaErrorCallRequiresNewerDriver = 36, \
  cudaErrorInvalidSurface = 37, \
  cudaErrorDuplicateVariableName = 43, \
  cudaErrorDuplicateTextureName = 44, \
  cudaErrorDuplicateSurfaceName = 45, \
  cudaErrorDevicesUnavailable = 46, \
  cudaErrorIncompatibleDriverContext = 49, \
  cudaErrorPriorLaunchFailure = 53, \
  cudaErrorLaunchMaxDepthExceeded = 65, \
  cudaErrorLaunchFileScopedTex = 66, \
  cudaErrorLaunchFileScopedSurf = 67, \
  cudaErrorSyncDepthExceeded = 68, \
  cudaErrorLaunchPendingCountExceeded = 69, \
  cudaErrorDeviceNotLicensed = 102, \
  cudaErrorSoftwareValidityNotEstablished = 103, \
  cudaErrorStartupFailure = 127, \
  cudaErrorDeviceUninitialized = 201, \
  cudaErrorMapBufferObjectFailed = 205, \
  cudaErrorUnmapBufferObjectFailed = 206, \
  cudaErrorArrayIsMapped = 207, \
  cudaErrorAlreadyMapped = 208, \
  cudaErrorAlreadyAcquired = 210, \
  cudaErrorNotMapped = 211, \
  cudaErrorNotMappedAsArray = 212, \
  cudaErrorNotMappedAsPointer = 213, \
  cudaErrorECCUncorrectable = 214, \
  cudaErrorUnsupportedLimit = 215, \
  cudaErrorDeviceAlreadyInUse = 216, \
  cudaErrorPeerAccessUnsupported = 217, \
  cudaErrorInvalidPtx = 218, \
  cudaErrorInvalidGraphicsContext = 219, \
  cudaErrorNvlinkUncorrectable = 220, \
  cudaErrorJitCompilerNotFound = 221, \
  cudaErrorUnsupportedPtxVersion = 222, \
  cudaErrorJitCompilationDisabled = 223, \
  cudaErrorUnsupportedExecAffinity = 224, \
  cudaErrorUnsupportedDevSideSync = 225, \
  cudaErrorContained = 226, \
  cudaErrorSharedObjectSymbolNotFound = 302, \
  cudaErrorSharedObjectInitFailed = 303, \
  cudaErrorOperatingSystem = 304, \
  cudaErrorIllegalState = 401, \
  cudaErrorLossyQuery = 402, \
  cudaErrorSymbolNotFound = 500, \
  cudaErrorLaunchIncompatibleTexturing = 703, \
  cudaErrorSetOnActiveProcess = 708, \
  cudaErrorContextIsDestroyed = 709, \
  cudaErrorTooManyPeers = 711, \
  cudaErrorHostMemoryNotRegistered = 713, \
  cudaErrorHardwareStackError = 714, \
  cudaErrorIllegalInstruction = 715, \
  cudaErrorMisalignedAddress = 716, \
  cudaErrorInvalidAddressSpace = 717, \
  cudaErrorInvalidPc = 718, \
  cudaErrorTensorMemoryLeak = 721, \
  cudaErrorSystemNotReady = 802, \
  cudaErrorSystemDriverMismatch = 803, \
  cudaErrorCompatNotSupportedOnDevice = 804, \
  cudaErrorMpsConnectionFailed = 805, \
  cudaErrorMpsRpcFailure = 806, \
  cudaErrorMpsServerNotReady = 807, \
  cudaErrorMpsMaxClientsReached = 808, \
  cudaErrorMpsMaxConnectionsReached = 809, \
  cudaErrorMpsClientTerminated = 810, \
  cudaErrorCdpNotSupported = 811, \
  cudaErrorCdpVersionMismatch = 812, \
  cudaErrorStreamCaptureInvalidated = 901, \
  cudaErrorStreamCaptureMerge = 902, \
  cudaErrorStreamCaptureUnmatched = 903, \
  cudaErrorStreamCaptureUnjoined = 904, \
  cudaErrorStreamCaptureIsolation = 905, \
  cudaErrorStreamCaptureImplicit = 906, \
  cudaErrorCapturedEvent = 907, \
  cudaErrorStreamCaptureWrongThread = 908, \
  cudaErrorTimeout = 909, \
  cudaErrorGraphExecUpdateFailure = 910, \
  cudaErrorExternalDevice = 911, \
  cudaErrorInvalidClusterSize = 912, \
  cudaErrorFunctionNotLoaded = 913, \
  cudaErrorInvalidResourceType = 914, \
  cudaErrorInvalidResourceConfiguration = 915,
// CUDA 12.4's fabric handles of memory pools.
#define __CCM_MEM_HANDLE_TYPE_EXTRA cudaMemHandleTypeFabric = 0x8,
// The driver API (cuda.h) uses the same handle structs, so CUstream and cudaStream_t are one type.
#define __CCM_STREAM_ST CUstream_st
#define __CCM_EVENT_ST CUevent_st
#define __CCM_GRAPH_ST CUgraph_st
#define __CCM_GRAPH_EXEC_ST CUgraphExec_st
#define __CCM_GRAPH_NODE_ST CUgraphNode_st
#define __CCM_MEM_POOL_ST CUmemPoolHandle_st
#define __CCM_FUNC_ST CUfunc_st
#include "coopcheck_model/runtime_api.inc"
#include "coopcheck_model/runtime_api_end.inc"
#include "library_types.h"

// The value types of device attributes that are enumerations (cudaDevAttrGPUDirectRDMA*,
// cudaDevAttrNumaConfig).
enum cudaGPUDirectRDMAWritesOrdering {
  cudaGPUDirectRDMAWritesOrderingNone = 0,
  cudaGPUDirectRDMAWritesOrderingOwner = 100,
  cudaGPUDirectRDMAWritesOrderingAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesOptions {
  cudaFlushGPUDirectRDMAWritesOptionHost = 1 << 0,
  cudaFlushGPUDirectRDMAWritesOptionMemOps = 1 << 1
};
enum cudaDeviceNumaConfig { cudaDeviceNumaConfigNone = 0, cudaDeviceNumaConfigNumaNode };

// Driver entry points through the runtime (CUTLASS calls cuTensorMapEncodeTiled this way): the
// function pointer types are cudaTypedefs.h's.
enum cudaDriverEntryPointQueryResult {
  cudaDriverEntryPointSuccess = 0,
  cudaDriverEntryPointSymbolNotFound = 1,
  cudaDriverEntryPointVersionNotSufficent = 2
};
enum { cudaEnableDefault = 0x0, cudaEnableLegacyStream = 0x1, cudaEnablePerThreadDefaultStream = 0x2 };
__host__ cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr,
                                             unsigned long long flags,
                                             cudaDriverEntryPointQueryResult *status = 0);
__host__ cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr,
                                                      unsigned int cudaVersion,
                                                      unsigned long long flags,
                                                      cudaDriverEntryPointQueryResult *status = 0);

// Kernels as driver functions and cluster occupancy (CUDA 12): libcu++'s launch and CUB's dispatch
// call them.
extern "C" {
__host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr);
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                                          const cudaLaunchConfig_t *launchConfig);
}
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                                          const cudaLaunchConfig_t *config) {
  return cudaSuccess;
}

// Programmatic dependent launch (sm_90): a kernel waits for the grid it depends on, or lets the
// next one start. Neither is a barrier among the threads of this grid.
__device__ void cudaGridDependencySynchronize(void);
__device__ void cudaTriggerProgrammaticLaunchCompletion(void);

// CUDA 12.8's generic atomics with a memory order and a thread scope (integer literals).
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4
template <class T>
__device__ void __nv_atomic_load(T *ptr, T *ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ T __nv_atomic_load_n(T *ptr, int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store(T *ptr, T *val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store_n(T *ptr, T val, int order,
                                    int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ T __nv_atomic_exchange_n(T *ptr, T val, int order,
                                    int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ bool __nv_atomic_compare_exchange_n(T *ptr, T *expected, T desired, bool weak,
                                               int success_order, int failure_order,
                                               int scope = __NV_THREAD_SCOPE_SYSTEM);
#define __COOPCHECK_NV_ATOMIC_FETCH(OP)                                                            \
  template <class T>                                                                               \
  __device__ T __nv_atomic_fetch_##OP(T *ptr, T val, int order,                                    \
                                      int scope = __NV_THREAD_SCOPE_SYSTEM);
__COOPCHECK_NV_ATOMIC_FETCH(add)
__COOPCHECK_NV_ATOMIC_FETCH(sub)
__COOPCHECK_NV_ATOMIC_FETCH(min)
__COOPCHECK_NV_ATOMIC_FETCH(max)
__COOPCHECK_NV_ATOMIC_FETCH(and)
__COOPCHECK_NV_ATOMIC_FETCH(or)
__COOPCHECK_NV_ATOMIC_FETCH(xor)
#undef __COOPCHECK_NV_ATOMIC_FETCH
__device__ void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM);

#endif // __COOPCHECK_MODEL_CUDA_RUNTIME_H
