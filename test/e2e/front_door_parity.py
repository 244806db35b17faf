#!/usr/bin/env python3
"""Every front door reports the same findings, with the same messages and notes, as the CLI: the
clang-tidy plugin and coopcheck-clangd (over LSP), on every annotated check test, every example
and every file of the public corpus."""
import concurrent.futures, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'checks'))
from run_check_test import FRONT_DOORS, as_note_level, expectations, note_level_findings, sources  # noqa: E402

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
shared = os.environ.get('COOPCHECK_SHARED_DIR', '../shared')
cases = [os.path.join('test/checks', n) for n in sorted(os.listdir('test/checks')) if n.startswith('cg-')]
cases += [os.path.join('examples', n) for n in sorted(os.listdir('examples')) if not n.startswith('.')]
corpus = os.path.join(shared, 'corpus')
if os.path.isdir(corpus):
    cases += [os.path.join(corpus, n) for n in sorted(os.listdir(corpus))]
others = [name for name in FRONT_DOORS if name != 'cli']


def compare(case):
    """The case's CLI diagnostics counted, and the lines that tell each front door's mismatch."""
    files = sources(case)
    if not files:
        return 0, []
    _, args = expectations(files)
    cli = sorted(FRONT_DOORS['cli'](build, files, args))
    lines = []
    for name in others:
        other = sorted(FRONT_DOORS[name](build, files, args))
        if name == 'clangd':  # note-level findings arrive as warnings (run_check_test.py)
            other = sorted(as_note_level(other, note_level_findings(cli)))
        if cli != other:
            lines.append(f'MISMATCH {case} ({name})')
            lines += ['  only CLI:'.ljust(16) + f' {d}' for d in sorted(set(cli) - set(other))]
            lines += [f'  only {name}:'.ljust(16) + f' {d}' for d in sorted(set(other) - set(cli))]
    return len(cli), lines


# The cases are independent runs of other processes: as many at once as there are cores.
failed = compared = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
    for count, lines in pool.map(compare, cases):
        compared += count
        failed += sum(line.startswith('MISMATCH') for line in lines)
        for line in lines:
            print(line)
print(f'{len(cases)} cases through {", ".join(others)}: {compared} CLI diagnostics compared with each, '
      f'{failed} mismatching')
sys.exit(1 if failed else 0)
