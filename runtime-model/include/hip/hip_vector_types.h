// HIP's vector types header (float4, HIP_vector_type, make_float4, ...): part of the model's
// hip_runtime.h, as ROCm's hip_runtime.h includes it.
#ifndef __COOPCHECK_MODEL_HIP_VECTOR_TYPES_H
#define __COOPCHECK_MODEL_HIP_VECTOR_TYPES_H
#include "hip_runtime.h"
#endif // __COOPCHECK_MODEL_HIP_VECTOR_TYPES_H
