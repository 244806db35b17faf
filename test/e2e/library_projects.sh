#!/usr/bin/env bash
# What a library's own repository needs of the CLI (issue 29): its .clang-tidy, written for
# clang-tidy's other checks, does not turn coopcheck off; its headers that mark themselves system
# headers (#pragma GCC/clang system_header, as CCCL's do) or that an -isystem into the project
# finds are analysed when the unit is in the same repository, and a library's headers in another
# repository are not; the parse says which nvcc it stands for (__CUDACC_VER_MAJOR__/MINOR__).
source "$(dirname "$0")/lib.bash"
fixtures=$(cd "$(dirname "$0")/fixtures/library-projects" && pwd)
findings() {
  python3 - "$scratch/out" <<'PY'
import json, os, sys
print(' '.join(sorted(f"{os.path.basename(f['file'])}:{f['line']}:{f['rule']}"
                      for f in json.load(open(sys.argv[1]))['findings'])))
PY
}
expect_findings() { local got; got=$(findings); [[ $got == "$2" ]] && pass "$1: $got" || fail "$1: got '$got', wanted '$2'"; }
run() { "$COOPCHECK" --no-cache --no-confirm --format=json "$@"; }

# .clang-tidy: a Checks that names no cg- rule leaves every rule; one that names one is read as
# clang-tidy reads it; --checks still wins.
cp -r "$fixtures/config" "$scratch/config"
both="kernels.cu:11:cg-warp-mask kernels.cu:5:cg-divergent-collective"
expect_exit 1 "-*,modernize-*,readability-*" -- run "$scratch/config/no-cg/kernels.cu"
expect_findings "a Checks without a cg- rule runs every rule" "$both"
grep -q "no cg- rule is enabled" "$scratch/err" && fail "a warning that no rule runs: $(cat "$scratch/err")" || pass "no warning"
expect_exit 1 "-*,modernize-*,cg-warp-mask" -- run "$scratch/config/one-rule/kernels.cu"
expect_findings "-*,...,cg-warp-mask runs that rule alone" "kernels.cu:11:cg-warp-mask"
expect_exit 1 "cg-*,-cg-warp-mask" -- run "$scratch/config/all-but-one/kernels.cu"
expect_findings "cg-*,-cg-warp-mask runs every other rule" "kernels.cu:5:cg-divergent-collective"
expect_exit 0 "-cg-*: coopcheck turned off" -- run "$scratch/config/off/kernels.cu"
expect_findings "-cg-* runs no rule" ""
stderr_is_one_line "-cg-* says so" "warning: no cg- rule is enabled for .*off/kernels.cu"
expect_exit 1 "--checks over a file without a cg- rule" -- run --checks=cg-divergent-collective "$scratch/config/no-cg/kernels.cu"
expect_findings "--checks wins" "kernels.cu:5:cg-divergent-collective"

# The project's own system headers: read as the project's when the unit is in the same repository.
project_headers="block.cuh:6:cg-divergent-collective tile.cuh:5:cg-warp-mask warp.cuh:5:cg-warp-mask"
cp -r "$fixtures/project" "$scratch/repo"
mkdir "$scratch/repo/.git"
expect_exit 1 "a library's test unit in its repository" -- \
  run "$scratch/repo/test/test_block.cu" -- -I"$scratch/repo/include" -isystem "$scratch/repo/sys"
expect_findings "pragma and -isystem headers of the repository are analysed" "$project_headers"
# coopcheck's model headers stand for a toolkit's even in coopcheck's own repository.
expect_exit 1 "a unit in coopcheck's own checkout" -- run "$fixtures/config/no-cg/kernels.cu"
expect_findings "the model headers stay the toolkit's" "$both"
# The same headers as a library of another repository, or with no repository at all, stay system
# headers: nothing is reported in them.
mkdir -p "$scratch/app/.git" "$scratch/app/src"
cp "$scratch/repo/test/test_block.cu" "$scratch/app/src/"
expect_exit 0 "a unit of another repository" -- \
  run "$scratch/app/src/test_block.cu" -- -I"$scratch/repo/include" -isystem "$scratch/repo/sys"
expect_findings "another repository's system headers are not analysed" ""
cp -r "$fixtures/project" "$scratch/loose"
expect_exit 0 "no repository" -- \
  run "$scratch/loose/test/test_block.cu" -- -I"$scratch/loose/include" -isystem "$scratch/loose/sys"
expect_findings "without a repository, system headers stay system headers" ""

# nvcc's version macros: the model headers' CUDA 12.8, a real toolkit's own, the user's -D first.
version=$fixtures/version/nvcc_version.cu
expect_exit 0 "the model headers say nvcc 12.8" -- run --fail-on-compile-errors "$version" -- -DEXPECTED_VERSION=128
expect_exit 0 "the user's -D wins" -- run --fail-on-compile-errors "$version" -- \
  -D__CUDACC_VER_MAJOR__=11 -D__CUDACC_VER_MINOR__=4 -DEXPECTED_VERSION=114
toolkit=${CUDA_PATH:-/usr/local/cuda}
if [[ -f $toolkit/include/cuda.h ]]; then
  v=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\).*/\1/p' "$toolkit/include/cuda.h" | head -1)
  expect_exit 0 "--cuda-path says the toolkit's version ($v)" -- run --fail-on-compile-errors \
    --cuda-path="$toolkit" "$version" -- -DEXPECTED_VERSION=$((v / 1000 * 10 + v % 1000 / 10))
  expect_exit 0 "the user's -D wins over the toolkit's" -- run --fail-on-compile-errors \
    --cuda-path="$toolkit" "$version" -- -D__CUDACC_VER_MAJOR__=11 -D__CUDACC_VER_MINOR__=4 -DEXPECTED_VERSION=114
else
  echo "skip: no CUDA toolkit at $toolkit: --cuda-path's version macros not checked"
fi
finish
