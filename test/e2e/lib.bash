# Shared helpers for the e2e shell tests (sourced, not run).
set -u
BUILD=${COOPCHECK_BUILD_DIR:-build}
COOPCHECK=$BUILD/bin/coopcheck
failures=0
scratch=$(mktemp -d)
trap 'chmod -R u+rwx "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# expect_exit CODE NAME -- command...: runs the command, checks its exit code, keeps its stderr.
expect_exit() {
  local want=$1 name=$2; shift 3
  "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$?
  if [[ $got == "$want" ]]; then pass "$name (exit $got)"; else
    fail "$name: exit $got, wanted $want; stderr: $(head -3 "$scratch/err")"; fi
}

# stderr_is_one_line NAME PATTERN: the last command's stderr is one line matching PATTERN.
stderr_is_one_line() {
  local lines; lines=$(wc -l <"$scratch/err")
  if [[ $lines != 1 ]]; then fail "$1: $lines lines on stderr: $(cat "$scratch/err")"; return; fi
  grep -qE -- "$2" "$scratch/err" && pass "$1: $(cat "$scratch/err")" || fail "$1: stderr '$(cat "$scratch/err")' does not match /$2/"
}

finish() {
  if ((failures)); then echo "$failures check(s) failed"; exit 1; fi
  echo "all checks passed"
}
