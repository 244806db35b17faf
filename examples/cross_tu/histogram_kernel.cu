// The kernel: it equalizes a histogram in two phases separated by a grid barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void equalize(const unsigned char *pixels, unsigned *histogram, unsigned char *out,
                         unsigned count) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned i = grid.thread_rank(); i < count; i += grid.size())
    atomicAdd(&histogram[pixels[i]], 1u);
  grid.sync();
  for (unsigned i = grid.thread_rank(); i < count; i += grid.size())
    out[i] = static_cast<unsigned char>((255u * histogram[pixels[i]]) / count);
}
