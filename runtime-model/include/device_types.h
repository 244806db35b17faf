// Model of <device_types.h>: the rounding modes of conversions. cuda_runtime.h includes it, and
// cuda_fp8.h too, whose e8m0 conversions take one, so that it has them on every platform.
#ifndef __COOPCHECK_MODEL_DEVICE_TYPES_H
#define __COOPCHECK_MODEL_DEVICE_TYPES_H

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };

#endif // __COOPCHECK_MODEL_DEVICE_TYPES_H
