// Model of <cuda_pipeline.h>: the primitives of cuda_pipeline_primitives.h and the CUDA 11
// nvcuda::experimental::pipeline class (deprecated, still used with cg::memcpy_async).
// Declaration-level (README.md).
#ifndef __COOPCHECK_MODEL_CUDA_PIPELINE_H
#define __COOPCHECK_MODEL_CUDA_PIPELINE_H

#include "cuda_awbarrier.h"
#include "cuda_pipeline_primitives.h"

namespace cuda {
class __block_scope_barrier_base;
}

namespace nvcuda {
namespace experimental {
class pipeline {
public:
  __device__ pipeline();
  __device__ size_t commit();
  __device__ void commit_and_wait();
  __device__ void wait(size_t batch);
  template <unsigned N> __device__ void wait_prior();
  __device__ void arrive_on(awbarrier &barrier);
  __device__ void arrive_on(cuda::__block_scope_barrier_base &barrier);

private:
  size_t current_batch;
};

template <class T> __device__ void memcpy_async(T &dst, const T &src, pipeline &pipe);
template <class T, size_t DstN, size_t SrcN>
__device__ void memcpy_async(T (*dst)[DstN], const T (*src)[SrcN], pipeline &pipe);
template <size_t N, typename T> __device__ auto segment(T *ptr) -> T (*)[N] {
  return (T(*)[N])ptr;
}
} // namespace experimental
} // namespace nvcuda

#endif // __COOPCHECK_MODEL_CUDA_PIPELINE_H
