#include "checks/report/CodeClimateWriter.h"
#include "TempTree.h"
#include "checks/RuleTable.h"
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>

using namespace coopcheck;
using namespace coopcheck::report;
using coopcheck::report::test::TempTree;
using Json = nlohmann::ordered_json;

namespace {

const char *Kernel = "__global__ void k(int n) {\n"
                     "  auto grid = cg::this_grid();\n"
                     "  if (threadIdx.x < n) return;\n"
                     "  grid.sync();\n"
                     "}\n";

Finding at(const std::string &File, unsigned Line, unsigned Column,
           std::string Rule = "cg-early-exit-before-sync") {
  Finding F;
  F.RuleId = std::move(Rule);
  F.Message = "threads leave before grid.sync()";
  F.Location = {File, Line, Column, Line, Column + 4};
  return F;
}

Json issues(const Report &R) {
  std::ostringstream OS;
  writeCodeClimate(OS, R);
  return Json::parse(OS.str());
}

/// What GitLab needs of an issue: its schema (app/validators/json_schemas/codeclimate.json), the
/// fields its documentation requires and the severities it ranks; test/e2e/codeclimate.py checks
/// the same with the schema itself.
void expectGitLabIssue(const Json &Issue) {
  for (const char *Key : {"description", "check_name", "fingerprint", "severity"})
    EXPECT_TRUE(Issue.contains(Key) && Issue[Key].is_string()) << Key << " in " << Issue.dump();
  static const std::set<std::string> Severities{"info", "minor", "major", "critical", "blocker"};
  EXPECT_TRUE(Severities.count(Issue.value("severity", ""))) << Issue.dump();
  const Json &Location = Issue["location"];
  EXPECT_TRUE(Location["path"].is_string()) << Issue.dump();
  EXPECT_TRUE(Location["lines"]["begin"].is_number_integer() &&
              Location["lines"]["begin"].get<int>() >= 1)
      << Issue.dump();
}

TEST(CodeClimateWriter, IssueHasWhatGitLabReads) {
  TempTree Tree;
  Json Out = issues({{at(Tree.write("src/k.cu", Kernel), 3, 24)}, {}, Tree.root()});
  ASSERT_TRUE(Out.is_array());
  ASSERT_EQ(Out.size(), 1u);
  expectGitLabIssue(Out[0]);
  std::string Fingerprint = Out[0]["fingerprint"];
  EXPECT_EQ(Fingerprint.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(Fingerprint.size(), 32u);
  Out[0].erase("fingerprint");
  EXPECT_EQ(Out[0], Json::parse(R"j({
    "type": "issue", "check_name": "cg-early-exit-before-sync",
    "description": "threads leave before grid.sync()", "categories": ["Bug Risk"],
    "severity": "critical", "location": {"path": "src/k.cu", "lines": {"begin": 3, "end": 3}}})j"));
}

TEST(CodeClimateWriter, SeverityFollowsTheLevelAndCategoryTheRule) {
  const checks::RuleInfo *Advice = nullptr;
  for (const checks::RuleInfo &Rule : checks::allRules())
    if (Rule.DefaultLevel == checks::RuleLevel::Note)
      Advice = &Rule;
  ASSERT_NE(Advice, nullptr);
  Finding Warning = at("/src/a.cu", 1, 1), Note = at("/src/a.cu", 2, 1, Advice->Id.str());
  Warning.Severity = Level::Warning;
  Note.Severity = Level::Note;
  Json Out = issues({{Warning, Note}, {}, "/src"});
  EXPECT_EQ(Out[0]["severity"], "major");
  EXPECT_EQ(Out[0]["categories"], Json::array({"Bug Risk"}));
  EXPECT_EQ(Out[1]["severity"], "info");
  EXPECT_EQ(Out[1]["categories"], Json::array({"Performance"}));
}

TEST(CodeClimateWriter, SuppressedFindingsAreLeftOut) {
  Finding F = at("/src/a.cu", 1, 1);
  F.Suppressed = true;
  std::ostringstream OS;
  writeCodeClimate(OS, {{F}, {}, "/src"});
  EXPECT_EQ(OS.str(), "[]\n");
}

TEST(CodeClimateWriter, PathOutsideTheRootStaysAbsolute) {
  Json Out = issues({{at("/usr/include/x.h", 0, 0)}, {}, "/src"});
  EXPECT_EQ(Out[0]["location"], Json::parse(R"({"path": "/usr/include/x.h",
                                                "lines": {"begin": 1, "end": 1}})"));
}

std::string fingerprintOf(const std::string &Source, unsigned Line, unsigned Column) {
  TempTree Tree;
  return issues(
      {{at(Tree.write("k.cu", Source), Line, Column)}, {}, Tree.root()})[0]["fingerprint"];
}

TEST(CodeClimateWriter, FingerprintSurvivesLinesAddedAboveAndReindenting) {
  std::string Before = fingerprintOf(Kernel, 3, 24);
  EXPECT_EQ(fingerprintOf(std::string("// a comment\n\n") + Kernel, 5, 24), Before);
  std::string Reindented = Kernel;
  Reindented.replace(Reindented.find("  if"), 2, "\t");
  EXPECT_EQ(fingerprintOf(Reindented, 3, 23), Before);
  std::string Edited = Kernel;
  Edited.replace(Edited.find("< n"), 3, "< m");
  EXPECT_NE(fingerprintOf(Edited, 3, 24), Before);
}

// GitLab keeps one issue per fingerprint: findings at one place must not share one.
TEST(CodeClimateWriter, FingerprintsAreUniqueInAReport) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  Report R{{at(File, 3, 3), at(File, 3, 24), at(File, 3, 24), at(File, 3, 24, "cg-deadlock")},
           {},
           Tree.root()};
  std::set<std::string> Fingerprints;
  for (const Json &Issue : issues(R))
    Fingerprints.insert(Issue["fingerprint"]);
  EXPECT_EQ(Fingerprints.size(), 4u);
  EXPECT_EQ(issues(R), issues(R)); // and the same in every run
}

// Writes a report that uses every field of the writer to $COOPCHECK_CODECLIMATE_SAMPLE_OUT:
// test/e2e/codeclimate.py validates it against GitLab's schema.
TEST(CodeClimateWriter, WritesSampleForTheValidator) {
  TempTree Tree;
  const char *Requested = std::getenv("COOPCHECK_CODECLIMATE_SAMPLE_OUT");
  std::string OutPath = Requested ? Requested : Tree.path("sample.json");
  std::string File = Tree.write("src/my k.cu", Kernel);
  Finding Warning = at(File, 3, 24), Unreadable = at(Tree.path("gone.cu"), 7, 1);
  Warning.Severity = Level::Warning;
  Report R{{at(File, 4, 3), Warning, at(File, 4, 3), Unreadable, at("/usr/include/x.h", 2, 1)},
           {},
           Tree.root()};
  {
    std::ofstream Out(OutPath);
    writeCodeClimate(Out, R);
    ASSERT_TRUE(Out.good());
  }
  std::ifstream In(OutPath);
  Json Sample = Json::parse(In);
  ASSERT_EQ(Sample.size(), 5u);
  for (const Json &Issue : Sample)
    expectGitLabIssue(Issue);
}

} // namespace
