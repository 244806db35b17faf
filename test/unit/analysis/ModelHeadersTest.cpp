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

// CUTLASS encodes TMA descriptors through a driver entry point it fetches from the runtime.
TEST(ModelHeaders, DeclareTensorMapEncoding) {
  test::ParsedSource S(R"cu(
#include <cudaTypedefs.h>
CUresult encode(CUtensorMap *map, void *base, const cuuint64_t *dims, const cuuint64_t *strides,
                const cuuint32_t *box, const cuuint32_t *steps) {
  void *entry = nullptr;
  cudaDriverEntryPointQueryResult found;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &entry, 12000, cudaEnableDefault,
                                       &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess)
    return CUDA_ERROR_UNKNOWN;
  return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(entry)(
      map, CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, 2, base, dims, strides, box, steps,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B,
      CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}
)cu");
  EXPECT_TRUE(S.ok());
}

// CUTLASS's complex type includes cuComplex.h and converts to and from its types.
TEST(ModelHeaders, DeclareComplexNumbers) {
  test::ParsedSource S(R"cu(
#include <cuComplex.h>
__global__ void rotate(cuFloatComplex *v, cuDoubleComplex *w) {
  cuFloatComplex turn = make_cuComplex(0.f, 1.f);
  v[threadIdx.x] = cuCmulf(v[threadIdx.x], turn);
  w[threadIdx.x] = cuCfma(cuComplexFloatToDouble(v[threadIdx.x]), w[threadIdx.x],
                          make_cuDoubleComplex(cuCabsf(turn), cuCimag(w[threadIdx.x])));
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

// libcu++ fetches every driver function through cuGetProcAddress and casts it to
// decltype(::cuX) *: the functions it wraps, their memory-pool, pointer-attribute and green-context
// types, the device attributes it names and CUDA 12.8's e8m0 scale factors must all be declared.
TEST(ModelHeaders, DeclareTheDriverApiLibcuxxWraps) {
  test::ParsedSource S(R"cu(
#include <cuda.h>
#include <cuda_fp8.h>
template <class Fn> Fn *entry(const char *name) {
  void *fn = nullptr;
  CUdriverProcAddressQueryResult found;
  if (cuGetProcAddress(name, &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &found) != CUDA_SUCCESS ||
      found != CU_GET_PROC_ADDRESS_SUCCESS)
    return nullptr;
  return reinterpret_cast<Fn *>(fn);
}
cudaMemPool_t pool_on(int device, cudaStream_t stream, CUdeviceptr *out) {
  CUmemPoolProps props = {};
  props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  props.location = {CU_MEM_LOCATION_TYPE_DEVICE, device};
  CUmemoryPool pool = nullptr;
  entry<decltype(::cuMemPoolCreate)>("cuMemPoolCreate")(&pool, &props);
  cuuint64_t keep = ~0ull;
  entry<decltype(::cuMemPoolSetAttribute)>("cuMemPoolSetAttribute")(
      pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep);
  CUmemAccessDesc access = {props.location, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  entry<decltype(::cuMemPoolSetAccess)>("cuMemPoolSetAccess")(pool, &access, 1);
  entry<decltype(::cuMemAllocFromPoolAsync)>("cuMemAllocFromPoolAsync")(out, 256, pool, stream);
  return pool;
}
bool on_host(const void *p, CUgreenCtx green, CUstream *s) {
  CUmemorytype type{};
  cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, reinterpret_cast<CUdeviceptr>(p));
  cuGreenCtxStreamCreate(s, green, CU_STREAM_NON_BLOCKING, 0);
  return type == CU_MEMORYTYPE_HOST;
}
int texture_pitch(int device) {
  int pitch = 0, numa = 0;
  cudaDeviceGetAttribute(&pitch, cudaDevAttrTexturePitchAlignment, device);
  cudaDeviceGetAttribute(&numa, cudaDevAttrNumaConfig, device);
  return numa == cudaDeviceNumaConfigNumaNode ? pitch : 0;
}
__global__ void rescale(float *v, __nv_fp8_e8m0 *scales) {
  v[threadIdx.x] *= static_cast<float>(scales[threadIdx.x / 32]);
  scales[threadIdx.x / 32].__x = __nv_cvt_float_to_e8m0(v[0], __NV_SATFINITE, cudaRoundZero);
}
)cu");
  EXPECT_TRUE(S.ok());
}

// Code that writes its own grid barrier copies the toolkit's: its pointer constraint and the
// test of the arrival count's flipped bit.
TEST(ModelHeaders, DeclareWhatHandWrittenGridBarriersCopy) {
  test::ParsedSource S(R"cu(
#include <cooperative_groups.h>
__device__ void grid_barrier(volatile unsigned int *arrived, unsigned int expected) {
  unsigned int nb = blockIdx.x == 0 ? 0x80000000 - (expected - 1) : 1, old, now;
  asm volatile("atom.add.release.gpu.u32 %0,[%1],%2;"
               : "=r"(old)
               : _CG_ASM_PTR_CONSTRAINT((unsigned int *)arrived), "r"(nb)
               : "memory");
  do {
    asm volatile("ld.acquire.gpu.u32 %0,[%1];"
                 : "=r"(now)
                 : _CG_ASM_PTR_CONSTRAINT((unsigned int *)arrived)
                 : "memory");
  } while (!cooperative_groups::details::bar_has_flipped(old, now));
}
)cu");
  EXPECT_TRUE(S.ok());
}

} // namespace

// NVFP4 code (CUDA 12.8) packs two values a byte and converts pairs of floats with a rounding
// mode; the types keep the toolkit's sizes, which such code relies on when it reinterprets them.
TEST(ModelHeaders, DeclareFp4AsTheToolkitLaysItOut) {
  test::ParsedSource S(R"cu(
#include <cuda_fp4.h>
#include <cuda_fp8.h>
static_assert(sizeof(__nv_fp4_e2m1) == 1 && sizeof(__nv_fp4x2_e2m1) == 1, "");
static_assert(sizeof(__nv_fp4x4_e2m1) == 2 && alignof(__nv_fp4x4_e2m1) == 2, "");
static_assert(sizeof(__nv_fp8x2_e4m3) == 2 && sizeof(__nv_fp8x4_e4m3) == 4, "");
__global__ void pack(const float2 *in, __nv_fp4x2_storage_t *out, __half *back) {
  out[threadIdx.x] = __nv_cvt_float2_to_fp4x2(in[threadIdx.x], __NV_E2M1, cudaRoundNearest);
  __nv_fp4x2_e2m1 pair;
  pair.__x = out[threadIdx.x];
  __nv_fp4_e2m1 one(in[0].x);
  back[threadIdx.x] = static_cast<__half>(one);
  back[0] = __nv_cvt_fp4_to_halfraw(pair.__x & 0xf, __NV_E2M1);
}
)cu");
  EXPECT_TRUE(S.ok());
}

// CCCL 3's integer helpers are used in constant expressions, its reduction operators and
// fast_mod_div in kernels, cuda::std::optional in kernel parameters (flashinfer's attention and
// all-reduce units include them through the toolkit).
TEST(ModelHeaders, DeclareLibcuxxHelpersWithTheirValues) {
  test::ParsedSource S(R"cu(
#include <cuda/cmath>
#include <cuda/functional>
#include <cuda/std/optional>
static_assert(cuda::ceil_div(100, 32) == 4 && cuda::round_up(100, 32) == 128 &&
              cuda::round_down(100, 32) == 96, "");
template <int N> struct Tiles { static constexpr int count = cuda::ceil_div(N, 32); };
static_assert(Tiles<65>::count == 3, "");
__global__ void k(const int *in, int *out, int d, cuda::std::optional<int> bias) {
  cuda::fast_mod_div<int> fd(d);
  int i = threadIdx.x;
  auto qr = cuda::div(i, fd);
  out[i] = i / fd + i % fd + qr.first + qr.second + cuda::maximum<>{}(in[i], 0) +
           cuda::minimum<int>{}(in[i], 7) + bias.value_or(0);
  if (!bias.has_value())
    bias = cuda::std::nullopt;
}
)cu");
  EXPECT_TRUE(S.ok());
}

// Sampling kernels draw four floats at a time from a Philox stream they place by seed, subsequence
// and offset, and include the generator's own header for it (flashinfer's sampling and top-k).
TEST(ModelHeaders, DeclareThePhiloxGeneratorWhereTheToolkitDoes) {
  test::ParsedSource S(R"cu(
#include <curand.h>
#include <curand_kernel.h>
#include <curand_philox4x32_x.h>
__global__ void noise(float4 *out, unsigned long long seed, unsigned long long offset) {
  curandStatePhilox4_32_10_t state;
  curand_init(seed, blockIdx.x, offset, &state);
  out[threadIdx.x] = curand_uniform4(&state);
  uint4 bits = curand_Philox4x32_10(make_uint4(threadIdx.x, 0, 0, 0), make_uint2(PHILOX_W32_0, 0));
  out[0].x += curand_uniform(&state) + float(bits.x);
}
)cu");
  EXPECT_TRUE(S.ok());
}
