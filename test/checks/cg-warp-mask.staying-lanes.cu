// cg-warp-mask and the lanes a bounds exit lets stay (issue 29, a benchmark's softmax): after
// `if (tid >= cols) return;` the lanes that stay in a warp are those below a bound, so lane 0 is
// there whenever any lane is, and a broadcast from it, or a shuffle up, reads only lanes that
// stayed. Lanes past the bound read 0 only when a lane above them is read (a shuffle down or
// xor, a broadcast from the last lane), or when the exit keeps no order of lanes.

// ---- negatives --------------------------------------------------------------------------------

// N1. One row per warp; the warp's first lane broadcasts the row's maximum and sum.
__global__ void row_softmax(float *out, const float *in, int rows, int cols) {
  int tid = threadIdx.x;
  if (tid >= cols) return;
  int row = blockIdx.x * (blockDim.x / 32) + tid / 32;
  if (row >= rows) return;
  float m = in[row * cols + tid % 32];
  if (tid % 32 == 0)
    for (int c = 1; c < cols && c < 32; ++c) m = fmaxf(m, in[row * cols + c]);
  m = __shfl_sync(0xffffffff, m, 0);
  float s = expf(in[row * cols + tid % 32] - m);
  s = __shfl_sync(0xffffffff, s, 0);
  out[row * cols + tid % 32] = s;
}

// N2. An inclusive scan: each lane adds the lane d below it, which stayed if it did.
__global__ void warp_scan(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (!(i < n)) return;
  int v = data[i];
  for (int d = 1; d < 32; d *= 2) {
    int below = __shfl_up_sync(0xffffffff, v, d);
    if (threadIdx.x % 32 >= d) v += below;
  }
  data[i] = v;
}

// N3. The lanes below a start leave: each lane adds the one above it, which stayed too.
__global__ void pair_sum_from(int *data, int first) {
  if ((int)threadIdx.x < first) return;
  int v = data[threadIdx.x];
  data[threadIdx.x] = v + __shfl_down_sync(0xffffffff, v, 1);
}

// N4. A broadcast from the first lane of each group of 16.
__global__ void half_warp_leader(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  data[i] = __shfl_sync(0xffffffff, data[i], 0, 16);
}

// ---- positives --------------------------------------------------------------------------------

// P1. A broadcast from the last lane, which left when the bound falls inside the warp.
__global__ void last_lane(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return; // expected-note {{lanes where this condition holds leave the kernel}}
  data[i] = __shfl_sync(0xffffffff, data[i], 31); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

// P2. The lanes below a start leave, and a shuffle up reads them.
__global__ void scan_from(int *data, int first) {
  if ((int)threadIdx.x < first) return; // expected-note {{lanes where this condition holds leave the kernel}}
  int v = data[threadIdx.x];
  data[threadIdx.x] = v + __shfl_up_sync(0xffffffff, v, 1); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

// P3. Lanes leave at both ends, so the first lane may be gone too.
__global__ void window(float *data, int first, int last) {
  if ((int)threadIdx.x >= last) return;
  if ((int)threadIdx.x < first) return; // expected-note {{lanes where this condition holds leave the kernel}}
  data[threadIdx.x] = __shfl_sync(0xffffffff, data[threadIdx.x], 0); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}

// P4. Which lanes leave depends on the data: no order of lanes is kept.
__global__ void positive_only(float *data) {
  if (data[threadIdx.x] < 0.f) return; // expected-note {{lanes where this condition holds leave the kernel}}
  data[threadIdx.x] = __shfl_sync(0xffffffff, data[threadIdx.x], 0); // expected-warning {{the mask 0xffffffff names lanes that may have left the kernel before this call}}
}
