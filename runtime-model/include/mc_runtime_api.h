// The runtime API is part of the mc_runtime.h model.
#include "mc_runtime.h"
