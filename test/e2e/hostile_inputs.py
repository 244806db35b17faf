#!/usr/bin/env python3
"""Hostile and pathological input (issue 14, item 4): each input is generated here and analysed
under a wall-clock bound. Every run must finish, without a signal, with the exit code documented
for that input, a one-line `coopcheck: error:` / `coopcheck: warning:` reason where the input is bad
or a bound was hit (and nothing on stderr otherwise), and a JSON report that parses, holding the
findings so far. The shapes carry collectives (block and tile syncs, __syncthreads, warp
shuffles, partitions) under conditions on threadIdx, so that uniformity, divergence, warp races,
lane sets and the executor (confirmation on unless a case says otherwise) all see them."""
import json, os, re, shutil, subprocess, sys, tempfile, time

BUILD = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
COOPCHECK = os.path.abspath(os.path.join(BUILD, 'bin', 'coopcheck'))
# Per input: generous for CI's loaded 2-core machine, far below the default per-unit bound.
WALL_BOUND = 90
# Peak resident memory per input: the largest take a few hundred MiB.
MEMORY_BOUND = 2 << 30
HEADER = '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n'


def kernel(body, params='int *a', prelude=''):
    return HEADER + prelude + f'__global__ void k({params}) {{\n{body}\n}}\n'


# --- the inputs -----------------------------------------------------------------------------

def nested_ifs(depth=2000):
    opening = ''.join(f'if (a[{j}] > i) {{\n' for j in range(depth))
    return kernel('  int i = threadIdx.x;\n' + opening + 'cg::this_thread_block().sync();\n' +
                  '}\n' * depth)


def nested_loops(depth=1000):
    opening = ''.join(f'for (int i{j} = 0; i{j} < n; ++i{j}) {{\n' for j in range(depth))
    inner = ('__syncthreads();\n'
             'if (threadIdx.x % 32 < 16) a[threadIdx.x] += __shfl_sync(0xffffffff, a[0], 0);\n')
    return kernel(opening + inner + '}\n' * depth, params='int *a, int n')


def big_switch(cases=10000):
    arms = ''.join(f'  case {c}: a[threadIdx.x] += {c};{" __syncthreads();" if c % 1000 == 7 else ""}'
                   ' break;\n' for c in range(cases))
    return kernel(f'  switch (threadIdx.x + s) {{\n{arms}  }}\n  __syncthreads();',
                  params='int *a, int s')


def issue_switch(cases=70):
    """Issue 14: a SIGSEGV in warpRaces (cg-missing-syncwarp), also with --no-confirm."""
    arms = ''.join(f'  case {c}: a[threadIdx.x] += {c}; break;\n' for c in range(cases))
    return kernel(f'  switch (s) {{\n{arms}  }}\n  __syncthreads();', params='int *a, int s')


def issue_if_else_chain(count=600):
    """Issue 14: took 23 s."""
    chain = ''.join(f'  if (a[i] & 1) x = x + {j}; else x = x ^ {j};\n' for j in range(count))
    return kernel('  int i = threadIdx.x;\n' + chain + '  if (x > 5) __syncthreads();',
                  params='int *a, int x')


def long_kernel(lines=50000):
    """A generated kernel of 50,000 lines: lanes exchange through shared memory, ordered by
    __syncwarp() each time but the last, so that every exchange is examined."""
    body = ['  __shared__ int s[256];', '  int i = threadIdx.x, x = 0, y = 0;']
    groups = lines // 6
    for j in range(groups):
        body += [f'  x += a[(i + {j}) & 255];', f'  if (x & {j % 7 + 1}) y ^= x;', '  s[i] = y;',
                 '  __syncwarp();' if j + 1 < groups else '  x ^= y;',
                 '  y += s[(i + 1) & 31];', '  __syncthreads();' if j % 50 == 0 else '  __syncwarp();']
    return kernel('\n'.join(body) + '\n  a[i] = x + y;')


def parentheses(depth):
    return kernel('  int x = ' + '(' * depth + 'a[threadIdx.x]' + ')' * depth + ';\n'
                  '  if (x > 1) __syncthreads();')


def deep_expressions():
    terms = ' + '.join(f'a[{j}]' for j in range(20000))
    ternary = ''.join(f'a[{j}] > i ? {j} : ' for j in range(2000))
    calls = 'f(' * 2000 + 'i' + ')' * 2000
    unary = '-~' * 2500 + 'a[i]'
    return kernel(f'  int i = threadIdx.x;\n  int s = {terms};\n  int t = {ternary}0;\n'
                  f'  int c = {calls};\n  int u = {unary};\n'
                  '  if (s > i) __syncthreads();\n  if (t) cg::this_thread_block().sync();\n'
                  '  if (c > 3) __syncthreads();\n  if (u) __syncthreads();',
                  prelude='__device__ int f(int v) { return v + 1; }\n')


def template_recursion(depth=900):
    """Recursion through templates: a chain of 900 instantiations, and calls fanning out two at
    every level of 30 (2^30 paths to each barrier)."""
    return HEADER + (
        'template <int N> __device__ int chain(int *a) {\n'
        '  if (a[N] > threadIdx.x) __syncthreads();\n  return chain<N - 1>(a) + 1;\n}\n'
        'template <> __device__ int chain<0>(int *a) { __syncthreads(); return 0; }\n'
        'template <int N> __device__ void fan(int *a) {\n'
        '  cg::thread_block b = cg::this_thread_block();\n'
        '  fan<N - 1>(a); b.sync(); fan<N - 1>(a);\n}\n'
        'template <> __device__ void fan<0>(int *a) { __syncthreads(); }\n'
        f'__global__ void k(int *a) {{\n  a[0] = chain<{depth}>(a);\n'
        '  if (threadIdx.x < 32) fan<30>(a);\n}\n')


def pointer_recursion(functions=200):
    """Recursion through function pointers, direct self-recursion and a call chain of 1000."""
    declarations = ''.join(f'__device__ int f{j}(int *a, int n);\n' for j in range(functions))
    ring = ''.join(
        f'__device__ int f{j}(int *a, int n) {{ if (n > threadIdx.x) __syncthreads(); '
        f'return g(f{(j + 1) % functions}, a, n - 1); }}\n' for j in range(functions))
    chain = ''.join(f'__device__ void c{j}(int *a) {{ __syncthreads(); c{j - 1}(a); }}\n'
                    for j in range(1, 1000))
    return HEADER + (
        '__device__ int g(int (*p)(int *, int), int *a, int n) { return n ? p(a, n) : 0; }\n' +
        declarations + ring +
        '__device__ int self(int *a, int n) {\n'
        '  if (n <= 0) return 0;\n  __syncthreads();\n  return self(a, n - 1) + 1;\n}\n'
        '__device__ void c0(int *a) { __syncthreads(); }\n' + chain +
        '__global__ void k(int *a) {\n  a[0] = g(f0, a, a[1]) + self(a, threadIdx.x);\n'
        '  if (threadIdx.x < 7) c999(a);\n}\n')


def many_collectives(count=1000):
    shapes = [
        '  block.sync();',
        '  __syncthreads();',
        '  v += __shfl_sync(0xffffffff, v, {lane});',
        '  v += cg::tiled_partition<16>(block).shfl(v, 1);',
        '  if (threadIdx.x < {limit}) v += __shfl_sync(0xffffffff, v, 0);',
        '  s[threadIdx.x] = v; v += s[threadIdx.x ^ 1];',
    ]
    body = [shapes[j % len(shapes)].format(lane=j % 32, limit=j % 64 + 1) for j in range(count)]
    return kernel('  __shared__ int s[256];\n  cg::thread_block block = cg::this_thread_block();\n'
                  '  int v = a[threadIdx.x];\n' + '\n'.join(body) + '\n  a[threadIdx.x] = v;')


CLEAN_HIP = ('#include <hip/hip_runtime.h>\n'
             '__global__ void k(int *a) { a[threadIdx.x] = 1; __syncthreads(); }\n')
SPLIT_HIP = ('#include <hip/hip_runtime.h>\n'
             '__global__ void k(int *a) { if (threadIdx.x < SPLIT) __syncthreads(); }\n')


def hip_entry(directory, source, *flags):
    return {'directory': directory, 'file': os.path.join(directory, source),
            'arguments': ['hipcc', *flags, '-c', source, '-o', source + '.o']}


# --- the cases ------------------------------------------------------------------------------

class Case:
    """One input: files (name: text or bytes) written into a fresh directory, the arguments
    (run there), the exit codes it may give, the rules its findings must include, and the reason
    it must give on stderr: a regular expression each of reason_lines lines matches (None: stderr
    stays empty). A usage error writes no report."""

    def __init__(self, name, files, args, exits, rules=(), reason=None, reason_lines=1,
                 setup=None, fmt='json', report=True):
        self.name, self.files, self.args, self.exits = name, files, args, exits
        self.rules, self.reason, self.reason_lines = set(rules), reason, reason_lines
        self.setup, self.fmt, self.report = setup, fmt, report


def database_of_10000(root):
    """10,000 entries: 9,990 whose files were deleted since the database was written, 9 clean
    units, and one unit including a header whose helper splits a block at a barrier."""
    units = os.path.join(root, 'units')
    os.makedirs(units)
    entries = [hip_entry(units, f'gone{j}.hip') for j in range(9990)]
    for j in range(9):
        with open(os.path.join(units, f'u{j}.hip'), 'w') as f:
            f.write(CLEAN_HIP)
        entries.append(hip_entry(units, f'u{j}.hip'))
    with open(os.path.join(units, 'last.hip'), 'w') as f:
        f.write('#include "split.h"\n__global__ void k(int *a) { split(a); }\n')
    with open(os.path.join(units, 'split.h'), 'w') as f:
        f.write('#include <hip/hip_runtime.h>\n'
                '__device__ inline void split(int *a) { if (threadIdx.x < 16) __syncthreads(); }\n')
    entries.append(hip_entry(units, 'last.hip'))
    with open(os.path.join(root, 'compile_commands.json'), 'w') as f:
        json.dump(entries, f)


def options_file_loop(root):
    """A database whose options files include each other (nvcc's --options-file, -optf, @)."""
    with open(os.path.join(root, 'k.hip'), 'w') as f:
        f.write(SPLIT_HIP)
    with open(os.path.join(root, 'a.opts'), 'w') as f:
        f.write('-DSPLIT=16 --options-file b.opts -optf a.opts\n')
    with open(os.path.join(root, 'b.opts'), 'w') as f:
        f.write('@a.opts --options-file=b.opts\n')
    with open(os.path.join(root, 'compile_commands.json'), 'w') as f:
        json.dump([hip_entry(root, 'k.hip', '--options-file', 'a.opts')], f)


NON_UTF8_NAME = b'k\xff\xfe\xe9.cu'
# Latin-1 and stray bytes in a comment, a string and the condition a finding quotes.
NON_UTF8_SOURCE = (HEADER.encode() + b'// caf\xe9 \xff\xfe\n__global__ void k(int *a) {\n'
                   b'  const char *s = "\xe9\xff";\n'
                   b'  if (threadIdx.x < sizeof("\xe9\xff\xfe")) __syncthreads();\n  a[0] = s[0];\n}\n')

BINARY = bytes(range(256)) * 64

CASES = [
    Case('2,000 nested ifs', {'k.cu': nested_ifs()}, ['k.cu'], {1}, ['cg-divergent-collective']),
    Case('1,000 nested loops', {'k.cu': nested_loops()}, ['k.cu'], {1}, ['cg-warp-mask']),
    Case('10,000-case switch', {'k.cu': big_switch()}, ['k.cu'], {1}, ['cg-divergent-collective']),
    Case('issue: 70-case switch before __syncthreads', {'k.cu': issue_switch()}, ['k.cu'], {0}),
    Case('issue: 70-case switch, --no-confirm', {'k.cu': issue_switch()},
         ['--no-confirm', 'k.cu'], {0}),
    Case('issue: 600 if/else before a divergent barrier', {'k.cu': issue_if_else_chain()},
         ['k.cu'], {1}, ['cg-divergent-collective']),
    Case('50,000-line kernel', {'k.cu': long_kernel()}, ['k.cu'], {1},
         ['cg-missing-syncwarp']),
    Case('expressions nested thousands deep', {'k.cu': deep_expressions()}, ['k.cu'], {1},
         ['cg-divergent-collective']),
    Case('2,000 nested parentheses', {'k.cu': parentheses(2000)}, ['k.cu'], {1},
         ['cg-divergent-collective']),
    # Past Clang's bracket depth nothing of the unit is parsed: one line says why. Before each
    # unit ran on a large stack under crash recovery, this input killed the process.
    Case('issue: 3,000 nested parentheses', {'k.cu': parentheses(3000)}, ['k.cu'], {2},
         reason=r'k\.cu: \d+:\d+: bracket nesting level exceeded'),
    Case('recursion through templates', {'k.cu': template_recursion()}, ['k.cu'], {1},
         ['cg-divergent-collective']),
    Case('recursion through function pointers', {'k.cu': pointer_recursion()}, ['k.cu'], {1},
         ['cg-divergent-collective']),
    Case('1,000 collectives in one kernel', {'k.cu': many_collectives()}, ['k.cu'], {1},
         ['cg-warp-mask']),
    Case('binary file renamed .cu', {'k.cu': BINARY}, ['k.cu'], {2},
         reason=r'k\.cu: is a binary file'),
    # clang reads a stray NUL in a comment with a warning: source, not a binary.
    Case('a NUL byte in a comment', {'k.cu': b'// stray \0 byte\n__global__ void k(int *p) {\n'
                                     b'  if (threadIdx.x < 3) __syncthreads();\n}\n'},
         ['k.cu'], {1}, ['cg-divergent-collective']),
    Case('compile database of 10,000 entries: one header', {}, ['-p', '.', 'units/split.h'], {1},
         ['cg-divergent-collective'], setup=database_of_10000),
    Case('compile database of 10,000 entries, 9,990 files gone', {}, ['-p', '.'], {2},
         ['cg-divergent-collective'], reason=r'^coopcheck: error: .*/gone\d+\.hip: no such file$',
         reason_lines=9990, setup=database_of_10000),
    Case('--options-file loop in a compile database', {}, ['-p', '.'], {1},
         ['cg-divergent-collective'], setup=options_file_loop),
    Case('response file that names itself', {'self.rsp': '@self.rsp --no-confirm\n',
                                              'k.cu': issue_switch()},
         ['@self.rsp', 'k.cu'], {2}, reason=r'recursive', report=False),
    Case('non-UTF-8 path and contents (JSON)', {NON_UTF8_NAME: NON_UTF8_SOURCE}, [NON_UTF8_NAME],
         {1}, ['cg-divergent-collective']),
    Case('non-UTF-8 path and contents (SARIF)', {NON_UTF8_NAME: NON_UTF8_SOURCE},
         [NON_UTF8_NAME], {1}, ['cg-divergent-collective'], fmt='sarif'),
    # The per-unit bound: the unit is reported as analysed in part, with the findings of the
    # checks that finished.
    Case('50,000-line kernel under a 1 s unit bound', {'k.cu': long_kernel()},
         ['--unit-time-limit=1', 'k.cu'], {0, 1},
         reason=r'k\.cu: analysis stopped at --unit-time-limit=1 \(the safety net'),
]


# --- running them ---------------------------------------------------------------------------

def write(root, files):
    for name, content in files.items():
        path = os.path.join(os.fsencode(root), os.fsencode(name))
        with open(path, 'wb') as f:
            f.write(content if isinstance(content, bytes) else content.encode())


def reported_rules(case, stdout):
    """The rules of the findings in the report (JSON or SARIF); raises when it does not parse."""
    report = json.loads(stdout)
    if case.fmt == 'sarif':
        return {r['ruleId'] for r in report['runs'][0]['results']}, None
    partial = [p for p in report['partial'] if p.get('incomplete')]
    return {f['rule'] for f in report['findings']}, partial


def problems(case, done):
    """What is wrong with one run, or nothing."""
    if done is None:
        return [f'did not finish within {WALL_BOUND} s']
    if done.returncode < 0:
        return [f'killed by signal {-done.returncode}']
    if done.peak_memory > MEMORY_BOUND:
        return [f'took {done.peak_memory >> 20} MiB of memory']
    found = []
    if done.returncode not in case.exits:
        found.append(f'exit {done.returncode}, wanted {sorted(case.exits)}')
    lines = done.stderr.decode(errors='replace').splitlines()
    if case.reason is None and lines:
        found.append(f'stderr not empty: {lines[:3]}')
    if case.reason is not None and (
            len(lines) != case.reason_lines or
            not all(re.search(case.reason, l) and re.match(r'coopcheck: (error|warning): ', l)
                    for l in lines)):
        found.append(f'stderr ({len(lines)} lines: {lines[:2]}) is not {case.reason_lines} '
                     f'line(s) matching /{case.reason}/')
    if not case.report:
        return found + ([f'a report on a usage error: {done.stdout[:200]!r}'] if done.stdout else [])
    try:
        rules, incomplete = reported_rules(case, done.stdout)
    except (ValueError, KeyError, IndexError) as e:
        return found + [f'the report does not parse ({e!r}): {done.stdout[:300]!r}']
    missing = case.rules - rules
    if missing:
        found.append(f'no finding of {sorted(missing)}')
    if incomplete is not None and bool(incomplete) != ('unit-time-limit' in (case.reason or '')):
        found.append(f'the report marks {len(incomplete)} unit(s) incomplete')
    return found


class Outcome:
    def __init__(self, returncode, stdout, stderr, peak_memory):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.peak_memory = peak_memory


def run_bounded(command, cwd):
    """Runs the command with output to files, waiting for it with wait4 for its peak memory;
    None when it does not finish within WALL_BOUND (it is killed)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err)
        deadline = time.monotonic() + WALL_BOUND
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                child.returncode = -9
                return None
            time.sleep(0.02)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Outcome(child.returncode, out.read(), err.read(), usage.ru_maxrss * 1024)


def run(case, root):
    write(root, case.files)
    if case.setup:
        case.setup(root)
    command = [COOPCHECK, f'--format={case.fmt}'] + [os.fsencode(a) for a in case.args]
    start = time.monotonic()
    done = run_bounded(command, root)
    return done, time.monotonic() - start


def main():
    if not os.access(COOPCHECK, os.X_OK):
        print(f'skipped: no {COOPCHECK}')
        return 77
    only = sys.argv[1] if len(sys.argv) > 1 else ''
    failures = 0
    for case in CASES:
        if only not in case.name:
            continue
        root = tempfile.mkdtemp(prefix='coopcheck-hostile-')
        try:
            done, seconds = run(case, root)
            found = problems(case, done)
        finally:
            shutil.rmtree(root, ignore_errors=True)
        exit_code = done.returncode if done else 'none'
        memory = f', {done.peak_memory >> 20} MiB' if done else ''
        if found:
            failures += 1
            print(f'FAIL: {case.name} ({seconds:.1f} s{memory}, exit {exit_code}): ' + '; '.join(found))
        else:
            print(f'ok: {case.name} ({seconds:.1f} s{memory}, exit {exit_code})')
    if failures:
        print(f'{failures} input(s) failed')
        return 1
    print('all inputs handled')
    return 0


if __name__ == '__main__':
    sys.exit(main())
