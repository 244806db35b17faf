#!/usr/bin/env bash
# The SARIF coopcheck writes validates against SARIF 2.1.0 and GitHub's rules with Microsoft's
# validator (no error, no warning) and against the official JSON schema: for the demo (examples/),
# the annotated check tests and the public corpus.
source "$(dirname "$0")/lib.bash"
eval "$(tools/install-sarif-validator "$BUILD/npm")" || { echo "cannot install the SARIF validator"; exit 1; }

validate() { # NAME FILE
  local verdict
  verdict=$(DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$SARIF_MULTITOOL" validate --rule-kind "Gh;Sarif" "$2" 2>&1)
  if grep -qE '\): (error|warning) ' <<<"$verdict"; then
    fail "$1: validator reports: $(grep -E '\): (error|warning) ' <<<"$verdict" | head -5)"
  else
    pass "$1: Sarif.Multitool validate: no error, no warning"
  fi
  if [[ -n ${SARIF_SCHEMA:-} ]]; then
    python3 - "$SARIF_SCHEMA" "$2" <<'PY' && pass "$1: JSON schema" || fail "$1: JSON schema"
import json, sys, jsonschema
schema, doc = (json.load(open(p)) for p in sys.argv[1:3])
jsonschema.validate(doc, schema)
PY
  fi
  python3 - "$2" <<'PY' && pass "$1: has results" || fail "$1: no results"
import json, sys
sys.exit(0 if json.load(open(sys.argv[1]))['runs'][0]['results'] else 1)
PY
}

mapfile -t examples < <(find examples -name '*.cu' -o -name '*.hip' -o -name '*.cpp' | sort)
"$COOPCHECK" --format=sarif -o "$scratch/demo.sarif" "${examples[@]}"
validate "demo (examples/)" "$scratch/demo.sarif"

# With the executor: witnesses (codeFlows, properties.witness), cg-deadlock results and findings
# downgraded to notes are part of what must validate.
mapfile -t checks < <(find test/checks -name '*.cu' -o -name '*.hip' -o -name '*.cpp' | sort)
"$COOPCHECK" --strict --format=sarif -o "$scratch/checks.sarif" "${checks[@]}"
validate "annotated check tests" "$scratch/checks.sarif"
python3 - "$scratch/checks.sarif" <<'PY' && pass "check tests: witnesses and cg-deadlock included" || fail "check tests: no witness"
import json, sys
results = json.load(open(sys.argv[1]))['runs'][0]['results']
assert any('codeFlows' in r and r['properties'].get('witness') for r in results)
assert any(r['ruleId'] == 'cg-deadlock' for r in results)
assert any(r['properties'].get('confirmed') is False for r in results if 'properties' in r)
PY

# The writer's own sample covers what the rules do not produce yet: suppressions, fixes, notes
# outside the source root, a note-level result, an input failure, names with spaces.
COOPCHECK_SARIF_SAMPLE_OUT="$scratch/sample.sarif" "$BUILD/bin/coopcheck_report_tests" \
  --gtest_filter='*WritesSampleForTheValidator' >/dev/null
validate "writer sample" "$scratch/sample.sarif"

corpus=${COOPCHECK_SHARED_DIR:-../shared}/corpus
if [[ -d $corpus ]]; then
  "$COOPCHECK" --format=sarif -o "$scratch/corpus.sarif" "$corpus"/*
  validate "public corpus" "$scratch/corpus.sarif"
fi
finish
