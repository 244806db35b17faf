#include "checks/report/FindingOrder.h"
#include <gtest/gtest.h>

using namespace coopcheck::report;

namespace {

Finding finding(std::string File, unsigned Line, unsigned Column, std::string Rule,
                std::string Message = "m") {
  Finding F;
  F.RuleId = std::move(Rule);
  F.Message = std::move(Message);
  F.Location = {std::move(File), Line, Column, Line, Column + 1};
  return F;
}

std::vector<std::string> keys(const std::vector<Finding> &Findings) {
  std::vector<std::string> Out;
  for (const Finding &F : Findings)
    Out.push_back(F.Location.File + ":" + std::to_string(F.Location.Line) + ":" +
                  std::to_string(F.Location.Column) + ":" + F.RuleId + ":" + F.Message);
  return Out;
}

TEST(FindingOrder, SortsByFileLineColumnRule) {
  std::vector<Finding> Findings = {finding("/b.cu", 1, 1, "cg-a"), finding("/a.cu", 9, 2, "cg-b"),
                                   finding("/a.cu", 9, 2, "cg-a"), finding("/a.cu", 10, 1, "cg-a"),
                                   finding("/a.cu", 9, 1, "cg-z")};
  sortAndDedupe(Findings);
  EXPECT_EQ(keys(Findings),
            (std::vector<std::string>{"/a.cu:9:1:cg-z:m", "/a.cu:9:2:cg-a:m", "/a.cu:9:2:cg-b:m",
                                      "/a.cu:10:1:cg-a:m", "/b.cu:1:1:cg-a:m"}));
}

TEST(FindingOrder, DropsDuplicatesOfBothPasses) {
  Finding Host = finding("/a.cu", 3, 4, "cg-x");
  Finding Device = Host;
  Device.Notes.push_back({{"/a.cu", 2, 1, 2, 2}, "the condition"});
  std::vector<Finding> Findings = {Host, finding("/a.cu", 3, 4, "cg-x", "other"), Device};
  sortAndDedupe(Findings);
  ASSERT_EQ(Findings.size(), 2u);
  EXPECT_EQ(Findings[0].Message, "m");
  EXPECT_EQ(Findings[0].Notes.size(), 1u) << "the duplicate with notes is kept";
  EXPECT_EQ(Findings[1].Message, "other");
}

TEST(FindingOrder, DifferentRangesAreDifferentFindings) {
  Finding Wide = finding("/a.cu", 3, 4, "cg-x");
  Wide.Location.EndColumn = 20;
  std::vector<Finding> Findings = {Wide, finding("/a.cu", 3, 4, "cg-x")};
  sortAndDedupe(Findings);
  EXPECT_EQ(Findings.size(), 2u);
}

} // namespace
