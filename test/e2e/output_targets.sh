#!/usr/bin/env bash
# Outputs go wherever the user names, as any program writes there, and never over an input: a
# device node and a FIFO are written in place (as root, a rename would replace /dev/null with a
# regular file), `-o -`, /dev/stdout and process substitution reach the reader, a regular file is
# still replaced whole, and an output naming an input is refused with exit 2. Device nodes are
# this test's own (mknod in its scratch directory), never the machine's.
source "$(dirname "$0")/lib.bash"
src=$scratch/reduce.cu
cp test/e2e/fixtures/conventions/reduce.cu test/e2e/fixtures/conventions/shuffle.cuh "$scratch/"
json_ok() { python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null; }

"$COOPCHECK" --format=sarif -o "$scratch/a.sarif" "$src"
if [[ $(id -u) == 0 ]] && mknod "$scratch/null" c 1 3 2>/dev/null; then
  for option in -o --export-facts --export-fixes; do
    expect_exit 1 "$option to a character device" -- "$COOPCHECK" --format=json "$option=$scratch/null" "$src"
    [[ -c $scratch/null ]] && pass "$option: the device node is still a device" || fail "$option replaced the device node"
  done
  expect_exit 0 "merge -o to a character device" -- "$COOPCHECK" merge -o "$scratch/null" "$scratch/a.sarif"
  [[ -c $scratch/null ]] && pass "merge: the device node is still a device" || fail "merge replaced the device node"
else
  echo "skipped the device node checks: mknod needs root"
fi

mkfifo "$scratch/fifo"
cat "$scratch/fifo" >"$scratch/from-fifo" &
reader=$!
expect_exit 1 "-o to a FIFO another process reads" -- timeout 120 "$COOPCHECK" --format=json -o "$scratch/fifo" "$src"
wait $reader
[[ -p $scratch/fifo ]] && pass "the FIFO is still a FIFO" || fail "the FIFO was replaced"
json_ok "$scratch/from-fifo" && pass "the reader got the report" || fail "the reader got: $(head -c 200 "$scratch/from-fifo")"

expect_exit 1 "-o -" -- "$COOPCHECK" --format=json -o - "$src"
json_ok "$scratch/out" && pass "-o - writes to stdout" || fail "-o - wrote: $(head -c 200 "$scratch/out")"
"$COOPCHECK" --format=json -o /dev/stdout "$src" | cat >"$scratch/piped"
json_ok "$scratch/piped" && pass "-o /dev/stdout into a pipe" || fail "-o /dev/stdout: $(head -c 200 "$scratch/piped")"
"$COOPCHECK" --format=json -o >(cat >"$scratch/substituted") "$src"
sleep 1
json_ok "$scratch/substituted" && pass "-o >(...) (process substitution)" || fail "process substitution got: $(head -c 200 "$scratch/substituted")"

echo old >"$scratch/report.json"
ln -s report.json "$scratch/link.json"
expect_exit 1 "-o through a symbolic link to a regular file" -- "$COOPCHECK" --format=json -o "$scratch/link.json" "$src"
[[ -L $scratch/link.json ]] && json_ok "$scratch/report.json" && pass "the link stays, its file is replaced" \
  || fail "the link or its file: $(ls -l "$scratch/link.json")"

cp "$src" "$scratch/before.cu"
for option in -o --export-fixes --export-facts; do
  expect_exit 2 "$option naming the input" -- "$COOPCHECK" "$option=$src" "$src"
  stderr_is_one_line "$option naming the input" "is the input .*refusing to write over it"
done
ln "$src" "$scratch/hardlink.cu"
expect_exit 2 "-o naming the input through another path" -- "$COOPCHECK" -o "$scratch/hardlink.cu" "$src"
expect_exit 2 "merge -o naming one of its inputs" -- "$COOPCHECK" merge -o "$scratch/a.sarif" "$scratch/a.sarif"
cmp -s "$src" "$scratch/before.cu" && pass "the source is untouched" || fail "the source was overwritten"
finish
