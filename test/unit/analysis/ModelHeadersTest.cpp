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

// Hopper-era names: programmatic dependent launch, CUDA 12.8's generic atomics, the math
// libraries' element types, tensor maps and memory handles of the driver API.
TEST(ModelHeaders, DeclareHopperEraNames) {
  test::ParsedSource S(R"cu(
#include <cuda.h>
#include <library_types.h>
__global__ void dependent(int *counter, int *out, const __grid_constant__ CUtensorMap map) {
  cudaGridDependencySynchronize();
  int seen = __nv_atomic_fetch_add(counter, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  int now = __nv_atomic_load_n(counter, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(out + threadIdx.x, seen + now, __NV_ATOMIC_RELEASE);
  cudaTriggerProgrammaticLaunchCompletion();
}
unsigned element_bytes(cudaDataType_t t, CUtensorMapDataType m, CUmemGenericAllocationHandle h) {
  return (t == CUDA_R_16BF ? 2u : 4u) + (m == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 ? 0u : 1u) +
         unsigned(h & 1);
}
)cu");
  EXPECT_TRUE(S.ok());
}

// HIP code names device variables for the symbol API through HIP_SYMBOL.
TEST(ModelHeaders, DeclareHipSymbols) {
  test::ParsedSource S(R"cu(
#include <hip/hip_runtime.h>
__constant__ float coefficients[16];
__device__ int counter;
void upload(const float *host) {
  hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(coefficients));
  int zero = 0;
  hipMemcpyToSymbol(HIP_SYMBOL(counter), &zero, sizeof(int), 0, hipMemcpyHostToDevice);
}
)cu");
  EXPECT_TRUE(S.ok());
}

} // namespace
