// cg-legacy-warp-intrinsic on CUDA: the mask-less pre-CUDA-9 shuffles and votes.
//
// Positives: every legacy intrinsic, warp-uniform (reported with a fix-it, which this test does not
// see: test/e2e/fix_its.sh checks the rewritten text), under a lane-divergent branch (no fix-it; the
// message asks for the lanes that take part), and spelled through a macro (reported where the macro
// is used). Negatives: the _sync forms, __activemask(), user functions with similar names.

// ---- positives --------------------------------------------------------------------------------

// P1. Whole warps: ballot and shuffle with no branch at all (the corpus seed).
__global__ void vote(unsigned *out, const int *in) {
  int v = in[threadIdx.x];
  unsigned b = __ballot(v > 0); // expected-warning {{'__ballot' has no mask and assumes the warp executes in lockstep, which independent thread scheduling (sm_70 and later) does not guarantee; use '__ballot_sync' with the full warp mask}}
  int first = __shfl(v, 0); // expected-warning {{'__shfl' has no mask and assumes the warp executes in lockstep}}
  if ((threadIdx.x & 31) == 0)
    out[threadIdx.x / 32] = b + first;
}

// P2. A warp reduction with every shuffle direction; the loop trip count is the same for all lanes.
__global__ void warp_reduce(float *out, const float *in) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset); // expected-warning {{'__shfl_down' has no mask}}
  v += __shfl_up(v, 1); // expected-warning {{use '__shfl_up_sync' with the full warp mask}}
  v += __shfl_xor(v, 1, 16); // expected-warning {{use '__shfl_xor_sync' with the full warp mask}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// P3. The remaining votes, under a condition that is the same for every lane of a block.
__global__ void votes_under_uniform_branch(int *out, const int *in, int n) {
  int p = in[blockIdx.x * blockDim.x + threadIdx.x] > 0;
  if (blockIdx.x < n) {
    int any = __any(p); // expected-warning {{'__any' has no mask and assumes the warp executes in lockstep, which independent thread scheduling (sm_70 and later) does not guarantee; use '__any_sync' with the full warp mask}}
    int all = __all(p); // expected-warning {{use '__all_sync' with the full warp mask}}
    out[blockIdx.x * blockDim.x + threadIdx.x] = any + all;
  }
}

// P4. __ballot(1) asks which lanes are active: __activemask() says it without a mask.
__global__ void active_lanes(unsigned *out) {
  out[threadIdx.x / 32] = __ballot(1); // expected-warning {{'__ballot' has no mask and assumes the warp executes in lockstep, which independent thread scheduling (sm_70 and later) does not guarantee; use '__activemask()'}}
}

// P5. A device helper: its parameters are taken as uniform, so whole warps reach the shuffle.
__device__ float broadcast_first(float v) {
  return __shfl(v, 0); // expected-warning {{use '__shfl_sync' with the full warp mask}}
}
__global__ void uses_helper(float *out, const float *in) {
  out[threadIdx.x] = broadcast_first(in[threadIdx.x]);
}

// P6. Only the lower half of each warp shuffles: no fix-it, the mask must name those lanes.
__global__ void half_warp_shuffle(float *out, const float *in) {
  float v = in[threadIdx.x];
  if (threadIdx.x % 32 < 16)
    v += __shfl_xor(v, 1); // expected-warning {{'__shfl_xor' has no mask and assumes the warp executes in lockstep, which independent thread scheduling (sm_70 and later) does not guarantee; use '__shfl_xor_sync' with a mask that names exactly the lanes that take part (not every lane of the warp reaches this call)}}
  out[threadIdx.x] = v;
}

// P7. Spelled through a macro: reported where the macro is used, without a fix-it.
#define WARP_BROADCAST(x) __shfl((x), 0)
__global__ void through_macro(int *out, const int *in) {
  out[threadIdx.x] = WARP_BROADCAST(in[threadIdx.x]); // expected-warning {{'__shfl' has no mask}}
}

// P8. A template instantiated twice: one finding for the one call.
template <typename T> __device__ T butterfly(T v) {
  return v + __shfl_xor(v, 16); // expected-warning {{'__shfl_xor' has no mask}}
}
__global__ void instantiations(int *a, float *b) {
  a[threadIdx.x] = butterfly(a[threadIdx.x]);
  b[threadIdx.x] = butterfly(b[threadIdx.x]);
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The _sync forms and __activemask().
__global__ void sync_forms(unsigned *out, const int *in) {
  int v = in[threadIdx.x];
  unsigned m = __activemask();
  unsigned b = __ballot_sync(0xffffffffu, v > 0);
  int any = __any_sync(0xffffffffu, v > 0);
  int all = __all_sync(0xffffffffu, v > 0);
  v = __shfl_sync(0xffffffffu, v, 0) + __shfl_up_sync(0xffffffffu, v, 1) +
      __shfl_down_sync(0xffffffffu, v, 1) + __shfl_xor_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = m + b + any + all + v;
}

// N2. The user's own functions whose names only begin like the intrinsics.
__device__ int __shfl_helper(int v, int lane) { return __shfl_sync(0xffffffffu, v, lane); }
__device__ int __ballot_count(int p) { return __popc(__ballot_sync(0xffffffffu, p)); }
__global__ void user_helpers(int *out, const int *in) {
  out[threadIdx.x] = __shfl_helper(in[threadIdx.x], 0) + __ballot_count(in[threadIdx.x] > 0);
}

// N3. A compatibility macro under the legacy name that expands to the _sync form.
#define __shfl_down(v, d) __shfl_down_sync(0xffffffffu, (v), (d))
__global__ void compat_macro(float *out, const float *in) {
  out[threadIdx.x] = __shfl_down(in[threadIdx.x], 1);
}
#undef __shfl_down
