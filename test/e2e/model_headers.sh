#!/usr/bin/env bash
# What widely used CUDA and HIP libraries need from the model headers (issue 29's front-end gaps):
# every fixture parses without a compile error. CUDA's intrinsics and the libcu++ forward
# declaration of cooperative_groups::thread_block parse with a real toolkit too, when one is
# installed, so the fixtures hold only what the toolkit accepts. The fixtures are analysed from a
# scratch copy: in this repository the model headers would count as the project's own.
source "$(dirname "$0")/lib.bash"
cp test/e2e/fixtures/model_headers/* "$scratch/"

for fixture in "$scratch"/*.cu "$scratch"/*.hip; do
  expect_exit 0 "$(basename "$fixture") parses with the model" -- \
    $COOPCHECK --no-confirm --fail-on-compile-errors "$fixture"
done

toolkit=${CUDA_HOME:-${CUDA_PATH:-/usr/local/cuda}}
if [[ -f $toolkit/include/cooperative_groups.h ]]; then
  for fixture in "$scratch"/*.cu; do
    expect_exit 0 "$(basename "$fixture") parses with the toolkit at $toolkit" -- \
      $COOPCHECK --no-confirm --fail-on-compile-errors --cuda-path="$toolkit" "$fixture"
  done
else
  echo "no CUDA toolkit at $toolkit: the fixtures are checked against the model only"
fi
finish
