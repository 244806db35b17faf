#include "analysis/frontend/CudaToolkit.h"
#include "analysis/frontend/ParseSetup.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <cstdlib>
#include <fstream>

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

/// A directory of fake toolkits, with the environment the lookup reads saved and cleared.
class CudaToolkitTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> Dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("coopcheck-toolkits", Dir));
    Root = std::string(Dir);
    for (const char *Name : {"CUDA_PATH", "CUDA_HOME", "PATH"}) {
      const char *Value = std::getenv(Name);
      Saved.emplace_back(Name, Value ? std::optional<std::string>(Value) : std::nullopt);
    }
    unsetenv("CUDA_PATH");
    unsetenv("CUDA_HOME");
  }
  void TearDown() override {
    for (auto &[Name, Value] : Saved)
      Value ? setenv(Name.c_str(), Value->c_str(), 1) : unsetenv(Name.c_str());
    llvm::sys::fs::remove_directories(Root);
  }
  /// Root/Name/include/cuda_runtime.h and an executable Root/Name/bin/nvcc.
  std::string toolkit(const std::string &Name) {
    std::string Dir = Root + "/" + Name;
    llvm::sys::fs::create_directories(Dir + "/include");
    llvm::sys::fs::create_directories(Dir + "/bin");
    std::ofstream(Dir + "/include/cuda_runtime.h") << "\n";
    std::ofstream(Dir + "/bin/nvcc") << "#!/bin/sh\n";
    llvm::sys::fs::setPermissions(Dir + "/bin/nvcc",
                                  llvm::sys::fs::all_exe | llvm::sys::fs::owner_all);
    return Dir;
  }
  /// Root/Dir/nvcc as a symlink to Target.
  std::string link(const std::string &Dir, const std::string &Target) {
    llvm::sys::fs::create_directories(Root + "/" + Dir);
    std::string Path = Root + "/" + Dir + "/nvcc";
    EXPECT_FALSE(llvm::sys::fs::create_link(Target, Path));
    return Path;
  }

  std::string Root;
  std::vector<std::pair<std::string, std::optional<std::string>>> Saved;
};

TEST_F(CudaToolkitTest, TheToolkitTheCommandNamesComesFirst) {
  std::string Named = toolkit("named"), Environment = toolkit("environment");
  setenv("CUDA_PATH", Environment.c_str(), 1);
  TranslatedCommand Command;
  Command.CudaPath = Named;
  EXPECT_EQ(findCudaToolkit(Command), Named);
}

// CMake records /usr/local/bin/nvcc where that is a wrapper script: /usr/local holds no toolkit,
// and the build found it as nvcc does, through the environment.
TEST_F(CudaToolkitTest, AWrapperScriptsDirectoryIsNotAToolkit) {
  std::string Environment = toolkit("environment");
  setenv("CUDA_HOME", Environment.c_str(), 1);
  TranslatedCommand Command;
  Command.Compiler = Root + "/wrapper/bin/nvcc";
  Command.CudaPath = Root + "/wrapper";
  EXPECT_EQ(findCudaToolkit(Command), Environment);
  std::vector<std::string> Args = parseArguments(model::Platform::Cuda, ParseOptions(), &Command);
  EXPECT_NE(std::find(Args.begin(), Args.end(), "--cuda-path=" + Environment), Args.end());
  EXPECT_EQ(std::find(Args.begin(), Args.end(), "-nocudainc"), Args.end());
}

TEST_F(CudaToolkitTest, ASymlinkedCompilerLeadsToItsToolkit) {
  std::string Real = toolkit("cuda-13.0");
  TranslatedCommand Command;
  Command.Compiler = link("usr/bin", Real + "/bin/nvcc");
  Command.CudaPath = Root + "/usr";
  EXPECT_EQ(findCudaToolkit(Command), Real);
}

TEST_F(CudaToolkitTest, ACompilerFoundThroughPathLeadsToItsToolkit) {
  std::string Real = toolkit("cuda-12.4");
  link("path", Real + "/bin/nvcc");
  setenv("PATH", (Root + "/path").c_str(), 1);
  TranslatedCommand Command;
  Command.Compiler = "nvcc";
  EXPECT_EQ(findCudaToolkit(Command), Real);
}

} // namespace

// nvcc defines __CUDACC_VER_MAJOR__/MINOR__ from its toolkit; with a real toolkit the parse does
// the same, from the version its cuda.h declares (CUDA_VERSION_... macros are not it).
TEST_F(CudaToolkitTest, TheParseKnowsWhichNvccTheToolkitHas) {
  std::string Dir = toolkit("v12");
  std::ofstream(Dir + "/include/cuda.h")
      << "#define CUDA_VERSION_SUFFIX 7\n#define CUDA_VERSION 12080\n";
  std::optional<CudaVersion> Version = cudaToolkitVersion(Dir);
  ASSERT_TRUE(Version);
  EXPECT_EQ(Version->Major, 12u);
  EXPECT_EQ(Version->Minor, 8u);
  ParseOptions Options;
  Options.CudaPath = Dir;
  std::vector<std::string> Args = parseArguments(model::Platform::Cuda, Options, nullptr);
  EXPECT_TRUE(llvm::is_contained(Args, "-D__CUDACC_VER_MAJOR__=12"));
  EXPECT_TRUE(llvm::is_contained(Args, "-D__CUDACC_VER_MINOR__=8"));
  EXPECT_FALSE(cudaToolkitVersion(toolkit("no_cuda_h")));
}
