#!/usr/bin/env bash
# The grids the executor replays a kernel on: the constant shape of its launch, scaled down when
# large, with the launch's cooperation; the default grid, 2-D when the kernel reads threadIdx.y;
# --grid. Each shows in the witness of the confirmed finding.
source "$(dirname "$0")/lib.bash"

# witness_grid FILE [ARGS...]: "rule line grid" of each confirmed finding.
witness_grid() {
  local file=$1; shift
  "$COOPCHECK" --format=json "$@" "$file" >"$scratch/out" 2>"$scratch/err"
  python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    if f.get("confirmed"): print(f["rule"], f["line"], f["witness"]["grid"])' "$scratch/out"
}

cat >"$scratch/launched.cu" <<'SRC'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Block 3 leaves before the grid barrier: only a grid of 4 blocks or more shows it.
__global__ void fourth_block_leaves(int *out) {
  if (blockIdx.x == 3)
    return;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}
void run(int *out) {
  void *args[] = {&out};
  cudaLaunchCooperativeKernel((void *)fourth_block_leaves, dim3(4), dim3(128), args);
}
SRC
got=$(witness_grid "$scratch/launched.cu")
[[ $got == "cg-early-exit-before-sync 7 4 blocks of 128 threads" ]] \
  && pass "replayed on the launch's shape: $got" || fail "launch shape: '$got' $(cat "$scratch/err")"

cat >"$scratch/large.cu" <<'SRC'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void first_block_waits(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    cg::this_grid().sync();
  out[threadIdx.x] = 1;
}
void run(int *out) {
  void *args[] = {&out};
  cudaLaunchCooperativeKernel((void *)first_block_waits, dim3(64, 2), dim3(1024), args);
}
SRC
got=$(witness_grid "$scratch/large.cu")
[[ $got == "cg-divergent-collective 5 2x2 blocks of 256 threads" ]] \
  && pass "a large launch scaled down, its dimensions kept: $got" || fail "scaled: '$got' $(cat "$scratch/err")"

cat >"$scratch/two_d.cu" <<'SRC'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Only the second row of a 2-D block syncs the grid; thread (0, 0) leaves, so the grid hangs.
__global__ void second_row_syncs(int *out) {
  if (threadIdx.y == 1)
    cg::this_grid().sync();
  out[threadIdx.x] = 1;
}
SRC
got=$(witness_grid "$scratch/two_d.cu")
[[ $got == "cg-divergent-collective 6 2 blocks of 32x2 threads" ]] \
  && pass "the default grid is 2-D for a kernel that reads threadIdx.y: $got" || fail "2-D: '$got' $(cat "$scratch/err")"

got=$(witness_grid "$scratch/launched.cu" --grid=5x32)
[[ $got == "cg-early-exit-before-sync 7 5 blocks of 32 threads" ]] \
  && pass "--grid replaces the shapes: $got" || fail "--grid: '$got' $(cat "$scratch/err")"

expect_exit 2 "--grid that is not blocksxthreads" -- "$COOPCHECK" --grid=4 "$scratch/launched.cu"
stderr_is_one_line "--grid=4" "--grid must be"
finish
