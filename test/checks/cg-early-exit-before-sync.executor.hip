// cg-early-exit-before-sync with the executor on HIP: an AMD GPU waits at __syncthreads() for the
// threads that left the kernel, so the replayed launch hangs and confirms the finding. The same
// kernel on CUDA completes (gpu-probes P1, P2): see cg-early-exit-before-sync.cu.
// coopcheck-executor
#include <hip/hip_runtime.h>

__global__ void bounds_return(float *out, const float *in, int n) {
  __shared__ float tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'i >= n')}}
  tile[threadIdx.x] = in[i];
  __syncthreads(); // expected-error {{[confirmed: hang] threads that left the kernel early never arrive at __syncthreads(); on AMD GPUs a thread that left the kernel is still awaited at a block barrier: the block deadlocks or faults}}
  out[i] = tile[63 - threadIdx.x];
}

// Every thread arrives: the guard covers the work, not the barrier.
__global__ void bounds_guarded_work(float *out, const float *in, int n) {
  __shared__ float tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  if (i < n)
    out[i] = tile[63 - threadIdx.x];
}

void run(float *out, const float *in) {
  hipLaunchKernelGGL(bounds_return, dim3(2), dim3(64), 0, 0, out, in, 100);
  hipLaunchKernelGGL(bounds_guarded_work, dim3(2), dim3(64), 0, 0, out, in, 100);
}
