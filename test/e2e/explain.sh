#!/usr/bin/env bash
# coopcheck --explain <rule-id> prints docs/checks/<id>.md, embedded in the binary (it works from
# any directory); an unknown id is exit 2 with one line that names the close ids.
source "$(dirname "$0")/lib.bash"
COOPCHECK=$(realpath "$COOPCHECK")
root=$(pwd)
cd "$scratch"
for rule in $("$COOPCHECK" --list-checks | cut -d' ' -f1); do
  expect_exit 0 "--explain $rule" -- "$COOPCHECK" --explain "$rule"
  cmp -s "$scratch/out" "$root/docs/checks/$rule.md" && pass "--explain $rule prints docs/checks/$rule.md" \
    || fail "--explain $rule differs from docs/checks/$rule.md"
done
expect_exit 0 "--explain=ID" -- "$COOPCHECK" --explain=cg-warp-mask
cmp -s "$scratch/out" "$root/docs/checks/cg-warp-mask.md" && pass "--explain=ID form" || fail "--explain=cg-warp-mask"

expect_exit 2 "misspelt id" -- "$COOPCHECK" --explain cg-warp-masks
stderr_is_one_line "misspelt id" "unknown rule 'cg-warp-masks'; did you mean cg-warp-mask\?"
expect_exit 2 "id without its prefix" -- "$COOPCHECK" --explain early-exit-before-sync
stderr_is_one_line "id without its prefix" "did you mean cg-early-exit-before-sync\?"
expect_exit 2 "nothing close" -- "$COOPCHECK" --explain readability-magic-numbers
stderr_is_one_line "nothing close" "^coopcheck: error: unknown rule 'readability-magic-numbers' \(see --list-checks\)$"
expect_exit 2 "empty id" -- "$COOPCHECK" --explain=
stderr_is_one_line "empty id" "unknown rule ''"
[[ ! -s $scratch/out ]] && pass "nothing on stdout for an unknown id" || fail "stdout: $(cat "$scratch/out")"

expect_exit 0 "--help" -- "$COOPCHECK" --help
grep -q -- '--explain=<rule-id>' "$scratch/out" && grep -q -- '--baseline=<sarif>' "$scratch/out" \
  && pass "--help lists --explain and --baseline" || fail "--help: $(cat "$scratch/out")"
finish
