// Hermetic model of the MXMACA (MetaX) runtime header, force-included by coopcheck for MXMACA
// sources. MXMACA mirrors the CUDA runtime with the mc prefix, on 64-lane warps with 64-bit masks.
#ifndef __COOPCHECK_MODEL_MC_RUNTIME_H
#define __COOPCHECK_MODEL_MC_RUNTIME_H

#define __COOPCHECK_MODEL_MACA__ 1

// The first platform header included decides the warp parameters of the parse.
#ifndef __COOPCHECK_WARP_SIZE
#define __COOPCHECK_WARP_SIZE 64
#define __COOPCHECK_LANEMASK_T unsigned long long
#define __COOPCHECK_LANEMASK_BITS 64
#endif

// What mxcc defines.
#ifndef __MACACC__
#define __MACACC__
#endif

#include "coopcheck_model/device_core.h"

#define __CCM_PASTE(a, b) a##b
#define __CCM(name) __CCM_PASTE(mc, name)
#define __CCM_DEVICE_PROP mcDeviceProp
#define __CCM_DEVICE_PROP_EXTRA
#define __CCM_DEVICE_ATTR mcDeviceAttribute_t
#define __CCM_DEVATTR(Cuda, Hip) mcDevAttr##Cuda
#define __CCM_DEVICE_ATTR_EXTRA
#define __CCM_ERROR_EXTRA
#define __CCM_MEM_HANDLE_TYPE_EXTRA
#define __CCM_STREAM_ST MCstream_st
#define __CCM_EVENT_ST MCevent_st
#define __CCM_GRAPH_ST MCgraph_st
#define __CCM_GRAPH_EXEC_ST MCgraphExec_st
#define __CCM_GRAPH_NODE_ST mcGraphNode_st
#define __CCM_MEM_POOL_ST mcMemPool_st
#define __CCM_FUNC_ST MCfunc_st
#define __CCM_MODULE_ST MCmodule_st
#include "coopcheck_model/runtime_api.inc"
#include "coopcheck_model/module_api.inc"
#include "coopcheck_model/runtime_api_end.inc"

#endif // __COOPCHECK_MODEL_MC_RUNTIME_H
