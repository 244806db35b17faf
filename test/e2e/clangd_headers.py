#!/usr/bin/env python3
"""coopcheck-clangd follows a kernel's calls into the device functions of included headers: a
kernel calling a helper whose barrier is in a header is reported as by the CLI, with the note in
the header. clangd parses the headers of a file's preamble (the includes at its top) without
function bodies, so this test includes the header after a declaration; the README says so."""
import os, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'checks'))
from run_check_test import run_cli, run_clangd  # noqa: E402

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
if not os.access(os.path.join(build, 'bin', 'coopcheck-clangd'), os.X_OK):
    print('skipped: no coopcheck-clangd')
    sys.exit(77)
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, 'helper.cuh'), 'w') as fh:
        fh.write('__device__ inline void sync_all() { __syncthreads(); }\n')
    main = os.path.join(tmp, 'main.cu')
    with open(main, 'w') as fh:
        fh.write('static int first_declaration;\n#include "helper.cuh"\n'
                 '__global__ void k(int *out) {\n  if (threadIdx.x < 16)\n    sync_all();\n'
                 '  out[threadIdx.x] = 1;\n}\n')
    cli, clangd = sorted(run_cli(build, [main], [])), sorted(run_clangd(build, [main], []))
print('CLI:   ', cli)
print('clangd:', clangd)
ok = cli == clangd and any(f[4] == 'cg-divergent-collective' for f in cli) \
    and any(f[0] == 'helper.cuh' for f in clangd)
print('ok: the helper in the header is analysed' if ok else 'FAIL: clangd differs from the CLI')
sys.exit(0 if ok else 1)
