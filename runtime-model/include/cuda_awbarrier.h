// Model of <cuda_awbarrier.h>: nvcuda::experimental::awbarrier (the sm_70+ arrive-wait barrier of
// CUDA 11, superseded by cuda::barrier). Declaration-level; trivially default-constructible, so a
// __shared__ awbarrier parses.
#ifndef __COOPCHECK_MODEL_CUDA_AWBARRIER_H
#define __COOPCHECK_MODEL_CUDA_AWBARRIER_H

#include "cuda_awbarrier_primitives.h"

namespace nvcuda {
namespace experimental {
class awbarrier {
public:
  class arrival_token {
  public:
    arrival_token() = default;
    ~arrival_token() = default;
    __device__ uint32_t pending_count() const;

  private:
    uint64_t token;
    friend awbarrier;
  };
  awbarrier() = default;
  awbarrier(const awbarrier &) = delete;
  awbarrier &operator=(const awbarrier &) = delete;
  ~awbarrier() = default;

  __device__ arrival_token arrive();
  __device__ arrival_token arrive_and_drop();
  __device__ bool timed_wait(arrival_token token, uint32_t hint_cycles);
  __device__ bool timed_wait_parity(bool phase, uint32_t hint_cycles);
  __device__ void wait(arrival_token token);
  __device__ void arrive_and_wait();
  __device__ bool try_wait(arrival_token token, uint32_t maxSleepNanosec);
  __device__ bool try_wait_parity(bool phase, uint32_t maxSleepNanosec);
  __host__ __device__ static constexpr uint32_t max() { return (1u << 20) - 1; }

private:
  uint64_t barrier;
  friend __device__ void init(awbarrier *barrier, uint32_t expected_count);
  friend __device__ void inval(awbarrier *barrier);
  friend class pipeline;
};
__device__ void init(awbarrier *barrier, uint32_t expected_count);
__device__ void inval(awbarrier *barrier);
} // namespace experimental
} // namespace nvcuda

#endif // __COOPCHECK_MODEL_CUDA_AWBARRIER_H
