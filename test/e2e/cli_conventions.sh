#!/usr/bin/env bash
# The conventions clang-tidy users expect of the CLI: --quiet, --progress, --warnings-as-errors,
# --use-color and NO_COLOR, --extra-arg and --extra-arg-before, --dump-config, --header-filter and
# --exclude-header-filter, and an unknown option refused with exit 2 (never taken for -h).
source "$(dirname "$0")/lib.bash"
src=test/e2e/fixtures/conventions/reduce.cu
lines() {
  python3 - "$scratch/out" <<'PY'
import json, os, sys
print(' '.join(f"{os.path.basename(f['file'])}:{f['line']}:{f['level']}" for f in json.load(open(sys.argv[1]))['findings']))
PY
}
expect_lines() { local got; got=$(lines); [[ $got == "$2" ]] && pass "$1: $got" || fail "$1: got '$got', wanted '$2'"; }

expect_exit 2 "--hxyz is no -h" -- "$COOPCHECK" --hxyz "$src"
stderr_is_one_line "--hxyz" "unknown option '--hxyz'"
expect_exit 2 "--header-filterx is no --header-filter" -- "$COOPCHECK" --header-filterx=src "$src"
expect_exit 2 "-pbuild is no -p" -- "$COOPCHECK" -pbuild "$src"
expect_exit 0 "-h still prints the help" -- "$COOPCHECK" -h
grep -q -- "--header-filter" "$scratch/out" && pass "the help lists --header-filter" || fail "no --header-filter in the help"
expect_exit 1 "a value after its option is no option" -- "$COOPCHECK" --checks -cg-deadlock --format=json "$src"

expect_exit 1 "all headers by default" -- "$COOPCHECK" --format=json "$src"
expect_lines "default" "reduce.cu:7:warning shuffle.cuh:3:warning"
expect_exit 1 "--header-filter that the header misses" -- "$COOPCHECK" --format=json --header-filter='/include/' "$src"
expect_lines "--header-filter=/include/" "reduce.cu:7:warning"
expect_exit 1 "--header-filter that the header matches" -- "$COOPCHECK" --format=json --header-filter='shuffle' "$src"
expect_lines "--header-filter=shuffle" "reduce.cu:7:warning shuffle.cuh:3:warning"
expect_exit 1 "--exclude-header-filter" -- "$COOPCHECK" --format=json --header-filter='.*' --exclude-header-filter='\.cuh$' "$src"
expect_lines "--exclude-header-filter" "reduce.cu:7:warning"
expect_exit 1 "--header-filter never hides the unit's own source" -- "$COOPCHECK" --format=json --header-filter='^$' "$src"
expect_lines "--header-filter=^$" "reduce.cu:7:warning"
expect_exit 2 "a --header-filter that is no regular expression" -- "$COOPCHECK" --header-filter='(' "$src"
stderr_is_one_line "bad --header-filter" "--header-filter '\(' is not a regular expression"

expect_exit 1 "--extra-arg goes after the command's own" -- "$COOPCHECK" --format=json --extra-arg=-DBROADCAST_ALL "$src" -- -UBROADCAST_ALL
expect_lines "--extra-arg" "reduce.cu:7:warning reduce.cu:9:warning shuffle.cuh:3:warning"
expect_exit 1 "--extra-arg-before goes before them" -- "$COOPCHECK" --format=json --extra-arg-before=-DBROADCAST_ALL "$src" -- -UBROADCAST_ALL
expect_lines "--extra-arg-before" "reduce.cu:7:warning shuffle.cuh:3:warning"

expect_exit 1 "--warnings-as-errors" -- "$COOPCHECK" --format=json --fail-level=error --warnings-as-errors='cg-legacy-*' "$src"
expect_lines "--warnings-as-errors" "reduce.cu:7:error shuffle.cuh:3:error"
grep -q "2 warnings treated as errors" "$scratch/err" && pass "the summary on stderr" || fail "no summary: $(cat "$scratch/err")"
expect_exit 0 "--warnings-as-errors of another rule" -- "$COOPCHECK" --format=json --fail-level=error --warnings-as-errors='cg-warp-size' "$src"
expect_exit 1 "--quiet" -- "$COOPCHECK" --quiet --progress --format=json --warnings-as-errors='cg-*' "$src" test/e2e/fixtures/conventions/reduce.cu
[[ ! -s $scratch/err ]] && pass "--quiet: nothing on stderr" || fail "--quiet printed: $(cat "$scratch/err")"
expect_exit 1 "--progress" -- "$COOPCHECK" --progress --format=json "$src" test/e2e/fixtures/legacy_warp_intrinsics.cu
grep -qE '^\[1/2\] .*\.cu$' "$scratch/err" && grep -qE '^\[2/2\] .*\.cu$' "$scratch/err" \
  && pass "--progress: [n/N] file" || fail "--progress printed: $(cat "$scratch/err")"

esc=$'\e['
expect_exit 1 "--use-color into a file" -- "$COOPCHECK" --use-color "$src"
grep -qF "$esc" "$scratch/out" && pass "--use-color colours" || fail "--use-color: no colour"
expect_exit 1 "--use-color=false" -- "$COOPCHECK" --use-color=false "$src"
grep -qF "$esc" "$scratch/out" && fail "--use-color=false coloured" || pass "--use-color=false: plain"
if command -v script >/dev/null; then  # a terminal: colour unless NO_COLOR
  script -qec "$COOPCHECK $src" /dev/null >"$scratch/tty" 2>&1
  grep -qF "$esc" "$scratch/tty" && pass "a terminal gets colour" || fail "a terminal got no colour"
  NO_COLOR=1 script -qec "$COOPCHECK $src" /dev/null >"$scratch/tty" 2>&1
  grep -qF "$esc" "$scratch/tty" && fail "NO_COLOR coloured" || pass "NO_COLOR: plain on a terminal"
  script -qec "$COOPCHECK --color=false $src" /dev/null >"$scratch/tty" 2>&1
  grep -qF "$esc" "$scratch/tty" && fail "--color=false coloured" || pass "--color=false: plain on a terminal"
fi

expect_exit 0 "--dump-config" -- "$COOPCHECK" --dump-config --config='{Checks: "-*,cg-divergent-collective", CheckOptions: {cg-divergent-collective.Strict: true}}' "$src"
python3 - "$scratch/out" <<'PY' && pass "--dump-config: YAML with the checks and every option" || fail "--dump-config: $(cat "$scratch/out")"
import re, sys
text = open(sys.argv[1]).read()
assert text.startswith('---\n') and text.endswith('...\n'), text
assert "\nChecks: '-*,cg-divergent-collective'\n" in text, text
options = dict(re.findall(r"^  ([\w.-]+): '(.*)'$", text, re.M))
assert options['cg-divergent-collective.Strict'] == 'true', options
assert all(k.startswith('cg-divergent-collective.') for k in options), options
assert len(options) > 1, options  # the defaults of the other options too
PY
finish
