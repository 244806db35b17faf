#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/FlagTranslator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <random>

using namespace coopcheck::analysis;
using coopcheck::model::Platform;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

/// gmock's IsEmpty() needs libgmock, which the test binary does not link.
auto isEmpty() { return ::testing::SizeIs(0); }

const std::string Fixtures = COOPCHECK_TEST_DIR "/unit/analysis/fixtures";

/// The error message of a load that must fail, or "loaded" when it did not.
std::string loadError(llvm::StringRef Path) {
  llvm::Expected<std::vector<CompileEntry>> Db = loadCompileDatabase(Path);
  if (Db)
    return "loaded";
  return llvm::toString(Db.takeError());
}

ResponseFileReader noResponseFiles() {
  return [](llvm::StringRef) { return std::nullopt; };
}

/// A scratch directory removed when the test ends.
class ScratchDir {
public:
  ScratchDir() { llvm::sys::fs::createUniqueDirectory("coopcheck-db-test", Path); }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Path); }

  std::string write(llvm::StringRef Name, llvm::StringRef Contents) const {
    std::string File = path(Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(File));
    std::error_code EC;
    llvm::raw_fd_ostream Out(File, EC);
    Out << Contents;
    return File;
  }
  std::string path(llvm::StringRef Name) const { return (Path + "/" + Name).str(); }

private:
  llvm::SmallString<128> Path;
};

TEST(CompileDatabase, LoadsHipccDatabaseFromItsDirectory) {
  llvm::Expected<std::vector<CompileEntry>> Db = loadCompileDatabase(Fixtures + "/hipcc-db");
  ASSERT_TRUE(bool(Db)) << llvm::toString(Db.takeError());
  ASSERT_EQ(Db->size(), 2u);
  const CompileEntry &Kernel = (*Db)[0];
  EXPECT_EQ(Kernel.Directory, "/home/ci/reduce/build");
  EXPECT_EQ(Kernel.File, "/home/ci/reduce/src/grid_reduce.hip");
  EXPECT_EQ(Kernel.Argv.front(), "/opt/rocm-6.2.0/bin/hipcc");
  EXPECT_EQ(Kernel.Argv.back(), "../src/grid_reduce.hip");

  TranslatedCommand T = translateCompileCommand(Kernel.Argv, noResponseFiles());
  EXPECT_EQ(T.Platform, Platform::Hip);
  EXPECT_THAT(T.GpuArchs, ElementsAre("gfx90a", "gfx942"));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.Args,
              ElementsAre("-DREDUCE_USE_COOPERATIVE=1", "-D__HIP_PLATFORM_AMD__=1",
                          "-I/home/ci/reduce/include", "-isystem", "/opt/rocm-6.2.0/include",
                          "-DNDEBUG", "-std=c++17", "-x", "cuda", "-fgpu-rdc"));
  EXPECT_THAT(T.Inputs, ElementsAre("../src/grid_reduce.hip"));

  TranslatedCommand Host = translateCompileCommand((*Db)[1].Argv, noResponseFiles());
  EXPECT_EQ(Host.Platform, std::nullopt);
  EXPECT_THAT(Host.GpuArchs, isEmpty());
}

TEST(CompileDatabase, LoadsMxccDatabaseByFileNameAndSplitsCommands) {
  llvm::Expected<std::vector<CompileEntry>> Db =
      loadCompileDatabase(Fixtures + "/mxcc-db/compile_commands.json");
  ASSERT_TRUE(bool(Db)) << llvm::toString(Db.takeError());
  ASSERT_EQ(Db->size(), 2u);
  const CompileEntry &Hist = (*Db)[0];
  EXPECT_EQ(Hist.File, "/data/metax/histogram/src/histogram.cpp");
  EXPECT_THAT(Hist.Argv, ::testing::Contains("-DHIST_NAME=\"grid histogram\""));
  EXPECT_THAT(Hist.Argv, ::testing::Contains("-I/data/metax/third party/cub"));

  TranslatedCommand T = translateCompileCommand(Hist.Argv, noResponseFiles());
  EXPECT_EQ(T.Platform, Platform::Maca);
  EXPECT_THAT(T.GpuArchs, ElementsAre("xcore1000"));
  EXPECT_THAT(T.Args, ElementsAre("-DHIST_BINS=256", "-DMXMACA", "-DHIST_NAME=\"grid histogram\"",
                                  "-I/data/metax/histogram/include",
                                  "-I/data/metax/third party/cub", "-std=c++17", "-x", "cuda"));
  EXPECT_THAT(T.Inputs, ElementsAre(Hist.File));
}

TEST(CompileDatabase, BrokenDatabasesGiveOneLineReasons) {
  const std::pair<const char *, const char *> Cases[] = {
      {"empty.json", "empty file"},
      {"not_json.json", "not valid JSON"},
      {"truncated.json", "not valid JSON"},
      {"empty_array.json", "no compile commands"},
      {"not_array.json", "not a JSON array"},
      {"missing_file.json", "entry 1 has no \"file\""},
      {"missing_command.json", "entry 0 has neither \"command\" nor \"arguments\""},
      {"missing_directory.json", "entry 0 has no \"directory\""},
      {"bad_arguments.json", "\"arguments\" is not an array of strings"},
  };
  for (const auto &[File, Reason] : Cases) {
    std::string Error = loadError(Fixtures + "/broken/" + File);
    EXPECT_THAT(Error, HasSubstr(Reason)) << File;
    EXPECT_THAT(Error, HasSubstr(File)) << "the message names the database";
    EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
  }
}

TEST(CompileDatabase, MissingDatabase) {
  EXPECT_THAT(loadError(Fixtures + "/no-such-dir"), HasSubstr("no such file"));
  // A directory without compile_commands.json.
  EXPECT_THAT(loadError(Fixtures + "/broken"),
              HasSubstr("broken/compile_commands.json: no such file"));
}

TEST(CompileDatabase, RelativeDirectoryAndFileAreMadeAbsolute) {
  ScratchDir Dir;
  std::string Db = Dir.write("build/db.json", R"([
    {"directory": "sub/../obj", "file": "../src/./k.cu", "arguments": ["nvcc", "-c", "k.cu"]}])");
  llvm::Expected<std::vector<CompileEntry>> Entries = loadCompileDatabase(Db);
  ASSERT_TRUE(bool(Entries)) << llvm::toString(Entries.takeError());
  EXPECT_EQ((*Entries)[0].Directory, Dir.path("build/obj"));
  EXPECT_EQ((*Entries)[0].File, Dir.path("build/src/k.cu"));
}

TEST(CompileDatabase, WrongTypesAreErrorsNotExceptions) {
  ScratchDir Dir;
  for (const char *Json :
       {R"([{"directory": 1, "file": "a", "command": "x"}])",
        R"([{"directory": "/d", "file": ["a"], "command": "x"}])",
        R"([{"directory": "/d", "file": "a", "command": 7}])",
        R"([{"directory": "/d", "file": "a", "arguments": "nvcc -c a"}])",
        R"([{"directory": "/d", "file": "a", "arguments": []}])", R"([3])", R"("text")", R"(null)",
        R"([{"directory": "/d", "file": "a", "command": "x"}] trailing)"}) {
    std::string Error = loadError(Dir.write("db.json", Json));
    EXPECT_NE(Error, "loaded") << Json;
    EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
  }
}

TEST(CompileDatabase, RandomBytesNeverThrow) {
  ScratchDir Dir;
  const std::string Alphabet = "[]{}\":, \n\\0123456789abcdefilnorstuy";
  const std::string Seed = R"([{"directory":"/d","file":"a.cu","command":"nvcc a.cu"}])";
  std::mt19937 Random(7);
  for (int Round = 0; Round < 300; ++Round) {
    std::string Text = Seed;
    for (int Edit = 0, N = Random() % 4; Edit < N; ++Edit)
      Text[Random() % Text.size()] = Alphabet[Random() % Alphabet.size()];
    std::string Path = Dir.write("db.json", Text);
    llvm::Expected<std::vector<CompileEntry>> Db = loadCompileDatabase(Path);
    if (!Db)
      EXPECT_EQ(llvm::toString(Db.takeError()).find('\n'), std::string::npos);
  }
}

TEST(CompileDatabase, FindsEntriesByNormalizedPath) {
  std::vector<CompileEntry> Db = {{"/b", "/s/a.cu", {"nvcc"}}, {"/b", "/s/lib/b.cu", {"nvcc"}}};
  EXPECT_EQ(findCompileEntry(Db, "/s/lib/b.cu"), &Db[1]);
  EXPECT_EQ(findCompileEntry(Db, "/s/lib/../a.cu"), &Db[0]);
  EXPECT_EQ(findCompileEntry(Db, "/s/./lib/b.cu"), &Db[1]);
  EXPECT_EQ(findCompileEntry(Db, "/s/c.cu"), nullptr);
  EXPECT_EQ(findCompileEntry({}, "/s/a.cu"), nullptr);
}

TEST(CompileDatabase, FindsEntriesThroughSymbolicLinks) {
  ScratchDir Dir;
  std::string Real = Dir.write("real/k.cu", "__global__ void k() {}\n");
  ASSERT_FALSE(llvm::sys::fs::create_link(Dir.path("real"), Dir.path("link")));
  std::vector<CompileEntry> Db = {{Dir.path("b"), Real, {"nvcc"}}};
  EXPECT_EQ(findCompileEntry(Db, Dir.path("link/k.cu")), &Db[0]);
}

TEST(CompileDatabase, SplitsLikeAPosixShell) {
  EXPECT_THAT(splitShellCommand("nvcc  -c\ta.cu\n-o a.o"),
              ElementsAre("nvcc", "-c", "a.cu", "-o", "a.o"));
  EXPECT_THAT(splitShellCommand(R"(cc '-DA=a b' "-DB=\"q\"" -DC=\"x\" "" '')"),
              ElementsAre("cc", "-DA=a b", "-DB=\"q\"", "-DC=\"x\"", "", ""));
  EXPECT_THAT(splitShellCommand(R"(cc "a\b" 'c\d' e\ f)"),
              ElementsAre("cc", "a\\b", "c\\d", "e f"));
  EXPECT_THAT(splitShellCommand("cc -I\"/a b\"/c x'y'z"), ElementsAre("cc", "-I/a b/c", "xyz"));
  EXPECT_THAT(splitShellCommand("cc \\\n -c \"a\\\nb\""), ElementsAre("cc", "-c", "ab"));
  EXPECT_THAT(splitShellCommand(R"(cc "\$HOME" "\\")"), ElementsAre("cc", "$HOME", "\\"));
  EXPECT_THAT(splitShellCommand(""), isEmpty());
  EXPECT_THAT(splitShellCommand("   \n\t"), isEmpty());
}

TEST(CompileDatabase, UnterminatedQuotesDoNotCrash) {
  EXPECT_THAT(splitShellCommand("cc 'open"), ElementsAre("cc", "open"));
  EXPECT_THAT(splitShellCommand("cc \"open\\"), ElementsAre("cc", "open\\"));
  EXPECT_THAT(splitShellCommand("cc trailing\\"), ElementsAre("cc", "trailing\\"));
}

} // namespace
