#!/usr/bin/env bash
# Fix-its round-trip (cg-legacy-warp-intrinsic, then cg-warp-size on HIP): `coopcheck --fix` and `clang-tidy-22 -fix` with the
# plugin rewrite the file to the expected text, the rewritten file analyses clean for the rule and
# still parses; the fix-its appear in the JSON and SARIF reports, which describe the file as found.
source "$(dirname "$0")/lib.bash"
src=test/e2e/fixtures/legacy_warp_intrinsics.cu
want=test/e2e/fixtures/legacy_warp_intrinsics.fixed.cu
findings=8 # one per call in $src

# The rewritten file: the expected text, no finding of the rule, and it parses.
check_fixed() {
  local how=$1 file=$2
  if diff -u "$want" "$file" >"$scratch/diff"; then pass "$how: rewritten text"; else
    fail "$how: rewritten text differs: $(cat "$scratch/diff")"; fi
  expect_exit 0 "$how: fixed file analyses clean" -- "$COOPCHECK" --checks=cg-legacy-warp-intrinsic "$file"
  local args; args=$("$COOPCHECK" --print-parse-args "$file")
  # shellcheck disable=SC2086
  if clang++-22 -fsyntax-only $args "$file" >"$scratch/parse" 2>&1; then pass "$how: fixed file parses"; else
    fail "$how: fixed file does not parse: $(head -5 "$scratch/parse")"; fi
}

# coopcheck --fix: exit 1 (the findings of this run count), the report shows the file as found.
mkdir -p "$scratch/cli"
cp "$src" "$scratch/cli/legacy.cu"
expect_exit 1 "coopcheck --fix" -- "$COOPCHECK" --fix --format=json "$scratch/cli/legacy.cu"
python3 - "$scratch/out" "$findings" <<'PY' && pass "--fix: report lists the findings as found" || fail "--fix report: $(head -c 600 "$scratch/out")"
import json, sys
found = [f for f in json.load(open(sys.argv[1]))['findings'] if f['rule'] == 'cg-legacy-warp-intrinsic']
assert len(found) == int(sys.argv[2]), len(found)
assert all(f['fixes'] for f in found)
PY
check_fixed "coopcheck --fix" "$scratch/cli/legacy.cu"
expect_exit 0 "coopcheck --fix on the fixed file changes nothing" -- "$COOPCHECK" --fix "$scratch/cli/legacy.cu"
cmp -s "$want" "$scratch/cli/legacy.cu" && pass "second --fix is a no-op" || fail "second --fix changed the file"

# Fixed files are written whole through a rename: a link stays a link to the fixed file, the
# permissions stay, no temporary file is left, and a directory that cannot take the temporary
# file leaves the source untouched with a clear error.
mkdir -p "$scratch/atomic/real" "$scratch/atomic/locked"
cp "$src" "$scratch/atomic/real/legacy.cu"
chmod 640 "$scratch/atomic/real/legacy.cu"
ln -s real/legacy.cu "$scratch/atomic/link.cu"
expect_exit 1 "--fix through a symbolic link" -- "$COOPCHECK" --fix "$scratch/atomic/link.cu"
[[ -L $scratch/atomic/link.cu ]] && pass "the link is still a link" || fail "--fix replaced the link by a file"
cmp -s "$want" "$scratch/atomic/real/legacy.cu" && pass "the linked file is fixed" || fail "the linked file is not fixed"
[[ $(stat -c %a "$scratch/atomic/real/legacy.cu") == 640 ]] && pass "permissions kept" ||
  fail "permissions changed to $(stat -c %a "$scratch/atomic/real/legacy.cu")"
leftovers=$(find "$scratch/atomic" -name '*.coopcheck-*')
[[ -z $leftovers ]] && pass "no temporary file left" || fail "temporary files left: $leftovers"
cp "$src" "$scratch/atomic/locked/legacy.cu"
chmod 555 "$scratch/atomic/locked"
if [[ $(id -u) != 0 ]]; then
  expect_exit 2 "--fix in a read-only directory" -- "$COOPCHECK" --fix "$scratch/atomic/locked/legacy.cu"
  grep -q "cannot write fix-its" "$scratch/err" && pass "read-only directory: reason given" ||
    fail "read-only directory: stderr '$(cat "$scratch/err")'"
  cmp -s "$src" "$scratch/atomic/locked/legacy.cu" && pass "read-only directory: source untouched" ||
    fail "read-only directory: the source changed"
fi
chmod 755 "$scratch/atomic/locked"

# The fix-its in the reports (the file is not touched without --fix).
cp "$src" "$scratch/report.cu"
expect_exit 1 "json report" -- "$COOPCHECK" --format=json "$scratch/report.cu"
python3 - "$scratch/out" <<'PY' && pass "json fixes" || fail "json fixes: $(head -c 600 "$scratch/out")"
import json, sys
fixes = {}
for f in json.load(open(sys.argv[1]))['findings']:
    if f['rule'] == 'cg-legacy-warp-intrinsic':
        fixes[(f['line'], f['column'])] = [(x['line'], x['column'], x['endLine'], x['endColumn'], x['replacement']) for x in f['fixes']]
assert fixes[(11, 21)] == [(11, 21, 11, 32, '__activemask()')], fixes[(11, 21)]
assert sorted(fixes[(12, 23)]) == [(12, 23, 12, 31, '__ballot_sync'), (12, 32, 12, 32, '0xffffffff, ')], fixes[(12, 23)]
assert sorted(fixes[(5, 10)]) == [(5, 10, 5, 21, '__shfl_down_sync'), (5, 22, 5, 22, '0xffffffff, ')], fixes[(5, 10)]
PY
expect_exit 1 "sarif report" -- "$COOPCHECK" --format=sarif "$scratch/report.cu"
python3 - "$scratch/out" "$findings" <<'PY' && pass "sarif fixes" || fail "sarif fixes: $(head -c 600 "$scratch/out")"
import json, sys
results = [r for r in json.load(open(sys.argv[1]))['runs'][0]['results'] if r['ruleId'] == 'cg-legacy-warp-intrinsic']
assert len(results) == int(sys.argv[2])
texts = []
for r in results:
    (fix,) = r['fixes']
    (change,) = fix['artifactChanges']
    assert change['artifactLocation']['uri'].endswith('report.cu')
    texts += [x['insertedContent']['text'] for x in change['replacements']]
assert '__activemask()' in texts and texts.count('0xffffffff, ') == int(sys.argv[2]) - 1, texts
PY
cmp -s "$src" "$scratch/report.cu" && pass "no --fix: file untouched" || fail "the file changed without --fix"

# clang-tidy-22 -fix through the plugin.
mkdir -p "$scratch/tidy"
cp "$src" "$scratch/tidy/legacy.cu"
args=$("$COOPCHECK" --print-parse-args "$scratch/tidy/legacy.cu")
# shellcheck disable=SC2086
if clang-tidy-22 -load="$BUILD/lib/libcoopcheck-tidy.so" --checks='-*,cg-*' -fix --quiet \
    "$scratch/tidy/legacy.cu" -- $args >"$scratch/tidy.out" 2>&1; then
  pass "clang-tidy-22 -fix ran"
else
  fail "clang-tidy-22 -fix failed: $(tail -5 "$scratch/tidy.out")"
fi
check_fixed "clang-tidy-22 -fix" "$scratch/tidy/legacy.cu"

# cg-warp-size: every 32-lane constant of a HIP file becomes warpSize-relative, with the fix-its of
# a finding's notes applied with it, and the fixed file analyses clean for the rule.
mkdir -p "$scratch/width"
cp test/e2e/fixtures/warp_size_32.hip "$scratch/width/wave.hip"
expect_exit 1 "coopcheck --fix on 32-lane HIP code" -- "$COOPCHECK" --fix "$scratch/width/wave.hip"
if diff -u test/e2e/fixtures/warp_size_32.fixed.hip "$scratch/width/wave.hip" >"$scratch/diff"; then
  pass "cg-warp-size: rewritten text"
else
  fail "cg-warp-size: rewritten text differs: $(cat "$scratch/diff")"
fi
expect_exit 0 "cg-warp-size: fixed file analyses clean" -- "$COOPCHECK" --checks=cg-warp-size "$scratch/width/wave.hip"
finish
