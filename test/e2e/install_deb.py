#!/usr/bin/env python3
"""The Debian package: `cpack -G DEB` from the build directory, then checks that

- it installs under /usr only, with the three front doors, the model headers and the docs;
- its Depends name the package of every shared library the binaries need (readelf, ldd, dpkg -S),
  Clang's resource directory and python3 (the hook), each once, and it recommends clang-tidy-22
  for the plugin; its Maintainer is an RFC 822 address that is no placeholder, with a Homepage;
- lintian finds no error in it (its warnings are printed; skipped without lintian);
- once installed with `dpkg -i`, /usr/bin/coopcheck (with an empty environment) reports on a
  corpus file what the build tree's coopcheck reports, and clang-tidy-22 loads its plugin;
- /usr/share/doc/coopcheck/copyright is in Debian's machine-readable format, `man coopcheck`
  documents every option of `coopcheck --help`, bash completes coopcheck's options through
  /usr/share/bash-completion/completions/coopcheck, and /usr/bin/coopcheck-hook runs /usr/bin/coopcheck.

`dpkg --purge` removes it again, also when a check fails. Needs root (CI's machine runs as root); a
machine where a coopcheck package is already installed is left alone (skipped).
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

SKIP = 77
PREFIX = '/usr'


def run(command, **kw):
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **kw)


def skip_reason():
    if os.geteuid() != 0:
        return 'dpkg -i needs root (CI runs this as root)'
    for tool in ('cpack', 'dpkg-deb', 'dpkg-shlibdeps'):
        if not shutil.which(tool):
            return f'no {tool} (tools/setup installs dpkg-dev)'
    status = run(['dpkg-query', '-W', '-f=${Status}', 'coopcheck']).stdout
    if 'installed' in status.split():
        return 'a coopcheck package is already installed here; this test would replace it'
    return None


def build_package(build, tmp):
    started = time.monotonic()
    p = run(['cpack', '-G', 'DEB', '--config', os.path.join(build, 'CPackConfig.cmake'), '-B', tmp])
    seconds = time.monotonic() - started
    debs = [os.path.join(tmp, n) for n in os.listdir(tmp) if n.endswith('.deb')]
    if p.returncode != 0 or len(debs) != 1:
        sys.exit('cpack -G DEB failed: ' + p.stdout[-1500:] + p.stderr[-1500:])
    print(f'cpack: {debs[0]} ({os.path.getsize(debs[0]) / 2**20:.1f} MiB) in {seconds:.0f} s')
    return debs[0]


def control_fields(deb):
    fields = run(['dpkg-deb', '-f', deb, 'Depends', 'Recommends', 'Maintainer', 'Homepage', 'Section']).stdout
    print(fields.strip())
    return dict(re.findall(r'^(\w+): (.*)$', fields, re.M))


def package_names(text):
    return [re.split(r'[ (:]', d.strip())[0] for d in text.split(',') if d.strip()]


def field_problems(fields):
    problems = []
    depends = package_names(fields.get('Depends', ''))
    problems += [f'Depends names {p} twice' for p in sorted({d for d in depends if depends.count(d) > 1})]
    maintainer = re.fullmatch(r'[^<>@]+ <[^<>@\s]+@([^<>@\s]+\.[a-z]+)>', fields.get('Maintainer', ''))
    if not maintainer or re.search(r'\.(example|invalid|test|localhost)$|(^|\.)example\.', maintainer.group(1)):
        problems.append(f'Maintainer is no real RFC 822 address: {fields.get("Maintainer")!r}')
    if not fields.get('Homepage', '').startswith('https://'):
        problems.append('no Homepage')
    return problems


def lintian_problems(deb):
    """Errors of lintian on the package; its warnings are printed (cmake/Install.cmake says why
    each is left)."""
    if not shutil.which('lintian'):
        print('lintian: not installed (tools/setup installs it), skipped')
        return []
    p = run(['lintian', '--tag-display-limit', '0', deb])
    tags = [line for line in p.stdout.splitlines() if re.match(r'[EWIPXO]: ', line)]
    print('lintian:', f'{len(tags)} tags' if tags else 'clean')
    for tag in tags:
        print('  ' + tag)
    errors = [t for t in tags if t.startswith('E: ')]
    if p.returncode not in (0, 1) or (p.returncode == 1 and not errors):
        return [f'lintian failed (exit {p.returncode}): {p.stderr[-500:]}']
    return [f'lintian: {e}' for e in errors]


def runtime_packages(build):
    """The Debian packages of the shared libraries the built binaries load directly (their NEEDED
    entries, found where ldd finds them); what those load in turn their own packages depend on."""
    libraries = set()
    for binary in ('bin/coopcheck', 'bin/coopcheck-clangd', 'lib/libcoopcheck-tidy.so'):
        path = os.path.join(build, binary)
        needed = set(re.findall(r'\(NEEDED\).*\[(.*)\]', run(['readelf', '-d', path]).stdout))
        for line in run(['ldd', path]).stdout.splitlines():
            m = re.match(r'\s*(\S+) => (/\S+)', line)
            if m and m.group(1) in needed:
                libraries.add(m.group(2))
    packages = set()
    for library in libraries:
        # The file a link leads to belongs to the library's package (a -dev package ships the
        # link in /usr/lib/llvm-22/lib); on a merged /usr, dpkg knows it by its /lib path only.
        owners = [run(['dpkg', '-S', p]).stdout for p in (os.path.realpath(library), library)]
        owner = next((o for o in owners if o), '')
        if owner:  # a library of no package (a sanitizer runtime of the build) is not a dependency
            packages.add(owner.split(':')[0])
    return packages


def contents_problems(deb):
    listing = run(['dpkg-deb', '-c', deb]).stdout
    # A link's line ends in `path -> target`.
    paths = {line.split(' -> ')[0].split()[-1].lstrip('.') for line in listing.splitlines() if line.split()}
    problems = [f'installs outside {PREFIX}: {p}' for p in paths if p != '/' and not p.startswith(PREFIX + '/')
                and not PREFIX.startswith(p.rstrip('/'))]
    for wanted in ('/usr/bin/coopcheck', '/usr/bin/coopcheck-clangd', '/usr/bin/coopcheck-hook',
                   '/usr/lib/coopcheck/libcoopcheck-tidy.so',
                   '/usr/share/coopcheck/include/coopcheck_model/nvcc_compat.h',
                   '/usr/share/coopcheck/docs/checks/cg-deadlock.md',
                   '/usr/share/coopcheck/pre-commit/coopcheck-hook', '/usr/share/doc/coopcheck/copyright',
                   '/usr/share/doc/coopcheck/changelog.gz', '/usr/share/man/man1/coopcheck.1.gz',
                   '/usr/share/man/man1/coopcheck-clangd.1.gz',
                   '/usr/share/bash-completion/completions/coopcheck'):
        if wanted not in paths:
            problems.append('not in the package: ' + wanted)
    return problems


def installed_problems(build, tmp, files):
    """Runs the installed package with an empty environment on the corpus."""
    problems = []
    env = {'PATH': '/usr/bin:/bin', 'HOME': tmp, 'XDG_CACHE_HOME': os.path.join(tmp, 'cache')}
    env.update({k: os.environ[k] for k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS') if k in os.environ})
    args = run(['/usr/bin/coopcheck', '--print-parse-args', files[0]], env=env)
    if '-isystem /usr/share/coopcheck/include ' not in args.stdout:
        problems.append(f'/usr/bin/coopcheck does not parse with /usr/share/coopcheck/include: '
                        f'{args.stdout}{args.stderr}')
    ours = run([os.path.join(build, 'bin', 'coopcheck'), '--format=json'] + files, cwd=tmp)
    theirs = run(['/usr/bin/coopcheck', '--format=json'] + files, env=env, cwd=tmp)
    if theirs.returncode not in (0, 1) or (theirs.returncode, json.loads(theirs.stdout)['findings']) != \
            (ours.returncode, json.loads(ours.stdout)['findings']):
        problems.append(f'/usr/bin/coopcheck (exit {theirs.returncode}) reports differently from '
                        f'the build tree (exit {ours.returncode}): {theirs.stderr[-800:]}')
    else:
        print(f'/usr/bin/coopcheck: {len(json.loads(theirs.stdout)["findings"])} findings on '
              f'{len(files)} corpus files, as the build tree')
    if 'ASAN_OPTIONS' not in os.environ:  # clang-tidy-22 loads an ASan plugin only with a preload
        tidy = run(['clang-tidy-22', '-load=/usr/lib/coopcheck/libcoopcheck-tidy.so', '-checks=-*,cg-*',
                    '--list-checks'], env=env)
        if 'cg-deadlock' not in tidy.stdout and 'cg-divergent-collective' not in tidy.stdout:
            problems.append('clang-tidy-22 does not list the plugin\'s checks: ' + tidy.stderr[-500:])
    # A coopcheck that fails comes first on PATH: the hook must run the one of its own prefix.
    decoy = os.path.join(tmp, 'decoy')
    os.makedirs(decoy)
    with open(os.path.join(decoy, 'coopcheck'), 'w') as fh:
        fh.write('#!/bin/sh\necho decoy >&2\nexit 2\n')
    os.chmod(os.path.join(decoy, 'coopcheck'), 0o755)
    hook = run(['/usr/bin/coopcheck-hook'] + files, env=dict(env, PATH=decoy + ':' + env['PATH']), cwd=tmp)
    if hook.returncode != ours.returncode or 'decoy' in hook.stderr:
        problems.append(f'/usr/bin/coopcheck-hook (exit {hook.returncode}, the build tree\'s coopcheck '
                        f'{ours.returncode}) does not run /usr/bin/coopcheck: {hook.stderr[-500:]}')
    return problems + documentation_problems(env)


def documentation_problems(env):
    """The copyright file, the man page and the bash completion of the installed package."""
    problems = []
    with open('/usr/share/doc/coopcheck/copyright') as fh:
        copyright = fh.read()
    if not copyright.startswith('Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n') \
            or not re.search(r'^Files: \*\nCopyright: .+\nLicense: Apache-2.0 WITH LLVM-exception$', copyright, re.M):
        problems.append('/usr/share/doc/coopcheck/copyright is not DEP-5 with the project\'s licence')
    helped = set(re.findall(r'^  (-[\w-]+)', run(['/usr/bin/coopcheck', '--help'], env=env).stdout, re.M))
    page = run(['man', '-P', 'cat', 'coopcheck'], env=dict(env, MANWIDTH='200', MANPATH='/usr/share/man'))
    shown = set(re.findall(r'^\s+(-[\w-]+)', page.stdout, re.M))
    if page.returncode != 0 or not helped or helped - shown:
        problems.append(f'man coopcheck (exit {page.returncode}) lacks options of --help: '
                        f'{sorted(helped - shown)} {page.stderr[-300:]}')
    else:
        print(f'man coopcheck: documents the {len(helped)} options of coopcheck --help')
    complete = run(['bash', '-c', 'source /usr/share/bash-completion/completions/coopcheck; '
                    'COMP_WORDS=(coopcheck --expl); COMP_CWORD=1; _coopcheck; echo "${COMPREPLY[*]}"; '
                    'complete -p coopcheck'], env=env)
    if not complete.stdout.startswith('--explain=\n') or '_coopcheck coopcheck' not in complete.stdout:
        problems.append(f'bash completion of coopcheck --expl: {complete.stdout!r} {complete.stderr[-300:]}')
    return problems


def main():
    reason = skip_reason()
    if reason:
        print('skipped: ' + reason)
        return SKIP
    build = os.path.realpath(os.environ.get('COOPCHECK_BUILD_DIR', 'build'))
    corpus = os.path.join(os.environ.get('COOPCHECK_SHARED_DIR', '../shared'), 'corpus')
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        deb = build_package(build, tmp)
        problems += contents_problems(deb)
        fields = control_fields(deb)
        needed, recommended = set(package_names(fields.get('Depends', ''))), set(package_names(fields.get('Recommends', '')))
        expected = runtime_packages(build) | {'libclang-common-22-dev', 'python3'}
        problems += [f'Depends lacks {p}' for p in sorted(expected - needed)]
        if 'clang-tidy-22' not in recommended | needed:
            problems.append('clang-tidy-22 is neither recommended nor a dependency')
        problems += field_problems(fields) + lintian_problems(deb)
        sources = os.path.join(tmp, 'corpus')
        shutil.copytree(corpus, sources)
        files = sorted(os.path.join(r, f) for r, _, fs in os.walk(sources) for f in fs)
        p = run(['dpkg', '-i', deb])
        try:
            if p.returncode != 0:
                problems.append('dpkg -i failed: ' + p.stdout[-800:] + p.stderr[-800:])
            else:
                problems += installed_problems(build, tmp, files)
        finally:
            if run(['dpkg-query', '-W', 'coopcheck']).returncode == 0:  # known to dpkg, even half-installed
                removed = run(['dpkg', '--purge', 'coopcheck'])
                if removed.returncode != 0 or os.path.exists('/usr/bin/coopcheck'):
                    problems.append('dpkg --purge coopcheck failed: ' + removed.stderr[-500:])
    for problem in problems:
        print('FAIL:', problem)
    print('the package ' + ('has problems' if problems else 'installs, runs and is removed'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
