#!/usr/bin/env bash
# --baseline=<sarif>: only findings that the earlier SARIF report does not hold are reported, and
# only they decide the exit code. A finding keeps its identity (rule, file, line hash) when lines
# are inserted above it; an unusable baseline is exit 2 with a one-line reason.
source "$(dirname "$0")/lib.bash"
COOPCHECK=$(realpath "$COOPCHECK")

kernel() { # NAME CONDITION: a kernel whose grid.sync() only threads meeting CONDITION reach
  cat <<SRC
__global__ void $1(int *out) {
  cg::grid_group grid = cg::this_grid();
  if ($2)
    grid.sync();
  out[blockIdx.x] = 1;
}
SRC
}
header='#include <cooperative_groups.h>
namespace cg = cooperative_groups;'
# Baseline and later runs are made from the same directory, as CI runs them from the checkout.
mkdir -p "$scratch/old" "$scratch/moved" "$scratch/new"
{ echo "$header"; kernel relax 'threadIdx.x == 0'; } >"$scratch/old/solver.cu"
{ echo "$header"; echo; echo '// a comment and a blank line above the old bug'; echo
  kernel relax 'threadIdx.x == 0'; } >"$scratch/moved/solver.cu"
{ echo "$header"; kernel smooth 'threadIdx.x < 16'; kernel relax 'threadIdx.x == 0'; } >"$scratch/new/solver.cu"

# findings FILE: the unsuppressed findings of a JSON report, one "rule line" per line.
findings() {
  python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    if not f["suppressed"]: print(f["rule"], f["line"])' "$1"
}

cd "$scratch/old"
expect_exit 1 "baseline run finds the bug" -- "$COOPCHECK" --no-confirm --format=sarif -o base.sarif solver.cu
python3 -c 'import json, sys
r = json.load(open("base.sarif"))["runs"][0]["results"]
sys.exit(not (len(r) == 1 and r[0]["ruleId"] == "cg-divergent-collective" and r[0]["partialFingerprints"]["primaryLocationLineHash"]))' \
  && pass "baseline holds the finding with its line hash" || fail "baseline: $(head -c 600 base.sarif)"
cp base.sarif "$scratch/base.sarif"

expect_exit 0 "same code against its baseline" -- "$COOPCHECK" --no-confirm --baseline=base.sarif solver.cu
[[ ! -s $scratch/out ]] && pass "no finding printed" || fail "printed: $(cat "$scratch/out")"

cd "$scratch/moved"
expect_exit 0 "lines inserted above the known bug" -- "$COOPCHECK" --no-confirm --baseline="$scratch/base.sarif" --format=json solver.cu
[[ -z $(findings "$scratch/out") ]] && pass "the moved bug is still known" || fail "reported: $(findings "$scratch/out")"
expect_exit 1 "without --baseline the moved bug is reported" -- "$COOPCHECK" --no-confirm solver.cu

cd "$scratch/new"
expect_exit 1 "a new bug beside the known one" -- "$COOPCHECK" --no-confirm --baseline="$scratch/base.sarif" --format=json solver.cu
[[ $(findings "$scratch/out") == "cg-divergent-collective 6" ]] && pass "only the new bug (line 6) is reported" \
  || fail "reported: $(findings "$scratch/out")"
expect_exit 1 "SARIF against the baseline" -- "$COOPCHECK" --no-confirm --baseline="$scratch/base.sarif" --format=sarif solver.cu
python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
sys.exit(not (len(r) == 1 and r[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 6))' "$scratch/out" \
  && pass "SARIF holds only the new result" || fail "SARIF results: $(head -c 600 "$scratch/out")"

cd "$scratch"
echo 'not json' >garbage.sarif
echo '{"version": "2.1.0"}' >nosarif.sarif
expect_exit 2 "missing baseline" -- "$COOPCHECK" --baseline=missing.sarif new/solver.cu
stderr_is_one_line "missing baseline" "baseline 'missing.sarif': cannot read"
expect_exit 2 "baseline that is not JSON" -- "$COOPCHECK" --baseline=garbage.sarif new/solver.cu
stderr_is_one_line "baseline that is not JSON" "baseline 'garbage.sarif': not JSON"
expect_exit 2 "JSON that is not SARIF" -- "$COOPCHECK" --baseline=nosarif.sarif new/solver.cu
stderr_is_one_line "JSON that is not SARIF" "not a SARIF 2.1.0 log"
expect_exit 2 "empty --baseline=" -- "$COOPCHECK" --baseline= new/solver.cu
stderr_is_one_line "empty --baseline=" "baseline '': cannot read"
expect_exit 2 "directory as baseline" -- "$COOPCHECK" --baseline="$scratch" new/solver.cu
stderr_is_one_line "directory as baseline" "baseline '.*': "
finish
