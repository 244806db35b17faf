// Which CUDA toolkit a compile command was built against. A database names its compiler, not its
// toolkit, and the compiler it names is often not inside one: /usr/local/bin/nvcc as a wrapper
// script, /usr/bin/nvcc as a symlink, plain `nvcc` found through PATH.
#pragma once
#include "analysis/frontend/FlagTranslator.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace coopcheck::analysis {

/// The toolkit a CUDA command's build used, looked for as that build would have found it: the one
/// the command names (--cuda-path) or its compiler's directory holds, then the one the compiler
/// resolves to through PATH and symlinks, then the machine's own ($CUDA_PATH, $CUDA_HOME,
/// /usr/local/cuda, as CMake's FindCUDAToolkit looks). None when no candidate holds a toolkit.
std::optional<std::string> findCudaToolkit(const TranslatedCommand &Command);

/// The version a toolkit's cuda.h declares (`#define CUDA_VERSION 13000`: 13.0).
struct CudaVersion {
  unsigned Major = 0, Minor = 0;
};
std::optional<CudaVersion> cudaToolkitVersion(llvm::StringRef Root);

} // namespace coopcheck::analysis
