// cg-missing-syncwarp: lanes of one warp exchanging data through memory with no barrier between
// the write and the read.
//
// Positives: the butterfly of the corpus seed (the read races with the other lane's write in the
// same statement), a volatile array written before the exchange, a global-memory shift, device
// helpers given one array for the whole warp, a rotation through a local pointer into the array,
// scans and reductions in counted loops (each trip evaluated with its step), a lane-0 write read
// by its whole warp.
// Negatives: the same butterfly with __syncwarp(), exchanges between warps, each lane touching
// only its own element, indices that are not computable, a helper given each lane's own row,
// elements several lanes store to, the counted loops and the lane-0 write with __syncwarp().

// ---- positives --------------------------------------------------------------------------------

// P1. The corpus seed: only the first racing read is reported.
#define BSIZE 256
__global__ void reduce(float *output, const float *input) {
  __shared__ float s_buff[BSIZE];
  int tid = threadIdx.x;
  s_buff[tid] = input[blockIdx.x * BSIZE + tid];
  __syncthreads();
  for (int i = BSIZE / 2; i > 32; i /= 2) {
    if (tid < i) s_buff[tid] += s_buff[tid + i];
    __syncthreads();
  }
  if (tid < 32) {
    s_buff[tid] += s_buff[tid ^ 16]; // expected-error {{lane 0 reads 's_buff[tid ^ 16]', which lane 16 of the same warp overwrites after this read, with no __syncwarp() in between; lanes of a warp do not execute in lockstep under independent thread scheduling (sm_70 and later)}} expected-note {{lane 16 writes 's_buff[tid]' here}}
    s_buff[tid] += s_buff[tid ^ 8];
    s_buff[tid] += s_buff[tid ^ 4];
    s_buff[tid] += s_buff[tid ^ 2];
  }
  if (tid == 0) {
    *output = s_buff[0] + s_buff[1];
  }
}

// P2. volatile does not order the lanes: the element was written by another lane just before.
__global__ void last_warp_volatile(float *out, const float *in) {
  __shared__ volatile float s[64];
  unsigned tid = threadIdx.x;
  if (tid < 64)
    s[tid] = in[tid]; // expected-note {{lane 16 writes 's[tid]' here}}
  if (tid < 32) {
    s[tid] = s[tid] + s[tid + 16]; // expected-error {{lane 0 reads 's[tid + 16]', which lane 16 of the same warp writes before this read, with no __syncwarp() in between; lanes of a warp do not execute in lockstep under independent thread scheduling (sm_70 and later); 'volatile' on 's' does not order the accesses of different lanes}}
    out[tid] = s[tid];
  }
}

// P3. Global memory: each lane reads its right neighbour's element, which that lane overwrites.
__global__ void shift_left(int *data) {
  int v = data[threadIdx.x + 1]; // expected-error {{lane 0 reads 'data[threadIdx.x + 1]', which lane 1 of the same warp overwrites after this read}}
  data[threadIdx.x] = v; // expected-note {{lane 1 writes 'data[threadIdx.x]' here}}
}

// P4. A device helper reversing a warp's values through a pointer parameter.
__device__ float reverse_in_warp(float *s, float v) {
  int lane = threadIdx.x % warpSize;
  s[lane] = v; // expected-note {{lane 31 writes 's[lane]' here}}
  return s[warpSize - 1 - lane]; // expected-error {{lane 0 reads 's[warpSize - 1 - lane]', which lane 31 of the same warp writes before this read}}
}
__global__ void uses_reverse(float *out, const float *in) {
  __shared__ float buf[32];
  out[threadIdx.x] = reverse_in_warp(buf, in[threadIdx.x]);
}

// P5. A loop: the read at the end of one iteration races with the neighbour's write at the start
// of the next (the __syncwarp() orders only the write before the read).
__global__ void loop_exchange(float *v) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  float x = v[tid];
  for (int k = 0; k < 5; ++k) {
    s[tid] = x; // expected-note {{lane 1 writes 's[tid]' here}}
    __syncwarp();
    x = s[tid ^ 1]; // expected-error {{lane 0 reads 's[tid ^ 1]', which lane 1 of the same warp overwrites after this read}}
  }
  v[tid] = x;
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The corpus seed with __syncwarp() between every read and write.
__global__ void reduce_syncwarp(float *output, const float *input) {
  __shared__ float s_buff[BSIZE];
  int tid = threadIdx.x;
  s_buff[tid] = input[blockIdx.x * BSIZE + tid];
  __syncthreads();
  for (int i = BSIZE / 2; i > 32; i /= 2) {
    if (tid < i) s_buff[tid] += s_buff[tid + i];
    __syncthreads();
  }
  if (tid < 32) {
    float temp;
    temp = s_buff[tid ^ 16]; __syncwarp();
    s_buff[tid] += temp; __syncwarp();
    temp = s_buff[tid ^ 8]; __syncwarp();
    s_buff[tid] += temp; __syncwarp();
  }
  if (tid == 0) {
    *output = s_buff[0] + s_buff[1];
  }
  __syncthreads();
}

// N2. An exchange between warps (the partner is 64 threads away): a __syncthreads() matter, not
// this rule's.
__global__ void across_warps(float *out, const float *in) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  if (tid < 64)
    s[tid] += s[tid + 64];
  out[tid] = s[tid];
}

// N3. Each lane reads and writes only its own element.
__global__ void own_element(float *out, const float *in) {
  __shared__ float s[128];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  s[tid] += 1.0f;
  out[tid] = s[tid] * 2.0f;
}

// N4. Indices read from memory: not computable, nothing reported.
__global__ void gathered(float *data, const int *idx) {
  float v = data[idx[threadIdx.x]];
  data[threadIdx.x] = v;
}

// N5. A block barrier orders the exchange.
__global__ void with_block_barrier(float *out, const float *in) {
  __shared__ float s[128];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  out[tid] = s[tid ^ 1];
}

// N6. The loop of P5 with a second __syncwarp() after the read.
__global__ void loop_exchange_synced(float *v) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  float x = v[tid];
  for (int k = 0; k < 5; ++k) {
    s[tid] = x;
    __syncwarp();
    x = s[tid ^ 1];
    __syncwarp();
  }
  v[tid] = x;
}

// N7. On CUDA a step 32 threads wide pairs lanes of different warps (the HIP variant of this test
// reports it: a wavefront has 64 lanes).
__global__ void xor_32(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid ^ 32];
  __syncthreads();
  out[tid] = s[tid];
}

// N8. An in-place transform of each thread's own row (cuda-samples' dct8x8): the helper's pointer
// parameter is a different row for every lane, so 'row[0]' of two lanes are different elements;
// block barriers order the passes over the shared tile.
__device__ void transform_row(unsigned *row) {
  unsigned a = row[0], b = row[1];
  row[0] = a + b;
  row[1] = a - b;
}
__global__ void rows_in_place(unsigned *out) {
  __shared__ unsigned tile[32 * 34];
  unsigned tid = threadIdx.x;
  for (int i = 0; i < 34; ++i)
    tile[tid * 34 + i] = out[tid * 34 + i];
  __syncthreads();
  transform_row(tile + tid * 34);
  __syncthreads();
  out[tid] = tile[tid];
}

// P6. The same helper given one row for the whole warp: every lane reads and writes 'row[0]'.
__device__ void transform_shared_row(unsigned *row) {
  unsigned a = row[0], b = row[1]; // expected-error {{lane 0 reads 'row[0]', which lane 1 of the same warp overwrites after this read}}
  row[0] = a + b; // expected-note {{lane 1 writes 'row[0]' here}}
  row[1] = a - b;
}
__global__ void one_row_for_all(unsigned *out) {
  __shared__ unsigned tile[34];
  transform_shared_row(tile);
  out[threadIdx.x] = tile[threadIdx.x % 34];
}

// P7. GPUVerify's warpsync/shuffle: each warp's lanes rotate through a local pointer to the warp's
// slice of a global array; the neighbour may already have overwritten what a lane reads.
__global__ void rotate_in_warp(int *A) {
  int tid = threadIdx.x;
  int *B = A + (tid / 32) * 32;
  A[tid] = B[(tid + 1) % 32]; // expected-error {{lane 0 reads 'B[(tid + 1) % 32]', which lane 1 of the same warp overwrites after this read}} expected-note {{lane 1 writes 'A[tid]' here}}
}

// N9. Several lanes store to one element from different statements (GPUVerify's
// equality_abstraction_issue): the stores race with each other, a data race that ordering the
// read would not fix, and not this rule's.
__global__ void contended_elements(int *A) {
  A[0] = 1;
  A[1] = 1;
  A[threadIdx.x] = 0;
  if (A[0] == 1 || A[1] == 1)
    A[2] = 2;
}

// P8. A warp scan in a counted loop: in the trip with step k, lane k reads what lane 0 wrote.
__global__ void warp_scan_loop(int *out, const int *in) {
  __shared__ int a[32];
  int t = threadIdx.x;
  if (t < 32) {
    a[t] = in[t]; // expected-note {{lane 0 writes 'a[t]' here}}
    for (int k = 1; k < 32; k *= 2)
      if (t >= k)
        a[t] += a[t - k]; // expected-error {{lane 1 reads 'a[t - k]', which lane 0 of the same warp writes before this read, with no __syncwarp() in between}}
    out[t] = a[t];
  }
}

// P9. The last warp's tree reduction written as a loop over strides.
__global__ void last_warp_loop(int *out, const int *in) {
  __shared__ int a[64];
  int t = threadIdx.x;
  a[t] = in[t];
  __syncthreads();
  if (t < 32)
    for (int s = 32; s > 0; s >>= 1)
      a[t] += a[t + s]; // expected-error {{lane 0 reads 'a[t + s]', which lane 16 of the same warp writes before this read}} expected-note {{lane 16 writes 'a[t]' here}}
  if (t == 0)
    out[blockIdx.x] = a[0];
}

// P10. Lane 0 takes a ticket for its warp; the other lanes read it with no __syncwarp().
__global__ void warp_ticket(int *out, int *counter) {
  __shared__ int base[8];
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    base[w] = atomicAdd(counter, 32); // expected-note {{lane 0 writes 'base[w]' here}}
  out[threadIdx.x] = base[w] + lane; // expected-error {{lane 1 reads 'base[w]', which lane 0 of the same warp writes before this read}}
}

// N10. The scan loop with __syncwarp() between each read and write.
__global__ void warp_scan_loop_synced(int *out, const int *in) {
  __shared__ int a[32];
  int t = threadIdx.x;
  if (t < 32) {
    a[t] = in[t];
    __syncwarp();
    for (int k = 1; k < 32; k *= 2) {
      int v = t >= k ? a[t - k] : 0;
      __syncwarp();
      a[t] += v;
      __syncwarp();
    }
    out[t] = a[t];
  }
}

// N11. The ticket published with __syncwarp().
__global__ void warp_ticket_synced(int *out, int *counter) {
  __shared__ int base[8];
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    base[w] = atomicAdd(counter, 32);
  __syncwarp();
  out[threadIdx.x] = base[w] + lane;
}

// ---- the classic warp-synchronous reduction tail, through a helper and a local alias ----------

// P-H1. HeCBench's warp_reduce: the helper's lanes and indices come from its call.
__device__ void warp_reduce(volatile double *s, int t) {
  s[t] += s[t + 16]; // expected-error {{lane 0 reads 's[t + 16]', which lane 16 of the same warp overwrites after this read}} expected-note {{lane 16 writes 's[t]' here}}
  s[t] += s[t + 8];
}
__global__ void block_sum_helper(double *out) {
  __shared__ double s[64];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  if (tid < 32)
    warp_reduce(s, tid); // expected-note {{the lanes and the elements they name are those of this call of 'warp_reduce'}}
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// P-H2. FastNN's alias: a volatile pointer to the whole shared array.
__global__ void block_sum_alias(double *out) {
  __shared__ double s[64];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  if (tid < 32) {
    volatile double *v = s;
    v[tid] += v[tid + 16]; // expected-error {{lane 0 reads 'v[tid + 16]', which lane 16 of the same warp overwrites after this read}} expected-note {{lane 16 writes 'v[tid]' here}}
    v[tid] += v[tid + 8];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// N-H1. The same helper with __syncwarp() between the steps, and a helper whose lanes each keep
// to their own element.
__device__ void warp_reduce_synced(double *s, int t) {
  double v = s[t] + s[t + 16];
  __syncwarp();
  s[t] = v;
  __syncwarp();
}
__device__ void scale_own(double *s, int t) { s[t] = 2 * s[t]; }
__global__ void block_sum_synced(double *out) {
  __shared__ double s[64];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  if (tid < 32) {
    warp_reduce_synced(s, tid);
    scale_own(s, tid);
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// The per-warp minimum that is right on an AMD wavefront (cg-missing-syncwarp.hip, H-N2) races
// here: under independent thread scheduling lane 5 may fold into the slot before lane 0 resets it,
// or read it before the other lanes fold.
__global__ void warp_minimum(int *out, const int *in, int n) {
  __shared__ int least[8];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    least[warp] = 1 << 30; // expected-note {{lane 0 writes 'least[warp]' here}}
  for (int i = lane; i < n; i += 32)
    atomicMin(&least[warp], in[blockIdx.x * n + i]);
  out[blockIdx.x * 256 + threadIdx.x] = least[warp]; // expected-error {{lane 1 reads 'least[warp]', which lane 0 of the same warp writes before this read}}
}
