#!/usr/bin/env python3
"""The clang-tidy plugin reports the same findings, with the same messages and notes, as the CLI:
on every annotated check test, every example and every file of the public corpus."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'checks'))
from run_check_test import expectations, run_cli, run_tidy, sources  # noqa: E402

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
shared = os.environ.get('COOPCHECK_SHARED_DIR', '../shared')
cases = [os.path.join('test/checks', n) for n in sorted(os.listdir('test/checks')) if n.startswith('cg-')]
cases += [os.path.join('examples', n) for n in sorted(os.listdir('examples'))]
corpus = os.path.join(shared, 'corpus')
if os.path.isdir(corpus):
    cases += [os.path.join(corpus, n) for n in sorted(os.listdir(corpus))]

failed = compared = 0
for case in cases:
    files = sources(case)
    if not files:
        continue
    _, args = expectations(files)
    cli = sorted(run_cli(build, files, args))
    tidy = sorted(run_tidy(build, files, args))
    compared += len(cli)
    if cli != tidy:
        failed += 1
        print(f'MISMATCH {case}')
        for d in sorted(set(cli) - set(tidy)):
            print('  only CLI:  ', d)
        for d in sorted(set(tidy) - set(cli)):
            print('  only tidy: ', d)
print(f'{len(cases)} cases, {compared} diagnostics compared, {failed} mismatching')
sys.exit(1 if failed else 0)
