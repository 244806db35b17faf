#!/usr/bin/env bash
# NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/END, bare or with check globs, through the CLI (and the
# plugin at the end): a covered
# finding is hidden from the text output and does not count for the exit code; JSON marks it
# suppressed and SARIF keeps it with suppressions [{kind: inSource}]. Errors included, which
# clang-tidy itself never lets a NOLINT cover.
source "$(dirname "$0")/lib.bash"
cat >"$scratch/nolint.cu" <<'SRC'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void same_line(float *v) {
  float x = v[threadIdx.x];
  if (threadIdx.x % 32 < 16)
    x += __shfl_xor_sync(0xffffffff, x, 1); // NOLINT(cg-warp-mask)
  v[threadIdx.x] = x;
}

__global__ void next_line(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    // NOLINTNEXTLINE(cg-*)
    grid.sync();
  out[0] = 1;
}

// NOLINTBEGIN(cg-divergent-collective)
__global__ void region(int *out) {
  if (threadIdx.x < 7)
    __syncthreads();
  out[0] = 1;
}
// NOLINTEND(cg-divergent-collective)

__global__ void legacy(int *out, const int *in) {
  out[threadIdx.x] = __shfl(in[threadIdx.x], 0); // NOLINT
}

__device__ void barrier_of(cg::thread_group g) { g.sync(); } // NOLINT(cg-group-by-*)
__global__ void calls_barrier_of() { barrier_of(cg::this_thread_block()); }

__global__ void other_rule(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    grid.sync(); // NOLINT(cg-warp-mask)
  out[0] = 1;
}
SRC
# Every form above covers its finding except the last: a NOLINT for another rule.
suppressed="cg-warp-mask 7
cg-divergent-collective 15
cg-divergent-collective 22
cg-legacy-warp-intrinsic 28
cg-group-by-value 31"
reported="cg-divergent-collective 37"

# by_suppression REPORT.json true|false: "rule line" of the findings suppressed or not.
by_suppression() {
  python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    if str(f["suppressed"]).lower() == sys.argv[2]: print(f["rule"], f["line"])' "$1" "$2" | sort -k2n
}

expect_exit 1 "the uncovered finding fails the run" -- "$COOPCHECK" "$scratch/nolint.cu"
[[ $(grep -cE '^[^ ]*nolint.cu:[0-9]+:[0-9]+: (error|warning|note): .*\[cg-' "$scratch/out") == 1 ]] \
  && grep -q 'nolint.cu:37:.*\[cg-divergent-collective\]' "$scratch/out" \
  && pass "text shows only the uncovered finding" || fail "text output: $(cat "$scratch/out")"

expect_exit 1 "JSON" -- "$COOPCHECK" --no-confirm --format=json "$scratch/nolint.cu"
cp "$scratch/out" "$scratch/nolint.json"
[[ $(by_suppression "$scratch/nolint.json" true) == "$suppressed" ]] && pass "JSON: covered findings are suppressed" \
  || fail "JSON suppressed: $(by_suppression "$scratch/nolint.json" true | tr '\n' ';')"
[[ $(by_suppression "$scratch/nolint.json" false) == "$reported" ]] && pass "JSON: the other rule's finding is not" \
  || fail "JSON unsuppressed: $(by_suppression "$scratch/nolint.json" false | tr '\n' ';')"

expect_exit 1 "SARIF" -- "$COOPCHECK" --no-confirm --format=sarif "$scratch/nolint.cu"
python3 - "$scratch/out" "$suppressed" <<'PY' && pass "SARIF: suppressions [{kind: inSource}] on exactly the covered results" || fail "SARIF suppressions"
import json, sys
results = json.load(open(sys.argv[1]))['runs'][0]['results']
want = set(sys.argv[2].splitlines())
got = set()
for r in results:
    key = f"{r['ruleId']} {r['locations'][0]['physicalLocation']['region']['startLine']}"
    if 'suppressions' in r:
        assert r['suppressions'] == [{'kind': 'inSource'}], r
        got.add(key)
assert got == want, (got, want)
assert len(results) == len(want) + 1, len(results)
PY

head -31 "$scratch/nolint.cu" >"$scratch/covered.cu"
expect_exit 0 "a file whose findings are all covered" -- "$COOPCHECK" "$scratch/covered.cu"
! grep -q '\[cg-' "$scratch/out" && pass "nothing printed for covered findings" || fail "printed: $(cat "$scratch/out")"
expect_exit 0 "--fail-level=note with every finding covered" -- "$COOPCHECK" --no-confirm --fail-level=note "$scratch/covered.cu"

# The plugin: clang-tidy-22 never lets NOLINT cover an error, so the checks report a covered error
# as a warning, which clang-tidy then suppresses like any other. (coopcheck-clangd runs the same
# checks inside clangd's clang-tidy.)
args=$("$COOPCHECK" --print-parse-args "$scratch/nolint.cu")
# shellcheck disable=SC2086
clang-tidy-22 -load="$BUILD/lib/libcoopcheck-tidy.so" --checks='-*,cg-*' --quiet "$scratch/nolint.cu" \
  -- $args >"$scratch/tidy.out" 2>&1
[[ $(grep -cE 'nolint.cu:[0-9]+:[0-9]+: (error|warning): .*\[cg-' "$scratch/tidy.out") == 1 ]] \
  && grep -q 'nolint.cu:37:.*\[cg-divergent-collective' "$scratch/tidy.out" \
  && pass "clang-tidy-22 with the plugin: only the uncovered finding" || fail "plugin: $(cat "$scratch/tidy.out")"

# A NOLINTBEGIN without its END covers nothing and is reported, as clang-tidy reports it; the
# finding it failed to cover keeps its note.
{ head -2 "$scratch/nolint.cu"; echo '// NOLINTBEGIN(cg-divergent-collective)'; sed -n 20,24p "$scratch/nolint.cu"; } >"$scratch/unmatched.cu"
expect_exit 1 "unmatched NOLINTBEGIN" -- "$COOPCHECK" --no-confirm --format=json "$scratch/unmatched.cu"
python3 - "$scratch/out" <<'PY' && pass "unmatched NOLINTBEGIN reported, the finding keeps its note" || fail "JSON: $(cat "$scratch/out")"
import json, sys
found = {f['rule']: f for f in json.load(open(sys.argv[1]))['findings']}
assert set(found) == {'clang-tidy-nolint', 'cg-divergent-collective'}, set(found)
assert 'unmatched' in found['clang-tidy-nolint']['message'] and not found['clang-tidy-nolint']['notes']
finding = found['cg-divergent-collective']
assert not finding['suppressed'] and [n['line'] for n in finding['notes']] == [5], finding
PY
finish
