#!/usr/bin/env bash
# Exit codes for CI: 0 clean, 1 findings at or above --fail-level, 2 bad usage.
source "$(dirname "$0")/lib.bash"
clean=../shared/corpus/seed_grid_sync_coop_launch_clean.cpp
[[ -f $clean ]] || clean=examples/reduction_cooperative.cu
expect_exit 0 "clean file" -- "$COOPCHECK" "$clean"
# Notes (advice such as an unchecked launch result) may remain on a clean file.
! grep -qE '(error|warning): ' "$scratch/out" && pass "clean file prints no error or warning" \
  || fail "clean file printed: $(cat "$scratch/out")"
expect_exit 1 "file with errors" -- "$COOPCHECK" examples/persistent_solver.cu
grep -q 'error: .*\[cg-non-cooperative-launch\]' "$scratch/out" && pass "text names the rule" || fail "text output: $(cat "$scratch/out")"
expect_exit 1 "--fail-level=error with errors" -- "$COOPCHECK" --fail-level=error examples/persistent_solver.cu

cat >"$scratch/warn.cu" <<'SRC'
__global__ void k(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __syncthreads();
  out[i] = 1.0f;
}
SRC
expect_exit 0 "block barrier after exit without --strict" -- "$COOPCHECK" "$scratch/warn.cu"
expect_exit 1 "warning under --strict" -- "$COOPCHECK" --strict "$scratch/warn.cu"
expect_exit 0 "warning under --strict, --fail-level=error" -- "$COOPCHECK" --strict --fail-level=error "$scratch/warn.cu"
expect_exit 0 "--checks excluding the rule" -- "$COOPCHECK" --checks=cg-early-exit-before-sync examples/cross_tu/histogram_host.cu examples/cross_tu/histogram_kernel.cu
expect_exit 1 "cross-unit launch" -- "$COOPCHECK" examples/cross_tu/histogram_host.cu examples/cross_tu/histogram_kernel.cu
grep -q "histogram_host.cu:7:.*kernel 'equalize' calls grid.sync()" "$scratch/out" && pass "cross-unit finding at the launch" || fail "cross-unit output: $(cat "$scratch/out")"
mapfile -t everything < <(find examples test/checks -name '*.cu' -o -name '*.hip' -o -name '*.cpp' | sort)
"$COOPCHECK" --strict --no-confirm --format=json "${everything[@]}" >"$scratch/serial.json" 2>/dev/null
expect_exit 1 "--jobs=4" -- "$COOPCHECK" --strict --no-confirm --jobs=4 --format=json "${everything[@]}"
cmp -s "$scratch/serial.json" "$scratch/out" && pass "--jobs=4 gives the same report as one job" \
  || fail "--jobs=4 report differs from the serial one"
expect_exit 0 "--list-checks" -- "$COOPCHECK" --list-checks
grep -q '^cg-non-cooperative-launch' "$scratch/out" && pass "--list-checks lists rules" || fail "--list-checks: $(cat "$scratch/out")"
expect_exit 0 "--version" -- "$COOPCHECK" --version
grep -q '^coopcheck [0-9]' "$scratch/out" && pass "--version" || fail "--version: $(cat "$scratch/out")"
expect_exit 0 "--help" -- "$COOPCHECK" --help
grep -q -- '--platform' "$scratch/out" && pass "--help lists options" || fail "--help: $(cat "$scratch/out")"
# Progress lines go to stderr only when it is a terminal, one per unit (the largest first).
if command -v script >/dev/null; then
  script -qec "$COOPCHECK --no-cache examples/persistent_solver.cu examples/reduction_cooperative.cu" /dev/null >"$scratch/tty" 2>&1
  grep -q '\[1/2\] .*\.cu' "$scratch/tty" && grep -q '\[2/2\] .*\.cu' "$scratch/tty" &&
    grep -q '/2\] .*reduction_cooperative.cu' "$scratch/tty" &&
    grep -q '/2\] .*persistent_solver.cu' "$scratch/tty" &&
    pass "[n/N] progress on a terminal" || fail "no progress line on a terminal: $(head -3 "$scratch/tty")"
fi
expect_exit 1 "no progress when stderr is not a terminal" -- "$COOPCHECK" examples/persistent_solver.cu examples/reduction_cooperative.cu
grep -q '\[1/2\]' "$scratch/err" && fail "progress printed to a pipe" || pass "no progress in a pipe"
finish
