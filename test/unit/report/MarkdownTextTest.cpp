#include "checks/report/MarkdownText.h"
#include <gtest/gtest.h>

using coopcheck::report::markdownToText;

namespace {

TEST(MarkdownText, StripsMarkupButKeepsCudaNames) {
  EXPECT_EQ(markdownToText("# cg-warp-mask\n\n**Why:** `__shfl_sync` with a *full* mask.\n"),
            "cg-warp-mask\n\nWhy: __shfl_sync with a *full* mask.");
}

TEST(MarkdownText, LinksAndCodeBlocks) {
  EXPECT_EQ(markdownToText("See [the guide](https://x.org/g) or <https://y.org>.\n"
                           "```cuda\nif (t < 16)\n  __syncwarp();\n```\n"),
            "See the guide (https://x.org/g) or <https://y.org>.\n"
            "    if (t < 16)\n      __syncwarp();");
}

TEST(MarkdownText, KeepsBracketsThatAreNotLinks) {
  EXPECT_EQ(markdownToText("args[] and a[i] (not a link)"), "args[] and a[i] (not a link)");
}

} // namespace
