// cg-missing-syncwarp in kernels launched only with rows narrower than a warp (`dim3(16, 4, 4)`):
// one warp holds two rows, so lane 16 is threadIdx.x == 0 of the next row, not threadIdx.x == 16.
// The lanes are evaluated with the block every launch gives.

#define W 16
#define H 4
#define D 4
#define PITCH (W + 2)
#define PLANE (PITCH * (2 * H + 2))
#define AT(x, y, z) (((z) + 1) * PLANE + ((y) + 1) * PITCH + (x) + 1)

// A red-black sweep: in each phase a thread updates the site of its colour and reads the six
// neighbours, all of the other colour; the phases are split by block barriers. No lane reads
// what another writes within a phase. (Evaluated as a 1-D block of 128 threads, lane 18 would
// seem to write the site lane 1 reads.)
__global__ void red_black(float *spins, int sweeps) {
  __shared__ float s[(D + 2) * PLANE];
  const int x = threadIdx.x, z = threadIdx.z;
  const int white = ((x + z) & 1) + 2 * threadIdx.y, black = ((x + z + 1) & 1) + 2 * threadIdx.y;
  s[AT(x, 2 * threadIdx.y, z)] = spins[threadIdx.x];
  s[AT(x, 2 * threadIdx.y + 1, z)] = spins[threadIdx.x + 1];
  __syncthreads();
  for (int k = 0; k < sweeps; ++k) {
    float f = s[AT(x - 1, white, z)] + s[AT(x + 1, white, z)] + s[AT(x, white, z - 1)] +
              s[AT(x, white, z + 1)] + s[AT(x, white - 1, z)] + s[AT(x, white + 1, z)];
    s[AT(x, white, z)] *= f > 0 ? -1.f : 1.f;
    __syncthreads();
    f = s[AT(x - 1, black, z)] + s[AT(x + 1, black, z)] + s[AT(x, black, z - 1)] +
        s[AT(x, black, z + 1)] + s[AT(x, black - 1, z)] + s[AT(x, black + 1, z)];
    s[AT(x, black, z)] *= f > 0 ? -1.f : 1.f;
    __syncthreads();
  }
  spins[threadIdx.x] = s[AT(x, 2 * threadIdx.y, z)];
}

// Each thread reads its left neighbour in its row right after the row was written: lane 1
// (threadIdx.x == 1) reads what lane 0 wrote, and lane 17 what lane 16 wrote.
__global__ void row_shift(float *out, const float *in) {
  __shared__ float rows[H * D * (W + 1)];
  const int r = threadIdx.z * H + threadIdx.y, at = r * (W + 1) + threadIdx.x;
  rows[at + 1] = in[r * W + threadIdx.x]; // expected-note {{lane 0 writes 'rows[at + 1]' here}}
  if (threadIdx.x == 0)
    rows[at] = 0.f;
  out[r * W + threadIdx.x] = rows[at]; // expected-error {{lane 1 reads 'rows[at]', which lane 0 of the same warp writes before this read}}
}

void run(float *spins, float *out, const float *in) {
  red_black<<<64, dim3(W, H, D)>>>(spins, 8);
  row_shift<<<64, dim3(W, H, D)>>>(out, in);
}
