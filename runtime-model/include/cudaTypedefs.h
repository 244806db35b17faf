// Hermetic model of cudaTypedefs.h: the function pointer types of driver entry points that code
// fetches with cudaGetDriverEntryPoint (the tensor-map encoders CUTLASS uses, by version).
#ifndef __COOPCHECK_MODEL_CUDATYPEDEFS_H
#define __COOPCHECK_MODEL_CUDATYPEDEFS_H

#include "cuda.h"

typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeTiled_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
typedef CUresult(CUDAAPI *PFN_cuTensorMapEncodeIm2col_v12000)(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
#define PFN_cuTensorMapEncodeTiled PFN_cuTensorMapEncodeTiled_v12000
#define PFN_cuTensorMapEncodeIm2col PFN_cuTensorMapEncodeIm2col_v12000

#endif
