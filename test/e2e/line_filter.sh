#!/usr/bin/env bash
# --line-filter in clang-tidy's JSON form: a finding whose primary location is on a listed line is
# kept (a note on a listed line does not keep it), one on another line or in a file the filter does
# not name is left out of the report and of the exit code; a name matches the end of the path; a file
# listed without lines is kept whole; an empty list filters nothing. Cross-unit findings are still found: the kernel's
# unit is analysed whole although none of its lines is listed. A malformed filter is exit 2 with
# one line on stderr.
source "$(dirname "$0")/lib.bash"
dir=$scratch/src
mkdir -p "$dir"
# launcher.cu launches solver_kernel.cu's grid-syncing kernel with <<<>>> on line 7 and with
# cudaLaunchKernel on line 18 (errors); line 11 has a warning and two notes; line 8 has nothing.
cp test/checks/cg-non-cooperative-launch.cross-tu/{launcher,solver_kernel}.cu "$dir/"
units=("$dir/launcher.cu" "$dir/solver_kernel.cu")

# filtered WANT NAME FILTER: runs with the filter, checks the exit code and the findings as
# "rule:file:line" (sorted, comma-separated).
filtered() {
  local want=$1 name=$2 filter=$3 expected=$4
  expect_exit "$want" "$name" -- "$COOPCHECK" --format=json --no-confirm --line-filter="$filter" "${units[@]}"
  local got
  got=$(python3 -c '
import json, os, sys
found = json.load(open(sys.argv[1]))["findings"]
print(",".join(sorted("%s:%s:%d" % (f["rule"], os.path.basename(f["file"]), f["line"]) for f in found)))' "$scratch/out")
  [[ $got == "$expected" ]] && pass "$name: findings '$got'" || fail "$name: findings '$got', wanted '$expected'"
}

filtered 1 "listed line 7: the cross-unit finding kept" '[{"name":"/launcher.cu","lines":[[7,7]]}]' \
  "cg-non-cooperative-launch:launcher.cu:7"
filtered 1 "ranges [[10,12],[18,30]]" '[{"name":"launcher.cu","lines":[[10,12],[18,30]]}]' \
  "cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-non-cooperative-launch:launcher.cu:18"
filtered 0 "listed line 8 has no finding" '[{"name":"/launcher.cu","lines":[[8,8]]}]' ""
filtered 0 "launcher.cu not listed" '[{"name":"/solver_kernel.cu","lines":[[1,9],[11,20]]}]' ""
filtered 0 "only a note on a listed line (the kernel's grid.sync)" '[{"name":"/solver_kernel.cu","lines":[[10,10]]}]' ""
filtered 0 "a name that is no path's end" '[{"name":"/src/launcher.cu.bak"}]' ""
filtered 1 "listed without lines: kept whole" '[{"name":"/launcher.cu"}]' \
  "cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-non-cooperative-launch:launcher.cu:18,cg-non-cooperative-launch:launcher.cu:7"
filtered 1 "the full path as the name" "[{\"name\":\"$dir/launcher.cu\",\"lines\":[[18,18]]}]" \
  "cg-non-cooperative-launch:launcher.cu:18"
filtered 1 "empty list: nothing filtered" '[]' \
  "cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-cooperative-launch:launcher.cu:11,cg-non-cooperative-launch:launcher.cu:18,cg-non-cooperative-launch:launcher.cu:7"

# The text report and the exit code at a lower --fail-level follow the filter as well.
expect_exit 0 "only the warning's line, --fail-level=error" -- "$COOPCHECK" --no-confirm --fail-level=error \
  --line-filter='[{"name":"/launcher.cu","lines":[[11,11]]}]' "${units[@]}"
grep -q 'launcher.cu:11:.*warning' "$scratch/out" && ! grep -q 'launcher.cu:7:' "$scratch/out" &&
  pass "text report: line 11's warning only" || fail "text report: $(cat "$scratch/out")"

# Malformed filters: exit 2 before any analysis, one line.
for bad in '[{"name":"launcher.cu"' '{"name":"launcher.cu"}' '[{"name":"launcher.cu","lines":[[0,3]]}]' \
    '[{"name":"launcher.cu","lines":[7]}]' '[{"lines":[[1,2]]}]'; do
  expect_exit 2 "malformed filter $bad" -- "$COOPCHECK" --line-filter="$bad" "${units[@]}"
  stderr_is_one_line "malformed filter $bad" "^coopcheck: error: invalid --line-filter: "
done
finish
