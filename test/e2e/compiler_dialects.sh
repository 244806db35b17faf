#!/usr/bin/env bash
# What nvcc, hipcc and GPUVerify accept parses for coopcheck: the HIP API hip-tests' framework
# uses, CUDA textures and nvcc's host min/max, FP8 and BF16 headers, GPUVerify's annotations through
# test/realworld/gpuverify_prelude.h, and relocatable device code from a compile command. The
# negatives show the declarations are real: a wrong call and a missing prelude still fail.
source "$(dirname "$0")/lib.bash"
fixtures=test/e2e/fixtures/dialects
prelude=test/realworld/gpuverify_prelude.h

expect_exit 0 "hip-tests' framework API parses" -- $COOPCHECK $fixtures/hip_test_framework.hip
# The call's error is a mark the function keeps its shape around: analysed, with the warning.
expect_exit 0 "hiprtc with too few arguments does not compile" -- $COOPCHECK $fixtures/hiprtc_misuse.hip
grep -q "no matching function for call to 'hiprtcCreateProgram'" "$scratch/err" &&
  pass "the wrong call is named" || fail "no hiprtc error in: $(cat "$scratch/err")"

expect_exit 0 "textures, surfaces and toolkit guards parse" -- \
  $COOPCHECK $fixtures/textures_and_host_math.cu
expect_exit 0 "host min/max parse with the model" -- $COOPCHECK $fixtures/host_min_max.cu
if [[ -f /usr/local/cuda/include/cuda_runtime.h ]]; then
  expect_exit 0 "host min/max parse with a real toolkit" -- \
    $COOPCHECK --cuda-path=/usr/local/cuda $fixtures/host_min_max.cu
fi

expect_exit 0 "GPUVerify's dialect parses with the prelude" -- \
  $COOPCHECK $fixtures/gpuverify_annotations.cu -- -include $prelude -DWIDTH=64
expect_exit 2 "and not without it" -- $COOPCHECK --fail-on-compile-errors $fixtures/gpuverify_annotations.cu -- -DWIDTH=64

# FP8 and BF16 headers: the model's declarations are the toolkit's (the same file parses with
# both), and HIP's, with abort() in device code.
expect_exit 0 "cuda_fp8.h and cuda_bf16.h parse with the model" -- \
  $COOPCHECK --fail-on-compile-errors $fixtures/low_precision.cu
if [[ -f /usr/local/cuda/include/cuda_fp8.h ]]; then
  expect_exit 0 "and with a real toolkit" -- \
    $COOPCHECK --fail-on-compile-errors --cuda-path=/usr/local/cuda $fixtures/low_precision.cu
fi
expect_exit 0 "hip_bf16.h, hip_bfloat16.h, hip_fp8.h and device abort() parse" -- \
  $COOPCHECK --fail-on-compile-errors $fixtures/low_precision.hip

# A launch from device code parses when the compile command asks for relocatable device code.
database() {
  mkdir -p "$scratch/$1"
  printf '[{"directory": "%s", "command": "nvcc %s -c %s -o k.o", "file": "%s"}]\n' \
    "$PWD" "$2" "$PWD/$fixtures/device_launch.cu" "$PWD/$fixtures/device_launch.cu" \
    >"$scratch/$1/compile_commands.json"
}
database rdc "-rdc=true"
expect_exit 0 "device launch with -rdc=true parses" -- \
  $COOPCHECK -p "$scratch/rdc" $fixtures/device_launch.cu
database whole "-rdc=true -rdc=false"
expect_exit 2 "and without relocatable device code does not" -- \
  $COOPCHECK --fail-on-compile-errors -p "$scratch/whole" $fixtures/device_launch.cu
grep -q "requires relocatable device code" "$scratch/err" &&
  pass "clang's reason is given" || fail "no rdc error in: $(cat "$scratch/err")"

# Without a database, nvcc's own flags after `--` are translated as a database's command is, and
# the architecture comes from them: a Hopper-only kernel body is analysed.
cat >"$scratch/hopper.cu" <<'CU'
__global__ void hopper_only(float *p) {
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x < 3) __syncthreads();
#endif
  p[threadIdx.x] = 0.0f;
}
CU
expect_exit 1 "nvcc flags after -- in file mode" -- $COOPCHECK --no-confirm "$scratch/hopper.cu" -- \
  -arch=sm_90a -gencode arch=compute_90a,code=sm_90a --expt-relaxed-constexpr -Xcompiler -fPIC
grep -q "hopper.cu:3:.*cg-divergent-collective" "$scratch/out" && [[ ! -s "$scratch/err" ]] &&
  pass "the sm_90a body is analysed, no flag rejected" || fail "hopper: $(cat "$scratch/out" "$scratch/err" | head -5)"
finish
