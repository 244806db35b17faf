#!/usr/bin/env bash
# Compile databases at their edges: a -p path that is a symbolic-link loop is named as one; entries
# for one file that differ only in their output are analysed once; an absolute file whose
# directory is gone is analysed from its own directory, with a warning; an empty command is warned
# about.
source "$(dirname "$0")/lib.bash"
src=$(pwd)/test/e2e/fixtures/conventions/reduce.cu

ln -s loop-b "$scratch/loop-a"; ln -s loop-a "$scratch/loop-b"
expect_exit 2 "-p through a symbolic-link loop" -- "$COOPCHECK" -p "$scratch/loop-a"
stderr_is_one_line "-p loop" "[Tt]oo many levels of symbolic links"

mkdir -p "$scratch/dup"
python3 - "$scratch/dup/compile_commands.json" "$src" <<'PY'
import json, os, sys
out, src = sys.argv[1], sys.argv[2]
json.dump([{'directory': os.path.dirname(src), 'file': src,
            'arguments': ['clang++', '-x', 'cuda', '-c', src, '-o', f'obj{i}.o']} for i in range(200)],
          open(out, 'w'))
PY
expect_exit 1 "200 entries differing in -o" -- "$COOPCHECK" --progress --no-cache -p "$scratch/dup"
grep -q '^\[1/1\] ' "$scratch/err" && pass "analysed once" || fail "progress: $(head -3 "$scratch/err")"

mkdir -p "$scratch/gone"
printf '[{"directory": "%s/no-such-dir", "file": "%s", "command": "clang++ -x cuda -c %s"}]' \
  "$scratch" "$src" "$src" >"$scratch/gone/compile_commands.json"
expect_exit 1 "an absolute file whose directory is gone" -- "$COOPCHECK" -p "$scratch/gone"
stderr_is_one_line "missing directory" "does not exist; analysed from the file's own directory"
printf '[{"directory": "%s/no-such-dir", "file": "missing.cu", "command": "clang++ -c missing.cu"}]' \
  "$scratch" >"$scratch/gone/compile_commands.json"
expect_exit 2 "a relative file whose directory is gone" -- "$COOPCHECK" -p "$scratch/gone"

mkdir -p "$scratch/empty"
printf '[{"directory": "%s", "file": "%s", "command": ""}]' "$(dirname "$src")" "$src" \
  >"$scratch/empty/compile_commands.json"
expect_exit 1 "an empty command" -- "$COOPCHECK" -p "$scratch/empty"
stderr_is_one_line "empty command" "its compile command is empty; analysed with coopcheck's own flags"
finish
