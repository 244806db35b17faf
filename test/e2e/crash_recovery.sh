#!/usr/bin/env bash
# One unit's crash is not the run's crash: each unit is analysed on a thread of its own with a
# large stack and under crash recovery. A unit that crashes the compiler (clang's own
# `#pragma clang __debug crash`, which traps in its preprocessor) is reported on one line and as a
# SARIF tool execution notification, and the other units of the run keep their findings.
source "$(dirname "$0")/lib.bash"
mkdir -p "$scratch/units"
printf '#pragma clang __debug crash\n__global__ void k() {}\n' >"$scratch/units/crashes.cu"
cat >"$scratch/units/buggy.cu" <<'CU'
__global__ void k(int *a) {
  if (threadIdx.x < 16)
    __syncthreads();
  a[threadIdx.x] = 1;
}
CU
# Parentheses nested far deeper than the 8 MiB of a default thread's stack can parse.
python3 -c "print('__global__ void k(int *a) { a[threadIdx.x] = ' + '(' * 1800 + '1' + ')' * 1800 + '; }')" \
  >"$scratch/units/nested.cu"

for order in "crashes.cu buggy.cu nested.cu" "buggy.cu nested.cu crashes.cu"; do
  # shellcheck disable=SC2086
  files=$(for f in $order; do echo "$scratch/units/$f"; done)
  # shellcheck disable=SC2086
  expect_exit 2 "crash among units ($order)" -- "$COOPCHECK" --no-confirm --format=sarif $files
  grep -qx "coopcheck: error: $scratch/units/crashes.cu: analysis crashed in clang's front end; report this" \
    "$scratch/err" && pass "the crash is reported on one line" || fail "stderr: $(cat "$scratch/err")"
  python3 - "$scratch/out" <<'PY' && pass "SARIF: the crash is a notification, the other units' findings stay" || fail "SARIF: $(head -c 800 "$scratch/out")"
import json, sys
run = json.load(open(sys.argv[1]))['runs'][0]
(invocation,) = run['invocations']
assert invocation['executionSuccessful'] is False
notes = [n['message']['text'] for n in invocation['toolExecutionNotifications']]
assert any('crashes.cu: analysis crashed in' in n for n in notes), notes
files = {r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in run['results']}
assert any(f.endswith('buggy.cu') for f in files), files
PY
done

expect_exit 0 "deeply nested expression parses and analyses clean" -- "$COOPCHECK" --no-confirm "$scratch/units/nested.cu"

# --jobs: the crash stays on its own thread as well.
expect_exit 2 "crash with --jobs=2" -- "$COOPCHECK" --no-confirm --jobs=2 --format=json \
  "$scratch/units/crashes.cu" "$scratch/units/buggy.cu"
grep -q '"rule": "cg-divergent-collective"' "$scratch/out" && pass "--jobs=2: the other unit's finding stays" ||
  fail "--jobs=2 report: $(head -c 600 "$scratch/out")"
finish
