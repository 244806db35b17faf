#include "analysis/frontend/ParseSetup.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace coopcheck;
using namespace coopcheck::analysis;
using model::Platform;

namespace {

bool has(const std::vector<std::string> &Args, const std::string &A) {
  return std::find(Args.begin(), Args.end(), A) != Args.end();
}

TEST(ParseSetup, DetectsThePlatform) {
  ParseOptions None;
  EXPECT_EQ(detectPlatform("k.cu", "__global__ void k();", nullptr, None), Platform::Cuda);
  EXPECT_EQ(detectPlatform("k.hip", "", nullptr, None), Platform::Hip);
  EXPECT_EQ(detectPlatform("k.cpp", "#include <maca_cooperative_groups.h>", nullptr, None),
            Platform::Maca);
  EXPECT_EQ(detectPlatform("k.cpp", "#include \"hip/hip_runtime.h\"", nullptr, None),
            Platform::Hip);
  // A CUDA source that includes the HIP headers only when it is built as HIP is CUDA; a .cpp
  // source with the same includes is hipified code.
  const char *Ported = "#ifndef K_H\n#define K_H\n#if defined(USE_HIP)\n"
                       "#include <hip/hip_cooperative_groups.h>\n#else\n"
                       "#include <cooperative_groups.h>\n#endif\n#endif\n";
  EXPECT_EQ(detectPlatform("k.cu", Ported, nullptr, None), Platform::Cuda);
  EXPECT_EQ(detectPlatform("k.cpp", Ported, nullptr, None), Platform::Hip);
  EXPECT_EQ(detectPlatform("k.cu",
                           "#ifndef K_H\n#define K_H\n#include <hip/hip_runtime.h>\n#endif\n",
                           nullptr, None),
            Platform::Hip);
  TranslatedCommand Hipcc;
  Hipcc.Platform = Platform::Hip;
  EXPECT_EQ(detectPlatform("k.cu", "", &Hipcc, None), Platform::Hip);
  ParseOptions Forced;
  Forced.PlatformOverride = Platform::Maca;
  EXPECT_EQ(detectPlatform("k.hip", "", &Hipcc, Forced), Platform::Maca);
}

// `coopcheck suite.cpp -- -x hip -Iinclude`: a test suite whose HIP includes are in a shared
// header is HIP because the user says so; the parse language stays the model's CUDA.
TEST(ParseSetup, TheLanguageAfterDashesNamesThePlatform) {
  ParseOptions FileMode;
  FileMode.ExtraArgs = {"-x", "hip", "-Iinclude"};
  EXPECT_EQ(detectPlatform("suite.cpp", "#include \"common.hpp\"", nullptr, FileMode),
            Platform::Hip);
  std::vector<std::string> Args = parseArguments(Platform::Hip, FileMode, nullptr);
  EXPECT_FALSE(has(Args, "hip"));
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-x"), 1);
  EXPECT_TRUE(has(Args, "-Iinclude"));
  FileMode.ExtraArgs = {"-xcuda", "-Iinclude"};
  EXPECT_EQ(detectPlatform("k.cpp", "#include <hip/hip_runtime.h>", nullptr, FileMode),
            Platform::Cuda);
}

TEST(ParseSetup, HermeticArguments) {
  std::vector<std::string> Args = parseArguments(Platform::Maca, ParseOptions(), nullptr);
  EXPECT_TRUE(has(Args, "-nocudainc"));
  EXPECT_TRUE(has(Args, modelIncludeDir()));
  EXPECT_TRUE(has(Args, "mc_runtime.h"));
  EXPECT_TRUE(has(Args, "-D__COOPCHECK_PLATFORM_MACA__=1"));
  EXPECT_TRUE(has(Args, "--cuda-device-only"));
  EXPECT_TRUE(has(Args, "--cuda-gpu-arch=sm_80"));
}

TEST(ParseSetup, CompileCommandAndToolkit) {
  TranslatedCommand Command;
  Command.Args = {"-DNDEBUG", "-Iinclude", "-x", "cuda"};
  Command.GpuArchs = {"sm_90", "sm_80"};
  ParseOptions Options;
  Options.CudaPath = "/opt/cuda";
  Options.HostSide = true;
  std::vector<std::string> Args = parseArguments(Platform::Cuda, Options, &Command);
  EXPECT_TRUE(has(Args, "--cuda-path=/opt/cuda"));
  EXPECT_FALSE(has(Args, "-nocudainc"));
  EXPECT_TRUE(has(Args, "--cuda-gpu-arch=sm_90"));
  EXPECT_TRUE(has(Args, "--cuda-host-only"));
  EXPECT_TRUE(has(Args, "-DNDEBUG"));
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-x"), 1);
}

// The command's language gives way to CUDA; a `-x` that is another option's value stays that value,
// or the option would take the file appended after the arguments as its own (found by fuzzing).
TEST(ParseSetup, OnlyTheLanguageOptionGivesWay) {
  TranslatedCommand Command;
  Command.Args = {"-include", "-x", "-x", "c++", "-xcuda", "-DN"};
  std::vector<std::string> Args = parseArguments(Platform::Cuda, ParseOptions(), &Command);
  ASSERT_GE(Args.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(Args.end() - 3, Args.end()),
            (std::vector<std::string>{"-include", "-x", "-DN"}));
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-x"), 2);
}

// nvcc's dialect (host min/max, ...) is supplied after the runtime header for the model and for a
// real toolkit alike.
TEST(ParseSetup, NvccCompatibilityHeaderForEveryToolkit) {
  std::string Compat = modelIncludeDir() + "/coopcheck_model/nvcc_compat.h";
  std::vector<std::string> Hermetic = parseArguments(Platform::Cuda, ParseOptions(), nullptr);
  EXPECT_TRUE(has(Hermetic, Compat));
  auto Runtime = std::find(Hermetic.begin(), Hermetic.end(), "cuda_runtime.h");
  EXPECT_LT(Runtime, std::find(Hermetic.begin(), Hermetic.end(), Compat));
  ParseOptions Real;
  Real.CudaPath = "/opt/cuda";
  std::vector<std::string> Toolkit = parseArguments(Platform::Cuda, Real, nullptr);
  EXPECT_TRUE(has(Toolkit, Compat));
  EXPECT_FALSE(has(Toolkit, modelIncludeDir()));
}

TEST(ParseSetup, HostSidePassOnlyWhenTheSidesDiffer) {
  EXPECT_TRUE(needsHostSidePass("#ifdef __CUDA_ARCH__\n#endif"));
  EXPECT_FALSE(needsHostSidePass("__global__ void k() {}"));
}

} // namespace

// Without a database, the arguments after `--` may be nvcc's: translated as a database's
// command is, the architecture taken from them, the model headers still read.
TEST(ParseSetup, NvccArgumentsOfFileMode) {
  ParseOptions Options;
  Options.ExtraArgs = {
      "-arch=sm_90a", "--expt-relaxed-constexpr", "-Iinclude", "-DTILE=4", "-Xcompiler", "-fPIC"};
  std::vector<std::string> Args = parseArguments(Platform::Cuda, Options, nullptr);
  EXPECT_TRUE(has(Args, "--cuda-gpu-arch=sm_90a"));
  EXPECT_FALSE(has(Args, "--cuda-gpu-arch=sm_80"));
  EXPECT_TRUE(has(Args, "-Iinclude"));
  EXPECT_TRUE(has(Args, "-DTILE=4"));
  EXPECT_TRUE(has(Args, "-nocudainc"));
  for (const char *Nvcc : {"-arch=sm_90a", "--expt-relaxed-constexpr", "-Xcompiler", "-fPIC"})
    EXPECT_FALSE(has(Args, Nvcc)) << Nvcc;
  // Clang's own are passed as given (after coopcheck's, so that they win).
  Options.ExtraArgs = {"--cuda-device-only", "-DTILE=4"};
  Args = parseArguments(Platform::Cuda, Options, nullptr);
  EXPECT_EQ(Args.back(), "-DTILE=4");
  EXPECT_EQ(Args[Args.size() - 2], "--cuda-device-only");
}
