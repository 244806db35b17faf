// Model of <cuda_awbarrier_primitives.h>: the arrive-wait (mbarrier) primitives of sm_70+.
// Declared without bodies under their real names (README.md).
#ifndef __COOPCHECK_MODEL_CUDA_AWBARRIER_PRIMITIVES_H
#define __COOPCHECK_MODEL_CUDA_AWBARRIER_PRIMITIVES_H

#include "cuda_pipeline_primitives.h"

__host__ __device__ uint32_t __mbarrier_maximum_count();
__device__ void __mbarrier_init(__mbarrier_t *barrier, uint32_t expected_count);
__device__ void __mbarrier_inval(__mbarrier_t *barrier);
__device__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *barrier);
__device__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *barrier);
__device__ bool __mbarrier_test_wait(__mbarrier_t *barrier, __mbarrier_token_t token);
__device__ uint32_t __mbarrier_token_pending_count(__mbarrier_token_t token);
__device__ bool __mbarrier_test_wait_parity(__mbarrier_t *barrier, bool phase_parity);
__device__ bool __mbarrier_try_wait(__mbarrier_t *barrier, __mbarrier_token_t token,
                                    uint32_t max_sleep_nanosec);
__device__ bool __mbarrier_try_wait_parity(__mbarrier_t *barrier, bool phase_parity,
                                           uint32_t max_sleep_nanosec);

#endif // __COOPCHECK_MODEL_CUDA_AWBARRIER_PRIMITIVES_H
