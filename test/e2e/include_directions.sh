#!/usr/bin/env bash
# tools/check-includes catches what it is there to catch: on a small tree of its own, an include
# that points up a layer, one across to a sibling, a layer using a library it must not, and a
# cycle between two components of one folder; and it passes the repository itself.
source "$(dirname "$0")/lib.bash"

tree=$scratch/tree
write() { mkdir -p "$(dirname "$tree/$1")"; printf '%s\n' "${@:2}" >"$tree/$1"; }
write analysis/flow/Cache.h '#pragma once' '#include "analysis/launch/Sites.h"'
write analysis/flow/Divergence.h '#pragma once' '#include "analysis/flow/Summaries.h"'
write analysis/flow/Divergence.cpp '#include "analysis/flow/Divergence.h"' '#include "analysis/flow/Cache.h"'
write analysis/flow/Cache.cpp '#include "analysis/flow/Cache.h"' '#include "analysis/flow/Divergence.h"'
write analysis/flow/Summaries.h '#pragma once'
write analysis/launch/Sites.h '#pragma once' '#include "analysis/warp/Lanes.h"'
write analysis/warp/Lanes.h '#pragma once' '#include "analysis/flow/Summaries.h"'
write runtime-model/semantics/Scope.h '#pragma once' '#include "clang/AST/Expr.h"'
git -C "$tree" init -q && git -C "$tree" add -A

expect_exit 1 "a tree with bad includes fails" -- tools/check-includes "$tree"
grep -q 'analysis/flow/Cache.h:2: includes analysis/launch/Sites.h' "$scratch/out" &&
  pass "an include up a layer is named" || fail "no upward include in: $(cat "$scratch/out")"
grep -q 'analysis/launch/Sites.h:2: includes analysis/warp/Lanes.h' "$scratch/out" &&
  pass "an include across to a sibling is named" || fail "no sibling include in: $(cat "$scratch/out")"
grep -q 'runtime-model/semantics/Scope.h:2: includes clang/AST/Expr.h' "$scratch/out" &&
  pass "Clang in the runtime model is named" || fail "no library violation in: $(cat "$scratch/out")"
grep -q 'include cycle: analysis/flow/Cache -> analysis/flow/Divergence -> analysis/flow/Cache' "$scratch/out" &&
  pass "a cycle between components is named" || fail "no cycle in: $(cat "$scratch/out")"

expect_exit 0 "the repository's includes point down" -- tools/check-includes
finish
