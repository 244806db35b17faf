// HIP's half-precision header: the same __half / __half2 types and functions as CUDA's
// cuda_fp16.h, whose model serves both platforms.
#ifndef __COOPCHECK_MODEL_HIP_FP16_H
#define __COOPCHECK_MODEL_HIP_FP16_H
#include "hip_runtime.h"
#include "../cuda_fp16.h"
#endif // __COOPCHECK_MODEL_HIP_FP16_H
