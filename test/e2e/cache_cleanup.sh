#!/usr/bin/env bash
# The cache cleans up after itself: temporary files older than a day (left by a killed run) go
# when the cache opens, younger ones (a concurrent run's writes) stay; a run interrupted while it
# precompiles headers leaves no temporary file; a cache on a full disk leaves no partial file and
# says so in one line.
source "$(dirname "$0")/lib.bash"
cache=$scratch/cache
src1=test/e2e/fixtures/conventions/reduce.cu
src2=test/e2e/fixtures/legacy_warp_intrinsics.cu
temporaries() { find "$1" -name '*.tmp' -o -name '*.coopcheck-*' | sort; }

mkdir -p "$cache/pch" "$cache/results"
for name in pch/old-abc123.pch.tmp pch/old-abc123.pch-12345678.tmp.tmp results/x.json.coopcheck-Ab12Cd; do
  echo partial >"$cache/$name"; touch -d '2 days ago' "$cache/$name"
done
echo partial >"$cache/pch/young-def456.pch.tmp"
echo partial >"$cache/results/y.json.coopcheck-Ef34Gh"
expect_exit 1 "a run on the cache" -- "$COOPCHECK" --cache-dir="$cache" "$src1" "$src2"
left=$(temporaries "$cache" | sed "s|$cache/||" | tr '\n' ' ')
[[ $left == "pch/young-def456.pch.tmp results/y.json.coopcheck-Ef34Gh " ]] \
  && pass "temporaries older than a day removed, younger ones kept" || fail "left: $left"

# SIGINT at different moments of a cold run: whatever it was writing, nothing temporary stays.
leaks=0
for delay in 0.2 0.5 1 1.5 2 3; do
  rm -rf "$scratch/cold"
  "$COOPCHECK" --cache-dir="$scratch/cold" "$src1" "$src2" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"; kill -INT "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  [[ -d $scratch/cold ]] && [[ -n $(temporaries "$scratch/cold") ]] && { leaks=$((leaks + 1)); temporaries "$scratch/cold"; }
done
((leaks == 0)) && pass "SIGINT during a cold run leaves no temporary file" || fail "$leaks interrupted runs left temporaries"

# A full disk: a 1 MiB tmpfs of our own (needs root and mount; skipped without).
full=$scratch/full
mkdir -p "$full"
if [[ $(id -u) == 0 ]] && mount -t tmpfs -o size=1m tmpfs "$full" 2>/dev/null; then
  trap 'umount "$full" 2>/dev/null; chmod -R u+rwx "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
  expect_exit 1 "a run whose cache has no space" -- "$COOPCHECK" --cache-dir="$full" --format=json "$src1" "$src2"
  [[ -z $(temporaries "$full") ]] && pass "no partial file on the full disk" || fail "left on the full disk: $(temporaries "$full")"
  n=$(grep -c "no space left on device" "$scratch/err")
  ((n <= 1)) && pass "at most one line about the full cache ($n)" || fail "$n lines: $(cat "$scratch/err")"
  umount "$full"
else
  echo "skipped the full-disk checks: mounting a tmpfs needs root"
fi
finish
