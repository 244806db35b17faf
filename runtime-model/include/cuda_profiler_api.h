// Model of <cuda_profiler_api.h>: cudaProfilerStart/Stop.
#ifndef __COOPCHECK_MODEL_CUDA_PROFILER_API_H
#define __COOPCHECK_MODEL_CUDA_PROFILER_API_H

#ifndef __COOPCHECK_WARP_SIZE
#include "cuda_runtime.h"
#endif

extern "C" {
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
}

#endif // __COOPCHECK_MODEL_CUDA_PROFILER_API_H
