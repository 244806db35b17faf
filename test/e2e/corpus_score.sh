#!/usr/bin/env bash
# The public acceptance corpus: recall and precision 1.0, no broken case, for the rules built so far.
source "$(dirname "$0")/lib.bash"
shared=${COOPCHECK_SHARED_DIR:-../shared}
[[ -x $shared/tools/score ]] || { echo "skipped: no $shared/tools/score"; exit 77; }
rules=$(python3 -c "import sys; print(','.join(l.split()[0] for l in sys.stdin))" < <("$COOPCHECK" --list-checks))
"$shared/tools/score" --tool "$COOPCHECK" --rules "$rules" --min-recall 1 --min-precision 1 "$shared/corpus" \
  && pass "score for $rules" || fail "score for $rules"
finish
