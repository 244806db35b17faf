// Model of <cuda_gl_interop.h>: OpenGL buffers and images registered as CUDA graphics resources
// (the mapping calls are in the runtime API). GLuint and GLenum are unsigned int in every GL
// header, so the model needs none.
#ifndef __COOPCHECK_MODEL_CUDA_GL_INTEROP_H
#define __COOPCHECK_MODEL_CUDA_GL_INTEROP_H
#include "cuda_runtime.h"

enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1,
  cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};

extern "C" {
__host__ cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                                      unsigned int cudaDeviceCount,
                                      enum cudaGLDeviceList deviceList);
__host__ cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource,
                                                 unsigned int image, unsigned int target,
                                                 unsigned int flags);
__host__ cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource,
                                                  unsigned int buffer, unsigned int flags);
} // extern "C"

#endif // __COOPCHECK_MODEL_CUDA_GL_INTEROP_H
