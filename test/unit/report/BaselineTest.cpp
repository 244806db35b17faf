#include "checks/report/Baseline.h"
#include "TempTree.h"
#include "checks/report/SarifWriter.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using coopcheck::report::test::TempTree;

namespace {

const char *Kernel = "__global__ void k(int n) {\n"
                     "  if (threadIdx.x < n)\n"
                     "    grid.sync();\n"
                     "}\n";

Finding at(const std::string &File, unsigned Line,
           const std::string &Rule = "cg-divergent-collective") {
  Finding F;
  F.RuleId = Rule;
  F.Message = "a collective only some threads reach";
  F.Location = {File, Line, 5, Line, 16};
  return F;
}

std::string baselineOf(const TempTree &Tree, const Report &R) {
  std::ostringstream OS;
  writeSarif(OS, R);
  return Tree.write("base.sarif", OS.str());
}

std::string errorOf(const std::string &Path) {
  auto B = Baseline::read(Path);
  return B ? "" : llvm::toString(B.takeError());
}

TEST(Baseline, KnownFindingsLeaveNewOnesStay) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  std::string Path = baselineOf(Tree, {{at(File, 3)}, {}, Tree.root()});
  auto B = Baseline::read(Path);
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());

  Report Now{{at(File, 2), at(File, 3), at(File, 3, "cg-warp-mask")}, {}, Tree.root()};
  B->removeKnownFindings(Now);
  ASSERT_EQ(Now.Findings.size(), 2u);
  EXPECT_EQ(Now.Findings[0].Location.Line, 2u);
  EXPECT_EQ(Now.Findings[1].RuleId, "cg-warp-mask");
}

TEST(Baseline, EachBaselineResultAccountsForOneFinding) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  auto B = Baseline::read(baselineOf(Tree, {{at(File, 3)}, {}, Tree.root()}));
  ASSERT_TRUE(bool(B));
  Report Now{{at(File, 3), at(File, 3)}, {}, Tree.root()};
  B->removeKnownFindings(Now);
  EXPECT_EQ(Now.Findings.size(), 1u);
}

TEST(Baseline, TheSameLineInAnotherFileIsNew) {
  TempTree Tree;
  std::string File = Tree.write("a.cu", Kernel), Copy = Tree.write("b.cu", Kernel);
  auto B = Baseline::read(baselineOf(Tree, {{at(File, 3)}, {}, Tree.root()}));
  ASSERT_TRUE(bool(B));
  Report Now{{at(Copy, 3)}, {}, Tree.root()};
  B->removeKnownFindings(Now);
  EXPECT_EQ(Now.Findings.size(), 1u);
}

TEST(Baseline, UnusableFilesAreOneLineErrors) {
  TempTree Tree;
  EXPECT_EQ(errorOf(Tree.path("none.sarif"))
                .rfind("baseline '" + Tree.path("none.sarif") + "': cannot read", 0),
            0u);
  EXPECT_EQ(errorOf(Tree.write("a.sarif", "{")),
            "baseline '" + Tree.path("a.sarif") + "': not JSON");
  EXPECT_EQ(errorOf(Tree.write("b.sarif", R"({"version": "2.1.0", "runs": {}})")),
            "baseline '" + Tree.path("b.sarif") + "': not a SARIF 2.1.0 log");
  EXPECT_EQ(errorOf(Tree.write("c.sarif", "[]")),
            "baseline '" + Tree.path("c.sarif") + "': not a SARIF 2.1.0 log");
  // Results that are not objects, or carry no rule, are not identities; the log is still usable.
  EXPECT_EQ(
      errorOf(Tree.write("d.sarif", R"({"version": "2.1.0", "runs": [{"results": [1, {}]}]})")),
      "");
}

TEST(Baseline, TextIsReadAsTheFileWouldBe) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  std::ostringstream OS;
  writeSarif(OS, {{at(File, 3)}, {}, Tree.root()});
  auto B = Baseline::parse(OS.str(), "inline");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  Report Now{{at(File, 2), at(File, 3)}, {}, Tree.root()};
  B->removeKnownFindings(Now);
  ASSERT_EQ(Now.Findings.size(), 1u);
  EXPECT_EQ(Now.Findings[0].Location.Line, 2u);
  auto Bad = Baseline::parse("{", "inline");
  EXPECT_EQ(Bad ? "" : llvm::toString(Bad.takeError()), "baseline 'inline': not JSON");
}

} // namespace
