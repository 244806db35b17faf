#!/usr/bin/env python3
"""CI shards (--shard=K/N, --facts-only, --facts, coopcheck merge): the shards of a compile
database, analysed with the facts of every shard and merged, report byte for byte what one run
reports, and the merged report is one SARIF run with one rules[].

Hermetic part: a kernel with grid.sync() in one file and its plain <<<>>> launch in another,
put in different shards: the merged report has the cross-file finding (and shards without the
facts step do not); shards partition the units and keep them when other units are added; bad
--shard values and bad merge inputs exit 2 with one line.

cuda-samples part: the samples' own CMake configures them with nvcc into a directory of the
build tree that the test owns (as tools/realworld does it); three shards of its compile database
are merged and compared with one run: same results, same fingerprints, same rules. To stay short
the database is cut to its units that use cooperative groups' grid-wide cooperation and the
smallest of the others that use cooperative groups (COOPCHECK_SHARD_MERGE_FULL=1: every unit).
Runs share the result cache, as CI runners that keep theirs do; a second pass that joined other
facts than one run would miss it. Skipped (77, after the hermetic part) without nvcc."""
import json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from load_tool import load_tool  # noqa: E402
BUILD = os.path.abspath(os.environ.get('COOPCHECK_BUILD_DIR', 'build'))
SHARED = os.environ.get('COOPCHECK_SHARED_DIR', os.path.join(ROOT, '..', 'shared'))
COOPCHECK = os.path.join(BUILD, 'bin', 'coopcheck')
SAMPLE_UNITS = 12

HEADER = '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n'
UNITS = {
    'solver/relax.cu': HEADER + '__global__ void relax(float *x, int n) {\n'
                        '  cg::grid_group grid = cg::this_grid();\n'
                        '  for (int i = 0; i < n; ++i) {\n    x[grid.thread_rank()] *= 0.5f;\n'
                        '    grid.sync();\n  }\n}\n',
    'app/launch.cu': '__global__ void relax(float *x, int n);\n'
                     'void solve(float *x, int n) { relax<<<4, 256>>>(x, n); }\n',
    'app/divergent.cu': HEADER + '__global__ void early(int *a) {\n'
                        '  if (threadIdx.x < 16) return;\n  __syncthreads();\n  a[0] = 1;\n}\n',
    'app/clean.cu': '__global__ void fine(int *a) {\n  __syncthreads();\n  a[0] = 1;\n}\n',
    'lib/scale.cu': '__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }\n',
}
EXTRA_UNITS = {f'more/unit{i}.cu': f'__global__ void more{i}(int *a) {{ a[{i}] = 0; }}\n'
               for i in range(4)}

failures = []


def check(condition, what):
    print(('ok: ' if condition else 'FAIL: ') + what)
    if not condition:
        failures.append(what)


def run(args, cwd):
    return subprocess.run([COOPCHECK] + args, cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def analysed(done, what):
    """A coopcheck run that analysed everything: exit 0 or 1 (findings)."""
    check(done.returncode in (0, 1), f'{what} exits 0 or 1 (got {done.returncode}: '
                                     f'{done.stderr.strip()[-300:]})')


def write_database(directory, sources, build):
    os.makedirs(build, exist_ok=True)
    entries = [{'directory': build, 'file': os.path.join(directory, rel),
                'arguments': ['clang++', '-x', 'cuda', '--cuda-gpu-arch=sm_80', '-c',
                              os.path.join(directory, rel), '-o', os.path.basename(rel) + '.o']}
               for rel in sorted(sources)]
    with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
        json.dump(entries, f, indent=1)


def facts_units(path):
    with open(path) as f:
        return [u['file'] for u in json.load(f)['units']]


def sharded(database, shards, work, extra=(), facts=True, cwd=None):
    """The CI pipeline of docs/ci.md: facts per shard, their merge, the shards with the merged
    facts, the merge of their reports. Returns the merged SARIF text and each shard's units."""
    cwd = cwd or work
    units = []
    fact_files = []
    for k in range(1, shards + 1 if facts else 1):
        path = os.path.join(work, f'facts-{k}.json')
        done = run(['-p', database, f'--shard={k}/{shards}', '--facts-only',
                    f'--export-facts={path}'], cwd)
        check(done.returncode == 0 and done.stdout == '',
              f'--facts-only shard {k}/{shards} exits 0 with no report ({done.stderr.strip()})')
        units.append(facts_units(path))
        fact_files.append(path)
    merged_facts = os.path.join(work, 'facts.json')
    if facts:
        done = run(['merge', '-o', merged_facts] + fact_files, cwd)
        check(done.returncode == 0, f'merge of the facts files exits 0 ({done.stderr.strip()})')
    reports = []
    for k in range(1, shards + 1):
        report = os.path.join(work, f'shard-{k}.sarif')
        with_facts = [f'--facts={merged_facts}'] if facts else []
        done = run(['-p', database, f'--shard={k}/{shards}', '--format=sarif', '-o', report] +
                   with_facts + list(extra), cwd)
        analysed(done, f'shard {k}/{shards}')
        reports.append(report)
    out = os.path.join(work, 'merged.sarif')
    done = run(['merge', '-o', out] + reports, cwd)
    check(done.returncode == 0, f'merge of the shard reports exits 0 ({done.stderr.strip()})')
    with open(out) as f:
        return f.read(), units


def single(database, work, extra=(), cwd=None):
    out = os.path.join(work, 'single.sarif')
    done = run(['-p', database, '--format=sarif', '-o', out] + list(extra), cwd or work)
    analysed(done, 'the single run')
    with open(out) as f:
        return f.read()


def results(text):
    """What code scanning keys results by: rule, file, line, fingerprint; and the message."""
    run_ = json.loads(text)['runs'][0]
    return sorted((r['ruleId'], r['locations'][0]['physicalLocation']['artifactLocation']['uri'],
                   r['locations'][0]['physicalLocation'].get('region', {}).get('startLine', 0),
                   r.get('partialFingerprints', {}).get('primaryLocationLineHash', ''),
                   r['message']['text']) for r in run_['results'])


def compare(merged, one, what):
    if merged == one:
        check(True, f'{what}: the merged report is byte for byte the single run\'s')
        return
    a, b = json.loads(merged)['runs'], json.loads(one)['runs']
    check(len(a) == 1, f'{what}: the merged report has one run')
    check(results(merged) == results(one),
          f'{what}: same results and fingerprints ({len(results(merged))} merged, '
          f'{len(results(one))} single; only merged: '
          f'{sorted(set(results(merged)) - set(results(one)))[:3]}, only single: '
          f'{sorted(set(results(one)) - set(results(merged)))[:3]})')
    rules = [r['id'] for r in a[0]['tool']['driver']['rules']]
    check(rules == [r['id'] for r in b[0]['tool']['driver']['rules']], f'{what}: same rules[]')
    check(False, f'{what}: byte for byte the single run\'s report')


def cross_file_findings(text):
    return [r for r in json.loads(text)['runs'][0]['results']
            if r['ruleId'] == 'cg-non-cooperative-launch'
            and r['locations'][0]['physicalLocation']['artifactLocation']['uri'].endswith(
                'launch.cu')]


def shard_count_splitting(database, work, apart):
    """The smallest shard count from 3 on that puts the files of \\p apart in different shards
    (the partition is a hash of paths: the test does not assume which)."""
    for shards in range(3, 10):
        seen = {}
        for k in range(1, shards + 1):
            path = os.path.join(work, 'probe.json')
            run(['-p', database, f'--shard={k}/{shards}', '--facts-only',
                 f'--export-facts={path}'], work)
            for unit in facts_units(path):
                seen.setdefault(unit, []).append(k)
        if len({tuple(seen.get(f, ())) for f in apart}) == len(apart):
            return shards, seen
    return None, {}


def hermetic(work):
    source = os.path.join(work, 'src')
    for rel, text in UNITS.items():
        os.makedirs(os.path.dirname(os.path.join(source, rel)), exist_ok=True)
        with open(os.path.join(source, rel), 'w') as f:
            f.write(text)
    database = os.path.join(work, 'build')
    write_database(source, UNITS, database)
    apart = [os.path.join(source, 'solver/relax.cu'), os.path.join(source, 'app/launch.cu')]
    shards, seen = shard_count_splitting(database, work, apart)
    check(shards is not None, 'some shard count from 3 to 9 puts kernel and launch apart')
    if shards is None:
        return
    check(sorted(seen) == sorted(os.path.join(source, r) for r in UNITS) and
          all(len(ks) == 1 for ks in seen.values()),
          f'the {shards} shards partition the units: {seen}')

    # The compared shards parse everything afresh: nothing of the single run's reaches them.
    one = single(database, work)
    check(len(cross_file_findings(one)) == 1, 'the single run reports the cross-file launch')
    merged, _ = sharded(database, shards, work, ['--no-cache'])
    check(len(cross_file_findings(merged)) == 1, 'the merged report has the cross-file launch')
    compare(merged, one, 'hermetic')
    without, _ = sharded(database, shards, work, facts=False)
    check(not cross_file_findings(without),
          'without the facts of the other shards the cross-file launch is lost')

    # --facts repeated with each shard's file: the same as the merged file.
    launch_shard = seen[apart[1]][0]
    per_shard = [f'--facts={os.path.join(work, f"facts-{k}.json")}' for k in range(1, shards + 1)]
    a = run(['-p', database, f'--shard={launch_shard}/{shards}', '--format=sarif'] + per_shard,
            work)
    b = run(['-p', database, f'--shard={launch_shard}/{shards}', '--format=sarif',
             f'--facts={os.path.join(work, "facts.json")}'], work)
    check(a.stdout == b.stdout and cross_file_findings(a.stdout),
          '--facts given once per shard reports what --facts of the merged file reports')

    # Other units added to the database move no unit to another shard.
    for rel, text in EXTRA_UNITS.items():
        os.makedirs(os.path.dirname(os.path.join(source, rel)), exist_ok=True)
        with open(os.path.join(source, rel), 'w') as f:
            f.write(text)
    write_database(source, {**UNITS, **EXTRA_UNITS}, database)
    moved = []
    for k in range(1, shards + 1):
        path = os.path.join(work, 'probe.json')
        run(['-p', database, f'--shard={k}/{shards}', '--facts-only', f'--export-facts={path}'],
            work)
        moved += [u for u in facts_units(path) if u in seen and seen[u] != [k]]
    check(not moved, f'adding units moves none of the others to another shard ({moved})')


def one_line_error(done, what, needle):
    lines = done.stderr.strip().splitlines()
    check(done.returncode == 2 and len(lines) == 1 and needle in done.stderr,
          f'{what}: exit 2 with one line naming {needle!r} (got {done.returncode}: '
          f'{done.stderr.strip()!r})')


def bad_inputs(work):
    source = os.path.join(work, 'one.cu')
    with open(source, 'w') as f:
        f.write(UNITS['app/clean.cu'])
    for value in ('0/3', '4/3', '3', 'a/3', '1/0', '', '2/3/4', '-1/3'):
        one_line_error(run([f'--shard={value}', source], work), f'--shard={value}', '--shard')
    text = os.path.join(work, 'notes.txt')
    with open(text, 'w') as f:
        f.write('not a report\n')
    report = os.path.join(work, 'one.sarif')
    run(['--format=sarif', '-o', report, source], work)
    facts = os.path.join(work, 'one-facts.json')
    run(['--facts-only', f'--export-facts={facts}', source], work)
    other = os.path.join(work, 'other.sarif')
    with open(report) as f:
        log = json.load(f)
    log['runs'][0]['tool']['driver']['name'] = 'clang-tidy'
    with open(other, 'w') as f:
        json.dump(log, f)
    out = os.path.join(work, 'out.sarif')
    one_line_error(run(['merge', '-o', out, report, text], work), 'merge of a text file',
                   'notes.txt')
    one_line_error(run(['merge', '-o', out, report, other], work), 'merge of another tool\'s SARIF',
                   'clang-tidy')
    one_line_error(run(['merge', '-o', out, report, facts], work), 'merge of SARIF and facts',
                   'one-facts.json')
    one_line_error(run(['merge', '-o', out, report, os.path.join(work, 'gone.sarif')], work),
                   'merge of a missing file', 'gone.sarif')
    one_line_error(run(['merge', '-o', out], work), 'merge of nothing', 'no input')
    one_line_error(run(['merge', '--bogus', report], work), 'merge --bogus', '--bogus')
    check(not os.path.exists(out), 'a failed merge writes nothing')
    one_line_error(run([f'--facts={os.path.join(work, "gone.json")}', source], work),
                   '--facts of a missing file', 'gone.json')
    one_line_error(run([f'--facts={report}', source], work), '--facts of a SARIF report',
                   'one.sarif')
    one_line_error(run(['--facts-only', source], work), '--facts-only without --export-facts',
                   '--export-facts')
    done = run(['merge', '-o', out, report, report], work)
    check(done.returncode == 0 and results(open(out).read()) == results(open(report).read()),
          'a report merged with itself keeps each result once')


def sample_database(full_database, out_dir):
    """The units of the samples' database that use grid-wide cooperation, and the smallest of the
    other cooperative-groups units, up to SAMPLE_UNITS; every unit with COOPCHECK_SHARD_MERGE_FULL."""
    with open(full_database) as f:
        entries = json.load(f)
    if os.environ.get('COOPCHECK_SHARD_MERGE_FULL'):
        return os.path.dirname(full_database), len(entries)

    def source(entry):
        with open(entry['file'], errors='replace') as f:
            return f.read()
    grid = [e for e in entries if any(w in source(e) for w in
                                      ('this_grid', 'grid.sync', 'LaunchCooperativeKernel'))]
    others = sorted((e for e in entries if e not in grid and 'cooperative_groups' in source(e)),
                    key=lambda e: (len(source(e)), e['file']))
    chosen = (grid + others)[:SAMPLE_UNITS]
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, 'compile_commands.json'), 'w') as f:
        json.dump(chosen, f, indent=1)
    return out_dir, len(chosen)


def cuda_samples(work):
    realworld = load_tool('realworld')
    nvcc = realworld.nvcc_path()
    if not nvcc:
        return 'nvcc not found; the cuda-samples comparison is skipped (set COOPCHECK_NVCC)'
    corpus = os.path.realpath(os.path.join(SHARED, 'realworld'))
    if not os.path.isdir(os.path.join(corpus, 'cuda-samples')):
        return f'no cuda-samples in {corpus}; the comparison is skipped'
    owned = os.path.join(BUILD, 'shard_merge')
    started = time.monotonic()
    database_dir, _ = realworld.cuda_samples_database(corpus, owned, nvcc)
    print(f'cuda-samples configured in {time.monotonic() - started:.1f} s')
    database, units = sample_database(os.path.join(database_dir, 'compile_commands.json'),
                                      os.path.join(owned, 'sample-database'))
    jobs = ['--jobs=2']
    checkout = os.path.join(corpus, 'cuda-samples')  # CI runs from the project's checkout
    started = time.monotonic()
    one = single(database, work, jobs, cwd=checkout)
    print(f'single run over {units} units: {time.monotonic() - started:.1f} s')
    started = time.monotonic()
    merged, shard_units = sharded(database, 3, work, jobs, cwd=checkout)
    print(f'3 shards ({[len(u) for u in shard_units]} units), facts and merges: '
          f'{time.monotonic() - started:.1f} s')
    check(sum(len(u) for u in shard_units) == units, 'the three shards hold every unit once')
    check(len(results(one)) > 0, f'the samples have findings to compare ({len(results(one))})')
    compare(merged, one, 'cuda-samples')
    return None


def main():
    with tempfile.TemporaryDirectory(prefix='coopcheck-shards-') as work:
        for part in ('hermetic', 'bad-inputs', 'cuda-samples'):
            os.makedirs(os.path.join(work, part))
        hermetic(os.path.join(work, 'hermetic'))
        bad_inputs(os.path.join(work, 'bad-inputs'))
        skipped = None if failures else cuda_samples(os.path.join(work, 'cuda-samples'))
    if failures:
        print(f'{len(failures)} check(s) failed')
        return 1
    if skipped:
        print(f'skipped: {skipped}')
        return 77
    return 0


if __name__ == '__main__':
    sys.exit(main())
