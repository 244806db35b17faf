#include "checks/RuleTable.h"
#include <cstdlib>
#include <gtest/gtest.h>

using namespace coopcheck;

namespace {

TEST(RuleDocsUrl, IsThePagePathUnderTheBase) {
  EXPECT_EQ(checks::ruleDocsUrl("cg-warp-mask", "https://example.org/cc/"),
            "https://example.org/cc/docs/checks/cg-warp-mask.md");
  EXPECT_EQ(checks::ruleDocsUrl("cg-warp-mask", "file:///usr/share/coopcheck"),
            "file:///usr/share/coopcheck/docs/checks/cg-warp-mask.md");
}

// One variable configures the base for every front door; unset or empty, the repository's.
TEST(RuleDocsUrl, BaseComesFromTheEnvironment) {
  ASSERT_EQ(setenv("COOPCHECK_DOCS_URL", "https://docs.example.org/coopcheck/", 1), 0);
  EXPECT_EQ(checks::docsBaseUrl(), "https://docs.example.org/coopcheck/");
  ASSERT_EQ(setenv("COOPCHECK_DOCS_URL", "", 1), 0);
  EXPECT_EQ(checks::docsBaseUrl(), checks::DefaultDocsBaseUrl);
  ASSERT_EQ(unsetenv("COOPCHECK_DOCS_URL"), 0);
  EXPECT_EQ(checks::docsBaseUrl(), checks::DefaultDocsBaseUrl);
}

} // namespace
