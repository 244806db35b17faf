#!/usr/bin/env python3
"""One .clang-tidy configures every front door alike: in a temporary project, the CLI, the
clang-tidy plugin and coopcheck-clangd read the same files (Checks: disabling rules, CheckOptions:
cg-cooperative-launch.Arch making a launch fit or not, the nearest file winning, InheritParentConfig)
and report the same findings. Then the CLI alone: --config-file, --config, flags over files, a
malformed file (exit 2, one line), and a warm result cache that an edited .clang-tidy invalidates."""
import json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'checks'))
from run_check_test import as_note_level, note_level_findings, run_cli, run_clangd, run_tidy  # noqa: E402

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
coopcheck = os.path.abspath(os.path.join(build, 'bin', 'coopcheck'))
failures = []

# A warp-mask bug, a divergent barrier, and a cooperative launch of 264 blocks of 1024 threads:
# co-resident on an H100 SXM (132 SMs), too many for an H100 PCIe (114 SMs).
KERNEL = '''#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void vote(int *out, const int *flags) {
  int v = flags[threadIdx.x];
  if (v > 0)
    out[threadIdx.x] = __any_sync(__activemask(), v > 10);
}
__global__ void half_barrier(int *out) {
  if (threadIdx.x < 16)
    __syncthreads();
  out[threadIdx.x] = 1;
}
__global__ void grid_wide(int *out) {
  cg::grid_group g = cg::this_grid();
  out[blockIdx.x] = 1;
  g.sync();
}
int supported(int device) {
  int coop = 0;
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, device);
  return coop;
}
cudaError_t launch(int *out) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)grid_wide, dim3(264), dim3(1024), args, 0, 0);
}
'''
PROJECT = {
    '.clang-tidy': "Checks: '-*,cg-warp-mask,cg-cooperative-launch'\n"
                   "CheckOptions:\n  cg-cooperative-launch.Arch: h100-sxm\n"
                   "  readability-function-size.StatementThreshold: 60\n",
    'src/kernel.cu': KERNEL,
    # InheritParentConfig: the project's checks, another part.
    'pcie/.clang-tidy': "InheritParentConfig: true\nCheckOptions: {cg-cooperative-launch.Arch: h100-pcie}\n",
    'pcie/kernel.cu': KERNEL,
    # The nearest file wins whole.
    'legacy/.clang-tidy': "Checks: '-*,cg-divergent-collective'\n",
    'legacy/kernel.cu': KERNEL,
}
EXPECTED = {'src/kernel.cu': {'cg-warp-mask'},
            'pcie/kernel.cu': {'cg-warp-mask', 'cg-cooperative-launch'},
            'legacy/kernel.cu': {'cg-divergent-collective'}}


def check(ok, what, detail=''):
    print(('ok:   ' if ok else 'FAIL: ') + what + (f' ({detail})' if detail and not ok else ''))
    if not ok:
        failures.append(what)


def write(root, files):
    for name, text in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as fh:
            fh.write(text)


def rules(findings):
    return {f[4] for f in findings if f[4]}


def cli(root, *args, env=None):
    p = subprocess.run([coopcheck, '--format=json', '--no-confirm'] + list(args), cwd=root,
                       capture_output=True, text=True, timeout=300, env=env)
    found = {f['rule'] for f in json.loads(p.stdout)['findings']} if p.returncode in (0, 1) else None
    return p, found


def front_doors_agree(root):
    for name, expected in EXPECTED.items():
        f = os.path.join(root, name)
        by_door = {'cli': run_cli(build, [f], []), 'tidy': run_tidy(build, [f], [], project_config=True)}
        if os.access(os.path.join(build, 'bin', 'coopcheck-clangd'), os.X_OK):
            # clangd publishes note-level findings as warnings (run_check_test.py)
            by_door['clangd'] = as_note_level(run_clangd(build, [f], [], project_config=True),
                                              note_level_findings(by_door['cli']))
        for door, found in by_door.items():
            check(rules(found) == expected, f'{name} via {door}: {sorted(expected)}', sorted(rules(found)))
        cli_findings = sorted(by_door['cli'])
        for door in by_door:
            check(sorted(by_door[door]) == cli_findings, f'{name}: {door} reports what the CLI reports')


def cli_options(root):
    src = os.path.join(root, 'src', 'kernel.cu')
    team = os.path.join(root, 'team.yaml')
    write(root, {'team.yaml': "Checks: '-*,cg-divergent-collective'\n"})
    _, found = cli(root, '--config-file=' + team, src)
    check(found == {'cg-divergent-collective'}, '--config-file replaces the .clang-tidy files', found)
    _, found = cli(root, '--config={Checks: "-*,cg-cooperative-launch", '
                   'CheckOptions: {cg-cooperative-launch.Arch: h100-pcie}}', src)
    check(found == {'cg-cooperative-launch'}, '--config replaces the .clang-tidy files', found)
    _, found = cli(root, '--config={InheritParentConfig: true, Checks: "-cg-warp-mask"}', src)
    check(found == set(), '--config with InheritParentConfig: true goes on top of the files', found)
    _, found = cli(root, '--arch=h100-pcie', src)
    check(found == {'cg-warp-mask', 'cg-cooperative-launch'}, '--arch wins over the file', found)
    _, found = cli(root, '--checks=-cg-warp-mask', src)
    check(found == set(), '--checks=-RULE changes the file\'s rules', found)
    _, found = cli(root, '--checks=cg-divergent-collective', src)
    check(found == {'cg-divergent-collective'}, '--checks=RULE names the rules to run', found)
    write(root, {'other/.clang-tidy': "Checks: '-cg-*,bugprone-*'\n", 'other/kernel.cu': KERNEL})
    p, found = cli(root, os.path.join(root, 'other', 'kernel.cu'))
    check(p.returncode == 0 and found == set() and 'warning: no cg- rule is enabled' in p.stderr,
          'a .clang-tidy that disables every cg- rule runs none, with a warning', p.stderr)


def one_line_error(p, what, needle):
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1 and lines[0].startswith('coopcheck: error: ')
          and needle in lines[0], what, f'exit {p.returncode}: {p.stderr.strip()}')


def bad_configurations(root):
    write(root, {'bad/.clang-tidy': "Checks: [unclosed\n", 'bad/kernel.cu': KERNEL,
                 'typo/.clang-tidy': "CheckOptions: {cg-cooperative-launch.Arch: h100-sxn}\n",
                 'typo/kernel.cu': KERNEL})
    p, _ = cli(root, os.path.join(root, 'bad', 'kernel.cu'))
    one_line_error(p, 'a malformed .clang-tidy: exit 2, one line naming it', os.path.join(root, 'bad', '.clang-tidy'))
    p, _ = cli(root, os.path.join(root, 'typo', 'kernel.cu'))
    one_line_error(p, 'an unknown part in cg-cooperative-launch.Arch: exit 2, one line', "unknown part 'h100-sxn'")
    p, _ = cli(root, '--config={Checks: [', os.path.join(root, 'src', 'kernel.cu'))
    one_line_error(p, 'a malformed --config: exit 2, one line', '--config:1:')
    p, _ = cli(root, '--config={}', '--config-file=' + os.path.join(root, 'team.yaml'),
               os.path.join(root, 'src', 'kernel.cu'))
    one_line_error(p, '--config with --config-file: exit 2, one line', 'exclude each other')


def edited_configuration_invalidates_cache(root):
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, 'cache'))
    src = os.path.join(root, 'src', 'kernel.cu')
    cli(root, src, env=env)
    p, found = cli(root, '--verbose', src, env=env)
    check('the results of an earlier run' in p.stderr and found == {'cg-warp-mask'},
          'a second run takes the unit from the cache', p.stderr[-300:])
    config = os.path.join(root, '.clang-tidy')
    with open(config) as fh:
        text = fh.read()
    with open(config, 'w') as fh:  # another tool's option: the unit's configuration is the same
        fh.write(text.replace('StatementThreshold: 60', 'StatementThreshold: 80'))
    p, found = cli(root, '--verbose', src, env=env)
    check('the results of an earlier run' in p.stderr, 'editing a non-cg option keeps the cached results')
    with open(config, 'w') as fh:
        fh.write(text.replace('h100-sxm', 'h100-pcie'))
    p, found = cli(root, '--verbose', src, env=env)
    check('the results of an earlier run' not in p.stderr and found == {'cg-warp-mask', 'cg-cooperative-launch'},
          'editing cg-cooperative-launch.Arch in .clang-tidy changes a warm cached run', found)


root = tempfile.mkdtemp(prefix='coopcheck-config-')
try:
    write(root, PROJECT)
    front_doors_agree(root)
    cli_options(root)
    bad_configurations(root)
    edited_configuration_invalidates_cache(root)
finally:
    shutil.rmtree(root, ignore_errors=True)
print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
