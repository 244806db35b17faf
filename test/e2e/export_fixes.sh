#!/usr/bin/env bash
# --export-fixes (cg-legacy-warp-intrinsic has fix-its): the YAML is clang-tidy-22's own
# --export-fixes text for the same check through the plugin; clang-apply-replacements-22 applies it
# and the files then analyse clean; only reported findings are exported (not NOLINT-suppressed
# ones, not those --line-filter or --baseline leave out); a run without findings writes a file
# without diagnostics; a file that cannot be written is exit 2 with one line.
source "$(dirname "$0")/lib.bash"
command -v clang-apply-replacements-22 >/dev/null ||
  { echo "skipped: no clang-apply-replacements-22 (tools/setup installs clang-tools-22)"; exit 77; }
coopcheck=$(realpath "$COOPCHECK")
plugin=$(realpath "$BUILD/lib/libcoopcheck-tidy.so")
src=$(realpath test/e2e/fixtures/legacy_warp_intrinsics.cu)
want=$(realpath test/e2e/fixtures/legacy_warp_intrinsics.fixed.cu)
diagnostics() { grep -c '^  - DiagnosticName:  cg-legacy-warp-intrinsic$' "$1"; }

# 1. Export, apply with clang-apply-replacements-22, re-analyse. nolint.cu suppresses line 11's
#    finding: it is not exported, so that call stays as it was.
dir=$scratch/apply
mkdir -p "$dir"
cp "$src" "$dir/legacy.cu"
sed '11s|$| // NOLINT(cg-legacy-warp-intrinsic)|' "$src" >"$dir/nolint.cu"
expect_exit 1 "export with findings" -- "$coopcheck" --export-fixes="$dir/fixes.yaml" "$dir/legacy.cu" "$dir/nolint.cu"
[[ $(diagnostics "$dir/fixes.yaml") == 15 ]] && pass "8 + 7 findings exported, the suppressed one not" ||
  fail "exported $(diagnostics "$dir/fixes.yaml") findings: $(cat "$dir/fixes.yaml")"
grep -q "^MainSourceFile:  '$dir/legacy.cu'$" "$dir/fixes.yaml" && pass "MainSourceFile is the first source" ||
  fail "MainSourceFile: $(grep MainSourceFile "$dir/fixes.yaml")"
cmp -s "$src" "$dir/legacy.cu" && pass "exporting leaves the sources untouched" || fail "the source changed"
if clang-apply-replacements-22 "$dir" >"$scratch/car" 2>&1; then pass "clang-apply-replacements-22 applied the fixes"; else
  fail "clang-apply-replacements-22: $(cat "$scratch/car")"; fi
diff -u "$want" "$dir/legacy.cu" >"$scratch/diff" && pass "applied: the expected text" || fail "applied text: $(cat "$scratch/diff")"
grep -q 'unsigned active = __ballot(1); // NOLINT' "$dir/nolint.cu" && pass "nolint.cu keeps its suppressed call" ||
  fail "nolint.cu line 11: $(sed -n 11p "$dir/nolint.cu")"
expect_exit 0 "re-analysed: clean for the rule" -- "$coopcheck" --checks=cg-legacy-warp-intrinsic "$dir/legacy.cu" "$dir/nolint.cu"

# 2. The same YAML as clang-tidy-22 --export-fixes writes with the plugin, byte for byte.
dir=$scratch/tidy
mkdir -p "$dir"
cp "$src" "$dir/legacy.cu"
args=$("$coopcheck" --print-parse-args "$dir/legacy.cu")
# shellcheck disable=SC2086
(cd "$dir" && clang-tidy-22 -load="$plugin" --checks='-*,cg-*' --quiet --export-fixes=tidy.yaml \
  "$dir/legacy.cu" -- $args) >"$scratch/tidy.out" 2>&1
(cd "$dir" && "$coopcheck" --export-fixes=coopcheck.yaml legacy.cu) >/dev/null 2>&1
if [[ -s $dir/tidy.yaml ]] && diff -u "$dir/tidy.yaml" "$dir/coopcheck.yaml" >"$scratch/diff"; then
  pass "the YAML is clang-tidy-22's"; else fail "differs from clang-tidy-22's: $(cat "$scratch/diff" "$scratch/tidy.out")"; fi

# 3. Only what is reported: --line-filter and --baseline leave findings out of the export too.
dir=$scratch/filtered
mkdir -p "$dir"
cp "$src" "$dir/legacy.cu"
expect_exit 1 "export with --line-filter" -- "$coopcheck" --export-fixes="$dir/lines.yaml" \
  --line-filter='[{"name":"/legacy.cu","lines":[[5,5]]}]' "$dir/legacy.cu"
[[ $(diagnostics "$dir/lines.yaml") == 1 ]] && grep -q '^      FileOffset:      256$' "$dir/lines.yaml" &&
  pass "--line-filter: only line 5's finding exported" || fail "--line-filter export: $(cat "$dir/lines.yaml")"
"$coopcheck" --format=sarif -o "$dir/base.sarif" "$dir/legacy.cu" >/dev/null 2>&1
expect_exit 0 "export with everything in the baseline" -- "$coopcheck" --export-fixes="$dir/base.yaml" \
  --baseline="$dir/base.sarif" "$dir/legacy.cu"
grep -q '^Diagnostics:     \[\]$' "$dir/base.yaml" && pass "--baseline: nothing exported" ||
  fail "--baseline export: $(cat "$dir/base.yaml")"

# 4. No findings: a file without diagnostics (no stale fixes), which applies as a no-op.
dir=$scratch/clean
mkdir -p "$dir"
cp "$want" "$dir/fixed.cu"
echo stale >"$dir/fixes.yaml"
expect_exit 0 "export of a clean file" -- "$coopcheck" --export-fixes="$dir/fixes.yaml" "$dir/fixed.cu"
grep -q '^Diagnostics:     \[\]$' "$dir/fixes.yaml" && pass "clean: a file without diagnostics" ||
  fail "clean export: $(cat "$dir/fixes.yaml")"
clang-apply-replacements-22 "$dir" >"$scratch/car" 2>&1 && cmp -s "$want" "$dir/fixed.cu" &&
  pass "clean: applying changes nothing" || fail "clean: $(cat "$scratch/car")"

# 5. With --fix, the export describes the files as they were found.
dir=$scratch/both
mkdir -p "$dir"
cp "$src" "$dir/legacy.cu"
(cd "$dir" && "$coopcheck" --fix --export-fixes=fixes.yaml legacy.cu) >/dev/null 2>&1
sed "s|$scratch/both|$scratch/tidy|g" "$dir/fixes.yaml" | diff -q - "$scratch/tidy/coopcheck.yaml" >/dev/null &&
  cmp -s "$want" "$dir/legacy.cu" && pass "--fix with --export-fixes: offsets of the file as found" ||
  fail "--fix with --export-fixes: $(cat "$dir/fixes.yaml")"

# 6. A file that cannot be written: exit 2, one line.
expect_exit 2 "export into a missing directory" -- "$coopcheck" --export-fixes="$scratch/missing/fixes.yaml" "$src"
stderr_is_one_line "export into a missing directory" "^coopcheck: error: cannot write '$scratch/missing/fixes.yaml': "
finish
