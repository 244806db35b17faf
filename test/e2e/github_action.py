#!/usr/bin/env python3
"""The GitHub Action (action.yml), its steps run here in order as GitHub's runner would, with a
fake GitHub environment: a workspace that is a git repository of CUDA sources, GITHUB_WORKSPACE,
a GITHUB_OUTPUT file per step, the inputs and step outputs substituted in `${{ }}` and `if:`.
The install steps are skipped through the action's own `coopcheck` input (the build tree's binary);
their scripts are only checked to parse. The upload step (a `uses:`) is not run: its `with:` must
name the SARIF file the coopcheck step wrote. Checks:

- a divergent grid.sync() is one finding in a SARIF file with a path relative to the workspace,
  the outputs say so, and the job passes (findings go to code scanning);
- with fail-on-findings, the job fails after the upload; a clean kernel passes with 0 findings;
- with build-dir, coopcheck reads the compile database (a file only the database's -D compiles).
"""
import json, os, re, shutil, subprocess, sys, tempfile

SKIP = 77
EXPRESSION = re.compile(r'\$\{\{\s*(.*?)\s*\}\}')
KERNEL = '''#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void relax(float *x) {
  cg::grid_group grid = cg::this_grid();
  if (%s)
    grid.sync();
  x[blockIdx.x] *= 0.5f;
}
'''


class Job:
    def __init__(self, action, inputs, workspace, tmp):
        declared = action['inputs']
        unknown = set(inputs) - set(declared)
        if unknown:
            sys.exit(f'action.yml declares no input {sorted(unknown)}')
        self.inputs = {k: str(v.get('default', '')) for k, v in declared.items()} | inputs
        self.workspace, self.tmp = workspace, tmp
        self.outputs, self.uploads, self.ran = {}, [], []

    def value(self, expression):
        """inputs.X, steps.ID.outputs.X, github.workspace or a quoted literal."""
        if re.fullmatch(r"'[^']*'", expression):
            return expression[1:-1]
        if expression.startswith('inputs.'):
            return self.inputs[expression[len('inputs.'):]]
        m = re.fullmatch(r'steps\.([\w-]+)\.outputs\.([\w-]+)', expression)
        if m:
            return self.outputs.get(m.group(1), {}).get(m.group(2), '')
        if expression == 'github.workspace':
            return self.workspace
        sys.exit(f'action.yml: an expression this test does not know: {expression}')

    def condition(self, text):
        """`A == 'x'` and `A != 'x'` joined by &&, as the action's if: use them."""
        if text is None:
            return True
        for clause in text.split('&&'):
            m = re.fullmatch(r'\s*(\S+)\s*(==|!=)\s*(\S+)\s*', clause)
            if not m:
                sys.exit(f'action.yml: an if: this test does not know: {text}')
            equal = self.value(m.group(1)) == self.value(m.group(3))
            if equal != (m.group(2) == '=='):
                return False
        return True

    def substitute(self, text):
        return EXPRESSION.sub(lambda m: self.value(m.group(1)), str(text))

    def run_step(self, number, step):
        output = os.path.join(self.tmp, f'output-{number}')
        open(output, 'w').close()
        env = dict(os.environ, GITHUB_WORKSPACE=self.workspace, GITHUB_OUTPUT=output,
                   RUNNER_TEMP=self.tmp, GITHUB_ACTIONS='true', CI='true')
        env.update({k: self.substitute(v) for k, v in step.get('env', {}).items()})
        cwd = self.substitute(step.get('working-directory', self.workspace))
        # GitHub's `shell: bash`: bash --noprofile --norc -eo pipefail {0}
        p = subprocess.run(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c',
                            self.substitute(step['run'])], cwd=cwd, env=env, capture_output=True,
                           text=True, timeout=600)
        print(f'  step "{step.get("name")}": exit {p.returncode}{(": " + p.stdout.strip()) if p.stdout.strip() else ""}')
        if p.returncode != 0:
            print('   ', p.stderr.strip()[-800:])
            return False
        with open(output) as fh:
            self.outputs[step.get('id', str(number))] = dict(
                line.split('=', 1) for line in fh.read().splitlines() if '=' in line)
        return True

    def run(self, steps):
        """True when every step that ran succeeded (the job's status)."""
        for number, step in enumerate(steps):
            if not self.condition(step.get('if')):
                continue
            self.ran.append(step.get('name'))
            if 'uses' in step:
                self.uploads.append((step['uses'], {k: self.substitute(v) for k, v in step['with'].items()}))
            elif not self.run_step(number, step):
                return False
        return True


def workspace(tmp, name, guard, database=False):
    root = os.path.join(tmp, name)
    os.makedirs(os.path.join(root, 'src'))
    with open(os.path.join(root, 'src', 'solver.cu'), 'w') as fh:
        if database:
            fh.write('#ifndef FROM_DATABASE\n#error compiled without its database command\n#endif\n')
        fh.write(KERNEL % guard)
    if database:
        os.makedirs(os.path.join(root, 'build'))
        with open(os.path.join(root, 'build', 'compile_commands.json'), 'w') as fh:
            json.dump([{'directory': os.path.join(root, 'build'), 'file': os.path.join(root, 'src', 'solver.cu'),
                        'command': f'clang++ -x cuda -DFROM_DATABASE -c {root}/src/solver.cu'}], fh)
    git = ['git', '-c', 'user.name=coopcheck', '-c', 'user.email=test@coopcheck.invalid']
    for command in (['init', '-q'], ['add', 'src'], ['commit', '-qm', 'sources']):
        subprocess.run(git + command, cwd=root, check=True, capture_output=True)
    return root


def sarif_problems(job, name):
    problems = []
    sarif = job.outputs.get('analyse', {}).get('sarif', '')
    path = os.path.join(job.workspace, sarif)
    if not sarif or not os.path.isfile(path):
        return [f'{name}: no SARIF file in the outputs ({job.outputs})']
    with open(path) as fh:
        log = json.load(fh)
    if log.get('version') != '2.1.0' or log['runs'][0]['tool']['driver']['name'] != 'coopcheck':
        problems.append(f'{name}: not coopcheck SARIF 2.1.0')
    uris = {loc['physicalLocation']['artifactLocation']['uri'] for run in log['runs']
            for r in run['results'] for loc in r['locations']}
    if uris - {'src/solver.cu'}:
        problems.append(f'{name}: result paths are not relative to the workspace: {sorted(uris)}')
    uploads = [w for uses, w in job.uploads if uses.startswith('github/codeql-action/upload-sarif@')]
    if uploads != [{'sarif_file': sarif, 'category': 'coopcheck'}]:
        problems.append(f'{name}: the upload step does not name the SARIF file: {job.uploads}')
    return problems


def scenario(action, tmp, name, guard, inputs, want_pass, want_findings, database=False):
    print(name)
    root = workspace(tmp, name, guard, database)
    job = Job(action, inputs, root, tmp)
    passed = job.run(action['runs']['steps'])
    problems = [] if passed == want_pass else [f'{name}: the job {"failed" if want_pass else "passed"}']
    if any('Install' in (n or '') for n in job.ran):
        problems.append(f'{name}: an install step ran although the coopcheck input is set: {job.ran}')
    problems += sarif_problems(job, name)
    findings = job.outputs.get('analyse', {}).get('findings')
    if findings != str(want_findings):
        problems.append(f'{name}: findings output {findings!r}, wanted {want_findings}')
    return problems


def main():
    try:
        import yaml
    except ImportError:
        print('skipped: no python3-yaml (tools/setup installs pre-commit, which brings it)')
        return SKIP
    build = os.path.realpath(os.environ.get('COOPCHECK_BUILD_DIR', 'build'))
    coopcheck = os.path.join(build, 'bin', 'coopcheck')
    with open('action.yml') as fh:
        action = yaml.safe_load(fh)
    problems = []
    if action['runs']['using'] != 'composite':
        problems.append('action.yml is not a composite action')
    for step in action['runs']['steps']:
        if 'run' in step:
            if step.get('shell') != 'bash':
                problems.append(f'step "{step.get("name")}" has no shell: bash (composite steps need one)')
            syntax = subprocess.run(['bash', '-n', '-c', step['run']], capture_output=True, text=True)
            if syntax.returncode != 0:
                problems.append(f'step "{step.get("name")}" is not valid bash: {syntax.stderr.strip()}')
    with tempfile.TemporaryDirectory() as tmp:
        env_cache = os.path.join(tmp, 'cache')
        os.environ.setdefault('XDG_CACHE_HOME', env_cache)
        base = {'coopcheck': coopcheck, 'args': '--no-confirm'}
        problems += scenario(action, tmp, 'divergent', 'threadIdx.x == 0', base, True, 1)
        problems += scenario(action, tmp, 'fail-on-findings', 'threadIdx.x == 0',
                             base | {'fail-on-findings': 'true'}, False, 1)
        problems += scenario(action, tmp, 'clean', 'true', base | {'fail-on-findings': 'true'}, True, 0)
        problems += scenario(action, tmp, 'database', 'blockIdx.x % 2 == 0',
                             base | {'build-dir': 'build', 'sarif': 'out/coopcheck.sarif'}, True, 1,
                             database=True)
    for problem in problems:
        print('FAIL:', problem)
    print('the action ' + ('has problems' if problems else 'runs its steps, writes and uploads SARIF'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
