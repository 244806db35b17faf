#!/usr/bin/env bash
# Bad input never crashes or hangs: exit 2 and a one-line reason on stderr.
source "$(dirname "$0")/lib.bash"
good=test/checks/cg-early-exit-before-sync.cu

expect_exit 2 "missing file" -- timeout 60 "$COOPCHECK" "$scratch/nope.cu"
stderr_is_one_line "missing file" "nope.cu: no such file"

expect_exit 2 "directory" -- timeout 60 "$COOPCHECK" "$scratch"
stderr_is_one_line "directory" "is a directory"

expect_exit 2 "binary file" -- timeout 60 "$COOPCHECK" "$COOPCHECK"
stderr_is_one_line "binary file" "binary file"

# A syntax error that loses a loop leaves nothing to analyse: the unit is refused.
echo '__global__ void k(int *p) { while p[0] { p[0] = 1; } }' >"$scratch/syntax.cu"
expect_exit 2 "syntax error" -- timeout 60 "$COOPCHECK" "$scratch/syntax.cu"
stderr_is_one_line "syntax error" "syntax.cu: 1:[0-9]+: expected '\\(' after 'while'"

# One the parser recovers from whole (a missing ';') leaves the function analysed, with a warning.
echo '__global__ void k(int *p) { p[0] = 1 }' >"$scratch/recovered.cu"
expect_exit 0 "recovered syntax error" -- timeout 60 "$COOPCHECK" "$scratch/recovered.cu"
stderr_is_one_line "recovered syntax error" "recovered.cu: 1 compile error .*; 0 of 1 functions not analysed"

# A broken unit is reported while the others are still analysed.
expect_exit 2 "syntax error beside a good file" -- timeout 120 "$COOPCHECK" --format=json "$scratch/syntax.cu" "$good"
grep -q '"cg-early-exit-before-sync"' "$scratch/out" && pass "good file still analysed" || fail "good file not analysed"

# The directory must be searchable by the unprivileged user: only the file is unreadable.
chmod 755 "$scratch"; cp "$good" "$scratch/secret.cu"; chmod 000 "$scratch/secret.cu"
if [[ $(id -u) == 0 ]]; then
  expect_exit 2 "unreadable file" -- timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups "$COOPCHECK" "$scratch/secret.cu"
else
  expect_exit 2 "unreadable file" -- timeout 60 "$COOPCHECK" "$scratch/secret.cu"
fi
stderr_is_one_line "unreadable file" "secret.cu: cannot read"
chmod 644 "$scratch/secret.cu"

mkdir -p "$scratch/db-empty" "$scratch/db-malformed" "$scratch/db-array" "$scratch/db-none"
: >"$scratch/db-empty/compile_commands.json"
echo '[{"directory": "/tmp", "file": ' >"$scratch/db-malformed/compile_commands.json"
echo '[]' >"$scratch/db-array/compile_commands.json"
expect_exit 2 "empty compile_commands.json" -- timeout 60 "$COOPCHECK" -p "$scratch/db-empty"
stderr_is_one_line "empty compile_commands.json" "compile_commands.json"
expect_exit 2 "malformed compile_commands.json" -- timeout 60 "$COOPCHECK" -p "$scratch/db-malformed"
stderr_is_one_line "malformed compile_commands.json" "compile_commands.json"
expect_exit 2 "database with no entries" -- timeout 60 "$COOPCHECK" -p "$scratch/db-array"
stderr_is_one_line "database with no entries" "compile_commands.json"
expect_exit 2 "no database in directory" -- timeout 60 "$COOPCHECK" -p "$scratch/db-none" "$good"
stderr_is_one_line "no database in directory" "compile_commands.json"

cat >"$scratch/db-array/compile_commands.json" <<JSON
[{"directory": "$scratch", "file": "$scratch/other.cu", "arguments": ["nvcc", "-c", "other.cu"]}]
JSON
# A file with no entry borrows the nearest entry's command, as clangd does.
expect_exit 1 "file absent from the database" -- timeout 60 "$COOPCHECK" --no-confirm -p "$scratch/db-array" "$good"
grep -q "cg-early-exit-before-sync" "$scratch/out" && pass "file absent from the database analysed" || fail "file absent from the database not analysed"

cat >"$scratch/db-array/compile_commands.json" <<JSON
[{"directory": "$scratch/gone", "file": "kernel.cu", "arguments": ["nvcc", "-c", "kernel.cu"]}]
JSON
# A relative file in a directory that is gone cannot be found (an absolute one is analysed from its
# own directory: test/e2e/database_edges.sh).
expect_exit 2 "the command's directory does not exist" -- timeout 60 "$COOPCHECK" -p "$scratch/db-array"
stderr_is_one_line "the command's directory does not exist" "does not exist"

# Generated code: a sum of 20000 terms in a condition must not exhaust the stack.
python3 -c "print('__global__ void k(int *p, int x) { int v = ' + ' + '.join(['x'] * 20000) + '; if (v > threadIdx.x) __syncthreads(); }')" >"$scratch/deep.cu"
expect_exit 1 "deeply nested expression" -- timeout 120 "$COOPCHECK" "$scratch/deep.cu"

expect_exit 2 "unknown flag" -- timeout 60 "$COOPCHECK" --frobnicate "$good"
stderr_is_one_line "unknown flag" "frobnicate"
expect_exit 2 "bad --format" -- timeout 60 "$COOPCHECK" --format=xml "$good"
stderr_is_one_line "bad --format" "--format"
expect_exit 2 "bad --platform" -- timeout 60 "$COOPCHECK" --platform=opencl "$good"
stderr_is_one_line "bad --platform" "--platform"
expect_exit 2 "unknown --arch part" -- timeout 60 "$COOPCHECK" --arch=h100 "$good"
stderr_is_one_line "unknown --arch part" "known parts: v100"
expect_exit 2 "unknown rule in --checks" -- timeout 60 "$COOPCHECK" --checks=cg-nonexistent "$good"
stderr_is_one_line "unknown rule in --checks" "no rule matches"
expect_exit 2 "no inputs" -- timeout 60 "$COOPCHECK"
stderr_is_one_line "no inputs" "no input files"
expect_exit 2 "bad --cuda-path" -- timeout 60 "$COOPCHECK" --cuda-path="$scratch/none" "$good"
stderr_is_one_line "bad --cuda-path" "cuda-path"
expect_exit 2 "unwritable output" -- timeout 60 "$COOPCHECK" -o "$scratch/none/out.sarif" --format=sarif "$good"
stderr_is_one_line "unwritable output" "cannot write"
finish
