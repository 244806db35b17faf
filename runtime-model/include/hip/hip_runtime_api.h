// The runtime API is part of the hip/hip_runtime.h model.
#include "hip_runtime.h"
