// Model of <cuda_pipeline_primitives.h>: the per-thread asynchronous-copy primitives (sm_80
// cp.async). Declared without bodies under their real names (README.md).
#ifndef __COOPCHECK_MODEL_CUDA_PIPELINE_PRIMITIVES_H
#define __COOPCHECK_MODEL_CUDA_PIPELINE_PRIMITIVES_H

#ifndef __COOPCHECK_WARP_SIZE
#include "cuda_runtime.h"
#endif
#include <stdint.h>

// The barrier word of cuda_awbarrier_primitives.h.
typedef uint64_t __mbarrier_t;
typedef uint64_t __mbarrier_token_t;

// Copies size_and_align (4, 8 or 16) bytes from global to shared memory, the last zfill of them zero.
__device__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                        const void *__restrict__ src_global, size_t size_and_align,
                                        size_t zfill = 0);
// Closes the calling thread's current batch of copies.
__device__ void __pipeline_commit();
// Waits until at most `prior` of the calling thread's committed batches are still in flight.
__device__ void __pipeline_wait_prior(size_t prior);
// Makes the barrier's current phase wait for the calling thread's copies.
__device__ void __pipeline_arrive_on(__mbarrier_t *barrier);

#endif // __COOPCHECK_MODEL_CUDA_PIPELINE_PRIMITIVES_H
