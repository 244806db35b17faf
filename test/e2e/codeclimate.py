#!/usr/bin/env python3
"""--format=codeclimate writes a GitLab Code Quality report that GitLab takes whole. GitLab's parser
checks each issue against its schema (fixtures/gitlab-codeclimate.json, a copy) and drops the rest
of the report at the first that fails; it keeps one issue per fingerprint, ranks five severities,
and links location.path:lines.begin in the repository. So every issue must validate against the
schema, the report be an array, check_name be there (GitLab's documentation requires it), the
severity one GitLab ranks, each fingerprint unique, lines start at 1, and the path be relative to
the root the CLI ran in and name a file there. The checker is first shown to reject malformed
reports. Reports: the fix-its fixture (two findings of one rule on one line), the public corpus
(run from its directory, as from a repository's root) and the report tests' writer sample; the
fingerprints stay when lines are added above the findings. Skipped (77) without
python3-jsonschema (tools/setup installs it)."""
import copy, json, os, shutil, subprocess, sys, tempfile

try:
    import jsonschema
except ImportError:
    print('skipped: python3-jsonschema is not installed')
    sys.exit(77)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(os.environ.get('COOPCHECK_BUILD_DIR', os.path.join(ROOT, 'build')))
SHARED = os.environ.get('COOPCHECK_SHARED_DIR', os.path.join(ROOT, '..', 'shared'))
COOPCHECK = os.path.join(BUILD, 'bin', 'coopcheck')
FIXTURE = 'test/e2e/fixtures/legacy_warp_intrinsics.cu'
with open(os.path.join(ROOT, 'test/e2e/fixtures/gitlab-codeclimate.json')) as f:
    ISSUE_SCHEMA = json.load(f)
SEVERITIES = {'info', 'minor', 'major', 'critical', 'blocker'}

failures = []


def check(condition, what):
    print(('ok: ' if condition else 'FAIL: ') + what)
    if not condition:
        failures.append(what)


def gitlab_problems(report):
    """What would make GitLab drop issues of this report, one line each."""
    if not isinstance(report, list):
        return ['the report is not a JSON array']
    problems, seen = [], set()
    for i, issue in enumerate(report):
        try:
            jsonschema.validate(issue, ISSUE_SCHEMA)
        except jsonschema.ValidationError as e:
            problems.append(f'issue {i}: schema: {e.message}')
            continue
        if not isinstance(issue.get('check_name'), str):
            problems.append(f'issue {i}: no check_name')
        if issue['severity'] not in SEVERITIES:
            problems.append(f"issue {i}: severity '{issue['severity']}' is not one GitLab ranks")
        if issue['fingerprint'] in seen:
            problems.append(f"issue {i}: fingerprint {issue['fingerprint']} again")
        seen.add(issue['fingerprint'])
        begin = issue['location'].get('lines', {}).get('begin')
        if not isinstance(begin, int) or begin < 1:
            problems.append(f'issue {i}: location.lines.begin {begin!r} is not a line')
    return problems


def path_problems(report, root):
    """Paths GitLab cannot link: not relative to the repository root, or naming no file in it."""
    problems = []
    for i, issue in enumerate(report):
        path = issue['location']['path']
        if os.path.isabs(path) or path.startswith('./') or not os.path.isfile(os.path.join(root, path)):
            problems.append(f"issue {i}: path '{path}' is not a file relative to {root}")
    return problems


def all_problems(report, root):
    problems = gitlab_problems(report)
    return problems or path_problems(report, root)


def run(args, cwd):
    p = subprocess.run([COOPCHECK, '--no-confirm'] + args, cwd=cwd, capture_output=True, text=True,
                       timeout=600)
    if p.returncode not in (0, 1):
        sys.exit(f'coopcheck {" ".join(args)} exited {p.returncode}: {p.stderr.strip()}')
    return json.loads(p.stdout)


def codeclimate(files, cwd):
    return run(['--format=codeclimate'] + files, cwd)


def shown_findings(files, cwd):
    return [f for f in run(['--format=json'] + files, cwd)['findings'] if not f['suppressed']]


# The checker rejects what GitLab would not take.
GOOD = [{'description': 'd', 'check_name': 'cg-warp-mask', 'fingerprint': 'a', 'severity': 'major',
         'location': {'path': FIXTURE, 'lines': {'begin': 5}}}]
check(all_problems(GOOD, ROOT) == [], f'checker accepts a good report: {all_problems(GOOD, ROOT)}')


def broken(change):
    report = copy.deepcopy(GOOD)
    change(report[0])
    return report


MALFORMED = {
    'an object, not an array': {'issues': GOOD},
    'no fingerprint': broken(lambda i: i.pop('fingerprint')),
    'a number for a description': broken(lambda i: i.update(description=3)),
    'no check_name': broken(lambda i: i.pop('check_name')),
    'severity "error"': broken(lambda i: i.update(severity='error')),
    'a line as a string': broken(lambda i: i['location']['lines'].update(begin='5')),
    'line 0': broken(lambda i: i['location']['lines'].update(begin=0)),
    'an absolute path': broken(lambda i: i['location'].update(path=os.path.join(ROOT, FIXTURE))),
    'a path to no file': broken(lambda i: i['location'].update(path='test/e2e/fixtures/none.cu')),
    'a fingerprint twice': GOOD + GOOD,
}
for what, report in MALFORMED.items():
    check(all_problems(report, ROOT) != [], f'checker rejects a report with {what}')

# The fix-its fixture, from the repository root.
report = codeclimate([FIXTURE], ROOT)
check(all_problems(report, ROOT) == [], f'{FIXTURE}: GitLab takes it: {all_problems(report, ROOT)[:3]}')
check(len(report) == len(shown_findings([FIXTURE], ROOT)), f'{FIXTURE}: one issue per finding')
check(len({i['location']['lines']['begin'] for i in report}) < len(report),
      f'{FIXTURE}: has findings that share a line (their fingerprints differ)')
check(codeclimate([FIXTURE], ROOT) == report, f'{FIXTURE}: the same report on a second run')

# Lines added above the findings move them, and keep their fingerprints.
with tempfile.TemporaryDirectory() as scratch:
    shutil.copy(os.path.join(ROOT, FIXTURE), os.path.join(scratch, 'k.cu'))
    before = codeclimate(['k.cu'], scratch)
    with open(os.path.join(scratch, 'k.cu')) as f:
        source = f.read()
    with open(os.path.join(scratch, 'k.cu'), 'w') as f:
        f.write('// three lines added\n\n\n' + source)
    after = codeclimate(['k.cu'], scratch)
    check([i['fingerprint'] for i in after] == [i['fingerprint'] for i in before] and
          [i['location']['lines']['begin'] for i in after] ==
          [i['location']['lines']['begin'] + 3 for i in before],
          'fingerprints stay when lines are added above the findings')

# The public corpus, run from its directory as from a repository's root.
corpus = os.path.join(SHARED, 'corpus')
if os.path.isdir(corpus):
    files = sorted(os.path.join('corpus', f) for f in os.listdir(corpus))
    report = codeclimate(files, SHARED)
    check(all_problems(report, SHARED) == [] and report,
          f'public corpus: GitLab takes its {len(report)} issues: {all_problems(report, SHARED)[:3]}')
    check(len(report) == len(shown_findings(files, SHARED)), 'public corpus: one issue per finding')
else:
    print(f'note: no public corpus at {corpus}')

# The writer's own sample: what the rules do not produce (an unreadable file, a path outside the
# root, equal findings at one place).
with tempfile.TemporaryDirectory() as scratch:
    sample = os.path.join(scratch, 'sample.json')
    subprocess.run([os.path.join(BUILD, 'bin', 'coopcheck_report_tests'),
                    '--gtest_filter=CodeClimateWriter.WritesSampleForTheValidator'],
                   env=dict(os.environ, COOPCHECK_CODECLIMATE_SAMPLE_OUT=sample),
                   capture_output=True, check=True, timeout=60)
    with open(sample) as f:
        report = json.load(f)
    check(gitlab_problems(report) == [], f'writer sample: GitLab takes it: {gitlab_problems(report)[:3]}')

if failures:
    print(f'{len(failures)} check(s) failed')
    sys.exit(1)
print('all checks passed')
