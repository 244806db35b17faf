#include "analysis/frontend/ParseSetup.h"
#include "analysis/frontend/CudaToolkit.h"
#include "analysis/support/InstallLayout.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

namespace coopcheck::analysis {

using model::Platform;

std::string modelIncludeDir() { return dataDirectory() + "/include"; }
std::string clangResourceDir() { return COOPCHECK_CLANG_RESOURCE_DIR; }

static std::optional<Platform> platformOfInclude(llvm::StringRef Line) {
  if (Line.contains("maca_cooperative_groups.h") || Line.contains("mc_runtime.h") ||
      Line.contains("<mc_runtime_api.h>"))
    return Platform::Maca;
  if (Line.contains("hip/hip_runtime") || Line.contains("hip/hip_cooperative_groups.h"))
    return Platform::Hip;
  return std::nullopt;
}

/// The platform the source's own includes name (MXMACA before HIP). With OnlyUnconditional, an
/// include inside a conditional block does not count: CUDA sources that port themselves include
/// the HIP headers under `#if USE_HIP`, and are CUDA to nvcc. An include guard (`#ifndef X` then
/// `#define X`) is no condition.
static std::optional<Platform> platformFromIncludes(llvm::StringRef Contents,
                                                    bool OnlyUnconditional) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Contents.split(Lines, '\n');
  bool Maca = false, Hip = false;
  int Depth = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I].trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (Line.starts_with("if")) {
      llvm::StringRef Guarded = Line.consume_front("ifndef") ? Line.trim() : llvm::StringRef();
      llvm::StringRef Next = I + 1 < Lines.size() ? Lines[I + 1].trim() : llvm::StringRef();
      bool IncludeGuard = !Guarded.empty() && Next.consume_front("#") &&
                          Next.ltrim().starts_with("define") &&
                          Next.ltrim().drop_front(6).trim() == Guarded;
      Depth += IncludeGuard ? 0 : 1;
    } else if (Line.starts_with("endif")) {
      Depth = std::max(Depth - 1, 0);
    } else if ((Depth == 0 || !OnlyUnconditional) && Line.starts_with("include")) {
      std::optional<Platform> P = platformOfInclude(Line);
      Maca |= P == Platform::Maca;
      Hip |= P == Platform::Hip;
    }
  }
  if (Maca)
    return Platform::Maca;
  if (Hip)
    return Platform::Hip;
  return std::nullopt;
}

/// A response file named after `--` (`@flags.rsp`), read from the working directory.
static std::optional<std::string> readResponseFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

Platform detectPlatform(llvm::StringRef Path, llvm::StringRef Contents,
                        const TranslatedCommand *Command, const ParseOptions &Options) {
  if (Options.PlatformOverride)
    return *Options.PlatformOverride;
  if (Command && Command->Platform)
    return *Command->Platform;
  // `-- -x hip ...`: the language the user gives the compiler names the platform, as a
  // database's command does.
  if (!Command && !Options.ExtraArgs.empty()) {
    std::vector<std::string> Argv = {"clang++"};
    Argv.insert(Argv.end(), Options.ExtraArgs.begin(), Options.ExtraArgs.end());
    if (std::optional<Platform> Given = translateCompileCommand(Argv, readResponseFile).Platform)
      return *Given;
  }
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext == ".hip")
    return Platform::Hip;
  if (Ext == ".maca")
    return Platform::Maca;
  bool CudaSource = Ext == ".cu" || Ext == ".cuh";
  return platformFromIncludes(Contents, CudaSource).value_or(Platform::Cuda);
}

Platform detectPlatform(clang::Preprocessor &PP) {
  auto Defined = [&](const char *Name) { return PP.isMacroDefined(Name); };
  if (Defined("__COOPCHECK_PLATFORM_MACA__"))
    return Platform::Maca;
  if (Defined("__COOPCHECK_PLATFORM_HIP__"))
    return Platform::Hip;
  if (Defined("__COOPCHECK_PLATFORM_CUDA__"))
    return Platform::Cuda;
  if (Defined("__COOPCHECK_MODEL_MACA__") || Defined("__MACACC__"))
    return Platform::Maca;
  if (PP.getLangOpts().HIP || Defined("__COOPCHECK_MODEL_HIP__") || Defined("__HIP_PLATFORM_AMD__"))
    return Platform::Hip;
  return Platform::Cuda;
}

static const char *platformMacro(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "-D__COOPCHECK_PLATFORM_CUDA__=1";
  case Platform::Hip:
    return "-D__COOPCHECK_PLATFORM_HIP__=1";
  case Platform::Maca:
    return "-D__COOPCHECK_PLATFORM_MACA__=1";
  }
  return "-D__COOPCHECK_PLATFORM_CUDA__=1";
}

/// Args as Clang's driver reads them; MissingCount: the values missing at the end.
static llvm::opt::InputArgList asClangReads(const std::vector<std::string> &Args,
                                            unsigned &MissingCount) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  unsigned MissingIndex = 0;
  return clang::getDriverOptTable().ParseArgs(Argv, MissingIndex, MissingCount,
                                              llvm::opt::Visibility(clang::options::ClangOption));
}

/// The positions of the command's language options (`-x LANG`, `-xLANG`), found as Clang's driver
/// reads the arguments: a `-x` that is another option's value (`-include -x`) is not one.
static std::set<size_t> languageTokens(const std::vector<std::string> &Args) {
  unsigned MissingCount = 0;
  llvm::opt::InputArgList Parsed = asClangReads(Args, MissingCount);
  std::set<size_t> Tokens;
  for (const llvm::opt::Arg *A : Parsed.filtered(clang::options::OPT_x)) {
    Tokens.insert(A->getIndex());
    if (Args[A->getIndex()] == "-x") // the separate spelling: its value too
      Tokens.insert(A->getIndex() + 1);
  }
  return Tokens;
}

static const char *runtimeHeader(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "cuda_runtime.h";
  case Platform::Hip:
    return "hip/hip_runtime.h";
  case Platform::Maca:
    return "mc_runtime.h";
  }
  return "cuda_runtime.h";
}

/// Whether Clang's driver knows every one of Args; nvcc's own options (-arch=sm_90a, -gencode,
/// --expt-relaxed-constexpr, -Xcompiler) it does not.
static bool clangAccepts(const std::vector<std::string> &Args) {
  unsigned MissingCount = 0;
  llvm::opt::InputArgList Parsed = asClangReads(Args, MissingCount);
  return MissingCount == 0 && !Parsed.hasArg(clang::options::OPT_UNKNOWN);
}

std::vector<std::string> parseArguments(Platform P, const ParseOptions &Options,
                                        const TranslatedCommand *Command) {
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   "-nocudalib",
                                   "-Wno-unknown-cuda-version",
                                   "-resource-dir",
                                   clangResourceDir(),
                                   platformMacro(P)};
  // Without a database, arguments after `--` that Clang does not know are an nvcc command line
  // (-arch=sm_90a, -gencode ..., --expt-relaxed-constexpr): translated as a database's command
  // is, they name the architecture too. Clang's own are passed as given. Neither picks a
  // toolkit: file mode reads the one --cuda-path names.
  std::optional<TranslatedCommand> Given;
  if (!Command && !Options.ExtraArgs.empty() && !clangAccepts(Options.ExtraArgs)) {
    std::vector<std::string> Argv = {"clang++"};
    Argv.insert(Argv.end(), Options.ExtraArgs.begin(), Options.ExtraArgs.end());
    Given = translateCompileCommand(Argv, readResponseFile);
  }
  const TranslatedCommand *Shaping = Command ? Command : (Given ? &*Given : nullptr);
  std::optional<std::string> CudaPath = Options.CudaPath;
  // A database's command was built against a real toolkit: its sources use what only a real one
  // declares. Where none is found here, the model headers stand in.
  if (!CudaPath && Command && P == Platform::Cuda)
    CudaPath = findCudaToolkit(*Command);
  // Real toolkits are used for CUDA only: HIP and MXMACA are always read through the model.
  if (CudaPath && P == Platform::Cuda) {
    Args.push_back("--cuda-path=" + *CudaPath);
    // Clang 22 tells the device-side job no SDK version when the toolkit is newer than it knows
    // (CUDA 13), and <<<...>>> then needs cudaConfigureCall, which CUDA 12 removed. Every
    // toolkit since CUDA 9.2 uses the launch sequence of this version.
    Args.insert(Args.end(), {"-Xclang", "-target-sdk-version=12.9"});
    // nvcc tells the code which nvcc it is; clang does not. Libraries read it (CCCL refuses to
    // compile without it, old CUB falls back to its pre-CUDA-9 warp code).
    if (std::optional<CudaVersion> Version = cudaToolkitVersion(*CudaPath))
      Args.insert(Args.end(), {"-D__CUDACC_VER_MAJOR__=" + std::to_string(Version->Major),
                               "-D__CUDACC_VER_MINOR__=" + std::to_string(Version->Minor),
                               "-D__CUDACC_VER_BUILD__=0"});
    // CUDA 13 keeps libcu++ and CUB under include/cccl.
    std::string Cccl = *CudaPath + "/include/cccl";
    if (llvm::sys::fs::is_directory(Cccl))
      Args.insert(Args.end(), {"-isystem", Cccl});
  } else {
    // Whatever toolkit Clang would find on its own is not read, so its version must not veto
    // the architecture.
    Args.insert(Args.end(), {"-nocudainc", "--no-cuda-version-check", "-isystem", modelIncludeDir(),
                             "-include", runtimeHeader(P)});
  }
  // What nvcc accepts and clang does not, made acceptable by declarations (host min/max, ...),
  // after the runtime header and before the user's own -include options.
  Args.insert(Args.end(), {"-include", modelIncludeDir() + "/coopcheck_model/nvcc_compat.h"});
  if (P == Platform::Hip && Options.HipWave32)
    Args.push_back("-D__COOPCHECK_HIP_WAVE32__=1");
  std::string Arch = "sm_80";
  if (Shaping)
    for (const std::string &A : Shaping->GpuArchs)
      if (llvm::StringRef(A).starts_with("sm_")) {
        Arch = A;
        break;
      }
  // An architecture given to Clang after `--` replaces the default: one device job, that
  // target's.
  bool ArchGiven = !Given && llvm::any_of(Options.ExtraArgs, [](const std::string &A) {
    return llvm::StringRef(A).starts_with("--cuda-gpu-arch") ||
           llvm::StringRef(A).starts_with("--offload-arch");
  });
  if (!ArchGiven)
    Args.push_back("--cuda-gpu-arch=" + Arch);
  Args.push_back(Options.HostSide ? "--cuda-host-only" : "--cuda-device-only");
  Args.insert(Args.end(), Options.ArgsBefore.begin(), Options.ArgsBefore.end());
  // The language is fixed above: CUDA for every platform (HIP and MXMACA through the model).
  if (Shaping) {
    std::set<size_t> Language = languageTokens(Shaping->Args);
    for (size_t I = 0; I < Shaping->Args.size(); ++I)
      if (!Language.count(I))
        Args.push_back(Shaping->Args[I]);
  }
  if (!Given) { // Clang's own arguments, after a database's command or alone
    std::set<size_t> Language = languageTokens(Options.ExtraArgs);
    for (size_t I = 0; I < Options.ExtraArgs.size(); ++I)
      if (!Language.count(I))
        Args.push_back(Options.ExtraArgs[I]);
  }
  Args.insert(Args.end(), Options.ArgsAfter.begin(), Options.ArgsAfter.end());
  return Args;
}

bool needsHostSidePass(llvm::StringRef Contents) { return Contents.contains("__CUDA_ARCH__"); }

} // namespace coopcheck::analysis
