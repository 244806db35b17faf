#!/usr/bin/env python3
"""The cache (--cache-dir): precompiled headers and unit results. A run with a cold cache and a
run with a warm one report byte for byte what --no-cache reports, in every format; the warm run
takes each unit's results from the cache (--verbose says so) and parses none; a change to a
header, a header that appears where a unit with a compile error looked for it, and a kernel
whose grid barrier another unit's launch needs, are each seen by the next run; a corrupt entry
is ignored and written again; a header of the unit's own that has the name of a precompiled one
is read; concurrent runs share one cache."""
import json, os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

BUILD = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
COOPCHECK = os.path.abspath(os.path.join(BUILD, 'bin', 'coopcheck'))
HEADER = '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n'
FROM_CACHE = 'the results of an earlier run'

UNITS = {
    'divergent.cu': HEADER + '#include "bound.h"\n__global__ void k(int *a) {\n'
                    '  if (GUARD) __syncthreads();\n  a[threadIdx.x] = 1;\n}\n',
    'bound.h': '#define GUARD (threadIdx.x < 16)\n',
    'clean.cu': HEADER + '__global__ void k2(int *a) {\n  __syncthreads();\n  a[0] = 1;\n}\n',
    # The kernel with a grid barrier in one unit, its plain launch in another.
    'kernel.cu': HEADER + '__global__ void gridded(int *a) {\n  cg::this_grid().sync();\n'
                 '  a[0] = 1;\n}\n',
    'launch.cu': '__global__ void gridded(int *a);\n'
                 'void run(int *a) { gridded<<<4, 64>>>(a); }\n',
    'missing.cu': HEADER + '#include "later.h"\n__global__ void k3(int *a) {\n'
                  '  if (threadIdx.x < LATER) __syncthreads();\n}\n',
}
SOURCES = ['clean.cu', 'divergent.cu', 'kernel.cu', 'launch.cu', 'missing.cu']

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f'FAIL: {what}')


def run(root, *args, cache=None):
    where = ['--no-cache'] if cache is None else [f'--cache-dir={cache}']
    done = subprocess.run([COOPCHECK] + where + list(args) + SOURCES, cwd=root,
                          capture_output=True, timeout=600)
    return done.returncode, done.stdout, done.stderr


def reused(stderr):
    """The units whose results came from the cache (a unit analysed again with the joined
    cross-unit facts comes twice)."""
    return sorted({os.path.basename(l.split(': ')[2]) for l in stderr.decode().splitlines()
                   if l.endswith(FROM_CACHE)})


def without_cache_lines(outcome):
    code, out, err = outcome
    lines = [l for l in err.decode().splitlines() if not l.endswith(FROM_CACHE)]
    return code, out, '\n'.join(lines)


def same_as_without_cache(root, cache):
    for fmt in ('text', 'json', 'sarif'):
        expected = run(root, f'--format={fmt}')
        cold = run(root, f'--format={fmt}', cache=cache)
        warm = run(root, f'--format={fmt}', '--verbose', cache=cache)
        check(expected[0] in (1, 2) and expected[1], f'{fmt}: a report with findings')
        check(cold == expected, f'{fmt}: a cold cache reports what --no-cache reports')
        check(without_cache_lines(warm) == without_cache_lines(expected),
              f'{fmt}: a warm cache reports what --no-cache reports')
        check(reused(warm[2]) == sorted(SOURCES), f'{fmt}: every unit of the warm run from the '
              f'cache, got {reused(warm[2])}')
        check(any(n.endswith('.pch') for n in os.listdir(os.path.join(cache, 'pch'))),
              f'{fmt}: the model headers were precompiled')
        shutil.rmtree(cache)


def rules(outcome):
    return sorted((os.path.basename(f['file']), f['rule'])
                  for f in json.loads(outcome[1])['findings'])


def changes_are_seen(root, cache):
    first = run(root, '--format=json', cache=cache)
    check(('launch.cu', 'cg-non-cooperative-launch') in rules(first),
          f'the launch of another unit\'s gridded kernel is reported, got {rules(first)}')
    check(b'later.h' in first[2], 'the missing header is reported')
    # A header of one unit changes: that unit only is analysed again.
    with open(os.path.join(root, 'bound.h'), 'w') as f:
        f.write('#define GUARD (blockIdx.x < 16)\n')  # the same in all threads of a block
    second = run(root, '--format=json', '--verbose', cache=cache)
    check(('divergent.cu', 'cg-divergent-collective') not in rules(second),
          'a changed header is seen')
    check('divergent.cu' not in reused(second[2]) and 'clean.cu' in reused(second[2]),
          f'only the unit with the changed header is analysed again, got {reused(second[2])}')
    check(('launch.cu', 'cg-non-cooperative-launch') in rules(second),
          'cross-unit facts come from the cache')
    # The header that was missing appears in the unit's directory.
    with open(os.path.join(root, 'later.h'), 'w') as f:
        f.write('#define LATER 8\n')
    third = run(root, '--format=json', '--verbose', cache=cache)
    check(b'later.h' not in third[2] and 'missing.cu' not in reused(third[2]),
          'a header that appears is seen')
    check(('missing.cu', 'cg-divergent-collective') in rules(third),
          f'the unit with the header found is analysed, got {rules(third)}')


def corrupt_entries_are_rewritten(root, cache):
    expected = run(root, '--format=sarif')
    run(root, '--format=sarif', cache=cache)
    entries = os.path.join(cache, 'results')
    for name in os.listdir(entries):
        with open(os.path.join(entries, name), 'w') as f:
            f.write('{"files": [')
    check(run(root, '--format=sarif', cache=cache) == expected,
          'corrupt entries are ignored')
    for name in os.listdir(entries):
        with open(os.path.join(entries, name)) as f:
            try:
                json.load(f)
            except ValueError:
                check(False, f'the corrupt entry {name} is written again')


def shadowing_headers_are_honoured(root, cache):
    """A unit whose own -I directory holds a header of the precompiled prefix parses the prefix
    itself, and sees that header."""
    run(root, '--format=json', cache=cache)  # the model headers precompiled
    os.makedirs(os.path.join(root, 'shadow'))
    with open(os.path.join(root, 'shadow', 'cuda_runtime.h'), 'w') as f:
        f.write('#include_next <cuda_runtime.h>\n#define SHADOW_GUARD (threadIdx.x < 4)\n')
    with open(os.path.join(root, 'shadowed.cu'), 'w') as f:
        f.write(HEADER + '__global__ void k4(int *a) {\n  if (SHADOW_GUARD) __syncthreads();\n}\n')
    done = subprocess.run([COOPCHECK, f'--cache-dir={cache}', '--format=json', 'shadowed.cu',
                           '--', '-Ishadow'], cwd=root, capture_output=True, timeout=600)
    check(('shadowed.cu', 'cg-divergent-collective') in rules((done.returncode, done.stdout)),
          f'a unit\'s own cuda_runtime.h is read, got {done.stderr.decode()[:300]}')


def forced_includes_of_the_project_are_analysed(root, cache):
    """A project header every unit includes through -include is the project's code, not part of a
    precompiled prefix: its findings are reported with the cache as without."""
    with open(os.path.join(root, 'forced.h'), 'w') as f:
        f.write('__device__ inline void half(int *a) {\n  if (threadIdx.x < 8) __syncthreads();\n'
                '  a[0] = 1;\n}\n')
    command = ['--format=json', 'clean.cu', 'divergent.cu', '--', '-include', 'forced.h']
    without = subprocess.run([COOPCHECK, '--no-cache'] + command, cwd=root, capture_output=True)
    cached = [subprocess.run([COOPCHECK, f'--cache-dir={cache}'] + command, cwd=root,
                             capture_output=True) for _ in range(2)]
    check(('forced.h', 'cg-divergent-collective') in rules((0, without.stdout)),
          f'the forced include is analysed, got {rules((0, without.stdout))}')
    check(all(c.stdout == without.stdout for c in cached),
          'a forced include of the project is analysed with the cache as without')


def concurrent_runs_share_the_cache(root, cache):
    expected = run(root, '--format=json')
    with ThreadPoolExecutor(4) as pool:
        outcomes = list(pool.map(lambda _: run(root, '--format=json', '--jobs=2', cache=cache),
                                 range(4)))
    check(all(o == expected for o in outcomes), 'four concurrent runs report what one reports')
    check(run(root, '--format=json', cache=cache) == expected, 'the cache they wrote reads')


def main():
    for test in (same_as_without_cache, changes_are_seen, corrupt_entries_are_rewritten,
                 shadowing_headers_are_honoured, forced_includes_of_the_project_are_analysed,
                 concurrent_runs_share_the_cache):
        root = tempfile.mkdtemp(prefix='coopcheck-cache-')
        try:
            for name, text in UNITS.items():
                with open(os.path.join(root, name), 'w') as f:
                    f.write(text)
            test(root, os.path.join(root, 'cache'))
        finally:
            shutil.rmtree(root, ignore_errors=True)
    if failures:
        print(f'{len(failures)} check(s) failed')
        return 1
    print('result cache: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
