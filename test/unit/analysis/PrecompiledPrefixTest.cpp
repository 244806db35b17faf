#include "analysis/frontend/PrecompiledPrefix.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace coopcheck;

namespace {

class PrecompiledPrefix : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("prefix-test", Root));
    for (const char *Dir : {"sys", "project", "cache"})
      ASSERT_FALSE(llvm::sys::fs::create_directory(path(Dir)));
    write("sys/prefix.h", "#pragma once\n#include <inner.h>\n");
    write("sys/inner.h", "#pragma once\nint from_the_prefix;\n");
    write("unit.cpp", "int unit_code = from_the_prefix;\n");
  }
  void TearDown() override { (void)llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Name) const { return (Root + "/" + Name).str(); }
  void write(llvm::StringRef Name, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(path(Name), EC) << Text;
    ASSERT_FALSE(EC);
  }

  /// A unit with the prefix as its -include, the system directory, and its own -I directory.
  std::shared_ptr<clang::CompilerInvocation> unit(llvm::StringRef OwnDirectory) {
    std::vector<std::string> Args = {"-x",
                                     "c++",
                                     "-fsyntax-only",
                                     "-include",
                                     "prefix.h",
                                     "-isystem",
                                     path("sys"),
                                     "-I",
                                     path(OwnDirectory).c_str(),
                                     path("unit.cpp")};
    std::vector<const char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(A.c_str());
    auto Invocation = std::make_shared<clang::CompilerInvocation>();
    clang::DiagnosticOptions DiagOpts;
    clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), DiagOpts,
                                   new clang::IgnoringDiagConsumer());
    EXPECT_TRUE(clang::CompilerInvocation::CreateFromArgs(*Invocation, Argv, Diags));
    return Invocation;
  }

  llvm::SmallString<256> Root;
};

TEST_F(PrecompiledPrefix, AnIncludeDirectoryThatIsAlsoASystemOneShadowsNothing) {
  // Compile databases written by nvcc's CMake name the toolkit's include directory with -I;
  // clang drops it for the system directory of the same name.
  analysis::PrecompiledPrefixes Prefixes(path("cache"), /*ManyUnits=*/true);
  std::vector<std::string> FilesRead;
  std::shared_ptr<clang::CompilerInvocation> Unit = unit("sys");
  EXPECT_TRUE(Prefixes.use(*Unit, Root, FilesRead));
  EXPECT_FALSE(Unit->getPreprocessorOpts().ImplicitPCHInclude.empty());
  EXPECT_TRUE(Unit->getPreprocessorOpts().Includes.empty());
}

TEST_F(PrecompiledPrefix, AProjectHeaderNamedLikeOneOfThePrefixesIsHonoured) {
  write("project/inner.h", "#pragma once\nint the_projects_own;\n");
  analysis::PrecompiledPrefixes Prefixes(path("cache"), /*ManyUnits=*/true);
  std::vector<std::string> FilesRead;
  std::shared_ptr<clang::CompilerInvocation> Unit = unit("project");
  EXPECT_FALSE(Prefixes.use(*Unit, Root, FilesRead));
  EXPECT_EQ(Unit->getPreprocessorOpts().Includes, std::vector<std::string>{"prefix.h"});
}

} // namespace
