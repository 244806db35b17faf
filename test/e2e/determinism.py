#!/usr/bin/env python3
"""Determinism: the report, stderr and exit code are byte-identical across repeated runs, across
--jobs=1 and --jobs=N, across the order of the files on the command line, and with or without the
cache (--no-cache; a cold cache, whose units load the precompiled model headers; a warm one, whose
units come from the cache).
The public corpus goes through every format in every variation. The hermetic corpora of
../shared/realworld (hip-tests through its hipcc database, the MXMACA samples as files, GPUVerify's
suite device-side with its prelude), run as tools/realworld plans them, are compared in SARIF, the
format that carries everything (witnesses, code flows, notifications), across --jobs, order and
cache; text and JSON on them are compared across order, from the cache. Skipped without the shared corpora."""
import json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from load_tool import load_tool  # noqa: E402
BUILD = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
SHARED = os.environ.get('COOPCHECK_SHARED_DIR', os.path.join(ROOT, '..', 'shared'))
COOPCHECK = os.path.abspath(os.path.join(BUILD, 'bin', 'coopcheck'))
# More threads than CI's two cores: units finish in an order of their own.
JOBS = 4
FORMATS = ('text', 'json', 'sarif')
HERMETIC_CORPORA = ('mxmaca', 'hip-tests', 'gpuverify')


class Group:
    """Files analysed in one run: the arguments before them, the compiler's after `--`."""

    def __init__(self, name, files, args=(), compiler=()):
        self.name, self.files, self.args, self.compiler = name, list(files), list(args), list(compiler)

    def command(self, fmt, jobs, reverse, cache):
        files = list(reversed(self.files)) if reverse else self.files
        command = [COOPCHECK, f'--format={fmt}', f'--jobs={jobs}'] + cache + self.args + files
        return command + (['--'] + self.compiler if self.compiler else [])


def without_own_directory(unit):
    """The unit's compiler arguments less `-I` of the directory it is in."""
    args, own = unit.compiler, ['-I', os.path.dirname(unit.path)]
    kept, i = [], 0
    while i < len(args):
        if args[i:i + 2] == own:
            i += 2
            continue
        kept.append(args[i])
        i += 1
    return kept


def realworld_groups(scratch):
    """The hermetic corpora as tools/realworld plans them, grouped into runs of many files: the
    units of one corpus share their arguments, but for GPUVerify's per-test -D options (tests
    with the same ones share a run) and its -I of the test's own directory, which its quoted
    includes search first anyway."""
    realworld = load_tool('realworld')
    corpus = os.path.realpath(os.path.join(SHARED, 'realworld'))
    with open(os.path.join(corpus, 'expectations.json')) as f:
        entries = json.load(f)['files']
    units = [realworld.Unit(e, corpus) for e in entries
             if e['path'].split('/')[0] in HERMETIC_CORPORA]
    hip_database = realworld.hip_tests_database(units, scratch)
    realworld.plan(units, corpus, None, hip_database)
    runs = {}
    for u in sorted(units, key=lambda u: u.path):
        compiler = without_own_directory(u)
        key = (u.corpus, tuple(u.args), tuple(compiler))
        runs.setdefault(key, Group(u.corpus, [], u.args, compiler)).files.append(u.path)
    return list(runs.values())


def outcome(command):
    done = subprocess.run(command, capture_output=True, timeout=600, cwd=ROOT)
    return done.returncode, done.stdout, done.stderr


def first_difference(a, b):
    """Where two outcomes first differ, as a short readable line."""
    for what, x, y in zip(('exit code', 'stdout', 'stderr'), a, b):
        if x == y:
            continue
        if what == 'exit code':
            return f'exit {x} / {y}'
        i = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
        return f'{what} at byte {i}: {x[max(0, i - 80):i + 80]!r} / {y[max(0, i - 80):i + 80]!r}'
    return 'none'


def cache_arguments(cache, directory):
    """'none': --no-cache; 'cold': an empty cache directory; 'warm': the directory as it is."""
    if cache == 'none':
        return ['--no-cache']
    if cache == 'cold':
        shutil.rmtree(directory, ignore_errors=True)
    return [f'--cache-dir={directory}']


def compare(group, fmt, variations, cache_directory):
    """Runs the group in each variation (jobs, reversed, cache) and compares each with the
    first."""
    start = time.monotonic()
    base_variation, *others = variations
    jobs, reverse, cache = base_variation
    base = outcome(group.command(fmt, jobs, reverse, cache_arguments(cache, cache_directory)))
    failures = 0
    # A clean run's text report is empty; JSON and SARIF always write one.
    if base[0] not in (0, 1, 2) or (fmt != 'text' and not base[1]):
        print(f'FAIL: {group.name} {fmt}: exit {base[0]}, {len(base[1])} bytes of report')
        return 1
    for jobs, reverse, cache in others:
        other = outcome(group.command(fmt, jobs, reverse, cache_arguments(cache, cache_directory)))
        if other != base:
            failures += 1
            print(f'FAIL: {group.name} ({len(group.files)} files) {fmt}: --jobs={jobs}'
                  f'{" reversed" if reverse else ""}, {cache} cache, differs from '
                  f'{base_variation}: ' + first_difference(base, other))
    if not failures:
        print(f'ok: {group.name} ({len(group.files)} files) {fmt}: {len(variations)} runs identical '
              f'({time.monotonic() - start:.0f} s)')
    return failures


def main():
    corpus = os.path.join(SHARED, 'corpus')
    if not os.path.isdir(corpus) or not os.path.isdir(os.path.join(SHARED, 'realworld')):
        print(f'skipped: no corpora under {SHARED}')
        return 77
    public = Group('corpus', sorted(os.path.join(os.path.realpath(corpus), n)
                                    for n in os.listdir(corpus)))
    # A second run alike, more jobs, the files reversed, and both; a cold cache and a warm one.
    every_variation = [(1, False, 'none'), (1, False, 'none'), (JOBS, False, 'none'),
                       (1, True, 'none'), (JOBS, True, 'cold'), (1, False, 'warm')]
    with tempfile.TemporaryDirectory(prefix='coopcheck-determinism-') as scratch:
        cache = os.path.join(scratch, 'cache')
        failures = sum(compare(public, fmt, every_variation, cache) for fmt in FORMATS)
        for group in realworld_groups(scratch):
            # SARIF carries everything: it is compared with the cache cold, then warm.
            failures += compare(group, 'sarif', [(1, False, 'none'), (JOBS, True, 'cold'),
                                                 (1, False, 'warm')], cache)
            # The analysis was compared above; text and JSON are compared across order from the
            # units the cache holds (a full analysis more per format would double the test).
            if len(group.files) > 1:
                for fmt in ('text', 'json'):
                    failures += compare(group, fmt, [(JOBS, False, 'warm'), (JOBS, True, 'warm')],
                                        cache)
    if failures:
        print(f'{failures} comparison(s) differ')
        return 1
    print('all runs identical')
    return 0


if __name__ == '__main__':
    sys.exit(main())
