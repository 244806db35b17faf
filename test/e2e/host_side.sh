#!/usr/bin/env bash
# Sources that test __CUDA_ARCH__: code only the host side compiles (a launch under
# `#ifndef __CUDA_ARCH__`) is analysed through a host-side parse; code only the device side
# compiles is analysed once, and its findings are reported once.
source "$(dirname "$0")/lib.bash"

cat >"$scratch/host_only_launch.cu" <<'CU'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void step(int *p) {
  cg::this_grid().sync();
  p[threadIdx.x] = 1;
}

#ifndef __CUDA_ARCH__
void run(int *p) { step<<<4, 64>>>(p); }
#endif
CU
cat >"$scratch/device_only_branch.cu" <<'CU'
#include <cooperative_groups.h>

__global__ void step(int *p) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x < 16)
    __syncthreads();
#else
  // older parts: nothing to do
#endif
  p[threadIdx.x] = 1;
}

void run(int *p) { step<<<4, 64>>>(p); }
CU

for file in host_only_launch device_only_branch; do
  expect_exit 1 "$file" -- timeout 120 "$COOPCHECK" --no-cache --no-confirm --format=json "$scratch/$file.cu"
  cp "$scratch/out" "$scratch/$file.json"
done
python3 - "$scratch/host_only_launch.json" "$scratch/device_only_branch.json" <<'PY' && pass "host-only launch found; device-only finding reported once" || fail "findings of the two sides"
import json, sys
host, device = (json.load(open(p))["findings"] for p in sys.argv[1:])
assert [(f["rule"], f["line"]) for f in host] == [("cg-non-cooperative-launch", 10)], host
assert [(f["rule"], f["line"]) for f in device] == [("cg-divergent-collective", 6)], device
PY
finish
