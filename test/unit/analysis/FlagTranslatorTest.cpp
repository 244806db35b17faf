#include "analysis/frontend/FlagTranslator.h"
#include "ClangDriverCheck.h"
#include "llvm/ADT/StringExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <map>
#include <random>

using namespace coopcheck::analysis;
using coopcheck::model::Platform;
using ::testing::ElementsAre;

namespace {

/// gmock's IsEmpty() needs libgmock, which the test binary does not link.
auto isEmpty() { return ::testing::SizeIs(0); }

/// Reads response files from a map; unknown names are unreadable. Records every path asked for.
struct FakeFiles {
  std::map<std::string, std::string> Contents;
  std::vector<std::string> Asked;

  ResponseFileReader reader() {
    return [this](llvm::StringRef Path) -> std::optional<std::string> {
      Asked.push_back(Path.str());
      auto It = Contents.find(Path.str());
      if (It == Contents.end())
        return std::nullopt;
      return It->second;
    };
  }
};

/// Every one of Wanted is in Have (gmock's IsSupersetOf needs libgmock, which is not linked).
void expectContainsAll(const std::vector<std::string> &Have,
                       std::initializer_list<const char *> Wanted) {
  for (const char *Item : Wanted)
    EXPECT_THAT(Have, ::testing::Contains(Item));
}

TranslatedCommand translate(const std::vector<std::string> &Argv) {
  FakeFiles None;
  return translateCompileCommand(Argv, None.reader());
}

std::vector<std::string> argsOf(const std::vector<std::string> &Argv) {
  return translate(Argv).Args;
}

/// The driver wants an input that exists; its contents do not matter to it.
const std::string ExistingInput = COOPCHECK_TEST_DIR "/cmake-cuda-project/lib/grid_sum.cu";

// The command CMake 3.25 writes for a CUDA library with separable compilation (copied from a real
// compile_commands.json).
const std::vector<std::string> CMakeNvccCommand = {
    "/usr/local/cuda/bin/nvcc",
    "-forward-unknown-to-host-compiler",
    "-DGRIDSUM_BLOCK=256",
    "-DGRIDSUM_INTERNAL",
    "-I/src/include",
    "--generate-code=arch=compute_75,code=[compute_75,sm_75]",
    "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
    "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
    "--extended-lambda",
    "--expt-relaxed-constexpr",
    "-Xcompiler=-Wall",
    "-std=c++17",
    "-x",
    "cu",
    "-rdc=true",
    "-c",
    "/src/lib/grid_sum.cu",
    "-o",
    "lib/CMakeFiles/gridsum.dir/grid_sum.cu.o"};

TEST(FlagTranslator, TranslatesCMakeNvccCommand) {
  TranslatedCommand T = translate(CMakeNvccCommand);
  EXPECT_THAT(T.Args, ElementsAre("-DGRIDSUM_BLOCK=256", "-DGRIDSUM_INTERNAL", "-I/src/include",
                                  "-std=c++17", "-x", "cuda", "-fgpu-rdc"));
  EXPECT_THAT(T.GpuArchs, ElementsAre("sm_75", "sm_80", "sm_90"));
  EXPECT_THAT(T.Inputs, ElementsAre("/src/lib/grid_sum.cu"));
  EXPECT_EQ(T.Platform, Platform::Cuda);
  EXPECT_EQ(T.CudaPath, "/usr/local/cuda");
  EXPECT_TRUE(T.RelocatableDeviceCode);
  expectContainsAll(T.Dropped, {"-forward-unknown-to-host-compiler", "--extended-lambda",
                                "--expt-relaxed-constexpr", "-Xcompiler=-Wall", "-c",
                                "-o lib/CMakeFiles/gridsum.dir/grid_sum.cu.o"});
  EXPECT_THAT(T.UnreadableResponseFiles, isEmpty());
}

TEST(FlagTranslator, ClangDriverAcceptsTranslatedArguments) {
  EXPECT_EQ(test::clangDriverErrors(translate(CMakeNvccCommand), ExistingInput), "");
}

TEST(FlagTranslator, ArchitectureSpellings) {
  auto ArchsOf = [](std::vector<std::string> Options) {
    Options.insert(Options.begin(), "nvcc");
    return translate(Options).GpuArchs;
  };
  EXPECT_THAT(ArchsOf({"-arch=sm_80"}), ElementsAre("sm_80"));
  EXPECT_THAT(ArchsOf({"-arch", "sm_80"}), ElementsAre("sm_80"));
  EXPECT_THAT(ArchsOf({"--gpu-architecture=compute_80"}), ElementsAre("sm_80"));
  EXPECT_THAT(ArchsOf({"--gpu-architecture", "sm_90a"}), ElementsAre("sm_90a"));
  EXPECT_THAT(ArchsOf({"-gencode", "arch=compute_80,code=sm_80"}), ElementsAre("sm_80"));
  EXPECT_THAT(ArchsOf({"-gencode=arch=compute_75,code=\"sm_75,compute_75\""}),
              ElementsAre("sm_75"));
  EXPECT_THAT(ArchsOf({"--generate-code=arch=compute_90,code=[compute_90,sm_90]"}),
              ElementsAre("sm_90"));
  EXPECT_THAT(ArchsOf({"-arch=compute_80", "-code=sm_86,compute_80"}),
              ElementsAre("sm_80", "sm_86"));
  EXPECT_THAT(ArchsOf({"-gencode", "arch=compute_90,code=sm_90", "-gencode",
                       "arch=compute_80,code=sm_80", "-arch=sm_90"}),
              ElementsAre("sm_90", "sm_80"));
  EXPECT_THAT(ArchsOf({"-arch=native"}), isEmpty());
  EXPECT_THAT(ArchsOf({"-arch=all"}), isEmpty());
  EXPECT_THAT(ArchsOf({"-arch", "all-major"}), isEmpty());
  EXPECT_THAT(ArchsOf({"--cuda-gpu-arch=sm_70"}), ElementsAre("sm_70"));
}

TEST(FlagTranslator, ArchitectureOptionsNeverReachArgs) {
  TranslatedCommand T =
      translate({"clang++", "--cuda-gpu-arch=sm_70", "--offload-arch=sm_80", "-arch=sm_90",
                 "-gencode", "arch=compute_75,code=sm_75", "-x", "cuda", "k.cu"});
  EXPECT_THAT(T.Args, ElementsAre("-x", "cuda"));
  EXPECT_THAT(T.GpuArchs, ElementsAre("sm_70", "sm_80", "sm_90", "sm_75"));
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, PreprocessorOptionsInEveryForm) {
  EXPECT_THAT(argsOf({"nvcc", "-D", "A", "-DB=2", "--define-macro=C", "--define-macro", "D=4", "-U",
                      "E", "-UF", "--undefine-macro=G"}),
              ElementsAre("-DA", "-DB=2", "-DC", "-DD=4", "-UE", "-UF", "-UG"));
  EXPECT_THAT(argsOf({"nvcc", "-I", "/a", "-I/b", "--include-path", "/c", "--include-path=/d"}),
              ElementsAre("-I/a", "-I/b", "-I/c", "-I/d"));
  EXPECT_THAT(argsOf({"nvcc", "-isystem", "/s", "-isystem/t", "--system-include=/u"}),
              ElementsAre("-isystem", "/s", "-isystem", "/t", "-isystem", "/u"));
  EXPECT_THAT(argsOf({"nvcc", "-include", "pre.h", "--pre-include=p2.h", "--pre-include", "p3.h"}),
              ElementsAre("-include", "pre.h", "-include", "p2.h", "-include", "p3.h"));
}

TEST(FlagTranslator, NvccListsAreSplitButMacroValuesWithCommasStayWhole) {
  EXPECT_THAT(argsOf({"nvcc", "-DA=1,B", "-DPAIR=1,2", "-I/x,/y"}),
              ElementsAre("-DA=1", "-DB", "-DPAIR=1,2", "-I/x", "-I/y"));
  // Clang-based drivers take the value whole.
  EXPECT_THAT(argsOf({"hipcc", "-DA=1,B", "-I/x,/y"}), ElementsAre("-DA=1,B", "-I/x,/y"));
}

TEST(FlagTranslator, LanguageStandardSpellings) {
  EXPECT_THAT(argsOf({"nvcc", "-std=c++17"}), ElementsAre("-std=c++17"));
  EXPECT_THAT(argsOf({"nvcc", "-std", "c++17"}), ElementsAre("-std=c++17"));
  EXPECT_THAT(argsOf({"nvcc", "--std=c++20"}), ElementsAre("-std=c++20"));
  EXPECT_THAT(argsOf({"nvcc", "--std", "c++14"}), ElementsAre("-std=c++14"));
  EXPECT_THAT(argsOf({"clang++", "-stdlib=libc++", "-std=gnu++17"}),
              ElementsAre("-stdlib=libc++", "-std=gnu++17"));
}

TEST(FlagTranslator, LanguageIsCudaForEveryGpuLanguage) {
  EXPECT_THAT(argsOf({"nvcc", "-x", "cu"}), ElementsAre("-x", "cuda"));
  EXPECT_THAT(argsOf({"nvcc", "-xcu"}), ElementsAre("-x", "cuda"));
  EXPECT_THAT(argsOf({"nvcc", "--x=cu"}), ElementsAre("-x", "cuda"));
  EXPECT_THAT(argsOf({"nvcc", "-x", "c++"}), ElementsAre("-x", "c++"));
  TranslatedCommand Hip = translate({"/opt/rocm/llvm/bin/clang++", "-x", "hip", "k.hip"});
  EXPECT_THAT(Hip.Args, ElementsAre("-x", "cuda"));
  EXPECT_EQ(Hip.Platform, Platform::Hip);
  EXPECT_EQ(translate({"clang++", "-x", "cuda", "k.cu"}).Platform, Platform::Cuda);
  EXPECT_EQ(translate({"clang++", "k.cpp"}).Platform, std::nullopt);
  // The compiler wins over the language.
  EXPECT_EQ(translate({"mxcc", "-x", "cu", "k.cu"}).Platform, Platform::Maca);
}

TEST(FlagTranslator, DropsNvccOnlyOptionsWithTheirValues) {
  std::vector<std::string> Argv = {"nvcc",
                                   "-O3",
                                   "-O",
                                   "2",
                                   "-O",
                                   "-g",
                                   "-G",
                                   "-lineinfo",
                                   "--generate-line-info",
                                   "-Xptxas",
                                   "-v",
                                   "-Xptxas=-O3",
                                   "--ptxas-options=-v",
                                   "-Xnvlink",
                                   "--verbose",
                                   "-Xcudafe",
                                   "--diag_suppress=177",
                                   "--compiler-options",
                                   "-fPIC",
                                   "--linker-options",
                                   "-rpath,/x",
                                   "-Wno-deprecated-gpu-targets",
                                   "--use_fast_math",
                                   "-use_fast_math",
                                   "-maxrregcount",
                                   "32",
                                   "-maxrregcount=64",
                                   "--default-stream",
                                   "per-thread",
                                   "--diag-suppress",
                                   "177,550",
                                   "-diag-suppress=20012",
                                   "-Werror",
                                   "all-warnings",
                                   "-Werror=cross-execution-space-call",
                                   "--Werror",
                                   "reorder,default-stream-launch",
                                   "-MD",
                                   "-MF",
                                   "x.d",
                                   "-MT",
                                   "x.o",
                                   "-M",
                                   "-MMD",
                                   "-o",
                                   "x.o",
                                   "-c",
                                   "-ccbin",
                                   "/usr/bin/g++-12",
                                   "-ccbin=g++",
                                   "--compiler-bindir",
                                   "/gcc",
                                   "--expt-relaxed-constexpr",
                                   "-expt-extended-lambda",
                                   "--extended-lambda",
                                   "-forward-unknown-to-host-compiler",
                                   "-Xlinker",
                                   "--as-needed",
                                   "-lcudart",
                                   "-l",
                                   "m",
                                   "-L/usr/lib",
                                   "-cudart",
                                   "shared",
                                   "--threads",
                                   "4",
                                   "-dlto",
                                   "--keep-dir",
                                   "/tmp/keep",
                                   "-m64",
                                   "-ftz=true",
                                   "--prec-div",
                                   "false",
                                   "-res-usage",
                                   "-Xfatbin",
                                   "-compress-all",
                                   "k.cu"};
  TranslatedCommand T = translate(Argv);
  EXPECT_THAT(T.Args, isEmpty());
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
  expectContainsAll(T.Dropped, {"-O 2", "-Xptxas -v", "-maxrregcount 32",
                                "--default-stream per-thread", "-Werror all-warnings", "-MF x.d",
                                "-o x.o", "-ccbin /usr/bin/g++-12", "-l m"});
}

TEST(FlagTranslator, HostCompilerPreprocessorOptionsReachTheParse) {
  TranslatedCommand T =
      translate({"nvcc", "-Xcompiler", "-DHOST=1,-fPIC", "-Xcompiler=-Wall", "-Xcompiler", "-I/h"});
  EXPECT_THAT(T.Args, ElementsAre("-DHOST=1", "-I/h"));
  EXPECT_THAT(T.Dropped, ElementsAre("-Xcompiler -DHOST=1,-fPIC", "-Xcompiler=-Wall"));
}

TEST(FlagTranslator, RelocatableDeviceCodeSpellings) {
  auto Rdc = [](std::vector<std::string> Argv) { return translate(Argv).RelocatableDeviceCode; };
  EXPECT_FALSE(Rdc({"nvcc", "-c", "k.cu"}));
  EXPECT_TRUE(Rdc({"nvcc", "-rdc=true"}));
  EXPECT_TRUE(Rdc({"nvcc", "-rdc", "true"}));
  EXPECT_TRUE(Rdc({"nvcc", "--relocatable-device-code=true"}));
  EXPECT_FALSE(Rdc({"nvcc", "-rdc=true", "-rdc=false"}));
  EXPECT_TRUE(Rdc({"nvcc", "-dc", "k.cu"}));
  EXPECT_TRUE(Rdc({"hipcc", "-fgpu-rdc"}));
  EXPECT_FALSE(Rdc({"hipcc", "-fgpu-rdc", "-fno-gpu-rdc"}));
  EXPECT_THAT(translate({"nvcc", "-rdc", "true", "k.cu"}).Inputs, ElementsAre("k.cu"));
}

// Clang accepts <<<>>> in device code only under -fgpu-rdc: the last spelling decides, once.
TEST(FlagTranslator, RelocatableDeviceCodeReachesTheParse) {
  auto RdcFlags = [](std::vector<std::string> Argv) {
    std::vector<std::string> Args = translate(Argv).Args;
    return std::count(Args.begin(), Args.end(), "-fgpu-rdc");
  };
  EXPECT_EQ(RdcFlags({"nvcc", "-rdc=true", "-c", "k.cu"}), 1);
  EXPECT_EQ(RdcFlags({"nvcc", "--relocatable-device-code", "true"}), 1);
  EXPECT_EQ(RdcFlags({"nvcc", "-dc", "k.cu"}), 1);
  EXPECT_EQ(RdcFlags({"hipcc", "-fgpu-rdc", "-fgpu-rdc"}), 1);
  EXPECT_EQ(RdcFlags({"nvcc", "-c", "k.cu"}), 0);
  EXPECT_EQ(RdcFlags({"nvcc", "-rdc=true", "-rdc=false"}), 0);
  EXPECT_EQ(RdcFlags({"hipcc", "-fgpu-rdc", "-fno-gpu-rdc"}), 0);
}

TEST(FlagTranslator, MapsOptionsThatHaveAClangSpelling) {
  EXPECT_THAT(
      argsOf({"nvcc", "-noeh", "-ftemplate-depth", "900", "--ftemplate-backtrace-limit=5",
              "--disable-warnings"}),
      ElementsAre("-fno-exceptions", "-ftemplate-depth=900", "-ftemplate-backtrace-limit=5", "-w"));
}

TEST(FlagTranslator, HipccCommand) {
  TranslatedCommand T = translate({"/opt/rocm-6.2.0/bin/hipcc",
                                   "-D__HIP_PLATFORM_AMD__=1",
                                   "-isystem",
                                   "/opt/rocm/include",
                                   "-I/src/include",
                                   "-O3",
                                   "-fPIC",
                                   "--offload-arch=gfx90a",
                                   "--offload-arch=gfx1100:xnack-",
                                   "--offload-arch=gfx90a",
                                   "-fgpu-rdc",
                                   "-mcode-object-version=5",
                                   "-munsafe-fp-atomics",
                                   "--rocm-path=/opt/rocm",
                                   "-std=c++17",
                                   "-x",
                                   "hip",
                                   "-c",
                                   "/src/k.hip",
                                   "-o",
                                   "k.o"});
  EXPECT_THAT(T.Args, ElementsAre("-D__HIP_PLATFORM_AMD__=1", "-isystem", "/opt/rocm/include",
                                  "-I/src/include", "-std=c++17", "-x", "cuda", "-fgpu-rdc"));
  EXPECT_THAT(T.GpuArchs, ElementsAre("gfx90a", "gfx1100"));
  EXPECT_EQ(T.Platform, Platform::Hip);
  EXPECT_EQ(T.CudaPath, std::nullopt);
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.Inputs, ElementsAre("/src/k.hip"));
  expectContainsAll(T.Dropped, {"-mcode-object-version=5", "-fPIC"});
  EXPECT_EQ(test::clangDriverErrors(T, ExistingInput), "");
}

TEST(FlagTranslator, MxccCommandWithNvccStyleOptions) {
  TranslatedCommand T =
      translate({"/opt/maca/mxgpu_llvm/bin/mxcc", "-DUSE_MACA", "-I/opt/maca/include", "-x", "maca",
                 "--offload-arch=xcore1000", "--expt-relaxed-constexpr", "-std=c++17", "-O2",
                 "-fPIC", "-c", "k.cu", "-o", "k.o"});
  EXPECT_THAT(T.Args, ElementsAre("-DUSE_MACA", "-I/opt/maca/include", "-x", "cuda", "-std=c++17"));
  EXPECT_THAT(T.GpuArchs, ElementsAre("xcore1000"));
  EXPECT_EQ(T.Platform, Platform::Maca);
  EXPECT_EQ(T.CudaPath, std::nullopt);
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, PlatformComesFromTheCompiler) {
  EXPECT_EQ(translate({"nvcc", "k.cu"}).Platform, Platform::Cuda);
  EXPECT_EQ(translate({"/usr/bin/ccache", "/usr/local/cuda/bin/nvcc", "k.cu"}).Platform,
            Platform::Cuda);
  EXPECT_EQ(translate({"sccache", "hipcc", "k.hip"}).Platform, Platform::Hip);
  EXPECT_EQ(translate({"/opt/rocm/bin/hipcc.pl", "k.hip"}).Platform, Platform::Hip);
  EXPECT_EQ(translate({"amdclang++", "k.hip"}).Platform, Platform::Hip);
  EXPECT_EQ(translate({"mxcc", "k.cu"}).Platform, Platform::Maca);
  EXPECT_EQ(translate({"/usr/lib/llvm-22/bin/clang++-22", "k.cu"}).Platform, std::nullopt);
  EXPECT_EQ(translate({"g++", "k.cpp"}).Platform, std::nullopt);
}

TEST(FlagTranslator, CudaPathFromTheCompilerOrTheCommand) {
  EXPECT_EQ(translate({"/opt/x/cuda-12.4/bin/nvcc", "k.cu"}).CudaPath, "/opt/x/cuda-12.4");
  EXPECT_EQ(translate({"ccache", "/opt/x/cuda-12.4/bin/nvcc", "k.cu"}).CudaPath,
            "/opt/x/cuda-12.4");
  EXPECT_EQ(translate({"/opt/cuda/bin/../bin/nvcc", "k.cu"}).CudaPath, "/opt/cuda");
  EXPECT_EQ(translate({"nvcc", "k.cu"}).CudaPath, std::nullopt);
  EXPECT_EQ(translate({"/usr/local/cuda/bin/nvcc", "--cuda-path=/other", "k.cu"}).CudaPath,
            "/other");
  TranslatedCommand Clang = translate({"clang++", "--cuda-path", "/usr/local/cuda-12", "k.cu"});
  EXPECT_EQ(Clang.CudaPath, "/usr/local/cuda-12");
  EXPECT_THAT(Clang.Args, isEmpty());
  EXPECT_EQ(translate({"/opt/rocm/bin/hipcc", "k.hip"}).CudaPath, std::nullopt);
}

TEST(FlagTranslator, ResponseFilesInEverySpelling) {
  FakeFiles Files;
  Files.Contents["inc.rsp"] = "-I\"/a b/include\" -DX\n-isystem /sys";
  Files.Contents["a.rsp"] = "-DA";
  Files.Contents["b.rsp"] = "-DB '-DQ=two words'";
  Files.Contents["at.rsp"] = "--generate-code=arch=compute_80,code=sm_80 -rdc=true";
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--options-file", "inc.rsp", "-optf", "a.rsp,b.rsp", "@at.rsp", "k.cu"},
      Files.reader());
  EXPECT_THAT(T.Args, ElementsAre("-I/a b/include", "-DX", "-isystem", "/sys", "-DA", "-DB",
                                  "-DQ=two words", "-fgpu-rdc"));
  EXPECT_THAT(T.GpuArchs, ElementsAre("sm_80"));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
  EXPECT_THAT(Files.Asked, ElementsAre("inc.rsp", "a.rsp", "b.rsp", "at.rsp"));
  EXPECT_THAT(T.UnreadableResponseFiles, isEmpty());

  FakeFiles Joined;
  Joined.Contents["inc.rsp"] = "-I/inc";
  EXPECT_THAT(
      translateCompileCommand({"nvcc", "--options-file=inc.rsp", "-optf=inc.rsp"}, Joined.reader())
          .Args,
      ElementsAre("-I/inc", "-I/inc"));
}

TEST(FlagTranslator, NestedResponseFiles) {
  FakeFiles Files;
  Files.Contents["outer.rsp"] = "-DOUTER @middle.rsp";
  Files.Contents["middle.rsp"] = "--options-file inner.rsp -DMIDDLE";
  Files.Contents["inner.rsp"] = "-DINNER -o ignored.o";
  TranslatedCommand T = translateCompileCommand({"nvcc", "@outer.rsp", "k.cu"}, Files.reader());
  EXPECT_THAT(T.Args, ElementsAre("-DOUTER", "-DINNER", "-DMIDDLE"));
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, ResponseFileCyclesTerminate) {
  FakeFiles Files;
  Files.Contents["a.rsp"] = "-DA @b.rsp";
  Files.Contents["b.rsp"] = "-DB @a.rsp";
  Files.Contents["self.rsp"] = "-DSELF @self.rsp";
  TranslatedCommand T =
      translateCompileCommand({"nvcc", "@a.rsp", "@self.rsp", "k.cu"}, Files.reader());
  EXPECT_THAT(T.Args, ElementsAre("-DA", "-DB", "-DSELF"));
  EXPECT_THAT(T.Dropped, ElementsAre("@a.rsp", "@self.rsp"));
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, ResponseFileCycleThroughNewSpellingsTerminates) {
  // x.rsp names ./x.rsp, which names ././x.rsp...: no path repeats, the depth limit stops it.
  unsigned Reads = 0;
  ResponseFileReader Endless = [&Reads](llvm::StringRef Path) -> std::optional<std::string> {
    ++Reads;
    return "-DDEEP @./" + Path.str();
  };
  TranslatedCommand T = translateCompileCommand({"nvcc", "@x.rsp", "k.cu"}, Endless);
  EXPECT_LE(Reads, 256u);
  EXPECT_THAT(T.Args, ::testing::Each("-DDEEP"));
  EXPECT_THAT(T.Dropped, ::testing::SizeIs(1));
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, ResponseFileFanOutIsBounded) {
  // Each file names the next one twice: 2^40 expansions if nothing stopped it.
  FakeFiles Files;
  for (int I = 0; I < 40; ++I)
    Files.Contents["f" + std::to_string(I)] =
        "-DF" + std::to_string(I) + " @f" + std::to_string(I + 1) + " @f" + std::to_string(I + 1);
  TranslatedCommand T = translateCompileCommand({"nvcc", "@f0"}, Files.reader());
  EXPECT_LE(Files.Asked.size(), 256u);
  EXPECT_THAT(T.Args, ::testing::Contains("-DF0"));
}

TEST(FlagTranslator, UnreadableResponseFileIsReportedAndTheRestTranslated) {
  FakeFiles Files;
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--options-file", "gone.rsp", "@gone2.rsp", "-DKEPT", "k.cu"}, Files.reader());
  EXPECT_THAT(T.UnreadableResponseFiles, ElementsAre("gone.rsp", "gone2.rsp"));
  EXPECT_THAT(T.Args, ElementsAre("-DKEPT"));
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
}

TEST(FlagTranslator, KeepsClangOptionsThatShapeTheParse) {
  EXPECT_THAT(argsOf({"nvcc", "-forward-unknown-to-host-compiler", "-Wall", "-Wno-unused-variable",
                      "-pthread", "-fno-exceptions", "-iquote", "q", "-idirafter", "d",
                      "-Wno-error=foo", "-w", "--target=x86_64-linux-gnu"}),
              ElementsAre("-Wall", "-Wno-unused-variable", "-pthread", "-fno-exceptions", "-iquote",
                          "q", "-idirafter", "d", "-Wno-error=foo", "-w",
                          "--target=x86_64-linux-gnu"));
}

TEST(FlagTranslator, DropsCodegenLinkAndUnknownOptions) {
  TranslatedCommand T = translate({"clang++",
                                   "-fPIC",
                                   "-fvisibility=hidden",
                                   "-fsanitize=address",
                                   "-Wl,-z,now",
                                   "-lfoo",
                                   "-L/x",
                                   "-Xclang",
                                   "-fcuda-is-device",
                                   "-mllvm",
                                   "-inline-threshold=100",
                                   "-march=native",
                                   "-fconcepts",
                                   "-Werror",
                                   "-Werror=return-type",
                                   "-pedantic-errors",
                                   "-ggdb",
                                   "-g3",
                                   "-fopenmp",
                                   "-ffunction-sections",
                                   "-fdiagnostics-color=always",
                                   "-resource-dir",
                                   "/r",
                                   "--cuda-device-only",
                                   "-flto=thin",
                                   "-Wa,--noexecstack",
                                   "k.cu"});
  EXPECT_THAT(T.Args, isEmpty());
  EXPECT_THAT(T.Inputs, ElementsAre("k.cu"));
  expectContainsAll(T.Dropped, {"-Xclang -fcuda-is-device", "-mllvm -inline-threshold=100",
                                "-resource-dir /r", "-fconcepts"});
}

// A compile database is data: nothing it names is loaded into the parse and run.
TEST(FlagTranslator, NeverKeepsOptionsThatLoadCode) {
  TranslatedCommand T =
      translate({"clang++", "-fplugin=/tmp/evil.so", "-fpass-plugin=/tmp/p.so",
                 "-fplugin-arg-evil-x", "-Xclang", "-load", "-Xclang", "/tmp/y.so",
                 "--offload-arch=native", "-B/tmp/bin", "--config=/tmp/c.cfg", "k.cu"});
  EXPECT_THAT(T.Args, isEmpty());
  expectContainsAll(T.Dropped, {"-fplugin=/tmp/evil.so", "-fpass-plugin=/tmp/p.so"});
}

TEST(FlagTranslator, InputsAreReportedAndNeverInArgs) {
  TranslatedCommand T = translate({"nvcc", "-c", "a.cu", "b.cu", "-o", "out.o", "-DX"});
  EXPECT_THAT(T.Inputs, ElementsAre("a.cu", "b.cu"));
  EXPECT_THAT(T.Args, ElementsAre("-DX"));
}

TEST(FlagTranslator, DegenerateCommandsDoNotCrash) {
  EXPECT_THAT(translate({}).Args, isEmpty());
  EXPECT_THAT(translate({"ccache"}).Args, isEmpty());
  EXPECT_EQ(translate({"nvcc"}).Platform, Platform::Cuda);
  for (const char *Last : {"-o", "-D", "-arch", "-gencode", "-x", "-Xcompiler", "--options-file",
                           "-optf", "-I", "-isystem", "-MF", "-O", "-Werror", "-iquote", "-",
                           "--cuda-path", "-rdc", "-std", "-Xclang"}) {
    TranslatedCommand T = translate({"nvcc", "k.cu", Last});
    EXPECT_THAT(T.Inputs, ElementsAre("k.cu")) << Last;
    EXPECT_THAT(T.Args, isEmpty()) << Last;
  }
}

TEST(FlagTranslator, RandomCommandsNeverLeakOutputOrArchOptions) {
  const std::vector<std::string> Vocabulary = {"-o",
                                               "-c",
                                               "-D",
                                               "-DX",
                                               "-I",
                                               "/inc",
                                               "-x",
                                               "cu",
                                               "-arch",
                                               "sm_80",
                                               "-gencode",
                                               "arch=compute_80,code=sm_80",
                                               "-Xcompiler",
                                               "-fPIC",
                                               "-O",
                                               "3",
                                               "-Werror",
                                               "reorder",
                                               "@r",
                                               "--options-file",
                                               "r",
                                               "-rdc",
                                               "true",
                                               "-MF",
                                               "--cuda-gpu-arch=sm_70",
                                               "-isystem",
                                               "k.cu",
                                               "",
                                               "-",
                                               "--",
                                               "=",
                                               "-=",
                                               "-arch=",
                                               "-D=",
                                               "@",
                                               "-Xclang",
                                               "-mllvm",
                                               "-std",
                                               "c++17"};
  const std::vector<std::string> ValueTakers = {"-isystem", "-include", "-x"};
  FakeFiles Files;
  Files.Contents["r"] = "-o x -arch sm_90 @r";
  std::mt19937 Random(42);
  for (int Round = 0; Round < 2000; ++Round) {
    std::vector<std::string> Argv = {"nvcc"};
    for (int I = 0, N = Random() % 12; I < N; ++I)
      Argv.push_back(Vocabulary[Random() % Vocabulary.size()]);
    TranslatedCommand T = translateCompileCommand(Argv, Files.reader());
    for (size_t I = 0; I < T.Args.size(); ++I) {
      // A separate value may look like anything (-isystem -o); only options are checked.
      bool IsValue = I > 0 && llvm::is_contained(ValueTakers, T.Args[I - 1]);
      llvm::StringRef Arg = T.Args[I];
      EXPECT_TRUE(IsValue || (Arg != "-o" && !Arg.starts_with("--cuda-gpu-arch") &&
                              !Arg.starts_with("-arch") && !Arg.starts_with("-gencode")))
          << llvm::join(Argv, " ") << " gave " << llvm::join(T.Args, " ");
    }
  }
}

} // namespace
