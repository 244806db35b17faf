// Configures test/cmake-cuda-project with the machine's nvcc (configure only, no build) and checks
// that every entry of the compile_commands.json CMake writes translates into arguments Clang takes.
// A second configuration uses the Makefile generator with response files for includes, the way
// CMake writes nvcc commands for long command lines.
#include "ClangDriverCheck.h"
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/FlagTranslator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <cstdlib>

using namespace coopcheck::analysis;
using coopcheck::model::Platform;
using ::testing::Contains;
using ::testing::ElementsAre;

namespace {

/// gmock's IsEmpty() needs libgmock, which the test binary does not link.
auto isEmpty() { return ::testing::SizeIs(0); }

const std::string ProjectDir = COOPCHECK_TEST_DIR "/cmake-cuda-project";
// CMake and nvcc detection compile a small program each; never let a broken tool hang the suite.
constexpr unsigned ConfigureTimeoutSeconds = 180;

std::optional<std::string> findNvcc() {
  if (const char *FromEnv = std::getenv("CUDACXX"); FromEnv && llvm::sys::fs::can_execute(FromEnv))
    return std::string(FromEnv);
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return std::string("/usr/local/cuda/bin/nvcc");
  if (llvm::ErrorOr<std::string> OnPath = llvm::sys::findProgramByName("nvcc"))
    return *OnPath;
  return std::nullopt;
}

std::optional<std::string> findProgram(llvm::StringRef Name) {
  if (llvm::ErrorOr<std::string> Path = llvm::sys::findProgramByName(Name))
    return *Path;
  return std::nullopt;
}

/// One configuration of the project: its own build directory and log.
struct Configuration {
  std::string SkipReason; // set when a tool it needs is missing
  std::string BuildDir;
  std::string Log;
  std::vector<std::string> Args;
  llvm::sys::ProcessInfo Process;
  std::string Failure; // set when configuring failed

  bool start(llvm::StringRef CMake) {
    std::vector<llvm::StringRef> Argv = {CMake};
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(Log),
                                                  llvm::StringRef(Log)};
    std::string Error;
    Process = llvm::sys::ExecuteNoWait(CMake, Argv, std::nullopt, Redirects, 0, &Error);
    if (Process.Pid == llvm::sys::ProcessInfo::InvalidPid)
      Failure = "cannot run cmake: " + Error;
    return Failure.empty();
  }

  void wait() {
    std::string Error;
    llvm::sys::ProcessInfo Done = llvm::sys::Wait(Process, ConfigureTimeoutSeconds, &Error);
    if (Done.ReturnCode == 0)
      return;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Output = llvm::MemoryBuffer::getFile(Log);
    Failure = "cmake exited with " + std::to_string(Done.ReturnCode) + " " + Error + "\n" +
              (Output ? (*Output)->getBuffer().take_back(4000).str() : std::string());
  }
};

class CMakeCudaProject : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    std::optional<std::string> CMake = findProgram("cmake");
    std::optional<std::string> Nvcc = findNvcc();
    if (!CMake || !Nvcc) {
      SuiteSkipReason = !CMake ? "cmake is not installed" : "nvcc (the CUDA toolkit) is not found";
      return;
    }
    llvm::sys::fs::createUniqueDirectory("coopcheck-cmake-cuda", TempDir);
    std::optional<std::string> Ninja = findProgram("ninja");
    std::optional<std::string> Make = findProgram("make");
    Plain = configuration("plain", Ninja ? "Ninja" : "Unix Makefiles", *Nvcc, {});
    if (!Ninja && !Make)
      Plain.SkipReason = "neither ninja nor make is installed";
    // Only the Makefile generator writes --options-file for includes.
    Rsp = configuration("rsp", "Unix Makefiles", *Nvcc,
                        {"-DCMAKE_CUDA_USE_RESPONSE_FILE_FOR_INCLUDES=ON",
                         "-DCMAKE_CUDA_USE_RESPONSE_FILE_FOR_OBJECTS=ON"});
    if (!Make)
      Rsp.SkipReason = "make is not installed (needed for CMake's response-file variant)";
    // The two configurations run side by side: together they take as long as one.
    std::vector<Configuration *> Started;
    for (Configuration *C : {&Plain, &Rsp})
      if (C->SkipReason.empty() && C->start(*CMake))
        Started.push_back(C);
    for (Configuration *C : Started)
      C->wait();
  }

  static void TearDownTestSuite() {
    if (!TempDir.empty())
      llvm::sys::fs::remove_directories(TempDir);
  }

  static Configuration configuration(llvm::StringRef Name, llvm::StringRef Generator,
                                     llvm::StringRef Nvcc, std::vector<std::string> Extra) {
    Configuration C;
    C.BuildDir = (TempDir + "/" + Name).str();
    C.Log = (TempDir + "/" + Name + ".log").str();
    C.Args = {"-S",
              ProjectDir,
              "-B",
              C.BuildDir,
              "-G",
              Generator.str(),
              "-DCMAKE_CUDA_COMPILER=" + Nvcc.str(),
              "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"};
    C.Args.insert(C.Args.end(), Extra.begin(), Extra.end());
    return C;
  }

  void SetUp() override {
    if (!SuiteSkipReason.empty())
      GTEST_SKIP() << "CMake CUDA project not configured: " << SuiteSkipReason;
  }

  /// The configured database, or a fatal failure / skip.
  static std::vector<CompileEntry> databaseOf(const Configuration &C) {
    EXPECT_EQ(C.Failure, "");
    if (!C.Failure.empty())
      return {};
    llvm::Expected<std::vector<CompileEntry>> Db = loadCompileDatabase(C.BuildDir);
    if (!Db) {
      ADD_FAILURE() << llvm::toString(Db.takeError());
      return {};
    }
    return *Db;
  }

  static inline std::string SuiteSkipReason;
  static inline llvm::SmallString<128> TempDir;
  static inline Configuration Plain;
  static inline Configuration Rsp;
};

/// Reads response files the way nvcc does: relative to the command's directory.
ResponseFileReader readerFor(const CompileEntry &Entry) {
  return [Dir = Entry.Directory](llvm::StringRef Path) -> std::optional<std::string> {
    llvm::SmallString<256> Full(Path);
    llvm::sys::path::make_absolute(Dir, Full);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = llvm::MemoryBuffer::getFile(Full);
    if (!Buffer)
      return std::nullopt;
    return (*Buffer)->getBuffer().str();
  };
}

bool containsPair(const std::vector<std::string> &Args, llvm::StringRef A, llvm::StringRef B) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == A && Args[I + 1] == B)
      return true;
  return false;
}

/// Options that must not survive translation: nvcc-only, output, or the architecture itself.
void expectNoNvccOnlyOptions(const std::vector<std::string> &Args) {
  for (llvm::StringRef Arg : Args)
    for (llvm::StringRef Banned :
         {"--generate-code", "-gencode", "-arch", "--extended-lambda", "--expt-relaxed-constexpr",
          "-forward-unknown-to-host-compiler", "-rdc", "-Xcompiler", "--options-file",
          "--cuda-gpu-arch", "-o", "-c"})
      EXPECT_FALSE(Arg == Banned || Arg.starts_with(Banned.str() + "="))
          << Arg.str() << " in " << llvm::join(Args, " ");
}

void checkCudaEntry(const CompileEntry &Entry, bool InLibrary) {
  SCOPED_TRACE(Entry.File);
  TranslatedCommand T = translateCompileCommand(Entry.Argv, readerFor(Entry));
  EXPECT_EQ(T.Platform, Platform::Cuda);
  ASSERT_TRUE(T.CudaPath.has_value());
  EXPECT_TRUE(llvm::sys::fs::exists(*T.CudaPath + "/include/cuda_runtime.h")) << *T.CudaPath;
  if (InLibrary)
    EXPECT_THAT(T.GpuArchs, ElementsAre("sm_75", "sm_80", "sm_90"));
  else
    EXPECT_THAT(T.GpuArchs, ElementsAre("sm_80", "sm_90"));
  EXPECT_THAT(T.Args, Contains("-DGRIDSUM_BLOCK=256"));
  EXPECT_THAT(T.Args, Contains("-I" + ProjectDir + "/include"));
  if (InLibrary) {
    EXPECT_THAT(T.Args, Contains("-DGRIDSUM_INTERNAL"));
    EXPECT_TRUE(containsPair(T.Args, "-isystem", ProjectDir + "/third_party"))
        << llvm::join(T.Args, " ");
  }
  EXPECT_THAT(T.Args, Contains("-std=c++17"));
  EXPECT_TRUE(containsPair(T.Args, "-x", "cuda"));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.Inputs, ElementsAre(Entry.File));
  EXPECT_THAT(T.Dropped, Contains("--extended-lambda"));
  EXPECT_THAT(T.UnreadableResponseFiles, isEmpty());
  expectNoNvccOnlyOptions(T.Args);
  EXPECT_EQ(test::clangDriverErrors(T, Entry.File), "");
}

void checkHostEntry(const CompileEntry &Entry) {
  SCOPED_TRACE(Entry.File);
  TranslatedCommand T = translateCompileCommand(Entry.Argv, readerFor(Entry));
  EXPECT_EQ(T.Platform, std::nullopt);
  EXPECT_EQ(T.CudaPath, std::nullopt);
  EXPECT_THAT(T.GpuArchs, isEmpty());
  EXPECT_THAT(T.Args, Contains("-DGRIDSUM_BLOCK=256"));
  EXPECT_THAT(T.Inputs, ElementsAre(Entry.File));
}

/// Every source of the project has its entry, found by path, and translates.
void checkDatabase(const std::vector<CompileEntry> &Db) {
  ASSERT_EQ(Db.size(), 4u);
  for (const char *Cu : {"lib/grid_sum.cu", "lib/launch.cu", "app/main.cu"}) {
    const CompileEntry *Entry = findCompileEntry(Db, ProjectDir + "/" + Cu);
    ASSERT_NE(Entry, nullptr) << Cu;
    checkCudaEntry(*Entry, llvm::StringRef(Cu).starts_with("lib/"));
  }
  const CompileEntry *Host = findCompileEntry(Db, ProjectDir + "/app/options.cpp");
  ASSERT_NE(Host, nullptr);
  checkHostEntry(*Host);
}

TEST_F(CMakeCudaProject, EveryEntryTranslates) {
  if (!Plain.SkipReason.empty())
    GTEST_SKIP() << Plain.SkipReason;
  checkDatabase(databaseOf(Plain));
}

TEST_F(CMakeCudaProject, ResponseFilesOfTheMakefileGeneratorAreRead) {
  if (!Rsp.SkipReason.empty())
    GTEST_SKIP() << Rsp.SkipReason;
  std::vector<CompileEntry> Db = databaseOf(Rsp);
  for (const CompileEntry &Entry : Db)
    if (llvm::StringRef(Entry.File).ends_with(".cu"))
      EXPECT_THAT(Entry.Argv, Contains("--options-file")) << "CMake wrote no response file";
  checkDatabase(Db);
}

} // namespace
