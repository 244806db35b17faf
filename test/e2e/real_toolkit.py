#!/usr/bin/env python3
"""The model headers stand in for the real CUDA toolkit faithfully: with --cuda-path, every source
that the installed toolkit can compile gives the same findings as the hermetic parse. Sources
using what the toolkit removed (multi_grid_group and cg::synchronize are gone in CUDA 13) are
listed and left out. Skipped when no toolkit is installed."""
import glob, json, os, subprocess, sys

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
shared = os.environ.get('COOPCHECK_SHARED_DIR', '../shared')
toolkit = os.environ.get('CUDA_PATH', '/usr/local/cuda')
if not os.path.isfile(os.path.join(toolkit, 'include', 'cooperative_groups.h')):
    print(f'skipped: no CUDA toolkit at {toolkit}')
    sys.exit(77)
has_multi_grid = os.path.isfile(os.path.join(toolkit, 'include', 'cooperative_groups', 'details', 'multi_grid.h'))

def findings(path, extra):
    p = subprocess.run([os.path.join(build, 'bin', 'coopcheck'), '--strict', '--no-confirm', '--format=json'] + extra + [path],
                       capture_output=True, text=True, timeout=300)
    report = json.loads(p.stdout)
    # A unit the toolkit compiles only in part (what CUDA 13 removed, what its static_asserts
    # reject) is not comparable either: its functions with errors are not analysed.
    left_out = report['failures'] + [{'reason': u['reason']} for u in report['partial']]
    return left_out, sorted((f['rule'], f['line'], f['message']) for f in report['findings'])

files = sorted(glob.glob('test/checks/*.cu') + glob.glob('examples/*.cu') + glob.glob(os.path.join(shared, 'corpus', '*.cu')))
failed = compared = 0
for f in files:
    if 'multi_grid' in open(f).read() and not has_multi_grid:
        continue
    hermetic_failures, hermetic = findings(f, [])
    real_failures, real = findings(f, ['--cuda-path=' + toolkit])
    if real_failures and not hermetic_failures:
        print(f'left out {f}: this toolkit cannot compile it ({real_failures[0]["reason"]})')
        continue
    compared += 1
    # A source that lacks a header on purpose (a compile-errors check test) is partial alike in
    # both, and its findings still compare.
    if hermetic_failures != real_failures or hermetic != real:
        failed += 1
        print(f'DIFFERENT {f}: failures {hermetic_failures} / {real_failures}')
        for d in sorted(set(hermetic) ^ set(real)):
            print('  ', 'model only:' if d in hermetic else 'toolkit only:', d)
print(f'{compared} sources compared against {toolkit}, {failed} different')
sys.exit(1 if failed or compared < 10 else 0)
