// threadIdx, blockIdx, blockDim, gridDim and warpSize come with the cuda_runtime.h model.
#include "cuda_runtime.h"
