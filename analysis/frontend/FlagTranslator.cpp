#include "analysis/frontend/FlagTranslator.h"
#include "analysis/frontend/CompileDatabase.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/Path.h"

namespace coopcheck::analysis {
namespace {

using coopcheck::model::Platform;
using llvm::StringRef;

// How an nvcc-style option takes its value.
enum class Form : uint8_t {
  Flag,            // -c
  Value,           // -arch sm_80, -arch=sm_80
  JoinedOrSeparate // -DX, -D X
};

// What an option does to the translated command.
enum class Effect : uint8_t {
  Drop,          // no Clang equivalent, or no effect on the parse
  Emit,          // Spelling, followed by the value for valued options
  Define,        // -D
  Undefine,      // -U
  Include,       // -I
  SystemInclude, // -isystem
  PreInclude,    // -include
  Std,           // -std
  Language,      // -x
  NvccArch,      // -arch, -code, -gencode: sm_/compute_/lto_ names
  OffloadArch,   // --offload-arch, --cuda-gpu-arch: one target name each
  Rdc,           // -rdc=true|false
  RdcOn,         // -dc, -fgpu-rdc
  RdcOff,        // -fno-gpu-rdc
  CudaPath,      // --cuda-path
  HostCompiler,  // -Xcompiler: only its preprocessor options reach the parse
  Werror,        // nvcc's -Werror takes a list of kinds, Clang's takes none
  Optimize       // -O, -O3, nvcc's -O 3
};

struct OptionSpec {
  StringRef Name;
  Form Kind;
  Effect Does;
  StringRef Spelling = "";
};

// nvcc's options (nvcc --help, CUDA 13), the clang driver options that mean the same, and hipcc's
// offload options. They are matched before Clang's table because several of them collide with Clang
// options of another meaning (-G, -dlink, -lineinfo, -Werror kinds).
constexpr OptionSpec Options[] = {
    // Preprocessor and language: kept.
    {"-D", Form::JoinedOrSeparate, Effect::Define},
    {"--define-macro", Form::Value, Effect::Define},
    {"-U", Form::JoinedOrSeparate, Effect::Undefine},
    {"--undefine-macro", Form::Value, Effect::Undefine},
    {"-I", Form::JoinedOrSeparate, Effect::Include},
    {"--include-path", Form::Value, Effect::Include},
    {"-isystem", Form::JoinedOrSeparate, Effect::SystemInclude},
    {"--system-include", Form::Value, Effect::SystemInclude},
    {"-include", Form::JoinedOrSeparate, Effect::PreInclude},
    {"--pre-include", Form::Value, Effect::PreInclude},
    {"-include-pch", Form::Value, Effect::Drop},
    {"-std", Form::Value, Effect::Std},
    {"--std", Form::Value, Effect::Std},
    {"-x", Form::JoinedOrSeparate, Effect::Language},
    {"--x", Form::Value, Effect::Language},
    {"-noeh", Form::Flag, Effect::Emit, "-fno-exceptions"},
    {"--no-exceptions", Form::Flag, Effect::Emit, "-fno-exceptions"},
    {"-ftemplate-depth", Form::Value, Effect::Emit, "-ftemplate-depth="},
    {"--ftemplate-depth", Form::Value, Effect::Emit, "-ftemplate-depth="},
    {"-ftemplate-backtrace-limit", Form::Value, Effect::Emit, "-ftemplate-backtrace-limit="},
    {"--ftemplate-backtrace-limit", Form::Value, Effect::Emit, "-ftemplate-backtrace-limit="},
    {"--disable-warnings", Form::Flag, Effect::Emit, "-w"},
    // Targets, relocatable device code, toolkit.
    {"-arch", Form::Value, Effect::NvccArch},
    {"--gpu-architecture", Form::Value, Effect::NvccArch},
    {"-code", Form::Value, Effect::NvccArch},
    {"--gpu-code", Form::Value, Effect::NvccArch},
    {"-gencode", Form::Value, Effect::NvccArch},
    {"--generate-code", Form::Value, Effect::NvccArch},
    {"--cuda-gpu-arch", Form::Value, Effect::OffloadArch},
    {"--offload-arch", Form::Value, Effect::OffloadArch},
    {"--amdgpu-target", Form::Value, Effect::OffloadArch},
    {"--no-cuda-gpu-arch", Form::Value, Effect::Drop},
    {"--no-offload-arch", Form::Value, Effect::Drop},
    {"-rdc", Form::Value, Effect::Rdc},
    {"--relocatable-device-code", Form::Value, Effect::Rdc},
    {"-dc", Form::Flag, Effect::RdcOn},
    {"--device-c", Form::Flag, Effect::RdcOn},
    {"-fgpu-rdc", Form::Flag, Effect::RdcOn},
    {"-fno-gpu-rdc", Form::Flag, Effect::RdcOff},
    {"--cuda-path", Form::Value, Effect::CudaPath},
    {"-Xcompiler", Form::Value, Effect::HostCompiler},
    {"--compiler-options", Form::Value, Effect::HostCompiler},
    {"-Werror", Form::Flag, Effect::Werror},
    {"--Werror", Form::Flag, Effect::Werror},
    {"-O", Form::JoinedOrSeparate, Effect::Optimize},
    // Outputs, phases, dependency files.
    {"-o", Form::JoinedOrSeparate, Effect::Drop},
    {"--output-file", Form::Value, Effect::Drop},
    {"-c", Form::Flag, Effect::Drop},
    {"--compile", Form::Flag, Effect::Drop},
    {"-dw", Form::Flag, Effect::Drop},
    {"--device-w", Form::Flag, Effect::Drop},
    {"-dlink", Form::Flag, Effect::Drop},
    {"--device-link", Form::Flag, Effect::Drop},
    {"-link", Form::Flag, Effect::Drop},
    {"--link", Form::Flag, Effect::Drop},
    {"-lib", Form::Flag, Effect::Drop},
    {"--lib", Form::Flag, Effect::Drop},
    {"-run", Form::Flag, Effect::Drop},
    {"--run", Form::Flag, Effect::Drop},
    {"-cuda", Form::Flag, Effect::Drop},
    {"--cuda", Form::Flag, Effect::Drop},
    {"-cubin", Form::Flag, Effect::Drop},
    {"--cubin", Form::Flag, Effect::Drop},
    {"-fatbin", Form::Flag, Effect::Drop},
    {"--fatbin", Form::Flag, Effect::Drop},
    {"-ptx", Form::Flag, Effect::Drop},
    {"--ptx", Form::Flag, Effect::Drop},
    {"-optix-ir", Form::Flag, Effect::Drop},
    {"--optix-ir", Form::Flag, Effect::Drop},
    {"-ltoir", Form::Flag, Effect::Drop},
    {"--ltoir", Form::Flag, Effect::Drop},
    {"-E", Form::Flag, Effect::Drop},
    {"--preprocess", Form::Flag, Effect::Drop},
    {"-M", Form::Flag, Effect::Drop},
    {"--generate-dependencies", Form::Flag, Effect::Drop},
    {"-MM", Form::Flag, Effect::Drop},
    {"--generate-nonsystem-dependencies", Form::Flag, Effect::Drop},
    {"-MD", Form::Flag, Effect::Drop},
    {"--generate-dependencies-with-compile", Form::Flag, Effect::Drop},
    {"-MMD", Form::Flag, Effect::Drop},
    {"--generate-nonsystem-dependencies-with-compile", Form::Flag, Effect::Drop},
    {"-MP", Form::Flag, Effect::Drop},
    {"--generate-dependency-targets", Form::Flag, Effect::Drop},
    {"-MG", Form::Flag, Effect::Drop},
    {"-MF", Form::JoinedOrSeparate, Effect::Drop},
    {"--dependency-output", Form::Value, Effect::Drop},
    {"-MT", Form::JoinedOrSeparate, Effect::Drop},
    {"--dependency-target-name", Form::Value, Effect::Drop},
    {"-MQ", Form::JoinedOrSeparate, Effect::Drop},
    {"-MJ", Form::JoinedOrSeparate, Effect::Drop},
    {"-odir", Form::Value, Effect::Drop},
    {"--output-directory", Form::Value, Effect::Drop},
    {"-objtemp", Form::Flag, Effect::Drop},
    {"--objdir-as-tempdir", Form::Flag, Effect::Drop},
    // Host compiler, linker, archiver and tool pass-through.
    {"-ccbin", Form::Value, Effect::Drop},
    {"--compiler-bindir", Form::Value, Effect::Drop},
    {"-arbin", Form::Value, Effect::Drop},
    {"--archiver-binary", Form::Value, Effect::Drop},
    {"-allow-unsupported-compiler", Form::Flag, Effect::Drop},
    {"--allow-unsupported-compiler", Form::Flag, Effect::Drop},
    {"-use-local-env", Form::Flag, Effect::Drop},
    {"--use-local-env", Form::Flag, Effect::Drop},
    {"-force-cl-env-setup", Form::Flag, Effect::Drop},
    {"--force-cl-env-setup", Form::Flag, Effect::Drop},
    {"-forward-unknown-to-host-compiler", Form::Flag, Effect::Drop},
    {"--forward-unknown-to-host-compiler", Form::Flag, Effect::Drop},
    {"-forward-unknown-to-host-linker", Form::Flag, Effect::Drop},
    {"--forward-unknown-to-host-linker", Form::Flag, Effect::Drop},
    {"-forward-unknown-opts", Form::Flag, Effect::Drop},
    {"--forward-unknown-opts", Form::Flag, Effect::Drop},
    {"-Xlinker", Form::Value, Effect::Drop},
    {"--linker-options", Form::Value, Effect::Drop},
    {"-Xarchive", Form::Value, Effect::Drop},
    {"--archive-options", Form::Value, Effect::Drop},
    {"-Xptxas", Form::Value, Effect::Drop},
    {"--ptxas-options", Form::Value, Effect::Drop},
    {"-Xnvlink", Form::Value, Effect::Drop},
    {"--nvlink-options", Form::Value, Effect::Drop},
    {"-Xcudafe", Form::Value, Effect::Drop},
    {"-Xfatbin", Form::Value, Effect::Drop},
    {"--fatbin-options", Form::Value, Effect::Drop},
    {"-Xcuda-ptxas", Form::Value, Effect::Drop},
    {"-Xcuda-fatbinary", Form::Value, Effect::Drop},
    {"-Xarch_device", Form::Value, Effect::Drop},
    {"-Xarch_host", Form::Value, Effect::Drop},
    {"-Xoffload-linker", Form::Value, Effect::Drop},
    // cc1 and backend options are those of another Clang version (hipcc's, mxcc's).
    {"-Xclang", Form::Value, Effect::Drop},
    {"-mllvm", Form::Value, Effect::Drop},
    {"-resource-dir", Form::Value, Effect::Drop},
    {"--hip-path", Form::Value, Effect::Drop},
    {"--rocm-path", Form::Value, Effect::Drop},
    {"--hip-device-lib-path", Form::Value, Effect::Drop},
    {"--rocm-device-lib-path", Form::Value, Effect::Drop},
    {"-l", Form::JoinedOrSeparate, Effect::Drop},
    {"--library", Form::Value, Effect::Drop},
    {"-L", Form::JoinedOrSeparate, Effect::Drop},
    {"--library-path", Form::Value, Effect::Drop},
    {"-cudart", Form::Value, Effect::Drop},
    {"--cudart", Form::Value, Effect::Drop},
    {"-cudadevrt", Form::Value, Effect::Drop},
    {"--cudadevrt", Form::Value, Effect::Drop},
    {"-ldir", Form::Value, Effect::Drop},
    {"--libdevice-directory", Form::Value, Effect::Drop},
    {"-target-dir", Form::Value, Effect::Drop},
    {"--target-directory", Form::Value, Effect::Drop},
    // Debug information and device code generation.
    {"-g", Form::Flag, Effect::Drop},
    {"--debug", Form::Flag, Effect::Drop},
    {"-G", Form::Flag, Effect::Drop},
    {"--device-debug", Form::Flag, Effect::Drop},
    {"-lineinfo", Form::Flag, Effect::Drop},
    {"--generate-line-info", Form::Flag, Effect::Drop},
    {"-pg", Form::Flag, Effect::Drop},
    {"--profile", Form::Flag, Effect::Drop},
    {"--optimize", Form::Value, Effect::Drop},
    {"-Ofc", Form::Value, Effect::Drop},
    {"--Ofast-compile", Form::Value, Effect::Drop},
    {"-opt-info", Form::Value, Effect::Drop},
    {"--optimization-info", Form::Value, Effect::Drop},
    {"-dopt", Form::Value, Effect::Drop},
    {"--dopt", Form::Value, Effect::Drop},
    {"-dlto", Form::Flag, Effect::Drop},
    {"--dlink-time-opt", Form::Flag, Effect::Drop},
    {"-lto", Form::Flag, Effect::Drop},
    {"--lto", Form::Flag, Effect::Drop},
    {"-gen-opt-lto", Form::Flag, Effect::Drop},
    {"--gen-opt-lto", Form::Flag, Effect::Drop},
    {"-shared", Form::Flag, Effect::Drop},
    {"--shared", Form::Flag, Effect::Drop},
    {"-nohdinitlist", Form::Flag, Effect::Drop},
    {"--no-host-device-initializer-list", Form::Flag, Effect::Drop},
    {"-nohdmoveforward", Form::Flag, Effect::Drop},
    {"--no-host-device-move-forward", Form::Flag, Effect::Drop},
    {"-expt-relaxed-constexpr", Form::Flag, Effect::Drop},
    {"--expt-relaxed-constexpr", Form::Flag, Effect::Drop},
    {"-extended-lambda", Form::Flag, Effect::Drop},
    {"--extended-lambda", Form::Flag, Effect::Drop},
    {"-expt-extended-lambda", Form::Flag, Effect::Drop},
    {"--expt-extended-lambda", Form::Flag, Effect::Drop},
    {"-m", Form::Value, Effect::Drop},
    {"--machine", Form::Value, Effect::Drop},
    {"-m64", Form::Flag, Effect::Drop},
    {"--m64", Form::Flag, Effect::Drop},
    {"-static-global-template-stub", Form::Value, Effect::Drop},
    {"--static-global-template-stub", Form::Value, Effect::Drop},
    {"-device-entity-has-hidden-visibility", Form::Value, Effect::Drop},
    {"--device-entity-has-hidden-visibility", Form::Value, Effect::Drop},
    {"-maxrregcount", Form::Value, Effect::Drop},
    {"--maxrregcount", Form::Value, Effect::Drop},
    {"-use_fast_math", Form::Flag, Effect::Drop},
    {"--use_fast_math", Form::Flag, Effect::Drop},
    {"-ftz", Form::Value, Effect::Drop},
    {"--ftz", Form::Value, Effect::Drop},
    {"-prec-div", Form::Value, Effect::Drop},
    {"--prec-div", Form::Value, Effect::Drop},
    {"-prec-sqrt", Form::Value, Effect::Drop},
    {"--prec-sqrt", Form::Value, Effect::Drop},
    {"-fmad", Form::Value, Effect::Drop},
    {"--fmad", Form::Value, Effect::Drop},
    {"-extra-device-vectorization", Form::Flag, Effect::Drop},
    {"--extra-device-vectorization", Form::Flag, Effect::Drop},
    {"-default-stream", Form::Value, Effect::Drop},
    {"--default-stream", Form::Value, Effect::Drop},
    {"-keep-device-functions", Form::Flag, Effect::Drop},
    {"--keep-device-functions", Form::Flag, Effect::Drop},
    {"-src-in-ptx", Form::Flag, Effect::Drop},
    {"--source-in-ptx", Form::Flag, Effect::Drop},
    {"-restrict", Form::Flag, Effect::Drop},
    {"--restrict", Form::Flag, Effect::Drop},
    {"-res-usage", Form::Flag, Effect::Drop},
    {"--resource-usage", Form::Flag, Effect::Drop},
    {"-ewp", Form::Flag, Effect::Drop},
    {"--extensible-whole-program", Form::Flag, Effect::Drop},
    {"-no-compress", Form::Flag, Effect::Drop},
    {"--no-compress", Form::Flag, Effect::Drop},
    {"-compress-mode", Form::Value, Effect::Drop},
    {"--compress-mode", Form::Value, Effect::Drop},
    {"-reloc-ptx", Form::Flag, Effect::Drop},
    {"--relocatable-ptx", Form::Flag, Effect::Drop},
    {"-r", Form::Flag, Effect::Drop},
    {"--relocatable-link", Form::Flag, Effect::Drop},
    {"-device-stack-protector", Form::Value, Effect::Drop},
    {"--device-stack-protector", Form::Value, Effect::Drop},
    {"-jtd", Form::Value, Effect::Drop},
    {"--jump-table-density", Form::Value, Effect::Drop},
    {"-hls", Form::Value, Effect::Drop},
    {"--host-linker-script", Form::Value, Effect::Drop},
    {"-aug-hls", Form::Flag, Effect::Drop},
    {"--augment-host-linker-script", Form::Flag, Effect::Drop},
    {"-frandom-seed", Form::Value, Effect::Drop},
    {"--frandom-seed", Form::Value, Effect::Drop},
    {"-sanitize", Form::Value, Effect::Drop},
    {"--sanitize", Form::Value, Effect::Drop},
    {"-e", Form::Value, Effect::Drop},
    {"--entries", Form::Value, Effect::Drop},
    // nvcc diagnostics: numbers and kinds that Clang does not know.
    {"-diag-error", Form::Value, Effect::Drop},
    {"--diag-error", Form::Value, Effect::Drop},
    {"--diag_error", Form::Value, Effect::Drop},
    {"-diag-suppress", Form::Value, Effect::Drop},
    {"--diag-suppress", Form::Value, Effect::Drop},
    {"--diag_suppress", Form::Value, Effect::Drop},
    {"-diag-warn", Form::Value, Effect::Drop},
    {"--diag-warn", Form::Value, Effect::Drop},
    {"--diag_warn", Form::Value, Effect::Drop},
    {"-Wno-deprecated-gpu-targets", Form::Flag, Effect::Drop},
    {"--Wno-deprecated-gpu-targets", Form::Flag, Effect::Drop},
    {"-Wdefault-stream-launch", Form::Flag, Effect::Drop},
    {"--Wdefault-stream-launch", Form::Flag, Effect::Drop},
    {"-Wmissing-launch-bounds", Form::Flag, Effect::Drop},
    {"--Wmissing-launch-bounds", Form::Flag, Effect::Drop},
    {"-Wext-lambda-captures-this", Form::Flag, Effect::Drop},
    {"--Wext-lambda-captures-this", Form::Flag, Effect::Drop},
    {"-err-no", Form::Flag, Effect::Drop},
    {"--display-error-number", Form::Flag, Effect::Drop},
    {"-no-err-no", Form::Flag, Effect::Drop},
    {"--no-display-error-number", Form::Flag, Effect::Drop},
    {"-brief-diag", Form::Value, Effect::Drop},
    {"--brief-diagnostics", Form::Value, Effect::Drop},
    // Driver behaviour.
    {"-v", Form::Flag, Effect::Drop},
    {"--verbose", Form::Flag, Effect::Drop},
    {"-dryrun", Form::Flag, Effect::Drop},
    {"--dryrun", Form::Flag, Effect::Drop},
    {"-keep", Form::Flag, Effect::Drop},
    {"--keep", Form::Flag, Effect::Drop},
    {"-keep-dir", Form::Value, Effect::Drop},
    {"--keep-dir", Form::Value, Effect::Drop},
    {"-save-temps", Form::Flag, Effect::Drop},
    {"--save-temps", Form::Flag, Effect::Drop},
    {"-clean", Form::Flag, Effect::Drop},
    {"--clean-targets", Form::Flag, Effect::Drop},
    {"-nodlink", Form::Flag, Effect::Drop},
    {"--no-device-link", Form::Flag, Effect::Drop},
    {"--no-align-double", Form::Flag, Effect::Drop},
    {"-noprof", Form::Flag, Effect::Drop},
    {"--dont-use-profile", Form::Flag, Effect::Drop},
    {"-fdevice-syntax-only", Form::Flag, Effect::Drop},
    {"--fdevice-syntax-only", Form::Flag, Effect::Drop},
    {"-fdevice-time-trace", Form::Value, Effect::Drop},
    {"--fdevice-time-trace", Form::Value, Effect::Drop},
    {"-t", Form::Value, Effect::Drop},
    {"--threads", Form::Value, Effect::Drop},
    {"-split-compile", Form::Value, Effect::Drop},
    {"--split-compile", Form::Value, Effect::Drop},
    {"-split-compile-extended", Form::Value, Effect::Drop},
    {"--split-compile-extended", Form::Value, Effect::Drop},
    {"-time", Form::Value, Effect::Drop},
    {"--time", Form::Value, Effect::Drop},
    {"-run-args", Form::Value, Effect::Drop},
    {"--run-args", Form::Value, Effect::Drop},
    {"-idp", Form::Value, Effect::Drop},
    {"--input-drive-prefix", Form::Value, Effect::Drop},
    {"-ddp", Form::Value, Effect::Drop},
    {"--dependency-drive-prefix", Form::Value, Effect::Drop},
    {"-dp", Form::Value, Effect::Drop},
    {"--drive-prefix", Form::Value, Effect::Drop},
    {"-jobserver", Form::Flag, Effect::Drop},
    {"--jobserver", Form::Flag, Effect::Drop},
    {"-qpp-config", Form::Flag, Effect::Drop},
    {"--qpp-config", Form::Flag, Effect::Drop},
    {"-astoolspatch", Form::Flag, Effect::Drop},
    {"--compile-as-tools-patch", Form::Flag, Effect::Drop},
};

// Clang f-options that only change code generation or the output's form; kept they would make
// the device parse fail (-fsanitize on NVPTX) or warn for nothing.
constexpr StringRef CodegenOnlyPrefixes[] = {
    "-fPIC", "-fpic", "-fPIE", "-fpie", "-fno-PIC", "-fno-pic", "-fno-PIE", "-fno-pie",
    "-fvisibility", "-fstack-protector", "-fno-stack-protector", "-fstack-clash-protection",
    "-fcf-protection", "-ffunction-sections", "-fdata-sections", "-fomit-frame-pointer",
    "-fno-omit-frame-pointer", "-flto", "-fno-lto", "-fprofile", "-fno-profile", "-fcoverage",
    "-fdiagnostics-color", "-fcolor-diagnostics", "-fno-color-diagnostics", "-fdebug-prefix-map",
    "-ffile-prefix-map", "-fmacro-prefix-map", "-fplt", "-fno-plt", "-fsemantic-interposition",
    "-fno-semantic-interposition", "-ftime-trace",
    // OpenMP and modules need runtimes and caches of the original compiler.
    "-fopenmp", "-fno-openmp", "-fmodules", "-fcxx-modules"};

// Options that make the compiler load and run code a compile database names: never followed.
constexpr StringRef CodeLoadingPrefixes[] = {"-fplugin", "-fpass-plugin"};

// Clang options outside any option group that still shape the parse.
constexpr StringRef KeptUngroupedOptions[] = {
    "pthread", "w", "target=", "stdlib=", "sysroot=", "gcc-toolchain=", "Qunused-arguments"};

// nvcc's -Werror takes these kinds as its value.
constexpr StringRef NvccWerrorKinds[] = {
    "all-warnings",           "cross-execution-space-call", "reorder",
    "default-stream-launch",  "missing-launch-bounds",      "ext-lambda-captures-this",
    "deprecated-declarations"};

constexpr StringRef CompilerLaunchers[] = {"ccache", "sccache", "distcc", "icecc", "buildcache"};

// Response files nested deeper than this, or more of them than this in one command, are not
// read: a cycle through differently spelled paths, or a file included many times, stays bounded.
constexpr unsigned MaxResponseDepth = 32;
constexpr unsigned MaxResponseFiles = 256;

/// The compiler's name without directory, extension (.exe, .pl, .bin) or version (clang++-22).
StringRef compilerStem(StringRef Path) {
  StringRef Stem = llvm::sys::path::stem(Path);
  size_t Dash = Stem.find_last_of('-');
  if (Dash != StringRef::npos && Dash + 1 < Stem.size() &&
      llvm::all_of(Stem.substr(Dash + 1), [](char C) { return llvm::isDigit(C) || C == '.'; }))
    Stem = Stem.take_front(Dash);
  return Stem;
}

std::optional<Platform> platformOfCompiler(StringRef Stem) {
  if (Stem == "nvcc")
    return Platform::Cuda;
  if (Stem == "hipcc" || Stem == "amdclang" || Stem == "amdclang++")
    return Platform::Hip;
  if (Stem == "mxcc")
    return Platform::Maca;
  return std::nullopt;
}

/// "compute_80", "sm_80", "lto_80" → "sm_80": the virtual architecture fixes __CUDA_ARCH__, and
/// Clang takes the real one of the same number. "native", "all", "all-major" name none.
std::optional<std::string> nvccArchOf(StringRef Name) {
  for (StringRef Prefix : {"compute_", "sm_", "lto_"})
    if (Name.consume_front(Prefix) && !Name.empty())
      return ("sm_" + Name).str();
  return std::nullopt;
}

/// --offload-arch=gfx90a:xnack+ → "gfx90a": the target features do not change the parse.
std::optional<std::string> offloadArchOf(StringRef Name) {
  Name = Name.split(':').first;
  if (Name.empty() || Name == "native" || Name == "all")
    return std::nullopt;
  if (std::optional<std::string> Cuda = nvccArchOf(Name))
    return Cuda;
  return Name.str();
}

/// nvcc's -D, -U, -I, -isystem, -include take comma-separated lists. A macro list is split only
/// when every piece starts a macro name, so -DPAIR=1,2 stays one definition.
llvm::SmallVector<StringRef> nvccListItems(StringRef Value, bool IsMacroList) {
  llvm::SmallVector<StringRef> Items;
  Value.split(Items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  bool AllMacros = llvm::all_of(
      Items, [](StringRef Item) { return llvm::isAlpha(Item.front()) || Item.front() == '_'; });
  if (Items.empty() || (IsMacroList && !AllMacros))
    return {Value};
  return Items;
}

bool isNvccWerrorKindList(StringRef Value) {
  llvm::SmallVector<StringRef> Kinds;
  Value.split(Kinds, ',');
  return llvm::all_of(Kinds,
                      [](StringRef Kind) { return llvm::is_contained(NvccWerrorKinds, Kind); });
}

bool isOptimizationLevel(StringRef Value) {
  return Value == "fast" || (Value.size() == 1 && StringRef("0123sgz").contains(Value.front()));
}

/// Whether the option spelled exactly as Spec.Name at Tokens[I] takes the next token as its value.
/// nvcc's -Werror and -O take one only when it looks like theirs (-Werror reorder, -O 3), since
/// Clang's spellings (-Werror, -O) take none.
bool takesNextToken(const OptionSpec &Spec, llvm::ArrayRef<std::string> Tokens, size_t I) {
  if (I + 1 >= Tokens.size())
    return false;
  if (Spec.Does == Effect::Werror)
    return isNvccWerrorKindList(Tokens[I + 1]);
  if (Spec.Does == Effect::Optimize)
    return isOptimizationLevel(Tokens[I + 1]);
  return Spec.Kind != Form::Flag;
}

/// An nvcc option found at one position of the command.
struct NvccMatch {
  const OptionSpec *Spec;
  std::optional<std::string> Value; // nullopt for flags, and for a value missing at the end
  size_t Consumed;                  // tokens taken, option and value
};

/// Exact spellings and `--opt=value` first, then joined prefixes (-DX, -Ipath), so that -lineinfo
/// is not -l ineinfo and -odir is not -o dir.
std::optional<NvccMatch> matchNvccOption(llvm::ArrayRef<std::string> Tokens, size_t I) {
  StringRef Tok = Tokens[I];
  for (const OptionSpec &Spec : Options) {
    if (Tok == Spec.Name) {
      if (takesNextToken(Spec, Tokens, I))
        return NvccMatch{&Spec, Tokens[I + 1], 2};
      return NvccMatch{&Spec, std::nullopt, 1};
    }
    if (Spec.Kind == Form::Value && Tok.starts_with(Spec.Name) &&
        Tok.drop_front(Spec.Name.size()).starts_with("="))
      return NvccMatch{&Spec, Tok.drop_front(Spec.Name.size() + 1).str(), 1};
  }
  for (const OptionSpec &Spec : Options)
    if (Spec.Kind == Form::JoinedOrSeparate && Tok.starts_with(Spec.Name))
      return NvccMatch{&Spec, Tok.drop_front(Spec.Name.size()).str(), 1};
  return std::nullopt;
}

bool startsWithAny(StringRef Spelling, llvm::ArrayRef<StringRef> Prefixes) {
  return llvm::any_of(Prefixes, [&](StringRef Prefix) { return Spelling.starts_with(Prefix); });
}

bool isWerror(StringRef Spelling) {
  return Spelling == "-Werror" || Spelling.starts_with("-Werror=") ||
         Spelling == "-pedantic-errors";
}

/// Whether a Clang driver option that nvcc does not know changes how the source parses. Warnings
/// stay, except -Werror: a static analyzer must not stop on a warning the original compiler
/// would not give.
bool clangOptionShapesParse(const llvm::opt::Option &Opt, StringRef Spelling) {
  using namespace clang::options;
  // Target options are the original target's, including those Clang aliases to an f-option
  // (-munsafe-fp-atomics).
  if (Opt.getKind() == llvm::opt::Option::UnknownClass || Spelling.starts_with("-m"))
    return false;
  for (unsigned Excluded :
       {OPT_M_Group, OPT_Link_Group, OPT_O_Group, OPT_DebugInfo_Group, OPT_m_Group,
        OPT_Action_Group, OPT_StaticAnalyzer_Group, OPT_clang_ignored_f_Group,
        OPT_clang_ignored_gcc_optimization_f_Group, OPT_clang_ignored_legacy_options_Group,
        OPT_cuda_Group, OPT_hip_Group, OPT_offload_Group, OPT_opencl_Group, OPT_sycl_Group})
    if (Opt.matches(Excluded))
      return false;
  if (Opt.matches(OPT_Diag_Group) || Opt.matches(OPT_pedantic_Group))
    return !isWerror(Spelling);
  if (Opt.matches(OPT_Preprocessor_Group) || Opt.matches(OPT_f_Group))
    return !startsWithAny(Spelling, CodegenOnlyPrefixes) &&
           !startsWithAny(Spelling, CodeLoadingPrefixes);
  return !Opt.getGroup().isValid() && llvm::is_contained(KeptUngroupedOptions, Opt.getName());
}

class Translator {
public:
  Translator(const ResponseFileReader &ReadResponseFile, TranslatedCommand &Out)
      : ReadResponseFile(ReadResponseFile), Out(Out) {}

  void run(llvm::ArrayRef<std::string> Argv);

private:
  void expand(llvm::ArrayRef<std::string> In, unsigned Depth);
  void expandResponseFile(StringRef Path, StringRef AsWritten, unsigned Depth);
  void translate();
  void apply(const NvccMatch &M, StringRef AsWritten);
  void applyPreprocessor(Effect Does, StringRef Value);
  void applyHostCompilerOptions(StringRef Value, StringRef AsWritten);
  void applyLanguage(StringRef Language);
  void addArchs(StringRef List, bool Offload);
  size_t applyClangOption(const llvm::opt::InputArgList &ArgList, size_t I);
  void drop(llvm::ArrayRef<std::string> OptionTokens);

  const ResponseFileReader &ReadResponseFile;
  TranslatedCommand &Out;
  std::vector<std::string> Tokens; // the command after the compiler, response files expanded
  std::vector<std::string> ActiveResponseFiles;
  unsigned ResponseFilesRead = 0;
  bool NvccLists = false; // nvcc splits -D/-I/... values on commas
  std::optional<Platform> CompilerPlatform;
  std::optional<Platform> LanguagePlatform;
  std::optional<std::string> ExplicitCudaPath;
};

llvm::ArrayRef<std::string> withoutLaunchers(llvm::ArrayRef<std::string> Argv) {
  while (!Argv.empty() && llvm::is_contained(CompilerLaunchers, compilerStem(Argv.front())))
    Argv = Argv.drop_front();
  return Argv;
}

void Translator::run(llvm::ArrayRef<std::string> Argv) {
  Argv = withoutLaunchers(Argv);
  if (Argv.empty())
    return;
  StringRef Compiler = Argv.front();
  Out.Compiler = Compiler.str();
  StringRef Stem = compilerStem(Compiler);
  CompilerPlatform = platformOfCompiler(Stem);
  NvccLists = Stem == "nvcc";
  expand(Argv.drop_front(), 0);
  translate();
  Out.Platform = CompilerPlatform ? CompilerPlatform : LanguagePlatform;
  // Device code launches kernels (<<<>>> in __global__ functions: dynamic parallelism) only in
  // relocatable device code; the last of nvcc's spellings decided it, Clang's flag says it once.
  if (Out.RelocatableDeviceCode)
    Out.Args.push_back("-fgpu-rdc");
  if (ExplicitCudaPath)
    Out.CudaPath = ExplicitCudaPath;
  else if (NvccLists)
    Out.CudaPath = toolkitOfCompilerPath(Compiler);
}

/// Replaces @F, --options-file F and -optf F by the tokens of F, recursively.
void Translator::expand(llvm::ArrayRef<std::string> In, unsigned Depth) {
  for (size_t I = 0; I < In.size(); ++I) {
    StringRef Tok = In[I];
    if (Tok.size() > 1 && Tok.front() == '@') {
      expandResponseFile(Tok.drop_front(), Tok, Depth);
      continue;
    }
    std::optional<std::string> Files;
    std::string AsWritten = Tok.str();
    for (StringRef Name : {"--options-file", "-optf"}) {
      if (Tok == Name && I + 1 < In.size()) {
        Files = In[++I];
        AsWritten += " " + *Files;
      } else if (Tok.starts_with(Name) && Tok.drop_front(Name.size()).starts_with("=")) {
        Files = Tok.drop_front(Name.size() + 1).str();
      }
    }
    if (!Files) {
      Tokens.push_back(Tok.str());
      continue;
    }
    llvm::SmallVector<StringRef> Paths;
    StringRef(*Files).split(Paths, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef Path : Paths)
      expandResponseFile(Path, AsWritten, Depth);
  }
}

void Translator::expandResponseFile(StringRef Path, StringRef AsWritten, unsigned Depth) {
  if (Depth >= MaxResponseDepth || ResponseFilesRead >= MaxResponseFiles ||
      llvm::is_contained(ActiveResponseFiles, Path)) {
    Out.Dropped.push_back(AsWritten.str());
    return;
  }
  ++ResponseFilesRead;
  std::optional<std::string> Contents = ReadResponseFile(Path);
  if (!Contents) {
    Out.UnreadableResponseFiles.push_back(Path.str());
    return;
  }
  ActiveResponseFiles.push_back(Path.str());
  expand(splitShellCommand(*Contents), Depth + 1);
  ActiveResponseFiles.pop_back();
}

void Translator::translate() {
  std::vector<const char *> CStrings;
  for (const std::string &Tok : Tokens)
    CStrings.push_back(Tok.c_str());
  llvm::opt::InputArgList ArgList(CStrings.data(), CStrings.data() + CStrings.size());
  for (size_t I = 0; I < Tokens.size();) {
    StringRef Tok = Tokens[I];
    if (!Tok.starts_with("-")) {
      Out.Inputs.push_back(Tok.str());
      ++I;
    } else if (std::optional<NvccMatch> M = matchNvccOption(Tokens, I)) {
      std::string AsWritten =
          llvm::join(llvm::ArrayRef<std::string>(Tokens).slice(I, M->Consumed), " ");
      apply(*M, AsWritten);
      I += M->Consumed;
    } else {
      I = applyClangOption(ArgList, I);
    }
  }
}

void Translator::apply(const NvccMatch &M, StringRef AsWritten) {
  const OptionSpec &Spec = *M.Spec;
  bool NeedsValue = Spec.Kind != Form::Flag && Spec.Does != Effect::Optimize;
  if (NeedsValue && !M.Value) {
    Out.Dropped.push_back(AsWritten.str());
    return;
  }
  StringRef Value = M.Value ? StringRef(*M.Value) : StringRef();
  switch (Spec.Does) {
  case Effect::Drop:
  case Effect::Werror:
  case Effect::Optimize:
    Out.Dropped.push_back(AsWritten.str());
    return;
  case Effect::Emit:
    Out.Args.push_back((Spec.Spelling + Value).str());
    return;
  case Effect::Define:
  case Effect::Undefine:
  case Effect::Include:
  case Effect::SystemInclude:
  case Effect::PreInclude:
    applyPreprocessor(Spec.Does, Value);
    return;
  case Effect::Std:
    Out.Args.push_back(("-std=" + Value).str());
    return;
  case Effect::Language:
    applyLanguage(Value);
    return;
  case Effect::NvccArch:
  case Effect::OffloadArch:
    addArchs(Value, Spec.Does == Effect::OffloadArch);
    return;
  case Effect::Rdc:
    Out.RelocatableDeviceCode = Value == "true";
    return;
  case Effect::RdcOn:
    Out.RelocatableDeviceCode = true;
    return;
  case Effect::RdcOff:
    Out.RelocatableDeviceCode = false;
    return;
  case Effect::CudaPath:
    ExplicitCudaPath = Value.str();
    return;
  case Effect::HostCompiler:
    applyHostCompilerOptions(Value, AsWritten);
    return;
  }
}

void Translator::applyPreprocessor(Effect Does, StringRef Value) {
  llvm::SmallVector<StringRef> Items{Value};
  if (NvccLists) {
    // nvcc reads -isystem=DIR (CMake writes it so) like --system-include=DIR; for GCC and Clang
    // a leading = means the sysroot, so it stays for them.
    Value.consume_front("=");
    Items = nvccListItems(Value, Does == Effect::Define || Does == Effect::Undefine);
  }
  for (StringRef Item : Items) {
    if (Item.empty())
      continue;
    switch (Does) {
    case Effect::Define:
      Out.Args.push_back(("-D" + Item).str());
      break;
    case Effect::Undefine:
      Out.Args.push_back(("-U" + Item).str());
      break;
    case Effect::Include:
      Out.Args.push_back(("-I" + Item).str());
      break;
    case Effect::SystemInclude:
      Out.Args.push_back("-isystem");
      Out.Args.push_back(Item.str());
      break;
    default:
      Out.Args.push_back("-include");
      Out.Args.push_back(Item.str());
      break;
    }
  }
}

/// nvcc preprocesses device code with the host compiler too, so -Xcompiler -DX reaches the device
/// side; everything else in -Xcompiler is for host code generation.
void Translator::applyHostCompilerOptions(StringRef Value, StringRef AsWritten) {
  llvm::SmallVector<StringRef> Pieces;
  llvm::SplitString(Value, Pieces, ", \t");
  bool DroppedSome = false;
  for (StringRef Piece : Pieces) {
    bool Kept = Piece.size() > 2 &&
                (Piece.starts_with("-D") || Piece.starts_with("-U") || Piece.starts_with("-I"));
    if (Kept)
      Out.Args.push_back(Piece.str());
    DroppedSome |= !Kept;
  }
  if (DroppedSome)
    Out.Dropped.push_back(AsWritten.str());
}

/// Every GPU language parses as CUDA (the model headers serve all three platforms); the language
/// still tells the platform when the compiler does not.
void Translator::applyLanguage(StringRef Language) {
  std::optional<Platform> Implied = llvm::StringSwitch<std::optional<Platform>>(Language)
                                        .Case("cu", Platform::Cuda)
                                        .Case("cuda", Platform::Cuda)
                                        .Case("hip", Platform::Hip)
                                        .Case("maca", Platform::Maca)
                                        .Default(std::nullopt);
  if (Implied)
    LanguagePlatform = Implied;
  Out.Args.push_back("-x");
  Out.Args.push_back(Implied ? "cuda" : Language.str());
}

void Translator::addArchs(StringRef List, bool Offload) {
  std::string Cleaned = List.str();
  llvm::erase_if(Cleaned, [](char C) { return C == '[' || C == ']' || C == '"' || C == '\''; });
  llvm::SmallVector<StringRef> Pieces;
  StringRef(Cleaned).split(Pieces, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Piece : Pieces) {
    // arch=compute_80 and code=sm_80 of -gencode name architectures like plain -arch values.
    StringRef Name = Piece.rsplit('=').second.empty() ? Piece : Piece.rsplit('=').second;
    std::optional<std::string> Arch = Offload ? offloadArchOf(Name) : nvccArchOf(Name);
    if (Arch && !llvm::is_contained(Out.GpuArchs, *Arch))
      Out.GpuArchs.push_back(*Arch);
  }
}

/// Options nvcc does not know: CMake's -forward-unknown-to-host-compiler passes host options
/// through, and hipcc/mxcc/clang++ commands are Clang commands. Clang's own table says how many
/// tokens each takes; unknown ones are dropped rather than failing the parse.
size_t Translator::applyClangOption(const llvm::opt::InputArgList &ArgList, size_t I) {
  unsigned Index = I;
  std::unique_ptr<llvm::opt::Arg> A = clang::getDriverOptTable().ParseOneArg(
      ArgList, Index, llvm::opt::Visibility(clang::options::ClangOption));
  size_t End = std::min<size_t>(std::max<size_t>(Index, I + 1), Tokens.size());
  llvm::ArrayRef<std::string> Consumed = llvm::ArrayRef<std::string>(Tokens).slice(I, End - I);
  if (A && clangOptionShapesParse(A->getOption(), Tokens[I]))
    llvm::append_range(Out.Args, Consumed);
  else
    drop(Consumed);
  return End;
}

void Translator::drop(llvm::ArrayRef<std::string> OptionTokens) {
  Out.Dropped.push_back(llvm::join(OptionTokens, " "));
}

} // namespace

TranslatedCommand translateCompileCommand(llvm::ArrayRef<std::string> Argv,
                                          const ResponseFileReader &ReadResponseFile) {
  TranslatedCommand Out;
  Translator(ReadResponseFile, Out).run(Argv);
  return Out;
}

std::optional<std::string> toolkitOfCompilerPath(StringRef Compiler) {
  llvm::SmallString<256> Path(Compiler);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  StringRef Bin = llvm::sys::path::parent_path(Path);
  if (llvm::sys::path::filename(Bin) != "bin")
    return std::nullopt;
  StringRef Root = llvm::sys::path::parent_path(Bin);
  if (Root.empty())
    return std::nullopt;
  return Root.str();
}

std::optional<Platform> gpuCompilerDriverPlatform(llvm::ArrayRef<std::string> Argv) {
  Argv = withoutLaunchers(Argv);
  if (Argv.empty())
    return std::nullopt;
  return platformOfCompiler(compilerStem(Argv.front()));
}

} // namespace coopcheck::analysis
