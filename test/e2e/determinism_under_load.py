#!/usr/bin/env python3
"""Reports do not depend on how busy the machine is. The units whose findings the executor replays
(the executor's check tests, the public corpus, and a hang confirmed only after most of a replay's
budget: fixtures/determinism_under_load) give byte-identical JSON and SARIF, witnesses and
confirmations included, on an idle machine and on one loaded with busy processes (twice as many
as it has cores). The executor bounds its work by counts, never by time (Bounds in
runtime-model/executor/Replay.h); only --unit-time-limit, the safety net, is a time."""
import glob, json, multiprocessing, os, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get('COOPCHECK_BUILD_DIR', os.path.join(ROOT, 'build'))
SHARED = os.environ.get('COOPCHECK_SHARED_DIR', os.path.join(ROOT, '..', 'shared'))
COOPCHECK = os.path.join(BUILD, 'bin', 'coopcheck')
FIXTURES = os.path.join(ROOT, 'test', 'e2e', 'fixtures', 'determinism_under_load')
# The load ends by itself after this long, whatever happens to this script.
BUSY_SECONDS = 900


def units():
    checks = os.path.join(ROOT, 'test', 'checks')
    files = sorted(glob.glob(os.path.join(checks, 'cg-deadlock*.cu')) +
                   glob.glob(os.path.join(checks, '*.executor.*')))
    files += sorted(glob.glob(os.path.join(SHARED, 'corpus', '*.cu')))
    return files + sorted(glob.glob(os.path.join(FIXTURES, '*.cu')))


def reports(files):
    """Exit code, report and stderr of one run per format."""
    out = {}
    for fmt in ('json', 'sarif'):
        done = subprocess.run([COOPCHECK, f'--format={fmt}', '--no-cache', '--jobs=2'] + files,
                              capture_output=True, timeout=1800, cwd=ROOT)
        out[fmt] = (done.returncode, done.stdout, done.stderr)
    return out


def busy(deadline):
    while time.monotonic() < deadline:
        pass


def loaded_reports(files):
    deadline = time.monotonic() + BUSY_SECONDS
    load = [multiprocessing.Process(target=busy, args=(deadline,), daemon=True)
            for _ in range(2 * (os.cpu_count() or 2))]
    for p in load:
        p.start()
    try:
        return reports(files)
    finally:
        for p in load:
            p.terminate()


def first_difference(a, b):
    at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    return f'byte {at}: idle {a[at - 80:at + 80]!r} / loaded {b[at - 80:at + 80]!r}'


def main():
    if not os.path.isdir(os.path.join(SHARED, 'corpus')):
        print(f'skipped: no public corpus under {SHARED}')
        return 77
    files = units()
    start = time.monotonic()
    idle = reports(files)
    idle_seconds = time.monotonic() - start
    # The late hang must be confirmed idle: otherwise the comparison would prove nothing.
    confirmed = {f['file'] for f in json.loads(idle['json'][1])['findings'] if f.get('confirmed')}
    if os.path.join(FIXTURES, 'late_handshake.cu') not in confirmed:
        print(f'FAIL: the idle run did not confirm the late hang (confirmed: {sorted(confirmed)})')
        return 1
    start = time.monotonic()
    loaded = loaded_reports(files)
    print(f'{len(files)} units: idle {idle_seconds:.0f} s, loaded {time.monotonic() - start:.0f} s')
    failed = 0
    for fmt in idle:
        for what, x, y in zip(('exit code', 'report', 'stderr'), idle[fmt], loaded[fmt]):
            if x != y:
                failed += 1
                detail = f'{x} / {y}' if what == 'exit code' else first_difference(x, y)
                print(f'FAIL: {fmt} {what} differs under load: {detail}')
        if idle[fmt] == loaded[fmt]:
            print(f'ok: {fmt} byte-identical idle and loaded')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
