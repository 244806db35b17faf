// cg-warp-mask with the executor: a full-mask shuffle under a bounds check, after which the lanes
// that skipped it wait at __syncwarp() (a different warp collective: it hangs, gpu-probes P22).
// The replayed hang confirms the cg-warp-mask finding; it is not reported as a separate
// cg-deadlock.
// coopcheck-executor

__global__ void tail_then_syncwarp(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  if (i < n) // expected-note {{this condition differs between lanes of a warp}}
    v = in[i] + __shfl_down_sync(0xffffffff, in[i], 1); // expected-error {{[confirmed: hang] the mask 0xffffffff names lanes that may not reach this call}}
  __syncwarp();
  out[i] = v;
}

void run(float *out, const float *in) { tail_then_syncwarp<<<1, 64>>>(out, in, 40); }
