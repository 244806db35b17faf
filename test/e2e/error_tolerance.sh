#!/usr/bin/env bash
# Error-tolerant analysis, as clangd serves a file with errors: a unit with compile errors is
# analysed except the functions the errors are in, with one warning line per unit; headers named
# with -p are analysed through a unit that includes them.
source "$(dirname "$0")/lib.bash"

mkdir -p "$scratch/inc"
printf '#include <no_such_library.h>\nstruct Settings { library_handle_t handle; };\n' >"$scratch/inc/settings.h"
cat >"$scratch/partial.cu" <<'CU'
#include "settings.h"
__global__ void marked(int *p) {
  if (threadIdx.x < 3) __syncthreads();
  undeclared_helper(p);
  int n = undeclared_count(p);
  if (threadIdx.x < n) __syncthreads();
}
__global__ void dropped(int *p) {
  for (library_index_t i : p) __syncthreads();
  if (threadIdx.x < 3) __syncthreads();
}
__global__ void good(int *p) {
  if (threadIdx.x < 3) __syncthreads();
}
CU
expect_exit 1 "unit with a missing header and errors in two functions" -- timeout 120 "$COOPCHECK" --no-confirm --format=json "$scratch/partial.cu" -- -I"$scratch/inc"
stderr_is_one_line "one warning line for the unit, naming the missing header first" "warning: .*partial.cu: [0-9]+ compile errors \(first: .*settings.h:1:10: 'no_such_library.h' file not found\); 1 of 3 functions not analysed"
python3 - "$scratch/out" <<'PY' && pass "a function whose errors left marks is analysed, except what rests on them; one that lost a statement is not" || fail "JSON report of the partial unit"
import json, sys
report = json.load(open(sys.argv[1]))
lines = [f["line"] for f in report["findings"]]
partial = report["partial"]
assert lines == [3, 13], lines
assert partial[0]["functionsNotAnalysed"] == 1 and partial[0]["functions"] == 3, partial
assert partial[0]["collectiveFunctionsNotAnalysed"] == 1 and partial[0]["collectiveFunctions"] == 3, partial
PY

expect_exit 1 "SARIF of the partial unit" -- timeout 120 "$COOPCHECK" --no-confirm --format=sarif "$scratch/partial.cu" -- -I"$scratch/inc"
python3 - "$scratch/out" <<'PY' && pass "SARIF carries a warning notification" || fail "SARIF notification"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
notes = run["invocations"][0]["toolExecutionNotifications"]
assert notes[0]["level"] == "warning" and "1 of 3 functions not analysed" in notes[0]["message"]["text"], notes
assert run["invocations"][0]["executionSuccessful"] is True
PY

expect_exit 2 "--fail-on-compile-errors" -- timeout 120 "$COOPCHECK" --no-confirm --fail-on-compile-errors "$scratch/partial.cu" -- -I"$scratch/inc"

# A header given with -p: analysed through the unit that includes it (through another header),
# reporting what is in the header; a header no unit includes borrows the nearest command.
mkdir -p "$scratch/proj/src" "$scratch/proj/include" "$scratch/proj/build"
cat >"$scratch/proj/include/config.h" <<'H'
#define TILE_LIMIT 3
#include "kernels.cuh"
H
cat >"$scratch/proj/include/kernels.cuh" <<'H'
__device__ void step(int *p) {
  if (threadIdx.x < TILE_LIMIT) __syncthreads();
}
H
cat >"$scratch/proj/include/alone.cuh" <<'H'
__device__ void alone(int *p) {
  if (threadIdx.x < 5) __syncthreads();
}
H
cat >"$scratch/proj/src/main.cu" <<'CU'
#include "config.h"
__global__ void k(int *p) { step(p); if (threadIdx.x == 0) __syncthreads(); }
CU
cat >"$scratch/proj/build/compile_commands.json" <<JSON
[{"directory": "$scratch/proj/build", "file": "$scratch/proj/src/main.cu",
  "arguments": ["nvcc", "-I../include", "-c", "$scratch/proj/src/main.cu"]}]
JSON
expect_exit 1 "header through its including unit" -- timeout 120 "$COOPCHECK" --no-confirm --format=json -p "$scratch/proj/build" "$scratch/proj/include/kernels.cuh"
python3 - "$scratch/out" <<'PY' && pass "the macro of the including unit is seen; only the header's findings" || fail "header through its including unit: $(cat "$scratch/out" | head -c 400)"
import json, sys
report = json.load(open(sys.argv[1]))
where = sorted((f["file"].rsplit("/", 1)[1], f["line"]) for f in report["findings"])
assert where == [("kernels.cuh", 2)], where
assert report["partial"] == [] and report["failures"] == []
PY
expect_exit 1 "header no unit includes, with the nearest command" -- timeout 120 "$COOPCHECK" --no-confirm -p "$scratch/proj/build" "$scratch/proj/include/alone.cuh"
grep -q "alone.cuh:2" "$scratch/out" && pass "header analysed alone" || fail "header alone: $(cat "$scratch/out" "$scratch/err")"

finish
