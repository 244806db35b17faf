// HIP's AMD extensions (hipExtLaunchKernel, hipExtLaunchKernelGGL, hipExtMallocWithFlags, ...):
// the model declares them in hip_runtime.h.
#ifndef __COOPCHECK_MODEL_HIP_EXT_H
#define __COOPCHECK_MODEL_HIP_EXT_H
#include "hip_runtime.h"
#endif // __COOPCHECK_MODEL_HIP_EXT_H
