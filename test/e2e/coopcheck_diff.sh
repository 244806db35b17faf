#!/usr/bin/env bash
# tools/coopcheck-diff on a scratch git repository, as clang-tidy-diff.py is used:
# `git diff -U0 | coopcheck-diff -p1`. A commit that adds a bug on one line of a file that already
# has a finding reports only the new one (exit 1); a change away from any finding reports nothing
# (exit 0) although the file has one; a launch changed in one file is still checked against the
# kernel of an unchanged file; -regex, -iregex, -path, -j and the arguments after `--` reach
# coopcheck; a diff that changes no selected line runs nothing.
source "$(dirname "$0")/lib.bash"
coopcheck=$(realpath "$COOPCHECK")
diff_tool=$(realpath tools/coopcheck-diff)
export COOPCHECK=$coopcheck GIT_CONFIG_NOSYSTEM=1 HOME=$scratch/home
export GIT_AUTHOR_NAME=coopcheck GIT_AUTHOR_EMAIL=test@coopcheck.invalid
export GIT_COMMITTER_NAME=coopcheck GIT_COMMITTER_EMAIL=test@coopcheck.invalid
mkdir -p "$HOME"
repo=$scratch/repo
mkdir -p "$repo/src"
cd "$repo" && git init -q .

# kernels OLD NEW: two grid-syncing kernels; OLD guards relax's grid.sync() (line 5), NEW smooth's
# (line 10), each on the line of its guard; "true" leaves one clean.
kernels() {
  cat <<SRC
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void relax(float *x, int n) {
  cg::grid_group grid = cg::this_grid();
  if ($1) grid.sync();
  x[blockIdx.x] = 0.5f * x[blockIdx.x];
}
__global__ void smooth(float *x, int n) {
  cg::grid_group grid = cg::this_grid();
  if ($2) grid.sync();
  x[blockIdx.x] += 1.0f;
}
SRC
}
kernels 'threadIdx.x == 0' 'true' >src/solver.cu
git add -A && git commit -qm "old finding on line 5"
"$coopcheck" --no-confirm src/solver.cu >"$scratch/all" 2>&1
grep -q 'solver.cu:5:.*\[cg-divergent-collective\]' "$scratch/all" && pass "the file has an old finding on line 5" ||
  fail "no old finding: $(cat "$scratch/all")"

# run_diff WANT NAME DIFF-ARGS -- coopcheck-diff arguments
run_diff() {
  local want=$1 name=$2 range=$3; shift 4
  # shellcheck disable=SC2086
  git diff -U0 $range >"$scratch/patch"
  expect_exit "$want" "$name" -- "$diff_tool" "$@" <"$scratch/patch"
}

# 1. A new bug in the file with the old finding: line 10's condition changes and makes its
#    grid.sync() divergent; the old finding, on an unchanged line, is not reported.
kernels 'threadIdx.x == 0' 'threadIdx.x < 3' >src/solver.cu
git commit -qam "new bug on line 10"
run_diff 1 "new bug" HEAD~1 -- -p1 -- --no-confirm
grep -q 'solver.cu:10:.*\[cg-divergent-collective\]' "$scratch/out" && pass "the new finding is reported" ||
  fail "new finding missing: $(cat "$scratch/out" "$scratch/err")"
grep -q 'solver.cu:5:' "$scratch/out" && fail "the old finding is reported: $(cat "$scratch/out")" ||
  pass "the old finding on an unchanged line is not"

# 2. A change on lines without findings (the old one stays): nothing, exit 0.
sed -i 's/x\[blockIdx.x\] += 1.0f;/x[blockIdx.x] += 2.0f;/' src/solver.cu
git commit -qam "clean change"
run_diff 0 "change away from the findings" HEAD~1 -- -p1 -- --no-confirm
grep -q 'solver.cu:' "$scratch/out" && fail "findings reported: $(cat "$scratch/out")" || pass "no finding reported"

# 3. Unstaged working-tree diff, no prefix (-p0), options after -- reach coopcheck.
sed -i 's/threadIdx.x < 3/threadIdx.x < 5/' src/solver.cu
git diff -U0 --no-prefix >"$scratch/patch"
expect_exit 1 "-p0 on a --no-prefix diff, --format=json" -- "$diff_tool" -j 2 -- --no-confirm --format=json <"$scratch/patch"
python3 -c '
import json, sys
found = [(f["file"].rsplit("/", 1)[1], f["line"]) for f in json.load(open(sys.argv[1]))["findings"]]
assert found == [("solver.cu", 10)], found' "$scratch/out" && pass "json: the changed line's finding only" ||
  fail "json report: $(cat "$scratch/out")"
git checkout -q src/solver.cu

# 4. A launch changed in one file, the kernel in another, unchanged: with -path -whole-database
#    every unit of the database is analysed, so they meet; the findings of unchanged lines stay out.
cp "$OLDPWD"/test/checks/cg-non-cooperative-launch.cross-tu/{launcher,solver_kernel}.cu src/
sed -i 's/cudaLaunchKernel((void \*)jacobi_step, dim3(4)/cudaLaunchCooperativeKernel((void *)jacobi_step, dim3(4)/' src/launcher.cu
mkdir -p build
database() { # FILE...: a compile database of nvcc commands for the files
  local sep=""
  echo "["
  for f in "$@"; do
    printf '%s{"directory": "%s", "file": "%s", "command": "nvcc -DFROM_DATABASE -c %s"}\n' "$sep" "$repo" "$repo/$f" "$repo/$f"
    sep=","
  done
  echo "]"
}
database src/launcher.cu src/solver_kernel.cu >build/compile_commands.json
git add -A && git commit -qm "launcher"
sed -i 's/cudaLaunchCooperativeKernel((void \*)jacobi_step, dim3(4)/cudaLaunchKernel((void *)jacobi_step, dim3(4)/' src/launcher.cu
git commit -qam "a non-cooperative launch"
run_diff 1 "launch changed, kernel elsewhere, -whole-database" HEAD~1 -- -p1 -path build -whole-database -- --no-confirm
grep -q 'launcher.cu:18:.*\[cg-non-cooperative-launch\]' "$scratch/out" && ! grep -q 'launcher.cu:7:' "$scratch/out" &&
  pass "the changed launch's cross-unit finding, not line 7's" || fail "cross-unit: $(cat "$scratch/out" "$scratch/err")"
# Without it, as clang-tidy-diff, only the changed files are analysed: the kernel is not seen.
run_diff 0 "launch changed, changed files only" HEAD~1 -- -p1 -path build -- --no-confirm
expect_exit 2 "-whole-database without -path" -- "$diff_tool" -p1 -whole-database <"$scratch/patch"
stderr_is_one_line "-whole-database without -path" "^coopcheck-diff: error: .*need -path$"

# 5. -path: the compile database's command is used.
{ echo '#ifndef FROM_DATABASE'; echo '#error compiled without its database command'; echo '#endif'
  kernels 'threadIdx.x == 0' 'true'; } >src/guarded.cu
database src/launcher.cu src/solver_kernel.cu src/guarded.cu >build/compile_commands.json
git add -A && git commit -qm guarded
run_diff 1 "-path build" HEAD~1 -- -p1 -path build -- --no-confirm
grep -q 'guarded.cu:8:.*\[cg-divergent-collective\]' "$scratch/out" && ! grep -q 'compiled without' "$scratch/out" "$scratch/err" &&
  pass "-path: parsed with the database's command" || fail "-path: $(cat "$scratch/out" "$scratch/err")"

# 6. Nothing to check: a deletion only, or files the pattern leaves out.
sed -i '7d' src/solver.cu
git commit -qam "deletion"
run_diff 0 "a diff that only deletes" HEAD~1 -- -p1
grep -q 'no relevant changes' "$scratch/err" && pass "deletion: nothing run" || fail "deletion: $(cat "$scratch/out" "$scratch/err")"
run_diff 0 "-regex leaving out every file" HEAD~3 -- -p1 -regex '.*\.hip'
grep -q 'no relevant changes' "$scratch/err" && pass "-regex: nothing run" || fail "-regex: $(cat "$scratch/err")"
run_diff 1 "-iregex selecting .CU" HEAD~3 -- -p1 -iregex '.*\.CU' -- --no-confirm
grep -q 'guarded.cu:8:' "$scratch/out" && pass "-iregex: case-insensitive" || fail "-iregex: $(cat "$scratch/out")"

# 7. Errors: one line, exit 2.
expect_exit 2 "no binary" -- env COOPCHECK=/nonexistent "$diff_tool" -p1 <"$scratch/patch"
stderr_is_one_line "no binary" "^coopcheck-diff: error: /nonexistent is not an executable$"
run_diff 2 "coopcheck's usage error passes through" HEAD~3 -- -p1 -- --format=bogus
stderr_is_one_line "coopcheck's usage error" "^coopcheck: error: --format must be"
finish
