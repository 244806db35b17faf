#!/usr/bin/env bash
# coopcheck -p on the compile database CMake writes for nvcc (test/cmake-cuda-project): every unit
# is analysed with its translated flags, and the launch in app/main.cu of the grid-syncing kernel
# defined in lib/grid_sum.cu is found across units.
source "$(dirname "$0")/lib.bash"
nvcc=${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[[ -x $nvcc ]] || { echo "skipped: no nvcc, so no real CUDA compile database to test"; exit 77; }
command -v cmake >/dev/null || { echo "skipped: no cmake"; exit 77; }
cmake -S test/cmake-cuda-project -B "$scratch/build" -DCMAKE_CUDA_COMPILER="$nvcc" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$scratch/configure.log" 2>&1 \
  || { echo "skipped: the project does not configure with $nvcc: $(tail -3 "$scratch/configure.log")"; exit 77; }

expect_exit 1 "coopcheck -p on the whole database" -- "$COOPCHECK" -p "$scratch/build" --format=json
python3 - "$scratch/out" <<'PY' && pass "one cross-unit finding, nothing else" || fail "findings: $(cat "$scratch/out")"
import json, os, sys
report = json.load(open(sys.argv[1]))
assert not report['failures'], report['failures']
# Notes (an unchecked cooperative launch, no support query) do not count here.
found = [(os.path.basename(f['file']), f['rule']) for f in report['findings'] if f['level'] != 'note']
assert found == [('main.cu', 'cg-non-cooperative-launch')], found
notes = report['findings'][0]['notes']
assert any(os.path.basename(n['file']) == 'grid_sum.cu' and 'sync() is called here' in n['message'] for n in notes), notes
PY
expect_exit 1 "coopcheck -p with named files" -- "$COOPCHECK" -p "$scratch/build" \
  test/cmake-cuda-project/app/main.cu test/cmake-cuda-project/lib/grid_sum.cu
expect_exit 0 "coopcheck -p on the library alone" -- "$COOPCHECK" -p "$scratch/build" \
  test/cmake-cuda-project/lib/grid_sum.cu test/cmake-cuda-project/lib/launch.cu
finish
