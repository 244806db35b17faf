#!/usr/bin/env python3
"""Every front door on the compile database CMake writes with the installed nvcc
(test/cmake-cuda-project): the CLI with -p, run-clang-tidy-22 with the plugin on -p build, and
coopcheck-clangd driven over LSP with --compile-commands-dir=build report the same cg- findings
(clangd's links to the rules point to coopcheck's pages),
and neither clang-tidy nor clangd reports a compiler diagnostic (nvcc's options, CUDA 13's
include/cccl). The facts of the whole program come from the CLI's --export-facts, as the README
tells clang-tidy and clangd users. Also: coopcheck --export-compile-commands writes a database
that clang-tidy-22 without the plugin and clang++-22 parse without an error."""
import json, os, pathlib, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'checks'))
from run_check_test import TIDY_LINE_RE, LspClient, as_note_level, lsp_findings  # noqa: E402

SKIP = 77
build = os.path.abspath(os.environ.get('COOPCHECK_BUILD_DIR', 'build'))
coopcheck = os.path.join(build, 'bin', 'coopcheck')
project = os.path.abspath('test/cmake-cuda-project')


def skip(reason):
    print('skipped:', reason)
    sys.exit(SKIP)


def run(command, **kw):
    return subprocess.run(command, capture_output=True, text=True, timeout=600, **kw)


def configure(tmp):
    nvcc = os.environ.get('CUDACXX') or shutil.which('nvcc') or '/usr/local/cuda/bin/nvcc'
    if not os.access(nvcc, os.X_OK):
        skip('no nvcc, so no real CUDA compile database')
    for tool in ('cmake', 'run-clang-tidy-22', 'clang-tidy-22'):
        if not shutil.which(tool):
            skip(f'no {tool}')
    out = os.path.join(tmp, 'build')
    p = run(['cmake', '-S', project, '-B', out, '-DCMAKE_CUDA_COMPILER=' + nvcc,
             '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'])
    if p.returncode:
        skip(f'the project does not configure with {nvcc}: {p.stdout[-300:]}{p.stderr[-300:]}')
    return out


def cli_findings(database, facts):
    p = run([coopcheck, '-p', database, '--format=json', '--no-confirm', '--export-facts=' + facts])
    if p.returncode not in (0, 1):
        sys.exit(f'coopcheck -p failed ({p.returncode}): {p.stderr}')
    found = set()
    for f in json.loads(p.stdout)['findings']:
        found.add((os.path.basename(f['file']), f['line'], f['level'], f['message'], f['rule']))
        found |= {(os.path.basename(n['file']), n['line'], 'note', n['message'], '') for n in f['notes']}
    return found


def tidy_findings(database, facts):
    # On top of the project's .clang-tidy, as a user adds an option for one run.
    config = json.dumps({'InheritParentConfig': True,
                         'CheckOptions': {'cg-non-cooperative-launch.FactsFile': facts}})
    p = run(['run-clang-tidy-22', '-clang-tidy-binary', shutil.which('clang-tidy-22'), '-quiet',
             '-load=' + os.path.join(build, 'lib', 'libcoopcheck-tidy.so'), '-p', database,
             '-config=' + config])
    found = set()
    for line in p.stdout.splitlines():
        m = TIDY_LINE_RE.match(line)
        if not m:
            continue
        path, ln, _col, level, msg, rule = m.groups()
        if not (rule or '').startswith('cg-') and level != 'note':
            sys.exit('clang-tidy reported a compiler diagnostic on the nvcc database: ' + line)
        found.add((os.path.basename(path), int(ln), 'note' if level == 'remark' else level, msg, rule or ''))
    return found


def clangd_findings(database, facts, tmp, sources):
    config_dir = os.path.join(tmp, 'config', 'clangd')
    os.makedirs(config_dir)
    with open(os.path.join(config_dir, 'config.yaml'), 'w') as f:
        json.dump({'Diagnostics': {'ClangTidy': {
            'FastCheckFilter': 'None',
            'CheckOptions': {'cg-non-cooperative-launch.FactsFile': facts}}}}, f)
    # A project's own base for the rule pages: every link clangd makes goes there.
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(tmp, 'config'),
               COOPCHECK_DOCS_URL='https://docs.example/coopcheck')
    command = [os.path.join(build, 'bin', 'coopcheck-clangd'), '--compile-commands-dir=' + database,
               '--background-index=false', '--log=error']
    found = set()
    with LspClient(command, env, timeout=300) as lsp:
        lsp.request('initialize', {
            'processId': os.getpid(), 'rootUri': pathlib.Path(project).as_uri(),
            'capabilities': {'textDocument': {'publishDiagnostics': {
                'relatedInformation': True, 'codeDescriptionSupport': True}}}})
        lsp.notify('initialized', {})
        for source in sources:
            uri = pathlib.Path(source).as_uri()
            lsp.notify('textDocument/didOpen', {'textDocument': {
                'uri': uri, 'languageId': 'cuda', 'version': 1, 'text': open(source).read()}})
            published = lsp.wait_for(lambda m: m.get('method') == 'textDocument/publishDiagnostics'
                                     and m['params']['uri'] == uri, 'diagnostics of ' + source)
            for d in published['params']['diagnostics']:
                rule = str(d.get('code', ''))
                link = (d.get('codeDescription') or {}).get('href')
                if rule.startswith('cg-') and link != f'https://docs.example/coopcheck/docs/checks/{rule}.md':
                    sys.exit(f'coopcheck-clangd links {rule} to {link}')
            for d in lsp_findings(published['params']['diagnostics'], source):
                if d[2] == 'error' and not d[4]:
                    sys.exit(f'coopcheck-clangd reported a compiler error on the nvcc database: {d}')
                found.add(d)
        lsp.request('shutdown', None)
        lsp.notify('exit', None)
    return found


def check_exported_database(tmp, database):
    """--export-compile-commands: a database of Clang commands other tools can run."""
    exported = os.path.join(tmp, 'exported')
    p = run([coopcheck, '-p', database, '--export-compile-commands=' + exported])
    if p.returncode:
        sys.exit(f'--export-compile-commands failed ({p.returncode}): {p.stderr}')
    entries = json.load(open(os.path.join(exported, 'compile_commands.json')))
    assert len(entries) == len(json.load(open(os.path.join(database, 'compile_commands.json'))))
    for entry in entries:
        assert entry['arguments'][-1] == entry['file'], entry
        p = run([shutil.which('clang++-22') or 'clang++-22'] + entry['arguments'][1:] + ['-fsyntax-only'],
                cwd=entry['directory'])
        if p.returncode:
            sys.exit(f'clang++-22 fails on the exported command of {entry["file"]}: {p.stderr[-800:]}')
        p = run(['clang-tidy-22', '-p', exported, '--checks=-*,bugprone-sizeof-expression', entry['file']])
        if p.returncode or 'error:' in p.stdout:
            sys.exit(f'clang-tidy-22 fails on the exported database: {p.stdout[-800:]}{p.stderr[-400:]}')
    print(f'--export-compile-commands: {len(entries)} commands clang++-22 and clang-tidy-22 parse')


def main():
    with tempfile.TemporaryDirectory() as tmp:
        database = configure(tmp)
        facts = os.path.join(tmp, 'facts.json')
        sources = sorted(str(p) for p in pathlib.Path(project).rglob('*.cu'))
        cli = cli_findings(database, facts)
        tidy = tidy_findings(database, facts)
        clangd = clangd_findings(database, facts, tmp, sources)
        # clangd capitalizes the first letter of a message (lsp_findings lowers it again).
        cli, tidy = ({(f, line, level, msg[:1].lower() + msg[1:], rule) for f, line, level, msg, rule in s}
                     for s in (cli, tidy))
        notes = {(f, line, msg) for f, line, level, msg, rule in cli if level == 'note' and rule}
        clangd = set(as_note_level(clangd, notes))
        print(f'CLI: {len(cli)} findings; run-clang-tidy-22: {len(tidy)}; coopcheck-clangd: {len(clangd)}')
        for name, got in (('run-clang-tidy-22', tidy), ('coopcheck-clangd', clangd)):
            for d in sorted(cli - got):
                print(f'only the CLI, not {name}:', d)
            for d in sorted(got - cli):
                print(f'only {name}:', d)
        if not any(rule == 'cg-non-cooperative-launch' for *_, rule in cli):
            sys.exit('the CLI missed the cross-unit launch the project holds')
        if cli != tidy or cli != clangd:
            sys.exit(1)
        check_exported_database(tmp, database)
    print('ok: the same cg- findings through all three front doors')


if __name__ == '__main__':
    main()
