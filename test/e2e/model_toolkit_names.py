#!/usr/bin/env python3
"""The model headers and a real CUDA toolkit declare the same names that coopcheck's rules know:
every CUDA intrinsic, cooperative-groups function and group member of the operations table
(runtime-model/semantics/Operations.def), every CUDA launch API and cooperative launch attribute
(runtime-model/semantics/LaunchApi.cpp), and every cudaError enumerator of the toolkit with its
value. One probe per side is parsed with the arguments coopcheck parses with (--print-parse-args,
with and without --cuda-path); a name is declared when its line draws no 'undeclared' or
'no member' error. Skipped when no toolkit is installed (CUDA_HOME, CUDA_PATH, /usr/local/cuda)."""
import os, pathlib, re, subprocess, sys, tempfile

build = os.environ.get('COOPCHECK_BUILD_DIR', 'build')
coopcheck = os.path.join(build, 'bin', 'coopcheck')
root = pathlib.Path(__file__).resolve().parents[2]
candidates = [os.environ.get('CUDA_HOME'), os.environ.get('CUDA_PATH'), '/usr/local/cuda']
toolkit = next((c for c in candidates
                if c and os.path.isfile(os.path.join(c, 'include', 'cooperative_groups.h'))), None)
if not toolkit:
    print('skipped: no CUDA toolkit (CUDA_HOME and CUDA_PATH unset, /usr/local/cuda absent)')
    sys.exit(77)
include = pathlib.Path(toolkit, 'include')
version = re.search(r'#define CUDA_VERSION (\d+)', (include / 'cuda.h').read_text())
major = int(version.group(1)) // 1000 if version else 0

# What the model keeps on purpose although the toolkit lacks it (runtime-model/include/README.md):
# CUDA 13 removed multi_grid_group, the multi-device launches (cg-deprecated-multi-grid reports
# them) and cg::synchronize; the legacy mask-less warp intrinsics exist only below sm_70
# (cg-legacy-warp-intrinsic reports them); cg_type() is HIP's spelling, modelled everywhere.
MODEL_ONLY = {'cg_type', '__shfl', '__shfl_up', '__shfl_down', '__shfl_xor', '__ballot', '__any',
              '__all'}
if major >= 13:
    MODEL_ONLY |= {'this_multi_grid', 'num_grids', 'grid_rank', 'synchronize',
                   'cudaLaunchCooperativeKernelMultiDevice', 'cuLaunchCooperativeKernelMultiDevice'}

table = (root / 'runtime-model/semantics/Operations.def').read_text()
rows = re.findall(r'^OPERATION\(\w+, (\w+), "([^"]+)", (\w+),', table, re.M)
cuda_rows = [(form, name) for form, name, platforms in rows
             if platforms in ('Cuda', 'AllPlatforms', 'CudaMaca')]
# Compiler builtins are nobody's declaration.
intrinsics = sorted({n for f, n in cuda_rows if f == 'Intrinsic' and not n.startswith('__builtin')})
group_functions = sorted({n for f, n in cuda_rows if f == 'GroupFunction'})
group_methods = sorted({n for f, n in cuda_rows if f == 'GroupMethod'})
launch = (root / 'runtime-model/semantics/LaunchApi.cpp').read_text()
launch_names = sorted(set(re.findall(r'\{"(cu\w+)", P::Cuda', launch)) | set(re.findall(
    r'"(cudaLaunchAttributeCooperative|CU_LAUNCH_ATTRIBUTE_COOPERATIVE)"', launch)))
error_enum = re.search(r'enum __device_builtin__ cudaError\b.*?\n};',
                       (include / 'driver_types.h').read_text(), re.S)
errors = re.findall(r'^\s*(cudaError\w+)\s*=\s*(\d+)', error_enum.group(0) if error_enum else '',
                    re.M)
if not (intrinsics and group_functions and group_methods and launch_names and errors):
    print('model_toolkit_names: no names read from the tables or the toolkit', file=sys.stderr)
    sys.exit(2)

GROUP_TYPES = ['thread_block', 'grid_group', 'multi_grid_group', 'cluster_group',
               'coalesced_group', 'thread_group', 'thread_block_tile<32>', 'thread_block_tile<64>']
probe = ['#include <cuda.h>', '#include <cooperative_groups.h>',
         '#include <cooperative_groups/reduce.h>', '#include <cooperative_groups/scan.h>',
         '#include <cooperative_groups/memcpy_async.h>', 'namespace cg = cooperative_groups;']
names_at = {}  # probe line number -> the name it probes
def add(name, text):
    probe.append(text)
    names_at[len(probe)] = name
for name in intrinsics + launch_names:
    add(name, f'__device__ void probe_{len(probe)}() {{ (void){name}; }}')
for name in group_functions:
    add(name, f'using cg::{name};')
for name in group_methods:
    for group in GROUP_TYPES:
        add(name, f'__device__ void probe_{len(probe)}(cg::{group} &g) {{ (void)g.{name}; }}')
# The error codes' values, asserted against the model only: the toolkit is where they come from.
model_probe = probe + [f'static_assert({name} == {value}, "{name}");' for name, value in errors]

# Only these errors on the probe's own lines count: naming an overload set or a builtin without
# calling it is an error too, but one that says the name is declared.
MISSING = re.compile(r"probe\.cu:(\d+):\d+: error: (use of undeclared identifier|no (member|type) named)")
def declared(source, extra):
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, 'probe.cu')
        pathlib.Path(path).write_text('\n'.join(source) + '\n')
        args = subprocess.run([coopcheck, '--print-parse-args'] + extra + [path],
                              capture_output=True, text=True, check=True).stdout.split()
        # sm_90 with the cluster intrinsics, where the toolkit declares cluster_group (as it does
        # under nvcc).
        args = [a for a in args if not a.startswith('--cuda-gpu-arch=')] + \
            ['--cuda-gpu-arch=sm_90', '-D_CG_CLUSTER_INTRINSICS_AVAILABLE']
        result = subprocess.run(['clang++-22', '-fsyntax-only', '-ferror-limit=0', '-w'] + args +
                                [path], capture_output=True, text=True)
    missing_lines = {int(m.group(1)) for m in MISSING.finditer(result.stderr)}
    names = {}
    for line, name in names_at.items():
        names[name] = names.get(name, False) or line not in missing_lines
    wrong_values = [l for l in result.stderr.splitlines() if 'static assertion failed' in l]
    return names, wrong_values

model, wrong_values = declared(model_probe, [])
real, _ = declared(probe, ['--cuda-path=' + toolkit])
failures = 0
for name in sorted(model):
    if name in MODEL_ONLY:
        if not model[name]:
            failures += 1
            print(f'MISSING {name}: the model keeps it on purpose, but does not declare it')
    elif model[name] != real[name]:
        failures += 1
        print(f'DIFFERENT {name}: the model {"declares" if model[name] else "lacks"} it, '
              f'the toolkit {"declares" if real[name] else "lacks"} it')
for error in wrong_values:
    failures += 1
    print(f'DIFFERENT value: {error}')
print(f'toolkit {toolkit} (CUDA {major}): {len(model)} names and {len(errors)} error codes '
      f'compared; the model only: {", ".join(sorted(MODEL_ONLY & set(model)))}')
sys.exit(1 if failures else 0)
