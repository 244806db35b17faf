// sm_32_intrinsics.h is part of the model's cuda_runtime.h (coopcheck_model/device_core.h and the runtime API).
#include "cuda_runtime.h"
