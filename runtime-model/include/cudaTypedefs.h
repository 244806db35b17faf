// Hermetic model of cudaTypedefs.h: the function pointer types of driver entry points that code
// fetches with cudaGetDriverEntryPoint (the tensor-map encoders CUTLASS uses, by version).
#ifndef __COOPCHECK_MODEL_CUDATYPEDEFS_H
#define __COOPCHECK_MODEL_CUDATYPEDEFS_H

#include "cuda.h"

// The types of the functions cuda.h declares, as the toolkit spells them.
typedef decltype(&cuTensorMapEncodeTiled) PFN_cuTensorMapEncodeTiled_v12000;
typedef decltype(&cuTensorMapEncodeIm2col) PFN_cuTensorMapEncodeIm2col_v12000;
#define PFN_cuTensorMapEncodeTiled PFN_cuTensorMapEncodeTiled_v12000
#define PFN_cuTensorMapEncodeIm2col PFN_cuTensorMapEncodeIm2col_v12000

#endif
