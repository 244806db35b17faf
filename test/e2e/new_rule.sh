#!/usr/bin/env bash
# tools/new-rule, on a copy of the checkout: it creates the check, its page and its test, registers
# the rule in Rules.def, CoopcheckModule.cpp and both rule tables and changes nothing else; what it
# writes is clang-formatted and compiles (the module too, with the new Rules.def entry); the rule
# tables still agree with Rules.def (readme_rules.py); a second run and bad input are refused with
# exit 2 and one line, leaving the copy as it was. Needs nothing built. docs_index.sh takes no
# root (it asks the built coopcheck), so its section check is repeated here on the new page.
source "$(dirname "$0")/lib.bash"
export PYTHONDONTWRITEBYTECODE=1
root=$(pwd)
copy=$scratch/repo
mkdir -p "$copy"
# The working tree's files that git tracks or would track: sources and docs, no build outputs.
git -C "$root" ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done \
  | tar -C "$root" --null -T - -cf - | tar -C "$copy" -xf -
[[ -f $copy/checks/Rules.def && -x $copy/tools/new-rule ]] && pass "copied the checkout to $copy" \
  || { fail "copy of the checkout has no checks/Rules.def or tools/new-rule"; finish; }

# The copy's README rule table in Rules.def's order, so that readme_rules.py judges what
# new-rule does rather than the order the checkout has today.
python3 - "$copy" <<'PY'
import sys
sys.path.insert(0, sys.argv[1] + '/test/e2e')
import readme_rules
root = sys.argv[1]
order = [r.id for r in readme_rules.parse_rules_def(root + '/checks/Rules.def')]
lines = open(root + '/README.md').read().split('\n')
at = [i for i, l in enumerate(lines) if l.startswith('| [cg-')]
key = lambda l: order.index(l[3:].split(']')[0]) if l[3:].split(']')[0] in order else len(order)
rows = sorted((lines[i] for i in at), key=key)
for i, row in zip(at, rows):
    lines[i] = row
open(root + '/README.md', 'w').write('\n'.join(lines))
PY
if python3 "$copy/test/e2e/readme_rules.py" --root "$copy" >"$scratch/before" 2>&1; then
  tables_agree=1; pass "readme_rules.py agrees on the copy before new-rule"
else
  tables_agree=0
  echo "note: the rule tables disagree before new-rule: $(head -1 "$scratch/before")"
fi

# Every file of the copy as 'path<TAB>md5', sorted bytewise.
export LC_ALL=C
snapshot() {
  (cd "$copy" && find . -type f ! -path '*/__pycache__/*' -printf '%P\0' | xargs -0 md5sum \
    | sed -E 's/^([0-9a-f]+)  (.*)$/\2\t\1/' | sort)
}
snapshot >"$scratch/files.before"

id=cg-sample-barrier-order
class=SampleBarrierOrderCheck
short="Two groups wait at their barriers in opposite orders"
expect_exit 0 "new-rule $id $class" -- "$copy/tools/new-rule" "$id" "$class" --level error \
  --short "$short" --root "$copy"
cp "$scratch/out" "$scratch/new-rule.out"

created=("checks/$class.h" "checks/$class.cpp" "docs/checks/$id.md" "test/checks/$id.cu")
changed=(checks/CoopcheckModule.cpp checks/Rules.def README.md docs/checks/README.md)
for f in "${created[@]}"; do
  [[ -s $copy/$f ]] && pass "created $f" || fail "no $f"
done
for f in "${created[@]}" "${changed[@]}"; do
  grep -qF "  $f" "$scratch/new-rule.out" || fail "the output does not list $f"
done
grep -q '^next steps:' "$scratch/new-rule.out" && pass "prints the files and the next steps" \
  || fail "no next steps in: $(cat "$scratch/new-rule.out")"
snapshot >"$scratch/files.after"

# Compile what it wrote while the rest runs, as the build compiles checks/ (build/
# compile_commands.json: the root, LLVM's headers as system headers, no RTTI, -Wall -Wextra, which
# CI turns into errors): the check; RuleTable.cpp, which expands every Rules.def entry without the
# check classes (its generated docs table can be empty here); and the module, which registers the
# new class through Rules.def.
cxx=/usr/lib/llvm-22/bin/clang++
llvm_include=$(llvm-config-22 --includedir 2>/dev/null || echo /usr/lib/llvm-22/include)
# compile NAME ROOT FILE [flags]: clang++ -fsyntax-only, output in cc.NAME, exit code in rc.NAME.
compile() {
  local name=$1 at=$2 file=$3; shift 3
  "$cxx" -std=c++17 -fno-rtti -fsyntax-only -Wall -Wextra -Werror -I"$at" \
    -isystem "$llvm_include" "$@" "$at/$file" >"$scratch/cc.$name" 2>&1
  echo $? >"$scratch/rc.$name"
}
compiled() { [[ $(cat "$scratch/rc.$1") == 0 ]]; }
can_compile=0
if [[ -x $cxx && -f $llvm_include/clang-tidy/ClangTidyCheck.h ]]; then
  can_compile=1
  mkdir -p "$scratch/generated" && : >"$scratch/generated/RuleDocs.inc"
  (compile table "$copy" checks/RuleTable.cpp -I"$scratch/generated"
   compile check "$copy" "checks/$class.cpp") &
  compile module "$copy" checks/CoopcheckModule.cpp &
fi
comm -13 <(cut -f1 "$scratch/files.before") <(cut -f1 "$scratch/files.after") >"$scratch/new"
printf '%s\n' "${created[@]}" | sort | cmp -s - "$scratch/new" \
  && pass "created exactly the check, its page and its test" \
  || fail "new files: $(tr '\n' ' ' <"$scratch/new")"
comm -13 "$scratch/files.before" "$scratch/files.after" | cut -f1 | sort >"$scratch/written"
printf '%s\n' "${created[@]}" "${changed[@]}" | sort | cmp -s - "$scratch/written" \
  && pass "changed only ${changed[*]}" || fail "files written: $(tr '\n' ' ' <"$scratch/written")"

# The registrations.
rules_def=$copy/checks/Rules.def
rules_line=$(grep -n "^COOPCHECK_RULE(\"$id\", $class, Error, " "$rules_def" | cut -d: -f1)
executor_line=$(grep -n '^COOPCHECK_EXECUTOR_RULE(' "$rules_def" | head -1 | cut -d: -f1)
if [[ -z $rules_line ]]; then fail "Rules.def has no COOPCHECK_RULE for $id"
elif [[ -n $executor_line ]] && ((rules_line > executor_line)); then
  fail "Rules.def: $id (line $rules_line) after the executor rules (line $executor_line)"
else pass "Rules.def has COOPCHECK_RULE(\"$id\", $class, Error, ...) before the executor rules"; fi
# The include block at the top of the module (Rules.def is included further down).
awk '/^#include /{on=1; print; next} on{exit}' "$copy/checks/CoopcheckModule.cpp" \
  >"$scratch/includes"
grep -qxF "#include \"checks/$class.h\"" "$scratch/includes" \
  && sort -c "$scratch/includes" 2>/dev/null \
  && pass "CoopcheckModule.cpp includes checks/$class.h, in sorted position" \
  || fail "CoopcheckModule.cpp includes: $(tr '\n' ' ' <"$scratch/includes")"
grep -qF "| [$id](docs/checks/$id.md) | error | two groups wait" "$copy/README.md" \
  && pass "README.md has a row for $id" || fail "README.md has no row for $id"
grep -qxF "| [$id]($id.md) | error | $short |" "$copy/docs/checks/README.md" \
  && pass "docs/checks/README.md has the row coopcheck --list-checks will print" \
  || fail "docs/checks/README.md has no row for $id"
if ((tables_agree)); then
  python3 "$copy/test/e2e/readme_rules.py" --root "$copy" >"$scratch/after" 2>&1 \
    && pass "readme_rules.py agrees on the copy after new-rule" \
    || fail "readme_rules.py after new-rule: $(grep FAIL "$scratch/after" | head -3)"
fi

# The page has what docs_index.sh asks of every page; the test expects nothing.
page=$copy/docs/checks/$id.md
for section in "What it finds" "Why it matters" "Example" "Options" "Limits" "References"; do
  grep -q "^## $section" "$page" || fail "docs/checks/$id.md has no '## $section'"
done
head -1 "$page" | grep -qxF "# $id" && pass "docs/checks/$id.md has every section" \
  || fail "docs/checks/$id.md does not start with '# $id'"
grep -qE 'expected-(error|warning|note)[^{]*\{\{' "$copy/test/checks/$id.cu" \
  && fail "test/checks/$id.cu expects findings" || pass "test/checks/$id.cu expects no finding"
if grep -qw TODO "${created[@]/#/$copy/}"; then fail "the skeleton says TODO"; else
  pass "no TODO in what it created"; fi

# A second run, and bad input: exit 2, one line, nothing written.
refused() {  # NAME PATTERN -- args...
  local name=$1 pattern=$2; shift 3
  expect_exit 2 "$name" -- "$copy/tools/new-rule" "$@"
  stderr_is_one_line "$name" "$pattern"
}
refused "the same id again" "rule '$id' is already in checks/Rules.def" -- \
  "$id" OtherSampleCheck --root "$copy"
refused "an existing rule" "already in checks/Rules.def" -- cg-deadlock DeadlockCheck --root "$copy"
refused "an existing class" "(already|exists)" -- cg-another-sample "$class" --root "$copy"
refused "a class of the checkout" "TileSizeCheck" -- cg-another-sample TileSizeCheck --root "$copy"
refused "no cg- prefix" "must be cg-" -- sample-rule SampleRuleCheck --root "$copy"
refused "upper case in the id" "must be cg-" -- cg-Sample SampleRuleCheck --root "$copy"
refused "underscore in the id" "must be cg-" -- cg-sample_rule SampleRuleCheck --root "$copy"
refused "nothing after cg-" "must be cg-" -- cg- SampleRuleCheck --root "$copy"
refused "a class not ending with Check" "class name" -- cg-sample-rule SampleRule --root "$copy"
refused "a lower-case class" "class name" -- cg-sample-rule sampleRuleCheck --root "$copy"
refused "an unknown level" "--level" -- cg-sample-rule SampleRuleCheck --level fatal --root "$copy"
refused "a quote in --short" "may not contain" -- cg-sample-rule SampleRuleCheck --short 'a "b"' \
  --root "$copy"
refused "no class" "required" -- cg-sample-rule --root "$copy"
refused "not a checkout" "not a coopcheck checkout" -- cg-sample-rule SampleRuleCheck \
  --root "$scratch"
snapshot | cmp -s - "$scratch/files.after" && pass "the refused runs wrote nothing" \
  || fail "a refused run changed the copy"

# What it wrote is formatted and compiles.
format=${CLANG_FORMAT:-clang-format-22}
if command -v "$format" >/dev/null; then
  (cd "$copy" && "$format" --dry-run -Werror "checks/$class.h" "checks/$class.cpp" \
    checks/CoopcheckModule.cpp) >"$scratch/format" 2>&1 \
    && pass "clang-format leaves checks/$class.{h,cpp} and CoopcheckModule.cpp as they are" \
    || fail "not clang-formatted: $(head -5 "$scratch/format")"
else
  echo "note: $format not found, formatting not checked"
fi
wait
if ((can_compile)); then
  compiled table && pass "checks/RuleTable.cpp compiles with the new Rules.def entry" \
    || fail "checks/RuleTable.cpp does not compile: $(head -5 "$scratch/cc.table")"
  compiled check && pass "checks/$class.cpp compiles (-Wall -Wextra -Werror)" \
    || fail "checks/$class.cpp does not compile: $(head -5 "$scratch/cc.check")"
  if compiled module; then
    pass "checks/CoopcheckModule.cpp compiles, registering $class through Rules.def"
  elif compile pristine "$root" checks/CoopcheckModule.cpp; ! compiled pristine; then
    echo "note: checks/CoopcheckModule.cpp does not compile in $root either, not judged:" \
      "$(grep -m1 error: "$scratch/cc.module")"
  else
    fail "checks/CoopcheckModule.cpp does not compile after new-rule:" \
      "$(head -5 "$scratch/cc.module")"
  fi
else
  echo "note: no $cxx or clang-tidy headers, compilation not checked"
fi

# With coopcheck built, the new test passes through the CLI: the kernel is clean for every rule.
if [[ -x $COOPCHECK ]]; then
  python3 test/checks/run_check_test.py --front-door cli --build "$BUILD" \
    "$copy/test/checks/$id.cu" >"$scratch/check" 2>&1 \
    && pass "test/checks/$id.cu passes through the CLI" \
    || fail "test/checks/$id.cu through the CLI: $(tail -3 "$scratch/check")"
fi
finish
