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
`// coopcheck-args: --strict` gives coopcheck arguments (mapped to check options for clang-tidy
and clangd: --strict, --arch=PART, --targets=LIST); compiler arguments after `--` there reach every front door.
The CLI runs with --no-confirm: these tests are about the static rules, and the plugin does not
run the executor. A test with a line `// coopcheck-executor` is about what the executor reports
(cg-deadlock): the CLI runs it with the executor, the other front doors skip it; a finding the
executor confirmed starts with '[confirmed: hang] ' (or its witness's kind) there, and an
expectation without that prefix is one the executor must leave unconfirmed. Remarks (findings at note level) print as `remark:` in clang-tidy and are
expected as notes.

A test with a line `// coopcheck-compile-errors` holds code the compiler rejects (a missing header,
an undeclared helper): every front door must still analyse it, and the compiler's own errors are
not compared (the CLI must report the unit as analysed in part).

coopcheck-clangd is driven over LSP like an editor: a compile database with the parse arguments
of --print-parse-args, the checks enabled by clangd configuration, one didOpen per file. It
publishes findings at note level as warnings (clangd has no standalone note); they are compared
as notes.

Usage: run_check_test.py --front-door cli|tidy|clangd --build BUILD_DIR TEST_PATH
"""
import argparse, collections, json, os, pathlib, queue, re, subprocess, sys, tempfile, threading
import urllib.parse

EXPECT_RE = re.compile(
    r'expected-(error|warning|note)(?:@([\w./-]+:)?([+-]?\d+))?(?:\s+(\d+))?\s*\{\{(.*?)\}\}')
ARGS_RE = re.compile(r'coopcheck-args:\s*(.*)$')
EXECUTOR_RE = re.compile(r'//\s*coopcheck-executor\b')
COMPILE_ERRORS_RE = re.compile(r'//\s*coopcheck-compile-errors\b')


def expects_compile_errors(files):
    """Whether the test holds code the compiler rejects in part, on purpose."""
    return any(COMPILE_ERRORS_RE.search(open(f, encoding='utf-8').read()) for f in files)
TIDY_LINE_RE = re.compile(r'^(.*?):(\d+):(\d+): (error|warning|note|remark): (.*?)(?: \[([\w,.-]+)\])?$')
SOURCE_EXT = ('.cu', '.cuh', '.hip', '.cpp')
PARSE_OPTIONS = ('--platform', '--hip-wave32', '--cuda-path')  # they change the parse itself
SKIP = 77  # CTest's SKIP_RETURN_CODE for the check tests


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


def run_cli(build, files, args, confirm=False):
    args, compiler = split_compiler_args(args)
    executor = [] if confirm else ['--no-confirm']
    p = subprocess.run([os.path.join(build, 'bin', 'coopcheck'), '--format=json'] + executor + args + files + compiler,
                       capture_output=True, text=True, timeout=600)
    if p.returncode not in (0, 1):
        sys.exit(f'coopcheck failed with exit {p.returncode}: {p.stderr.strip()}')
    report = json.loads(p.stdout)
    if expects_compile_errors(files) and not any(u['compileErrors'] for u in report['partial']):
        sys.exit('the test expects compile errors, but the unit compiled')
    got = []
    for f in report['findings']:
        if f.get('suppressed'):  # NOLINT: hidden like clang-tidy hides it
            continue
        got.append((os.path.basename(f['file']), f['line'], f['level'], confirmation(f) + f['message'], f['rule']))
        for note in f.get('notes', []):
            got.append((os.path.basename(note['file']), note['line'], 'note', note['message'], ''))
    return got


def is_confirmed(message):
    """An executor test expects a finding confirmed or not: the prefix is part of what it says."""
    return message.startswith('[confirmed: ')


def confirmation(finding):
    """'[confirmed: KIND] ' before a finding the executor replayed, so executor tests can expect it."""
    if finding.get('confirmed') is not True:
        return ''
    return '[confirmed: ' + (finding.get('witness') or {}).get('kind', '?') + '] '


def flag_options(build):
    """coopcheck's flags and the check options (key, type) each sets, as the rule table says."""
    listed = subprocess.run([coopcheck_path(build), '--list-checks', '--format=json'],
                            capture_output=True, text=True, check=True, timeout=60)
    by_flag = collections.defaultdict(list)
    for rule in json.loads(listed.stdout):
        for option in rule['options']:
            if option['flag']:
                by_flag[option['flag']].append((option['key'], option['type']))
    return by_flag


def check_options(build, files, args, compiler, tmp):
    """The clang-tidy check options that stand for coopcheck's arguments in the plugin and clangd.
    They see one unit at a time, so for several units coopcheck exports the facts of all of them."""
    by_flag = flag_options(build)
    options = {}
    for name, _, value in (a.partition('=') for a in args):
        for key, kind in by_flag.get(name, ()):
            options[key] = 'true' if kind == 'bool' else value
    if len(files) > 1:
        facts = os.path.join(tmp, 'facts.json')
        exported = subprocess.run([coopcheck_path(build), '--export-facts=' + facts, '--format=json'] + files + compiler,
                                  capture_output=True, timeout=600)
        if exported.returncode not in (0, 1) or not os.path.isfile(facts):
            sys.exit('coopcheck could not export facts: ' + exported.stderr.decode()[-500:])
        options['cg-non-cooperative-launch.FactsFile'] = facts
    return options


def parse_arguments(build, f, args, compiler):
    """The hermetic Clang arguments coopcheck parses f with (model headers, -x cuda, ...)."""
    parse_args = [a for a in args if a.startswith(PARSE_OPTIONS)]
    return subprocess.run([coopcheck_path(build), '--print-parse-args'] + parse_args + [f] + compiler,
                          capture_output=True, text=True, timeout=60, check=True).stdout.split()


def coopcheck_path(build):
    return os.path.join(build, 'bin', 'coopcheck')


def plugin_path(build):
    """The build tree's plugin is in lib/, an installed one in lib/coopcheck/ (cmake/Install.cmake)."""
    installed = os.path.join(build, 'lib', 'coopcheck', 'libcoopcheck-tidy.so')
    return installed if os.path.exists(installed) else os.path.join(build, 'lib', 'libcoopcheck-tidy.so')


def run_tidy(build, files, args, project_config=False):
    """With project_config, the checks and their options come from the .clang-tidy files above
    the sources alone, as clang-tidy reads them."""
    args, compiler = split_compiler_args(args)
    with tempfile.TemporaryDirectory() as tmp:
        config = json.dumps({'CheckOptions': check_options(build, files, args, compiler, tmp)})
        configuration = [] if project_config else ['--checks=-*,cg-*', '--config=' + config]
        got = collections.Counter()
        for f in files:
            p = subprocess.run(['clang-tidy-22', '-load=' + plugin_path(build)]
                               + configuration + ['--quiet', f, '--']
                               + parse_arguments(build, f, args, compiler),
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
                        if expects_compile_errors(files) and rule.startswith('clang-diagnostic-'):
                            continue
                        sys.exit('unexpected compiler diagnostic: ' + line)
                    level = 'note' if level == 'remark' else level
                    unit[(os.path.basename(path), int(ln), level, msg, rule or '')] += 1
            # A finding in a header is printed by every unit that includes it: count it once.
            got |= unit
        return list(got.elements())


# clangd appends the fixes it offers (NOLINT for every clang-tidy finding) to messages; it strips
# the [check] clang-tidy appends only when the check is that of the main diagnostic.
CLANGD_SUFFIX_RE = re.compile(r' (?:\((?:fix|fixes) available\)|\[cg-[\w-]+\])$')


class LspClient:
    """Just enough of a Language Server Protocol client to read a server's diagnostics. A timer
    kills the server at the deadline, which also ends a write or read that blocks, so a test
    cannot hang."""

    def __init__(self, command, env, timeout):
        self.log = tempfile.TemporaryFile()  # the server's stderr; a pipe nobody reads could fill
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, env=env)
        self.timer = threading.Timer(timeout, self.proc.kill)
        self.timer.start()
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            for line in iter(out.readline, b'\r\n'):  # headers up to an empty line
                if not line:  # the server is gone
                    self.messages.put(None)
                    return
                name, _, value = line.decode('ascii').partition(':')
                headers[name.strip().lower()] = value.strip()
            self.messages.put(json.loads(out.read(int(headers['content-length']))))

    def _write(self, message):
        body = json.dumps(dict(message, jsonrpc='2.0')).encode()
        try:
            self.proc.stdin.write(b'Content-Length: %d\r\n\r\n%s' % (len(body), body))
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.fail('the server stopped reading')

    def notify(self, method, params):
        self._write({'method': method, 'params': params})

    def request(self, method, params):
        self.next_id += 1
        i = self.next_id
        self._write({'id': i, 'method': method, 'params': params})
        return self.wait_for(lambda m: m.get('id') == i and 'method' not in m, f'answer to {method}')

    def wait_for(self, matches, what):
        while True:
            message = self.messages.get()  # None at the latest when the timer kills the server
            if message is None:
                self.fail(f'the server ended (status {self.proc.wait()}) before {what}'
                          + ('' if self.timer.is_alive() else ', killed at the time limit'))
            if 'id' in message and 'method' in message:  # a request from the server: decline it
                self._write({'id': message['id'], 'result': None})
            elif matches(message):
                return message

    def fail(self, why):
        self.close()
        self.log.seek(0)
        sys.exit(f'coopcheck-clangd: {why}; its log ends with:\n'
                 + self.log.read().decode(errors='replace')[-2000:])

    def close(self):
        self.timer.cancel()
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_clangd(build, files, args, project_config=False):
    """Opens each file in coopcheck-clangd over LSP, as an editor does, and reads the cg-* findings
    clangd publishes, with their notes (relatedInformation). With project_config, the checks and
    their options come from the .clang-tidy files above the sources (clangd reads them), the
    user configuration only lets clangd run checks it does not know as fast."""
    args, compiler = split_compiler_args(args)
    with tempfile.TemporaryDirectory() as tmp:
        # The compile database gives clangd the same hermetic parse as the other front doors; the
        # user configuration stands for a project's .clangd (README) plus the check options.
        database = [{'directory': os.path.dirname(os.path.abspath(f)), 'file': os.path.abspath(f),
                     'arguments': ['clang++'] + parse_arguments(build, f, args, compiler) + [os.path.abspath(f)]}
                    for f in files]
        with open(os.path.join(tmp, 'compile_commands.json'), 'w') as fh:
            json.dump(database, fh)
        # Error-level findings count towards clang's error limit in clangd (README).
        tidy = {'FastCheckFilter': 'None'}
        if not project_config:
            tidy.update({'Add': ['cg-*'], 'CheckOptions': check_options(build, files, args, compiler, tmp)})
        config = {'CompileFlags': {'Add': ['-ferror-limit=0']}, 'Diagnostics': {'ClangTidy': tidy}}
        os.makedirs(os.path.join(tmp, 'config', 'clangd'))
        with open(os.path.join(tmp, 'config', 'clangd', 'config.yaml'), 'w') as fh:
            json.dump(config, fh)  # JSON is YAML
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(tmp, 'config'))
        command = [os.path.join(build, 'bin', 'coopcheck-clangd'), '--compile-commands-dir=' + tmp,
                   '--background-index=false', '--log=error']
        got = collections.Counter()
        with LspClient(command, env, timeout=300) as lsp:
            lsp.request('initialize', {
                'processId': os.getpid(), 'rootUri': None,
                'capabilities': {'textDocument': {'publishDiagnostics': {'relatedInformation': True}}}})
            lsp.notify('initialized', {})
            for f in files:
                uri = pathlib.Path(os.path.abspath(f)).as_uri()
                with open(f, encoding='utf-8') as fh:
                    text = fh.read()
                lsp.notify('textDocument/didOpen', {'textDocument': {
                    'uri': uri, 'languageId': 'cuda', 'version': 1, 'text': text}})
                published = lsp.wait_for(lambda m: m.get('method') == 'textDocument/publishDiagnostics'
                                         and m['params']['uri'] == uri, f'diagnostics for {f}')
                got |= collections.Counter(lsp_findings(published['params']['diagnostics'], f,
                                                        expects_compile_errors(files)))
                lsp.notify('textDocument/didClose', {'textDocument': {'uri': uri}})
            lsp.request('shutdown', None)
            lsp.notify('exit', None)
            try:
                lsp.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                lsp.fail('it did not exit after shutdown')
        return list(got.elements())


def lsp_findings(diagnostics, main_file, compile_errors_expected=False):
    """LSP diagnostics as (file, line, level, message, rule) like the other front doors. Compiler
    errors are kept (without a rule) so that a parse that fails shows up as a mismatch."""
    def message(text):
        text = CLANGD_SUFFIX_RE.sub('', text)
        # clangd capitalizes the first letter; coopcheck's messages start in lower case.
        return text[:1].lower() + text[1:]

    def file_of(uri):
        return os.path.basename(urllib.parse.unquote(urllib.parse.urlparse(uri).path))

    found = []
    for d in diagnostics:
        rule = str(d.get('code', ''))
        compiler_error = d.get('source') == 'clang' and d.get('severity') == 1
        if compiler_error and compile_errors_expected:
            continue
        if not (d.get('source') == 'clang-tidy' and rule.startswith('cg-')) and not compiler_error:
            continue
        level = {1: 'error', 2: 'warning'}.get(d.get('severity'), 'note')
        found.append((os.path.basename(main_file), d['range']['start']['line'] + 1, level,
                      message(d['message']), rule if not compiler_error else ''))
        for note in d.get('relatedInformation') or []:
            found.append((file_of(note['location']['uri']), note['location']['range']['start']['line'] + 1,
                          'note', message(note['message']), ''))
    return found


FRONT_DOORS = {'cli': run_cli, 'tidy': run_tidy, 'clangd': run_clangd}


def note_level_findings(cli):
    """The CLI's findings at note level, as (file, line, message). clangd has no standalone note (it
    takes a remark for a note of the diagnostic before it: isNote in clangd's Diagnostics.cpp), so
    coopcheck-clangd publishes them as warnings."""
    return {(f, line, msg) for f, line, level, msg, rule in cli if level == 'note' and rule}


def as_note_level(findings, note_level):
    """clangd's warnings that are the CLI's note-level findings, back at note level."""
    return [(f, line, 'note', msg, rule) if level == 'warning' and (f, line, msg) in note_level
            else (f, line, level, msg, rule) for f, line, level, msg, rule in findings]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--front-door', choices=FRONT_DOORS, required=True)
    ap.add_argument('--build', required=True)
    ap.add_argument('test')
    a = ap.parse_args()
    files = sources(a.test)
    exp, args = expectations(files)
    if any(EXECUTOR_RE.search(open(f, encoding='utf-8').read()) for f in files):
        if a.front_door != 'cli':
            print(f'SKIP {os.path.basename(a.test)} via {a.front_door}: the executor runs in the CLI only')
            return SKIP
        got = run_cli(a.build, files, args, confirm=True)
    else:
        got = FRONT_DOORS[a.front_door](a.build, files, args)
    if a.front_door == 'clangd':
        got = as_note_level(got, note_level_findings(run_cli(a.build, files, args)))
    unmatched = list(got)
    missing = []
    for target, line, level, text in exp:
        hit = next((g for g in unmatched if g[0] == target and g[1] == line and g[2] == level
                    and text in g[3] and is_confirmed(g[3]) == is_confirmed(text)), None)
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
