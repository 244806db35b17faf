// Model of HIP's <hip/hip_fp8.h>: the FNUZ types of MI300 (__hip_fp8_e4m3_fnuz, ...) and the OCP
// types (__hip_fp8_e4m3, __hip_fp8_e5m2) with their x2/x4 vectors and conversions, the same
// declarations as cuda_fp8.h's model under HIP's names; HIP converts implicitly.
#ifndef __COOPCHECK_MODEL_HIP_FP8_H
#define __COOPCHECK_MODEL_HIP_FP8_H

#include "hip_bf16.h"

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;
typedef enum __hip_saturation_t { __HIP_NOSAT, __HIP_SATFINITE } __hip_saturation_t;
typedef enum __hip_fp8_interpretation_t {
  __HIP_E4M3_FNUZ,
  __HIP_E5M2_FNUZ,
  __HIP_E4M3,
  __HIP_E5M2
} __hip_fp8_interpretation_t;

#define __CCM_FP8_PASTE(a, b) a##b
#define __CCM_FP8(kind) __CCM_FP8_PASTE(__hip_fp8_, kind)
#define __CCM_FP8X2(kind) __CCM_FP8_PASTE(__hip_fp8x2_, kind)
#define __CCM_FP8X4(kind) __CCM_FP8_PASTE(__hip_fp8x4_, kind)
#define __CCM_FP8_FN(name) __CCM_FP8_PASTE(__hip_, name)
#define __CCM_FP8_STORAGE __hip_fp8_storage_t
#define __CCM_FP8_STORAGEX2 __hip_fp8x2_storage_t
#define __CCM_FP8_STORAGEX4 __hip_fp8x4_storage_t
#define __CCM_FP8_SAT __hip_saturation_t
#define __CCM_FP8_INTERP __hip_fp8_interpretation_t
#define __CCM_FP8_BFLOAT16 __hip_bfloat16
#define __CCM_FP8_BFLOAT162 __hip_bfloat162
#define __CCM_FP8_EXPLICIT
#include "../coopcheck_model/fp8_api.inc"
#define __CCM_FP8_KIND e4m3_fnuz
#include "../coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#define __CCM_FP8_KIND e5m2_fnuz
#include "../coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#define __CCM_FP8_KIND e4m3
#include "../coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#define __CCM_FP8_KIND e5m2
#include "../coopcheck_model/fp8_types.inc"
#undef __CCM_FP8_KIND
#include "../coopcheck_model/fp8_end.inc"

#endif // __COOPCHECK_MODEL_HIP_FP8_H
