#!/usr/bin/env python3
"""Runs one annotated check test through one front door and compares every diagnostic.

A test is a source file test/checks/<rule-id>[.<variant>].<ext>, or a directory of sources analysed
together (cross-TU cases). Expectations use clang -verify syntax, on the line they refer to or
with a relative or absolute line:

    grid.sync();  // expected-error {{never arrive at grid.sync()}}
    // expected-note@-3 {{return from the kernel here}}
    // expected-note@kernel.cu:12 {{grid.sync() is called here}}
    grid.sync();  // expected-note 3 {{is called here}}     (three notes on this line)

The text in braces must occur in the message. Every finding and every note must be expected, and
every expectation must be met; a file with no expectation must produce no diagnostic. A line
`// coopcheck-args: --strict` gives coopcheck arguments (mapped to check options for clang-tidy:
--strict, --arch=PART); compiler arguments after `--` there reach both front doors. The CLI runs with --no-confirm: these
tests are about the static rules, and the plugin does not run the executor. Remarks
(findings at note level) print as `remark:` in clang-tidy and are expected as notes.

Usage: run_check_test.py --front-door cli|tidy --build BUILD_DIR TEST_PATH
"""
import argparse, collections, json, os, re, subprocess, sys, tempfile

EXPECT_RE = re.compile(
    r'expected-(error|warning|note)(?:@([\w./-]+:)?([+-]?\d+))?(?:\s+(\d+))?\s*\{\{(.*?)\}\}')
ARGS_RE = re.compile(r'coopcheck-args:\s*(.*)$')
TIDY_LINE_RE = re.compile(r'^(.*?):(\d+):(\d+): (error|warning|note|remark): (.*?)(?: \[([\w,.-]+)\])?$')
SOURCE_EXT = ('.cu', '.cuh', '.hip', '.cpp')
STRICT_OPTIONS = {'--strict': 'cg-early-exit-before-sync.Strict'}
VALUE_OPTIONS = {'--arch': 'cg-cooperative-launch.Arch'}  # --arch=PART
PARSE_OPTIONS = ('--platform', '--hip-wave32', '--cuda-path')  # they change the parse itself


def sources(path):
    if os.path.isdir(path):
        return sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(SOURCE_EXT))
    return [path]


def expectations(files):
    exp, args = [], []
    for f in files:
        with open(f, encoding='utf-8') as fh:
            for n, line in enumerate(fh, 1):
                m = ARGS_RE.search(line)
                if m:
                    args += m.group(1).split()
                for m in EXPECT_RE.finditer(line):
                    level, other, offset, count, text = m.groups()
                    target = os.path.basename(f)
                    if other:
                        target, where = other[:-1], int(offset)
                    elif offset is None:
                        where = n
                    elif offset[0] in '+-':
                        where = n + int(offset)
                    else:
                        where = int(offset)
                    exp += [(target, where, level, text)] * int(count or 1)
    return exp, args


def split_compiler_args(args):
    """coopcheck's own arguments, and the compiler arguments after `--`."""
    if '--' not in args:
        return args, []
    i = args.index('--')
    return args[:i], args[i:]


def run_cli(build, files, args):
    args, compiler = split_compiler_args(args)
    p = subprocess.run([os.path.join(build, 'bin', 'coopcheck'), '--format=json', '--no-confirm'] + args + files + compiler,
                       capture_output=True, text=True, timeout=600)
    if p.returncode not in (0, 1):
        sys.exit(f'coopcheck failed with exit {p.returncode}: {p.stderr.strip()}')
    got = []
    for f in json.loads(p.stdout)['findings']:
        got.append((os.path.basename(f['file']), f['line'], f['level'], f['message'], f['rule']))
        for note in f.get('notes', []):
            got.append((os.path.basename(note['file']), note['line'], 'note', note['message'], ''))
    return got


def run_tidy(build, files, args):
    args, compiler = split_compiler_args(args)
    coopcheck = os.path.join(build, 'bin', 'coopcheck')
    options = {STRICT_OPTIONS[a]: 'true' for a in args if a in STRICT_OPTIONS}
    options.update({VALUE_OPTIONS[name]: value for name, _, value in (a.partition('=') for a in args)
                    if name in VALUE_OPTIONS})
    with tempfile.TemporaryDirectory() as tmp:
        if len(files) > 1:  # the plugin learns about other units from coopcheck's facts
            facts = os.path.join(tmp, 'facts.json')
            exported = subprocess.run([coopcheck, '--export-facts=' + facts, '--format=json'] + files + compiler,
                                      capture_output=True, timeout=600)
            if exported.returncode not in (0, 1) or not os.path.isfile(facts):
                sys.exit('coopcheck could not export facts: ' + exported.stderr.decode()[-500:])
            options['cg-non-cooperative-launch.FactsFile'] = facts
        config = json.dumps({'CheckOptions': options})
        got = collections.Counter()
        for f in files:
            parse_args = [a for a in args if a.startswith(PARSE_OPTIONS)]
            parse = subprocess.run([coopcheck, '--print-parse-args'] + parse_args + [f] + compiler, capture_output=True,
                                   text=True, timeout=60, check=True).stdout.split()
            p = subprocess.run(['clang-tidy-22', '-load=' + os.path.join(build, 'lib', 'libcoopcheck-tidy.so'),
                                '--checks=-*,cg-*', '--config=' + config, '--quiet', f, '--'] + parse,
                               capture_output=True, text=True, timeout=600)
            if 'symbol lookup error' in p.stderr or 'error: unable to load plugin' in p.stderr:
                sys.exit('clang-tidy could not load the plugin: ' + p.stderr.strip())
            if p.returncode < 0 or p.returncode > 1:
                sys.exit(f'clang-tidy failed on {f} (exit {p.returncode}): {p.stderr.strip()[-500:]}')
            unit = collections.Counter()
            for line in p.stdout.splitlines():
                m = TIDY_LINE_RE.match(line)
                if m:
                    path, ln, _col, level, msg, rule = m.groups()
                    if rule and not rule.startswith('cg-'):
                        sys.exit('unexpected compiler diagnostic: ' + line)
                    level = 'note' if level == 'remark' else level
                    unit[(os.path.basename(path), int(ln), level, msg, rule or '')] += 1
            # A finding in a header is printed by every unit that includes it: count it once.
            got |= unit
        return list(got.elements())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--front-door', choices=['cli', 'tidy'], required=True)
    ap.add_argument('--build', required=True)
    ap.add_argument('test')
    a = ap.parse_args()
    files = sources(a.test)
    exp, args = expectations(files)
    got = (run_cli if a.front_door == 'cli' else run_tidy)(a.build, files, args)
    unmatched = list(got)
    missing = []
    for target, line, level, text in exp:
        hit = next((g for g in unmatched if g[0] == target and g[1] == line and g[2] == level
                    and text in g[3]), None)
        if hit:
            unmatched.remove(hit)
        else:
            missing.append(f'{target}:{line}: expected {level} {{{{{text}}}}} not seen')
    for g in unmatched:
        missing.append(f'{g[0]}:{g[1]}: unexpected {g[2]}: {g[3]}' + (f' [{g[4]}]' if g[4] else ''))
    for m in missing:
        print(m)
    print(f'{os.path.basename(a.test)} via {a.front_door}: {len(exp)} expected, {len(got)} reported, '
          f'{len(missing)} mismatches')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
