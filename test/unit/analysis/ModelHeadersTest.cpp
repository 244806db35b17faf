// The hermetic model headers declare what real units use beyond the common API: a unit that
// compiles with nvcc must not lose functions to an undeclared name the toolkit has.
#include "ParsedSource.h"

using namespace coopcheck;

namespace {

TEST(ModelHeaders, DeclareWhatRealUnitsUse) {
  test::ParsedSource S(R"cu(
#include <cuda_fp16.h>
__global__ void k(float *p, unsigned *flags) {
  __shared__ float tile[32];
  unsigned address = (unsigned)__cvta_generic_to_shared(tile);
  if (__isGlobal(p) && !__isShared(p))
    flags[threadIdx.x] = __funnelshift_r(address, address, 4) + __funnelshift_l(1u, 2u, 3u);
  nv_half h = __float2half(p[threadIdx.x]);
  p[threadIdx.x] = __half2float(h);
}
int startup_failed(cudaError_t e) {
  return e == cudaErrorStartupFailure || e == cudaErrorMapBufferObjectFailed ||
         e == cudaErrorUnsupportedPtxVersion;
}
)cu");
  EXPECT_TRUE(S.ok());
}

} // namespace
