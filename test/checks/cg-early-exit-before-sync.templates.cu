// Kernel templates nothing instantiates are analysed in their generic form: a grid barrier
// after a bounds guard hangs in every instantiation.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename T>
__global__ void relax_step(T *x, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'i >= n')}}
  x[i] = x[i] * T(2);
  grid.sync(); // expected-error {{threads that left the kernel early never arrive at grid.sync()}}
  x[i] = x[i] + T(1);
}

// Negative: a tile whose size is a template parameter may be one warp, which exited lanes do not
// keep from its barrier; the instantiations decide.
template <unsigned Tile, typename T>
__global__ void tile_scan(T *x, int n) {
  auto tile = cg::tiled_partition<Tile>(cg::this_thread_block());
  if (threadIdx.x >= n)
    return;
  T v = x[threadIdx.x];
  v += tile.shfl_up(v, 1);
  tile.sync();
  x[threadIdx.x] = v;
}
