#!/usr/bin/env bash
# pre-commit from a clone of the hook repository, with coopcheck installed (`cmake --install` into
# a prefix put on PATH, as the Debian package puts /usr/bin there) and nothing built in the clone,
# as a user sets it up from README.md: the rev is the tag the README names (vMAJOR.MINOR.PATCH of
# CMakeLists.txt's project version). `coopcheck` (the clone's hook script) runs `coopcheck` from
# PATH; `coopcheck-system` runs the installed `coopcheck-hook`, which runs bin/coopcheck of its own
# prefix even when another coopcheck comes first on PATH.
source "$(dirname "$0")/lib.bash"
command -v pre-commit >/dev/null || { echo "skipped: no pre-commit command (tools/setup installs it)"; exit 77; }
export HOME=$scratch/home PRE_COMMIT_HOME=$scratch/pre-commit-cache XDG_CACHE_HOME=$scratch/cache
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=coopcheck GIT_AUTHOR_EMAIL=test@coopcheck.invalid
export GIT_COMMITTER_NAME=coopcheck GIT_COMMITTER_EMAIL=test@coopcheck.invalid
unset COOPCHECK
mkdir -p "$HOME"

version=$(sed -n 's/^project(coopcheck VERSION \([0-9.]*\) .*/\1/p' CMakeLists.txt)
rev=$(sed -n '/^## pre-commit/,/^## /s/^ *rev: \(v[^ ]*\).*/\1/p' README.md | head -1)
[[ $rev == "v$version" ]] && pass "README's pre-commit rev is the tag of the project version ($rev)" \
  || fail "README's pre-commit rev '$rev' is not v$version (CMakeLists.txt's project version)"

prefix=$scratch/prefix
cmake --install "$BUILD" --prefix "$prefix" >"$scratch/install.log" 2>&1 || fail "cmake --install: $(tail -5 "$scratch/install.log")"
[[ -x $prefix/bin/coopcheck-hook ]] && pass "the install puts coopcheck-hook on PATH" || fail "no $prefix/bin/coopcheck-hook"

# The hook repository at the tag, made from the working tree so that uncommitted changes count.
hooks=$scratch/coopcheck
mkdir -p "$hooks/tools/pre-commit"
cp .pre-commit-hooks.yaml "$hooks/"
cp tools/pre-commit/coopcheck-hook "$hooks/tools/pre-commit/"
git -C "$hooks" init -q && git -C "$hooks" add -A && git -C "$hooks" commit -qm hooks && git -C "$hooks" tag "$rev"

kernel() { # CONDITION: a grid-syncing kernel; "true" makes it clean
  printf '#include <cooperative_groups.h>\n__global__ void relax(float *x) {\n'
  printf '  cooperative_groups::grid_group grid = cooperative_groups::this_grid();\n'
  printf '  if (%s)\n    grid.sync();\n  x[blockIdx.x] *= 0.5f;\n}\n' "$1"
}

# hook_project ID: a git repository whose pre-commit config names the hook repository at the tag
# (pre-commit clones it when the config is committed).
hook_project() {
  local dir=$scratch/$1
  git init -q "$dir"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n        args: [--no-confirm]\n' \
    "$hooks" "$rev" "$1" >"$dir/.pre-commit-config.yaml"
  (cd "$dir" && pre-commit install && git add .pre-commit-config.yaml && git commit -qm config) \
    >"$scratch/$1.log" 2>&1 && echo "$dir"
}

# commit_expect PROJECT WANT NAME: stages solver.cu, commits, checks the outcome.
commit_expect() {
  (cd "$1" && git add solver.cu && git commit -qm "$3") >"$scratch/out" 2>&1
  local got=$?
  if [[ $2 == rejected ]]; then
    ((got != 0)) && grep -q 'solver.cu:5:.*\[cg-divergent-collective\]' "$scratch/out" \
      && pass "$3: rejected with the finding" || fail "$3: $(cat "$scratch/out")"
    (cd "$1" && git reset -q)
  else
    ((got == 0)) && pass "$3: passes" || fail "$3: rejected: $(cat "$scratch/out")"
  fi
}

# A coopcheck that is not the installed one, first on PATH: only the clone's hook may run it.
decoy=$scratch/decoy
mkdir -p "$decoy" && printf '#!/bin/sh\necho "decoy coopcheck" >&2\nexit 2\n' >"$decoy/coopcheck" && chmod +x "$decoy/coopcheck"

for id in coopcheck coopcheck-system; do
  project=$(hook_project "$id") || { fail "$id: cannot commit the pre-commit config: $(tail -2 "$scratch/$id.log")"; continue; }
  export PATH=$prefix/bin:/usr/bin:/bin
  kernel 'threadIdx.x == 0' >"$project/solver.cu"
  commit_expect "$project" rejected "$id: divergent grid.sync()"
  kernel 'true' >"$project/solver.cu"
  commit_expect "$project" passes "$id: clean kernel"
done
export PATH=$decoy:$prefix/bin:/usr/bin:/bin
if [[ -d $scratch/coopcheck-system ]]; then
  kernel 'threadIdx.x == 1' >"$scratch/coopcheck-system/solver.cu"
  commit_expect "$scratch/coopcheck-system" rejected "coopcheck-system with another coopcheck first on PATH"
fi
finish
