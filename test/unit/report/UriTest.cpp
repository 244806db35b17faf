#include "checks/report/Uri.h"
#include "checks/report/SourceCache.h"
#include <gtest/gtest.h>

using namespace coopcheck::report;

namespace {

TEST(Uri, KeepsUnreservedAndSlashes) {
  EXPECT_EQ(percentEncodePath("src/a-b_c.d~e/K1.cu"), "src/a-b_c.d~e/K1.cu");
}

TEST(Uri, EncodesReservedSpacesAndNonAscii) {
  EXPECT_EQ(percentEncodePath("my dir/a#b?c%d:e+f.cu"), "my%20dir/a%23b%3Fc%25d%3Ae%2Bf.cu");
  EXPECT_EQ(percentEncodePath("caf\xc3\xa9.cu"), "caf%C3%A9.cu");
}

TEST(Uri, FileUriOfAbsolutePath) {
  EXPECT_EQ(fileUri("/home/u/my src/k.cu"), "file:///home/u/my%20src/k.cu");
}

TEST(Uri, PathOfFileUriUndoesTheEncoding) {
  for (const char *Path : {"/home/u/my src/k.cu", "/a#b?c%d:e+f/caf\xc3\xa9.cu", "/"})
    EXPECT_EQ(pathOfFileUri(fileUri(Path)), Path);
  EXPECT_EQ(pathOfFileUri("src/my%20dir/k.cu"), "src/my dir/k.cu"); // relative to %SRCROOT%
  EXPECT_EQ(pathOfFileUri("file:///a%2"), "/a%2");                  // no two hex digits
  EXPECT_EQ(pathOfFileUri("file:///a%zz"), "/a%zz");
}

TEST(Uri, DirectoryUriEndsInSlash) {
  EXPECT_EQ(directoryUri("/work/proj"), "file:///work/proj/");
  EXPECT_EQ(directoryUri("/work/proj/"), "file:///work/proj/");
  EXPECT_EQ(directoryUri("/"), "file:///");
}

TEST(Uri, RelativeInsideRoot) {
  EXPECT_EQ(pathRelativeTo("/work/proj", "/work/proj/src/k.cu"), "src/k.cu");
  EXPECT_EQ(pathRelativeTo("/work/proj/", "/work/proj/k.cu"), "k.cu");
  EXPECT_EQ(pathRelativeTo("/work/proj", "/work/proj/a/../b/./k.cu"), "b/k.cu");
}

TEST(Uri, NotRelativeOutsideRoot) {
  EXPECT_EQ(pathRelativeTo("/work/proj", "/work/project/k.cu"), std::nullopt);
  EXPECT_EQ(pathRelativeTo("/work/proj", "/usr/include/cuda.h"), std::nullopt);
  EXPECT_EQ(pathRelativeTo("/work/proj", "/work/proj"), std::nullopt);
  EXPECT_EQ(pathRelativeTo("", "/work/proj/k.cu"), std::nullopt);
}

TEST(SourceColumns, BytesToCodePoints) {
  std::string_view Line = "s = \"\xc3\xa9\xf0\x9f\x98\x80\"; x";
  EXPECT_EQ(codePointColumn(Line, 1), 1u);
  EXPECT_EQ(codePointColumn(Line, 6), 6u);  // the e-acute
  EXPECT_EQ(codePointColumn(Line, 8), 7u);  // the emoji, after a 2-byte character
  EXPECT_EQ(codePointColumn(Line, 12), 8u); // the closing quote
  EXPECT_EQ(codePointColumn(Line, Line.size() + 1), 12u);
  EXPECT_EQ(codePointColumn(Line, Line.size() + 3), 14u); // past the end keeps the distance
}

} // namespace
