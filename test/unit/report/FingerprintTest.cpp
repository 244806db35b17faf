// Vectors from github/codeql-action's own fingerprints tests, plus UTF-8 inputs whose values were
// computed by running that algorithm under Node.js on the same bytes.
#include "checks/report/Fingerprint.h"
#include <gtest/gtest.h>

using coopcheck::report::lineHashes;
using Hashes = std::vector<std::string>;

namespace {

const Hashes NormalizedNewlines = {"e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1",
                                   "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
                                   "c129715d7a2bc9a3:1"};

TEST(Fingerprint, EmptyFileHasOneLine) { EXPECT_EQ(lineHashes(""), Hashes{"c129715d7a2bc9a3:1"}); }

TEST(Fingerprint, LeadingBlanksAreSkipped) {
  EXPECT_EQ(lineHashes(" a\nb\n  \t\tc\n d"), (Hashes{"271789c17abda88f:1", "54703d4cd895b18:1",
                                                      "180aee12dab6264:1", "a23a3dc5e078b07b:1"}));
}

TEST(Fingerprint, NoFinalNewline) {
  EXPECT_EQ(lineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End"),
            (Hashes{"8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1",
                    "c6805c5e1288b612:1", "b86d3392aea1be30:1", "e6ceba753e1a442:1"}));
}

TEST(Fingerprint, AllLineEndingsHashAlike) {
  EXPECT_EQ(lineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n"), NormalizedNewlines);
  EXPECT_EQ(lineHashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r"), NormalizedNewlines);
  EXPECT_EQ(lineHashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n"),
            NormalizedNewlines);
  EXPECT_EQ(lineHashes(" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n"),
            NormalizedNewlines);
}

TEST(Fingerprint, RepeatedLinesAreNumbered) {
  std::string Text;
  for (int I = 0; I < 10; ++I)
    Text += "Lorem ipsum dolor sit amet.\n";
  EXPECT_EQ(lineHashes(Text),
            (Hashes{"a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3",
                    "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
                    "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1",
                    "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"}));
}

TEST(Fingerprint, SampleProgram) {
  EXPECT_EQ(lineHashes("x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n"),
            (Hashes{"e54938cc54b302f1:1", "bb609acbe9138d60:1", "1131fd5871777f34:1",
                    "5c482a0f8b35ea28:1", "54517377da7028d2:1", "2c644846cb18d53e:1",
                    "f1b89f20de0d133:1", "c129715d7a2bc9a3:1"}));
}

TEST(Fingerprint, HashesUtf16CodeUnits) {
  // U+00E9 is one code unit, U+1F600 two (a surrogate pair), as in JavaScript strings.
  EXPECT_EQ(lineHashes("int \xc3\xa9 = 1; // \xf0\x9f\x98\x80\n\tx\n"),
            (Hashes{"12b2ed21b778ae67:1", "828973aa50c68d6d:1", "c129715d7a2bc9a3:1"}));
}

TEST(Fingerprint, InvalidUtf8DecodesLikeNode) {
  // Stray bytes, a truncated 4-byte sequence and an encoded surrogate all become U+FFFD.
  EXPECT_EQ(lineHashes("a\xff\xe0\x80"
                       "b\xf0\x9f\x98\nc\xed\xa0\x80"
                       "d\r\ne"),
            (Hashes{"ca44cecb34432e91:1", "8ba0607b3b5bd8c0:1", "2be488999ca9e6d8:1"}));
}

} // namespace
