#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml, tools/pre-commit/coopcheck-hook) through Debian's
# pre-commit on a scratch git repository, as users set it up: the project's .pre-commit-config.yaml
# names the coopcheck repository and a rev (pre-commit clones it; here from a local path, offline)
# or, as a local hook, the wrapper of a coopcheck checkout. A commit adding a divergent grid.sync()
# is rejected with the finding; a clean commit passes; host-only C++ files are never analysed. With
# args: [-p, build], the staged files meet the kernels and launches of every unit, committed ones
# too. With
# args: [--changed-lines], only the findings on the staged changed lines count.
source "$(dirname "$0")/lib.bash"
command -v pre-commit >/dev/null || { echo "skipped: no pre-commit command (tools/setup installs it)"; exit 77; }
coopcheck=$(realpath "$COOPCHECK")
export HOME=$scratch/home PRE_COMMIT_HOME=$scratch/pre-commit-cache XDG_CACHE_HOME=$scratch/cache
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=coopcheck GIT_AUTHOR_EMAIL=test@coopcheck.invalid
export GIT_COMMITTER_NAME=coopcheck GIT_COMMITTER_EMAIL=test@coopcheck.invalid
mkdir -p "$HOME"

# The hook repository at a commit, made from the working tree so that uncommitted changes count.
hooks=$scratch/coopcheck
mkdir -p "$hooks/tools/pre-commit"
cp .pre-commit-hooks.yaml "$hooks/"
cp tools/pre-commit/coopcheck-hook "$hooks/tools/pre-commit/"
[[ -x $hooks/tools/pre-commit/coopcheck-hook ]] && pass "the wrapper is executable" || fail "tools/pre-commit/coopcheck-hook is not executable"
git -C "$hooks" init -q && git -C "$hooks" add -A && git -C "$hooks" commit -qm hooks
rev=$(git -C "$hooks" rev-parse HEAD)

kernel() { # CONDITION: a grid-syncing kernel; "true" makes it clean
  cat <<SRC
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void relax(float *x, int n) {
  cg::grid_group grid = cg::this_grid();
  if ($1)
    grid.sync();
  x[blockIdx.x] = 0.5f * x[blockIdx.x];
}
SRC
}

# new_project NAME CONFIG: a git repository with pre-commit installed and its config committed.
new_project() {
  local dir=$scratch/$1
  git init -q "$dir"
  printf '%s\n' "$2" >"$dir/.pre-commit-config.yaml"
  (cd "$dir" && pre-commit install && git add .pre-commit-config.yaml && git commit -qm config) \
    >"$scratch/$1.log" 2>&1 || fail "$1: cannot commit the pre-commit config: $(cat "$scratch/$1.log")"
  echo "$dir"
}

# commit_expect PROJECT WANT NAME FILE...: stages the files, commits, checks the outcome.
commit_expect() {
  local dir=$1 want=$2 name=$3; shift 3
  (cd "$dir" && git add "$@" && git commit -qm "$name") >"$scratch/out" 2>&1
  local got=$?
  [[ -n ${SHOW_HOOK_OUTPUT:-} ]] && cat "$scratch/out"
  if [[ $want == rejected ]]; then
    ((got != 0)) && pass "$name: commit rejected" || fail "$name: commit accepted: $(cat "$scratch/out")"
    (cd "$dir" && git reset -q)
  else
    ((got == 0)) && pass "$name: commit passes" || fail "$name: commit rejected: $(cat "$scratch/out")"
  fi
}

# 1. A remote hook repository at a rev, the binary from $COOPCHECK.
export COOPCHECK=$coopcheck
project=$(new_project remote "repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: coopcheck")
kernel 'threadIdx.x == 0' >"$project/solver.cu"
commit_expect "$project" rejected "divergent grid.sync()" solver.cu
grep -q 'solver.cu:6:.*error: .*\[cg-divergent-collective\]' "$scratch/out" \
  && pass "the hook output shows the finding" || fail "hook output: $(cat "$scratch/out")"
kernel 'n > 0' >"$project/solver.cu"
# Host code without cooperative groups is skipped: analysed, this file would fail the commit.
echo 'int main() { return 0 }  // not even valid C++' >"$project/host.cpp"
commit_expect "$project" passes "clean kernel and a host file" solver.cu host.cpp
grep -q 'coopcheck.*Passed' "$scratch/out" && pass "pre-commit reports the hook passed" || fail "output: $(cat "$scratch/out")"
# A C++ header that includes cooperative groups is analysed.
{ echo '#pragma once'; kernel 'threadIdx.x < 3' | sed 's/relax/relax_header/'; } >"$project/relax.hpp"
commit_expect "$project" rejected "cooperative-groups header with a divergent grid.sync()" relax.hpp
grep -q 'relax.hpp:.*\[cg-divergent-collective\]' "$scratch/out" && pass "the header's finding is shown" \
  || fail "hook output: $(cat "$scratch/out")"

# 2. args: [-p, build]: files in the compile database use their command, the others coopcheck's own.
project=$(new_project database "repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: coopcheck
        args: [-p, build, --no-confirm]")
mkdir -p "$project/build"
cat >"$project/build/compile_commands.json" <<JSON
[{"directory": "$project/build", "file": "$project/solver.cu",
  "command": "/usr/local/cuda/bin/nvcc -DFROM_DATABASE -arch=sm_90 -c $project/solver.cu -o solver.o"}]
JSON
{ echo '#ifndef FROM_DATABASE'; echo '#error compiled without its database command'; echo '#endif'
  kernel 'blockIdx.x % 2 == 0'; } >"$project/solver.cu"
kernel 'true' | sed 's/relax/step/' >"$project/step.cuh"
commit_expect "$project" rejected "-p: divergent kernel with a header beside it" solver.cu step.cuh
grep -q 'solver.cu:9:.*\[cg-divergent-collective\]' "$scratch/out" && ! grep -q 'no compile command' "$scratch/out" \
  && pass "-p: the finding, and the header analysed without the database" || fail "hook output: $(cat "$scratch/out")"
{ echo '#ifndef FROM_DATABASE'; echo '#error compiled without its database command'; echo '#endif'
  kernel 'true'; } >"$project/solver.cu"
commit_expect "$project" passes "-p: clean kernel and header" solver.cu step.cuh

# 2a. -p sees the whole program, through the kernels and launches of every unit of the database:
#     a staged launch of a grid-syncing kernel that an earlier commit defined is rejected (in a
#     file the database lacks, too), a cooperative launch of it passes, and so the other way round.
whole=$(new_project whole "repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: coopcheck
        args: [-p, build, --no-confirm]")
project=$whole
mkdir -p "$project/build"
unit() { printf '{"directory": "%s", "file": "%s", "arguments": ["clang++", "-x", "cuda", "--cuda-gpu-arch=sm_90", "-c", "%s"]}' \
  "$project/build" "$project/$1" "$project/$1"; }
echo "[$(unit solver.cu), $(unit launch.cu), $(unit warmup.cu)]" >"$project/build/compile_commands.json"
kernel 'true' >"$project/solver.cu"
commit_expect "$project" passes "-p: a grid-syncing kernel" solver.cu
launch() { # FILE STATEMENT: a host function that launches relax, defined in solver.cu
  printf '#include <cuda_runtime.h>\n__global__ void relax(float *x, int n);\nvoid run(float *x, int n) {\n  %s\n}\n' \
    "$2" >"$project/$1"
}
launch launch.cu 'relax<<<4, 128>>>(x, n);'
commit_expect "$project" rejected "-p: a <<<>>> launch of a committed grid-syncing kernel" launch.cu
grep -q 'launch.cu:4:.*error: .*\[cg-non-cooperative-launch\]' "$scratch/out" && grep -q 'solver.cu:6:.*note: ' "$scratch/out" \
  && pass "-p: the cross-file finding, with the kernel's grid.sync()" || fail "hook output: $(cat "$scratch/out")"
launch unlisted.cu 'relax<<<4, 128>>>(x, n);'
commit_expect "$project" rejected "-p: the launch in a file the database lacks" unlisted.cu
grep -q 'unlisted.cu:4:.*\[cg-non-cooperative-launch\]' "$scratch/out" && pass "-p: the unlisted file's finding" \
  || fail "hook output: $(cat "$scratch/out")"
launch launch.cu 'void *args[] = {&x, &n}; cudaLaunchCooperativeKernel((void *)relax, dim3(4), dim3(128), args);'
commit_expect "$project" passes "-p: a cooperative launch of the committed kernel" launch.cu
# The other way round: a staged kernel that now grid-syncs, launched with <<<>>> in a committed
# file, is rejected at that launch; an old finding of that file (committed with --no-verify) is
# not this commit's and is not shown.
solver() { kernel 'true'; printf '__global__ void smooth(float *x) {\n  %s\n  x[0] = 1.0f;\n}\n' "$1"; }
solver ';' >"$project/solver.cu"
{ kernel 'threadIdx.x == 0' | sed 's/relax/old_bug/'
  printf '__global__ void smooth(float *x);\nvoid warm(float *x) { smooth<<<1, 32>>>(x); }\n'; } >"$project/warmup.cu"
(cd "$project" && git add solver.cu warmup.cu && git commit -qm warm-up --no-verify) || fail "cannot commit the warm-up launch"
solver 'cg::this_grid().sync();' >"$project/solver.cu"
commit_expect "$project" rejected "-p: a committed <<<>>> launch of a kernel the commit makes grid-sync" solver.cu
grep -q 'warmup.cu:10:.*error: .*\[cg-non-cooperative-launch\]' "$scratch/out" && ! grep -q 'cg-divergent-collective' "$scratch/out" \
  && pass "-p: the launch's finding, not the launching file's old one" || fail "hook output: $(cat "$scratch/out")"

# 2b. args: [--changed-lines]: a file committed with a finding (--no-verify) is changed on other
#     lines: a new bug there rejects the commit with only the new finding; a clean change passes
#     although the file still has the old finding; so does a change that only deletes lines.
project=$(new_project changed "repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: coopcheck
        args: [--changed-lines, --no-confirm]")
two_kernels() { # OLD NEW: relax's grid.sync() guarded by OLD (line 5), smooth's by NEW (line 10)
  { kernel "$1"; kernel "$2" | sed -n '3,$p' | sed 's/relax/smooth/'; } |
    sed '/^  if (/{N;s/\n */ /}' # each guard on its grid.sync()'s line
}
two_kernels 'threadIdx.x == 0' 'true' >"$project/solver.cu"
(cd "$project" && git add solver.cu && git commit -qm old --no-verify) || fail "cannot commit the old finding"
two_kernels 'threadIdx.x == 0' 'blockIdx.x % 2 == 0' >"$project/solver.cu"
commit_expect "$project" rejected "--changed-lines: a new bug beside an old finding" solver.cu
grep -q 'solver.cu:10:.*\[cg-divergent-collective\]' "$scratch/out" && ! grep -q 'solver.cu:5:' "$scratch/out" \
  && pass "--changed-lines: only the new finding is shown" || fail "hook output: $(cat "$scratch/out")"
two_kernels 'threadIdx.x == 0' 'true' | sed 's/0.5f/0.25f/' >"$project/solver.cu"
commit_expect "$project" passes "--changed-lines: a clean change in a file with an old finding" solver.cu
two_kernels 'threadIdx.x == 0' 'true' | sed 's/0.5f/0.25f/' | sed '11d' >"$project/solver.cu"
commit_expect "$project" passes "--changed-lines: a deletion only" solver.cu

# 3. A local hook running the wrapper of a coopcheck checkout, which finds build/bin/coopcheck there.
unset COOPCHECK
ln -s "$(dirname "$(dirname "$coopcheck")")" "$hooks/build"
project=$(new_project local "repos:
  - repo: local
    hooks:
      - id: coopcheck
        name: coopcheck
        entry: $hooks/tools/pre-commit/coopcheck-hook
        language: system
        files: \\.(cu|cuh|hip|cpp|cc|cxx|h|hpp)\$
        require_serial: true")
kernel 'threadIdx.x == 0' >"$project/solver.cu"
commit_expect "$project" rejected "local hook: divergent grid.sync()" solver.cu
grep -q '\[cg-divergent-collective\]' "$scratch/out" && pass "local hook: the finding is shown" || fail "hook output: $(cat "$scratch/out")"
kernel 'true' >"$project/solver.cu"
commit_expect "$project" passes "local hook: clean kernel" solver.cu

# The wrapper's own errors are one line and exit 2, as coopcheck's.
wrapper=$hooks/tools/pre-commit/coopcheck-hook
cd "$project"
expect_exit 2 "COOPCHECK that is not a binary" -- env COOPCHECK=/nonexistent "$wrapper" solver.cu
stderr_is_one_line "COOPCHECK that is not a binary" "^coopcheck-hook: error: COOPCHECK=/nonexistent is not an executable$"
expect_exit 2 "-p without a compile database" -- "$wrapper" -p=nowhere solver.cu
stderr_is_one_line "-p without a compile database" "^coopcheck-hook: error: cannot read nowhere/compile_commands.json"
mkdir -p "$scratch/not-git" && kernel 'true' >"$scratch/not-git/solver.cu"
expect_exit 2 "--changed-lines outside a git repository" -- env GIT_CEILING_DIRECTORIES="$scratch" \
  bash -c 'cd "$1" && "$2" --changed-lines solver.cu' - "$scratch/not-git" "$wrapper"
stderr_is_one_line "--changed-lines outside a git repository" "^coopcheck-hook: error: --changed-lines: not in a git repository"
echo 'int main() { return 0; }' >host.cpp
expect_exit 0 "only host files staged" -- env COOPCHECK=/nonexistent "$wrapper" --no-confirm host.cpp
cd "$whole"
expect_exit 2 "-p: the whole-program pass cannot run" -- "$wrapper" -p build --cuda-path /nonexistent launch.cu
stderr_is_one_line "-p: the whole-program pass cannot run" \
  "^coopcheck-hook: error: cannot collect the kernels and launches of build: coopcheck: error: --cuda-path '/nonexistent'"
finish
