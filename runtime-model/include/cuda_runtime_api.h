// The runtime API is part of the cuda_runtime.h model.
#include "cuda_runtime.h"
