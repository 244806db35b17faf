// The host code, in another translation unit: it launches equalize with <<<...>>>.
__global__ void equalize(const unsigned char *pixels, unsigned *histogram, unsigned char *out,
                         unsigned count);

void run_equalize(const unsigned char *pixels, unsigned *histogram, unsigned char *out,
                  unsigned count) {
  equalize<<<128, 256>>>(pixels, histogram, out, count);
  cudaDeviceSynchronize();
}
