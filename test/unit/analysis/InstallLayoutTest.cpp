#include "analysis/support/InstallLayout.h"
#include "analysis/frontend/ParseSetup.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace coopcheck::analysis;

namespace {

std::string realPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return "";
  return std::string(Real);
}

// This test program is an executable in the build tree's bin/: its image is that file.
TEST(InstallLayout, TheImageIsTheRunningExecutable) {
  std::string Self = realPath("/proc/self/exe");
  ASSERT_FALSE(Self.empty());
  EXPECT_EQ(imageDirectory(), llvm::sys::path::parent_path(Self).str());
  EXPECT_EQ(llvm::sys::path::filename(imageDirectory()), "bin");
}

TEST(InstallLayout, DataIsBesideTheImagesDirectory) {
  llvm::SmallString<256> Expected(llvm::sys::path::parent_path(imageDirectory()));
  llvm::sys::path::append(Expected, "share", "coopcheck");
  EXPECT_EQ(dataDirectory(), Expected.str().str());
  EXPECT_EQ(modelIncludeDir(), dataDirectory() + "/include");
}

// The build tree has an installed prefix's layout: its share/coopcheck/include is the source's
// runtime-model/include, reached through the build tree, not named by the source path.
TEST(InstallLayout, TheBuildTreeReadsTheSourcesModelHeaders) {
  std::string Source = std::string(COOPCHECK_SOURCE_DIR) + "/runtime-model/include";
  EXPECT_NE(modelIncludeDir(), Source);
  EXPECT_EQ(realPath(modelIncludeDir()), realPath(Source));
  EXPECT_TRUE(llvm::sys::fs::exists(modelIncludeDir() + "/coopcheck_model/nvcc_compat.h"));
}

} // namespace
