// How a source is parsed: the platform it is written for and the Clang arguments that parse it,
// hermetically with the model headers by default, or against a real toolkit with --cuda-path.
#pragma once
#include "analysis/frontend/FlagTranslator.h"
#include "runtime-model/semantics/Platform.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Preprocessor.h"
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

struct ParseOptions {
  std::optional<model::Platform> PlatformOverride; ///< --platform
  std::optional<std::string> CudaPath; ///< --cuda-path, else a toolkit from the database
  bool HipWave32 = false;              ///< HIP targets with 32-lane wavefronts
  bool HostSide = false;               ///< parse the host side instead of the device side
  std::vector<std::string> ExtraArgs;  ///< arguments after `--`
  /// --extra-arg-before / --extra-arg: Clang arguments before and after every unit's own, as
  /// clang-tidy adds them.
  std::vector<std::string> ArgsBefore, ArgsAfter;
};

/// The platform of a source: --platform, then the compile command's compiler or -x, then the file
/// extension (.hip), then the headers it includes (hip/..., maca_cooperative_groups.h,
/// mc_runtime.h).
model::Platform detectPlatform(llvm::StringRef Path, llvm::StringRef Contents,
                               const TranslatedCommand *Command, const ParseOptions &Options);

/// The platform of a parsed translation unit, from the macros the model headers, the real
/// toolkits or coopcheck's own -D define. Used by the checks in every front door.
model::Platform detectPlatform(clang::Preprocessor &PP);

/// Clang arguments (no compiler, no input) for one source. Command is the translated compile
/// command from a database, or null for a file given on the command line.
std::vector<std::string> parseArguments(model::Platform P, const ParseOptions &Options,
                                        const TranslatedCommand *Command);

/// True when a source may have code only one side sees (#if __CUDA_ARCH__ ...): then the host
/// side's preprocessor tells whether it does, and if so both sides are analysed and their
/// findings merged.
bool needsHostSidePass(llvm::StringRef Contents);

/// The model headers: share/coopcheck/include under the prefix of the running binary (the build
/// tree or an installed copy, support/InstallLayout.h).
std::string modelIncludeDir();
std::string clangResourceDir();

} // namespace coopcheck::analysis
