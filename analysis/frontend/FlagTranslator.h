// Translation of compile commands written for nvcc, hipcc, mxcc (or clang) into arguments that
// Clang's CUDA front end accepts. A pure function: the only outside input, the contents of response
// files, comes through a reader the caller provides.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

/// Returns the contents of a response file (`--options-file F`, `-optf F`, `@F`), or nullopt when
/// it cannot be read. Relative paths are relative to the command's directory.
using ResponseFileReader = std::function<std::optional<std::string>(llvm::StringRef Path)>;

struct TranslatedCommand {
  /// Clang arguments: defines, include paths, language standard, warnings, -x. Every GPU language
  /// (-x cu, -x hip, -x maca) becomes `-x cuda`: the parse is CUDA, the platform is in Platform.
  /// Neither the compiler nor the input file nor output options (-o, -c, -MF...) are in here, nor
  /// -Werror, nor any architecture option: the caller picks one of GpuArchs (the first) and adds
  /// `--cuda-gpu-arch=` itself (an AMD or MetaX name is never passed to the NVPTX parse).
  /// Relocatable device code, however spelled, ends them as `-fgpu-rdc`.
  std::vector<std::string> Args;
  /// GPU architectures named by -arch, -code, -gencode, --generate-code, --cuda-gpu-arch and
  /// --offload-arch, in order, deduplicated ("sm_80", "gfx90a"). Virtual architectures
  /// (compute_80) map to the real one of the same number; target features (gfx90a:xnack+) are
  /// dropped; native/all/all-major name none.
  std::vector<std::string> GpuArchs;
  /// The compiler as the command names it, after launchers (ccache): "/usr/local/bin/nvcc", "nvcc".
  std::string Compiler;
  /// A toolkit named by --cuda-path, or the one nvcc's path places it in (/usr/local/cuda/bin/nvcc
  /// gives /usr/local/cuda; relative when the compiler path is; none for an nvcc found through
  /// PATH). A guess by the path alone: findCudaToolkit says which toolkit is really there.
  std::optional<std::string> CudaPath;
  /// The platform the compiler implies: nvcc → cuda, hipcc/amdclang → hip, mxcc → maca; for
  /// another compiler (clang++), the language: -x cuda/cu, -x hip, -x maca.
  std::optional<coopcheck::model::Platform> Platform;
  /// -rdc=true / --relocatable-device-code=true / -dc / -fgpu-rdc (the last one given wins).
  bool RelocatableDeviceCode = false;
  /// Input files found on the command line (the translator does not decide which one is analysed).
  std::vector<std::string> Inputs;
  /// Options dropped because Clang has no equivalent or they do not change the parse.
  std::vector<std::string> Dropped;
  /// Response files that could not be read (the command is still translated without them).
  std::vector<std::string> UnreadableResponseFiles;
};

/// /opt/cuda-12.4/bin/nvcc → /opt/cuda-12.4, by the path alone; none for a compiler named without
/// a bin/ directory.
std::optional<std::string> toolkitOfCompilerPath(llvm::StringRef Compiler);

/// The platform of the GPU compiler driver that runs Argv (nvcc, hipcc, amdclang++, mxcc, after a
/// launcher such as ccache and whatever its directory, extension or version suffix), or none for
/// clang and host compilers.
std::optional<coopcheck::model::Platform>
gpuCompilerDriverPlatform(llvm::ArrayRef<std::string> Argv);

/// Argv[0] is the compiler (after a launcher such as ccache). nvcc's options are known by name;
/// other options are kept when Clang's driver knows them and they shape the parse (preprocessor,
/// warnings, language f-options), and dropped otherwise (and listed in Dropped). Response files
/// (@F, --options-file F, -optf F,G) are expanded in place, nested ones too; a cycle or a nesting
/// deeper than 32 files is cut off and listed in Dropped.
TranslatedCommand translateCompileCommand(llvm::ArrayRef<std::string> Argv,
                                          const ResponseFileReader &ReadResponseFile);

} // namespace coopcheck::analysis
