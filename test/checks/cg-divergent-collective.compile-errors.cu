// coopcheck-compile-errors
// A unit whose build has headers this checkout lacks: what the compiler rejects is unknown, the
// rest of each function is analysed, and no finding rests on an unknown value.
#include "tensor_layout_config.h" // not here: its types and helpers are undeclared below

__device__ float scaled(float v) { return v * 2.0f; }

// The error sits below the barrier and has nothing to do with it.
__global__ void normalise_rows(float *out, const float *in, int n) {
  __shared__ float partial[256];
  partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x < 128) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 128' holds}}
  layout_t layout = make_layout(n);
  out[layout.offset(threadIdx.x)] = scaled(partial[threadIdx.x]);
}

// A helper with an error of its own, called by part of the block.
__device__ void stage_tile(float *tile, const float *in) {
  tile[threadIdx.x] = convert_element(in[threadIdx.x]);
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
}
__global__ void staged(float *out, const float *in) {
  __shared__ float tile[256];
  if (threadIdx.x % 64 < 32) // expected-note {{this condition differs between threads of the block}}
    stage_tile(tile, in); // expected-error {{__syncthreads() (in 'stage_tile') is reached only by threads for which 'threadIdx.x % 64 < 32' holds}}
  out[threadIdx.x] = tile[threadIdx.x];
}

// Conditions computed from what the compiler rejected: nothing is known of them.
__global__ void unknown_bounds(float *out, const float *in, int n) {
  int rows = rows_of(n);
  if (threadIdx.x < rows)
    __syncthreads();
  tile_shape_t shape = default_shape();
  if (shape.rows > 4)
    __syncthreads();
  if (threadIdx.x < undeclared_limit() && n > 0)
    __syncthreads();
  out[threadIdx.x] = in[threadIdx.x];
}

// A parameter of a type the missing header declares: unknown, like what is computed from it.
__global__ void with_stream_state(stream_state_t state, float *out) {
  if (threadIdx.x % 64 < 32) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x % 64 < 32' holds}}
  if (state.ready)
    __syncthreads();
  out[threadIdx.x] = 0.0f;
}

// A return type and a local's type the missing header declares, and an initializer naming its
// constants: the parser keeps the statements, so the body keeps its shape.
__device__ status_t publish_tile(float *tile, const float *in) {
  status_t status = kStatusOk;
  tile[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x < 96) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 96' holds}}
  return status;
}

// The missing header's version macro in an `#if`: the preprocessor still takes one branch.
__global__ void versioned_fence(float *out) {
#if TENSOR_LAYOUT_VERSION(2, 3)
  __threadfence();
#endif
  if (threadIdx.x == 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x == 0' holds}}
  out[threadIdx.x] = 0.0f;
}

// Statements the parser dropped whole: an assignment and a branch that returned a constant of
// the missing header. What remains is not the function, so none of it is analysed.
__device__ int wait_ready(volatile int *flag, int status) {
  status = kStatusPending;
  if (*flag == 0)
    return kStatusTimeout;
  if (threadIdx.x < 5)
    __syncthreads();
  return status;
}

// Statements the parser dropped whole, but plain ones: assignments naming a variable whose
// declaration went with a missing type. The kernel keeps its shape; what they set is unknown.
__global__ void plain_dropped(float *out, int n) {
  copy_desc_t source, epilogue_plan; // `epilogue_plan` goes with the type
  int limit = threadIdx.x;
  epilogue_plan.stride = n;
  limit = epilogue_plan.rows;
  if (limit > 3)
    __syncthreads();
  if (threadIdx.x < 64) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 64' holds}}
  out[threadIdx.x] = 0.0f;
}

// A dropped statement that called a helper with a barrier: which barriers the branch reaches is
// not known, so the kernel is not analysed.
template <class Tile> __device__ void stage_as(float *tile) { __syncthreads(); }
__global__ void dropped_barrier(float *out) {
  if (threadIdx.x < 64) {
    stage_as<swizzled_layout_t>(out);
  } else {
    __syncthreads();
  }
}

// A statement the parser dropped (a loop over a type it does not know): the function's shape
// is lost, so none of it is analysed.
__global__ void lost_loop(float *out, const float *in) {
  for (element_t e : in)
    __syncthreads();
  if (threadIdx.x < 7)
    __syncthreads();
  out[threadIdx.x] = in[threadIdx.x];
}

// A kernel template whose only launch is in host code the compiler rejected (its argument's type
// comes from the missing header): nothing instantiates it, so its generic form is analysed.
template <typename Element, int Rows>
__global__ void reduce_tile(Element *out, const Element *in) {
  __shared__ Element staged[Rows];
  staged[threadIdx.x % Rows] = in[threadIdx.x];
  if (threadIdx.x < Rows) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < Rows' holds}}
  out[threadIdx.x] = staged[0];
}
void launch_reduce(tensor_view_t view) {
  reduce_tile<element_of_t<tensor_view_t>, 64><<<1, 128>>>(view.out(), view.in());
}

// Inline PTX that nvcc hands to ptxas as written and clang rejects: `%globaltimer_lo` with one
// `%`. clang keeps the statement whole, so the function keeps its shape and is analysed.
__device__ unsigned long long elapsed_since(unsigned long long start) {
  unsigned lo, hi;
  asm volatile("mov.u32 %0, %globaltimer_lo;" : "=r"(lo));
  asm volatile("mov.u32 %0, %%globaltimer_hi;" : "=r"(hi));
  return (((unsigned long long)hi << 32) | lo) - start;
}
__global__ void timed_stages(unsigned long long *times, int active) {
  unsigned lo;
  asm volatile("mov.u32 %0, %globaltimer_lo;" : "=r"(lo));
  if (threadIdx.x < active) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < active' holds}}
  times[threadIdx.x] = elapsed_since(lo);
}
