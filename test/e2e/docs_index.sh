#!/usr/bin/env bash
# docs/checks/ follows the rule table: the index is the generated one, every rule has its page,
# and the page is what SARIF help carries.
source "$(dirname "$0")/lib.bash"
"$COOPCHECK" --list-checks --format=markdown >"$scratch/index.md"
diff -u docs/checks/README.md "$scratch/index.md" >/dev/null && pass "docs/checks/README.md is current" \
  || fail "docs/checks/README.md differs from 'coopcheck --list-checks --format=markdown'"
for rule in $("$COOPCHECK" --list-checks | cut -d' ' -f1); do
  [[ -s docs/checks/$rule.md ]] && pass "docs/checks/$rule.md" || fail "no docs/checks/$rule.md"
  for section in "What it finds" "Why it matters" "Example" "Options" "Limits" "References"; do
    grep -q "^## $section" "docs/checks/$rule.md" || fail "docs/checks/$rule.md has no '## $section'"
  done
done
echo '__global__ void k() {}' >"$scratch/k.cu"
"$COOPCHECK" --format=sarif -o "$scratch/k.sarif" "$scratch/k.cu"
python3 - "$scratch/k.sarif" <<'PY' && pass "SARIF help comes from docs/checks" || fail "SARIF help"
import json, sys
rules = json.load(open(sys.argv[1]))['runs'][0]['tool']['driver']['rules']
for r in rules:
    page = open(f"docs/checks/{r['id']}.md").read()
    assert r['help']['markdown'] == page, r['id']
PY
finish
