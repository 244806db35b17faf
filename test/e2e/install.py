#!/usr/bin/env python3
"""An installed coopcheck is whole and can be moved: `cmake --install` into a temporary prefix, the
prefix moved elsewhere, then every front door run from the moved copy on the public corpus with
the build and source trees out of reach (in a mount namespace where both are empty, when the test
may make one; always with an empty environment and a PATH of /usr/bin:/bin only):

- the CLI reports the same JSON findings and SARIF results as the build tree's CLI;
- clang-tidy-22 -load=PREFIX/lib/coopcheck/libcoopcheck-tidy.so, with the parse arguments of the
  installed --print-parse-args, and PREFIX/bin/coopcheck-clangd over LSP report what the CLI reports
  (test/checks/run_check_test.py drives both, as for the build tree);
- the installed pre-commit hook finds PREFIX/bin/coopcheck by its own location;
- no parse argument and no report names the build or the source tree;
- a link to the installed binary finds the prefix it links to, and a lone copy of the binary with
  no share/coopcheck beside it fails with an error that says where it looked.
"""
import json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = os.path.join(HERE, '..', 'checks')
sys.path.insert(0, CHECKS)
from run_check_test import FRONT_DOORS, as_note_level, expectations, note_level_findings, sources  # noqa: E402

CLEAN_PATH = '/usr/bin:/bin'


def run(command, **kw):
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **kw)


def corpus_files(corpus):
    """Every source of the corpus, analysed as one project (one server, one facts file)."""
    return [f for n in sorted(os.listdir(corpus)) for f in sources(os.path.join(corpus, n))]


def cli_reports(prefix, files, cwd):
    """The CLI's JSON findings and SARIF results on all files at once, executor included, run from
    cwd (SARIF's paths are relative to the working directory)."""
    coopcheck = os.path.join(prefix, 'bin', 'coopcheck')
    out = {}
    for form in ('json', 'sarif'):
        p = run([coopcheck, '--format=' + form] + files, cwd=cwd)
        if p.returncode not in (0, 1):
            sys.exit(f'{coopcheck} --format={form} failed ({p.returncode}): {p.stderr[-800:]}')
        out[form] = p.stdout
    return out


def comparable(reports):
    """What must be the same whichever copy of coopcheck wrote them."""
    sarif = json.loads(reports['sarif'])
    return {'json': json.loads(reports['json'])['findings'],
            'sarif': [run_['results'] for run_ in sarif['runs']]}


# --- inside: the installed copy alone --------------------------------------------------------

def sanitizer_wrappers(tmp):
    """clang-tidy-22 loads a plugin built with ASan only with the runtime preloaded (tools/test
    --sanitize puts such a wrapper first on PATH, in the build tree): the same wrapper here."""
    if 'ASAN_OPTIONS' not in os.environ:
        return
    runtime = run(['clang++-22', '-print-file-name=libclang_rt.asan-x86_64.so']).stdout.strip()
    wrappers = os.path.join(tmp, 'wrappers')
    os.makedirs(wrappers, exist_ok=True)
    with open(os.path.join(wrappers, 'clang-tidy-22'), 'w') as fh:
        fh.write(f'#!/bin/sh\nLD_PRELOAD={runtime} ASAN_OPTIONS=detect_leaks=0:exitcode=86 '
                 'exec /usr/bin/clang-tidy-22 "$@"\n')
    os.chmod(os.path.join(wrappers, 'clang-tidy-22'), 0o755)
    os.environ['PATH'] = wrappers + ':' + os.environ['PATH']


def front_doors(prefix, files):
    """The CLI (static rules), the plugin and coopcheck-clangd, as e2e.front_door_parity runs them
    on a case of several files."""
    _, args = expectations(files)
    found = {name: sorted(door(prefix, files, args)) for name, door in FRONT_DOORS.items()}
    found['clangd'] = sorted(as_note_level(found['clangd'], note_level_findings(found['cli'])))
    return found


def parse_arguments(prefix, files):
    p = run([os.path.join(prefix, 'bin', 'coopcheck'), '--print-parse-args'] + files)
    if p.returncode != 0:
        sys.exit(f'--print-parse-args failed: {p.stderr}')
    return p.stdout


def hook_and_links(prefix, tmp, one_file):
    """The hook, a link to the binary, and a lone copy of it."""
    out = {}
    hook = os.path.join(prefix, 'share', 'coopcheck', 'pre-commit', 'coopcheck-hook')
    h = run([hook, '--no-confirm', one_file])
    c = run([os.path.join(prefix, 'bin', 'coopcheck'), '--no-confirm', one_file])
    out['hook'] = [h.returncode, h.stdout, h.stderr, c.returncode, c.stdout]
    links = os.path.join(tmp, 'links')
    os.makedirs(os.path.join(links, 'bin'))  # as /usr/local/bin/coopcheck -> PREFIX/bin/coopcheck
    os.symlink(os.path.join(prefix, 'bin', 'coopcheck'), os.path.join(links, 'bin', 'coopcheck'))
    out['link_args'] = parse_arguments(links, [one_file])
    lone = os.path.join(tmp, 'lone', 'bin')
    os.makedirs(lone)
    shutil.copy2(os.path.join(prefix, 'bin', 'coopcheck'), lone)
    p = run([os.path.join(lone, 'coopcheck'), one_file])
    out['lone'] = [p.returncode, p.stderr]
    return out


def inside(prefix, corpus, tmp, result_file, hidden):
    # The working directory was inherited from outside: it may still lead into a hidden tree.
    os.chdir(tmp)
    sanitizer_wrappers(tmp)
    files = corpus_files(corpus)
    result = {'hidden': [d for d in hidden if os.path.isdir(d) and not os.listdir(d)],
              'environment': sorted(os.environ), 'seconds': {}}
    steps = {'parse_args': lambda: parse_arguments(prefix, files),
             'reports': lambda: cli_reports(prefix, files, tmp),
             'front_doors': lambda: front_doors(prefix, files),
             'hook_and_links': lambda: hook_and_links(prefix, tmp, files[0])}
    for name, step in steps.items():
        started = time.monotonic()
        result[name] = step()
        result['seconds'][name] = round(time.monotonic() - started, 1)
    result.update(result.pop('hook_and_links'))
    with open(result_file, 'w') as fh:
        json.dump(result, fh)


# --- outside: install, move, compare ---------------------------------------------------------

def install_and_move(build, tmp):
    staged = os.path.join(tmp, 'staged')
    p = run(['cmake', '--install', build, '--prefix', staged])
    if p.returncode != 0:
        sys.exit('cmake --install failed: ' + p.stdout[-500:] + p.stderr[-500:])
    prefix = os.path.join(tmp, 'moved', 'opt', 'coopcheck')
    os.makedirs(os.path.dirname(prefix))
    os.rename(staged, prefix)
    return prefix


def cache_value(build, name):
    try:
        with open(os.path.join(build, 'CMakeCache.txt')) as fh:
            return next((line.split('=', 1)[1].strip() for line in fh if line.startswith(name + ':')), '')
    except OSError:
        return ''


def baked_paths(prefix, build, forbidden):
    """Installed binaries of a Release build hold no source or build path. (Debug information and
    ASan's descriptions of globals name sources: other builds are not scanned.)"""
    if cache_value(build, 'CMAKE_BUILD_TYPE') != 'Release' or cache_value(build, 'COOPCHECK_SANITIZE') == 'ON':
        return []
    problems = []
    for binary in ('bin/coopcheck', 'bin/coopcheck-clangd', 'lib/coopcheck/libcoopcheck-tidy.so'):
        with open(os.path.join(prefix, binary), 'rb') as fh:
            data = fh.read()
        problems += [f'{binary} holds the path {d}' for d in forbidden if d.encode() in data]
    return problems


def layout_problems(prefix, forbidden):
    problems = []
    for path in ('bin/coopcheck', 'bin/coopcheck-clangd', 'lib/coopcheck/libcoopcheck-tidy.so',
                 'share/coopcheck/include/coopcheck_model/nvcc_compat.h',
                 'share/coopcheck/include/cooperative_groups.h',
                 'share/coopcheck/docs/checks/cg-deadlock.md', 'share/coopcheck/docs/README.md',
                 'share/coopcheck/pre-commit/coopcheck-hook'):
        if not os.path.isfile(os.path.join(prefix, path)):
            problems.append('not installed: ' + path)
    for binary in ('bin/coopcheck', 'bin/coopcheck-clangd', 'lib/coopcheck/libcoopcheck-tidy.so'):
        dynamic = run(['readelf', '-d', os.path.join(prefix, binary)]).stdout
        for line in dynamic.splitlines():
            if ('RUNPATH' in line or 'RPATH' in line) and any(d in line for d in forbidden):
                problems.append(f'{binary} searches the build tree: {line.strip()}')
    return problems


def enter_clean_world(root, build, tmp, prefix, corpus, result_file):
    """Runs `inside` with an empty environment and, where a mount namespace can be made, the
    source and build trees mounted over by empty ones. Returns the directories hidden."""
    tools = os.path.join(tmp, 'tools')
    os.makedirs(tools)
    for script in (os.path.abspath(__file__), os.path.join(CHECKS, 'run_check_test.py')):
        shutil.copy2(script, tools)
    home = os.path.join(tmp, 'home')
    os.makedirs(home)
    hidden = [root] + ([] if (build + os.sep).startswith(root + os.sep) else [build])
    env = ['env', '-i', 'PATH=' + CLEAN_PATH, 'HOME=' + home, 'TMPDIR=' + tmp, 'LANG=C.UTF-8',
           'XDG_CACHE_HOME=' + os.path.join(tmp, 'cache')]
    env += [f'{k}={os.environ[k]}' for k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS') if k in os.environ]
    command = env + ['python3', os.path.join(tools, 'install.py'), '--inside', prefix, corpus, tmp,
                     result_file] + hidden
    probe = os.path.join(tmp, 'probe')
    os.makedirs(probe)
    can_hide = os.geteuid() == 0 and shutil.which('unshare') and run(
        ['unshare', '--mount', '--propagation', 'private', 'mount', '-t', 'tmpfs', 'probe', probe]).returncode == 0
    if can_hide:
        mounts = ' && '.join(f'mount -t tmpfs coopcheck-hidden "${i + 1}"' for i in range(len(hidden)))
        command = ['unshare', '--mount', '--propagation', 'private', 'sh', '-c',
                   f'{mounts} && shift {len(hidden)} && exec "$@"', 'sh'] + hidden + command
    else:
        print('note: no mount namespace (needs root and unshare): the build tree stays on disk, '
              'out of PATH and the environment only')
    p = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp)
    if p.returncode != 0:
        sys.exit(f'the installed copy failed (exit {p.returncode}):\n{p.stdout[-2000:]}{p.stderr[-3000:]}')
    return hidden if can_hide else []


def compare(result, reference, reference_static, prefix, forbidden, hidden):
    problems = []
    if sorted(result['hidden']) != sorted(hidden):
        problems.append(f'hidden {result["hidden"]}, expected {hidden}')
    if result['environment'] not in (sorted(['PATH', 'HOME', 'TMPDIR', 'LANG', 'XDG_CACHE_HOME'] + extra)
                                     for extra in ([], ['ASAN_OPTIONS', 'UBSAN_OPTIONS'])):
        problems.append('unexpected environment: ' + ' '.join(result['environment']))
    model = os.path.join(prefix, 'share', 'coopcheck', 'include')
    outputs = {'parse arguments': result['parse_args'], 'JSON report': result['reports']['json'],
               'SARIF report': result['reports']['sarif'], 'link\'s parse arguments': result['link_args']}
    for what, text in outputs.items():
        for d in forbidden:
            if d in text:
                problems.append(f'the installed copy\'s {what} name {d}')
    if ('-isystem ' + model + ' ') not in result['parse_args']:
        problems.append('the parse arguments do not use ' + model)
    if model not in result['link_args']:
        problems.append('through a link, the parse arguments do not use ' + model)
    if comparable(result['reports']) != comparable(reference):
        problems.append('the installed CLI reports differently from the build tree\'s')
    if not reference_static:
        problems.append('the build tree\'s CLI finds nothing on the corpus: nothing to compare')
    for door, got in result['front_doors'].items():
        if sorted(map(tuple, got)) != reference_static:
            problems.append(f'installed {door}: {got} != the build tree CLI\'s {reference_static}')
    hook_code, hook_out, hook_err, cli_code, cli_out = result['hook']
    if (hook_code, hook_out) != (cli_code, cli_out):
        problems.append(f'the installed hook: exit {hook_code}, {hook_out!r} {hook_err!r}; '
                        f'the CLI: exit {cli_code}, {cli_out!r}')
    lone_code, lone_err = result['lone']
    if lone_code != 2 or 'no model headers at' not in lone_err or 'lone/share/coopcheck/include' not in lone_err:
        problems.append(f'a lone copy of the binary: exit {lone_code}, {lone_err!r}')
    return problems


def outside():
    root = os.path.realpath('.')  # CTest runs the e2e tests from the repository root
    build = os.path.realpath(os.environ.get('COOPCHECK_BUILD_DIR', 'build'))
    corpus_source = os.path.realpath(os.path.join(os.environ.get('COOPCHECK_SHARED_DIR', '../shared'), 'corpus'))
    if not os.path.isdir(corpus_source):
        print('skipped: no corpus at ' + corpus_source)
        return 77
    forbidden = [root, build]
    with tempfile.TemporaryDirectory(dir='/tmp') as tmp:
        tmp = os.path.realpath(tmp)
        prefix = install_and_move(build, tmp)
        problems = layout_problems(prefix, forbidden) + baked_paths(prefix, build, forbidden)
        corpus = os.path.join(tmp, 'corpus')
        shutil.copytree(corpus_source, corpus)
        files = corpus_files(corpus)
        reference = cli_reports(build, files, tmp)
        reference_static = sorted(FRONT_DOORS['cli'](build, files, expectations(files)[1]))
        result_file = os.path.join(tmp, 'installed.json')
        hidden = enter_clean_world(root, build, tmp, prefix, corpus, result_file)
        with open(result_file) as fh:
            result = json.load(fh)
        problems += compare(result, reference, reference_static, prefix, forbidden, hidden)
        findings = len(json.loads(reference['json'])['findings'])
    for p in problems:
        print('FAIL:', p)
    print('installed copy, seconds per step:', result['seconds'])
    print(f'{len(files)} corpus files, {findings} findings: the installed copy, moved, '
          f'{"with " + " and ".join(hidden) + " hidden" if hidden else "with the build tree on disk"}, '
          f'{"differs" if problems else "reports the same through every front door"}')
    return 1 if problems else 0


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inside':
        inside(*sys.argv[2:6], hidden=sys.argv[6:])
    else:
        sys.exit(outside())
