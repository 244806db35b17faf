// A grid-wide reduction: every block writes a partial sum, the grid synchronizes, block 0 adds up.
#include <cooperative_groups.h>
#include "gridsum/gridsum.h"
#include <ringbuf/ringbuf.h>

namespace cg = cooperative_groups;

__global__ void gridSumKernel(const float *In, float *Partial, float *Out, std::size_t N) {
  cg::grid_group Grid = cg::this_grid();
  cg::thread_block Block = cg::this_thread_block();
  __shared__ float Sums[GRIDSUM_BLOCK];
  float Acc = 0.0f;
  for (std::size_t I = Grid.thread_rank(); I < N; I += Grid.size())
    Acc += In[I];
  Sums[Block.thread_rank()] = Acc;
  Block.sync();
  for (unsigned Stride = Block.size() / 2; Stride > 0; Stride /= 2) {
    if (Block.thread_rank() < Stride)
      Sums[Block.thread_rank()] += Sums[Block.thread_rank() + Stride];
    Block.sync();
  }
  if (Block.thread_rank() == 0)
    Partial[blockIdx.x] = Sums[0];
  Grid.sync();
  if (Grid.thread_rank() == 0) {
    float Total = 0.0f;
    for (unsigned B = 0; B < gridDim.x; ++B)
      Total += Partial[B];
    *Out = Total;
  }
}
