#!/usr/bin/env bash
# The public acceptance corpus: recall and precision 1.0, no broken case, for the rules built so far,
# and every [confirmed] expectation confirmed by the executor.
source "$(dirname "$0")/lib.bash"
shared=${COOPCHECK_SHARED_DIR:-../shared}
[[ -x $shared/tools/score ]] || { echo "skipped: no $shared/tools/score"; exit 77; }
rules=$(python3 -c "import sys; print(','.join(l.split()[0] for l in sys.stdin))" < <("$COOPCHECK" --list-checks))
"$shared/tools/score" --tool "$COOPCHECK" --rules "$rules" --min-recall 1 --min-precision 1 "$shared/corpus" \
  >"$scratch/score" 2>&1 && pass "score for $rules" || fail "score for $rules: $(cat "$scratch/score")"
# Every [confirmed] expectation is confirmed by the executor.
confirmed=$(grep -o 'confirmed [0-9]*/[0-9]*' "$scratch/score")
[[ -n $confirmed && ${confirmed#confirmed } == "$(cut -d/ -f2 <<<"${confirmed#confirmed }")/$(cut -d/ -f2 <<<"${confirmed#confirmed }")" ]] \
  && pass "$confirmed" || fail "not every [confirmed] expectation is confirmed: $(cat "$scratch/score")"
finish
