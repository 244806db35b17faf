// cg-warp-mask and sizes the launching code asserts (issue 29, a tensor library's quantizer): a
// lane leaves when its first element lies past the row, and the warp then takes a maximum with
// a full-mask shuffle. Where every launch passes a length the host asserts to be a multiple of
// what one warp covers, and the blocks hold whole warps, the boundary falls between warps: whole
// warps leave, and the lanes the mask names all arrive. A kernel's own guard at its top counts
// the same way.
// Positives: a second launch without the assert, an assert of too small a multiple, and a count
// changed after its assert.
#include <cassert>
#include <stdexcept>

[[noreturn]] void fail(const char *what);
#define REQUIRE(c) do { if (!(c)) throw std::runtime_error(#c); } while (0)

__device__ float max4(const float *x) { return fmaxf(fmaxf(x[0], x[1]), fmaxf(x[2], x[3])); }

// ---- negatives --------------------------------------------------------------------------------

// N1. Four elements per lane: a warp covers 128, and the host leaves unless n is a multiple.
__global__ void max_by_fours(const float *x, float *out, long long n) {
  const long long i0 = ((long long)blockDim.x * blockIdx.y + threadIdx.x) * 4;
  if (i0 >= n) return;
  out[i0 / 128] = fmaxf(max4(x + i0), __shfl_xor_sync(0xffffffff, max4(x + i0), 16));
}

void launch_max_by_fours(const float *x, float *out, long long n, cudaStream_t stream) {
  if (!(n % 128 == 0))
    fail("n must fill whole warps");
  dim3 grid(1, unsigned((n + 511) / 512));
  max_by_fours<<<grid, 128, 0, stream>>>(x, out, n);
}

// N2. One row per thread, the count checked by a do-while macro that throws, before both
// launches.
__global__ void warp_maximum(const float *rows, float *out, int count) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= count) return;
  out[row / 32] = fmaxf(rows[row], __shfl_xor_sync(0xffffffff, rows[row], 16));
}

void launch_warp_maximum(const float *rows, float *out, int count, bool wide) {
  REQUIRE(count > 0 && count % 32 == 0);
  if (wide)
    warp_maximum<<<(count + 255) / 256, 256>>>(rows, out, count);
  else
    warp_maximum<<<(count + 63) / 64, 64>>>(rows, out, count);
}

// N3. The kernel's own guard: two elements per lane, a warp covers 64.
__global__ void min_by_pairs(const float *x, float *out, int n) {
  if (n % 64 != 0)
    __trap();
  int i = blockIdx.x * 128 + threadIdx.x * 2;
  if (i >= n)
    return;
  float m = fminf(x[i], x[i + 1]);
  for (int offset = 16; offset > 0; offset >>= 1)
    m = fminf(m, __shfl_down_sync(0xffffffff, m, offset));
  if ((threadIdx.x & 31) == 0)
    out[i / 64] = m;
}

void launch_min_by_pairs(const float *x, float *out, int n) {
  min_by_pairs<<<(n + 127) / 128, 64>>>(x, out, n);
}

// N4. The unit also launches another kernel through a helper that is given it: the helper's
// launch names a kernel at every call, so it is no launch of an unknown kernel.
__global__ void scale_all(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

template <typename Kernel> void launch_elementwise(Kernel kernel, float *x, int n) {
  void *args[] = {&x, &n};
  cudaLaunchKernel((const void *)kernel, dim3((n + 255) / 256), dim3(256), args, 0, 0);
}

__global__ void max_beside_helper(const float *x, float *out, long long n) {
  const long long i0 = ((long long)blockDim.x * blockIdx.y + threadIdx.x) * 4;
  if (i0 >= n) return;
  out[i0 / 128] = fmaxf(max4(x + i0), __shfl_xor_sync(0xffffffff, max4(x + i0), 8));
}

void scale_then_reduce(float *x, float *out, long long n) {
  if (n % 128 != 0)
    return;
  launch_elementwise(scale_all, x, int(n));
  max_beside_helper<<<dim3(1, unsigned((n + 511) / 512)), 128>>>(x, out, n);
}

// N5. The length asserted with <cassert>, together with another condition.
__global__ void max_asserted(const float *x, float *out, long long n) {
  const long long i0 = ((long long)blockDim.x * blockIdx.y + threadIdx.x) * 4;
  if (i0 >= n) return;
  out[i0 / 128] = fmaxf(max4(x + i0), __shfl_xor_sync(0xffffffff, max4(x + i0), 4));
}

void launch_max_asserted(const float *x, float *out, long long n) {
  assert(n > 0 && n % 256 == 0);
  max_asserted<<<dim3(1, unsigned((n + 511) / 512)), 128>>>(x, out, n);
}

// ---- positives --------------------------------------------------------------------------------

// P1. The second launch passes a length nobody checked.
__global__ void max_unchecked(const float *x, float *out, long long n) {
  const long long i0 = ((long long)blockDim.x * blockIdx.y + threadIdx.x) * 4;
  if (i0 >= n) return; // expected-note {{lanes where this condition holds leave the kernel}}
  out[i0 / 128] = fmaxf(max4(x + i0), __shfl_xor_sync(0xffffffff, max4(x + i0), 2)); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

void launch_max_twice(const float *x, float *out, long long n, long long tail) {
  assert(n % 128 == 0);
  max_unchecked<<<dim3(1, unsigned((n + 511) / 512)), 128>>>(x, out, n);
  max_unchecked<<<dim3(1, 1), 128>>>(x + n, out, tail);
}

// P2. A multiple of 64 still ends halfway through a warp's 128 elements.
__global__ void max_half_checked(const float *x, float *out, long long n) {
  const long long i0 = ((long long)blockDim.x * blockIdx.y + threadIdx.x) * 4;
  if (i0 >= n) return; // expected-note {{lanes where this condition holds leave the kernel}}
  out[i0 / 128] = fmaxf(max4(x + i0), __shfl_xor_sync(0xffffffff, max4(x + i0), 1)); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

void launch_max_half_checked(const float *x, float *out, long long n) {
  REQUIRE(n % 64 == 0);
  max_half_checked<<<dim3(1, unsigned((n + 511) / 512)), 128>>>(x, out, n);
}

// P3. The count is trimmed after the check.
__global__ void warp_maximum_trimmed(const float *rows, float *out, int count) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= count) return; // expected-note {{lanes where this condition holds leave the kernel}}
  out[row / 32] = fmaxf(rows[row], __shfl_xor_sync(0xffffffff, rows[row], 8)); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

void launch_warp_maximum_trimmed(const float *rows, float *out, int count) {
  REQUIRE(count % 32 == 0);
  count -= 1;
  warp_maximum_trimmed<<<(count + 255) / 256, 256>>>(rows, out, count);
}
