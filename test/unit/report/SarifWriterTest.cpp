#include "checks/report/SarifWriter.h"
#include "TempTree.h"
#include "checks/RuleTable.h"
#include "checks/report/Fingerprint.h"
#include "checks/report/SarifRules.h"
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using coopcheck::report::test::TempTree;
using Json = nlohmann::json;
namespace checks = coopcheck::checks;

namespace {

// Line 3 has a two-byte character before the collective: byte column 11 is code point column 10.
const char *Kernel = "__global__ void k(int n) {\n"
                     "  if (threadIdx.x < n)\n"
                     "    /*\xc3\xa9*/grid.sync();\n"
                     "}\n";

std::string ruleId(size_t Index) {
  return checks::allRules()[std::min(Index, checks::allRules().size() - 1)].Id.str();
}

Finding gridSync(const std::string &File) {
  Finding F;
  F.RuleId = ruleId(1);
  F.Message = "grid.sync() after a divergent exit";
  F.Location = {File, 3, 11, 3, 22};
  F.Notes.push_back({{File, 2, 7, 2, 22}, "depends on threadIdx"});
  F.Notes.push_back({{File, 1, 1, 1, 11}, "the kernel"});
  return F;
}

Json sarif(const Report &R, const SarifOptions &Options = {}) {
  std::ostringstream OS;
  writeSarif(OS, R, Options);
  return Json::parse(OS.str());
}

class SarifWriter : public ::testing::Test {
protected:
  TempTree Tree;
  std::string File = Tree.write("src/my k.cu", Kernel);
  Json Out = sarif({{gridSync(File)}, {}, Tree.root()});
  Json &Run = Out["runs"][0];
  Json &Result = Run["results"][0];
};

TEST_F(SarifWriter, TopLevel) {
  EXPECT_EQ(Out["$schema"], SarifSchemaUri);
  EXPECT_EQ(Out["version"], "2.1.0");
  EXPECT_EQ(Out["runs"].size(), 1u);
  EXPECT_EQ(Run["columnKind"], "unicodeCodePoints");
  EXPECT_EQ(Run["automationDetails"]["id"], "coopcheck/");
}

TEST_F(SarifWriter, Driver) {
  const Json &Driver = Run["tool"]["driver"];
  EXPECT_EQ(Driver["name"], "coopcheck");
  EXPECT_FALSE(Driver["version"].get<std::string>().empty());
  EXPECT_EQ(Driver["semanticVersion"], Driver["version"]);
  EXPECT_EQ(Driver["informationUri"], DefaultInformationUri);
}

TEST_F(SarifWriter, RulesComeFromTheTable) {
  const Json &Rules = Run["tool"]["driver"]["rules"];
  ASSERT_EQ(Rules.size(), checks::allRules().size());
  for (size_t I = 0; I < Rules.size(); ++I) {
    const checks::RuleInfo &Info = checks::allRules()[I];
    const Json &Rule = Rules[I];
    EXPECT_EQ(Rule["id"], Info.Id.str());
    EXPECT_EQ(Rule["name"], ruleName(Info.Id));
    EXPECT_EQ(Rule["shortDescription"]["text"], Info.ShortDescription.str());
    EXPECT_EQ(Rule["fullDescription"]["text"], Info.FullDescription.str());
    EXPECT_FALSE(Rule["help"]["text"].get<std::string>().empty());
    EXPECT_EQ(Rule["help"].contains("markdown"), !Info.DocsMarkdown.empty());
    EXPECT_EQ(Rule["helpUri"],
              std::string(DefaultInformationUri) + "/blob/main/" + checks::docsPath(Info.Id));
    EXPECT_EQ(Rule["defaultConfiguration"]["level"],
              checks::ruleLevelName(Info.DefaultLevel).str());
    EXPECT_EQ(Rule["properties"]["precision"], Info.Precision.str());
    EXPECT_TRUE(Rule["properties"]["tags"].is_array());
  }
}

TEST(SarifRules, NamesAreCamelCase) {
  EXPECT_EQ(ruleName("cg-early-exit-before-sync"), "EarlyExitBeforeSync");
  EXPECT_EQ(ruleName("cg-deadlock"), "Deadlock");
}

TEST(SarifRules, HelpFallsBackToFullDescription) {
  checks::RuleInfo Rule{"cg-x", checks::RuleLevel::Warning, "high", "short", "full", ""};
  Json Entry = sarifRule(Rule, "https://d/");
  EXPECT_EQ(Entry["help"], Json::parse(R"j({"text": "full"})j"));
  EXPECT_EQ(Entry["helpUri"], "https://d/docs/checks/cg-x.md");
  Rule.DocsMarkdown = "# cg-x\n`a` **b**\n";
  Entry = sarifRule(Rule, "https://d/");
  EXPECT_EQ(Entry["help"]["text"], "cg-x\na b");
  EXPECT_EQ(Entry["help"]["markdown"], "# cg-x\n`a` **b**\n");
}

TEST_F(SarifWriter, ResultPointsAtItsRule) {
  EXPECT_EQ(Result["ruleId"], ruleId(1));
  size_t Index = Result["ruleIndex"];
  EXPECT_EQ(Run["tool"]["driver"]["rules"][Index]["id"], Result["ruleId"]);
  EXPECT_EQ(Result["level"], "error");
  EXPECT_EQ(Result["message"]["text"], "grid.sync() after a divergent exit");
}

TEST_F(SarifWriter, PrimaryLocationIsRelativeToSrcRoot) {
  const Json &Physical = Result["locations"][0]["physicalLocation"];
  EXPECT_EQ(Physical["artifactLocation"]["uri"], "src/my%20k.cu");
  EXPECT_EQ(Physical["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  size_t Index = Physical["artifactLocation"]["index"];
  EXPECT_EQ(Run["artifacts"][Index]["location"]["uri"], "src/my%20k.cu");
  EXPECT_EQ(Run["artifacts"][Index]["location"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(Run["artifacts"].size(), 1u) << "notes in the same file share the artifact";
  EXPECT_EQ(Run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file://" + Tree.root() + "/");
}

TEST_F(SarifWriter, RegionInCodePointsWithSnippet) {
  EXPECT_EQ(Result["locations"][0]["physicalLocation"]["region"], Json::parse(R"j({
    "startLine": 3, "startColumn": 10, "endLine": 3, "endColumn": 21,
    "snippet": {"text": "grid.sync()"}})j"));
}

TEST_F(SarifWriter, NotesAreRelatedLocations) {
  const Json &Related = Result["relatedLocations"];
  ASSERT_EQ(Related.size(), 2u);
  EXPECT_EQ(Related[0]["id"], 1);
  EXPECT_EQ(Related[0]["message"]["text"], "depends on threadIdx");
  EXPECT_EQ(Related[0]["physicalLocation"]["region"]["snippet"]["text"], "threadIdx.x < n");
  EXPECT_EQ(Related[1]["id"], 2);
  EXPECT_EQ(Related[1]["physicalLocation"]["region"]["startLine"], 1);
  EXPECT_EQ(Related[1]["physicalLocation"]["artifactLocation"]["index"], 0);
}

TEST_F(SarifWriter, FingerprintOfThePrimaryLine) {
  EXPECT_EQ(Result["partialFingerprints"]["primaryLocationLineHash"], lineHashes(Kernel)[2]);
}

TEST_F(SarifWriter, SuccessfulInvocation) {
  EXPECT_EQ(Run["invocations"], Json::parse(R"j([{"executionSuccessful": true}])j"));
  EXPECT_FALSE(Result.contains("suppressions"));
  EXPECT_FALSE(Result.contains("fixes"));
}

TEST(SarifWriterCases, SuppressedFindingKeepsASuppression) {
  Finding F = gridSync("/nowhere/k.cu");
  F.Suppressed = true;
  Json Result = sarif({{F}, {}, "/nowhere"})["runs"][0]["results"][0];
  EXPECT_EQ(Result["suppressions"], Json::parse(R"j([{"kind": "inSource"}])j"));
}

TEST(SarifWriterCases, UnreadableSourceKeepsByteColumnsAndNoFingerprint) {
  Json Result = sarif({{gridSync("/nowhere/k.cu")}, {}, "/nowhere"})["runs"][0]["results"][0];
  EXPECT_EQ(Result["locations"][0]["physicalLocation"]["region"],
            Json::parse(R"j({"startLine": 3, "startColumn": 11, "endLine": 3, "endColumn": 22})j"));
  EXPECT_FALSE(Result.contains("partialFingerprints"));
}

TEST(SarifWriterCases, FileOutsideRootIsAnAbsoluteUri) {
  Finding F = gridSync("/usr/include/my cuda.h");
  Json Run = sarif({{F}, {}, "/work/proj"})["runs"][0];
  Json Location = Run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(Location["uri"], "file:///usr/include/my%20cuda.h");
  EXPECT_FALSE(Location.contains("uriBaseId"));
  EXPECT_EQ(Run["artifacts"][0]["location"]["uri"], "file:///usr/include/my%20cuda.h");
}

TEST(SarifWriterCases, ArtifactsInOrderOfFirstMention) {
  Finding A = gridSync("/p/b.cu");
  A.Notes[1].Location.File = "/p/a.cu";
  Finding B = gridSync("/p/a.cu");
  Json Run = sarif({{A, B}, {}, "/p"})["runs"][0];
  ASSERT_EQ(Run["artifacts"].size(), 2u);
  EXPECT_EQ(Run["artifacts"][0]["location"]["uri"], "b.cu");
  EXPECT_EQ(Run["artifacts"][1]["location"]["uri"], "a.cu");
  EXPECT_EQ(Run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]["index"], 1);
}

TEST(SarifWriterCases, UnknownRuleHasNoRuleIndex) {
  Finding F = gridSync("/p/k.cu");
  F.RuleId = "cg-not-a-rule";
  Json Result = sarif({{F}, {}, "/p"})["runs"][0]["results"][0];
  EXPECT_EQ(Result["ruleId"], "cg-not-a-rule");
  EXPECT_FALSE(Result.contains("ruleIndex"));
}

TEST(SarifWriterCases, RuleIndexOfEveryRule) {
  std::vector<Finding> Findings;
  for (const checks::RuleInfo &Rule : checks::allRules()) {
    Findings.push_back(gridSync("/p/k.cu"));
    Findings.back().RuleId = Rule.Id.str();
  }
  Json Run = sarif({Findings, {}, "/p"})["runs"][0];
  for (size_t I = 0; I < Findings.size(); ++I)
    EXPECT_EQ(Run["results"][I]["ruleIndex"], I);
}

TEST(SarifWriterCases, InputFailuresAreNotifications) {
  Json Invocation =
      sarif({{}, {{"/p/gone.cu", "no such file"}}, "/p"})["runs"][0]["invocations"][0];
  EXPECT_EQ(Invocation, Json::parse(R"j({"executionSuccessful": false,
    "toolExecutionNotifications": [{"level": "error",
      "message": {"text": "/p/gone.cu: no such file"},
      "locations": [{"physicalLocation": {"artifactLocation":
        {"uri": "gone.cu", "uriBaseId": "%SRCROOT%"}}}]}]})j"));
}

TEST(SarifWriterCases, FailureWithoutFileHasNoLocation) {
  Json Invocation = sarif({{}, {{"", "no compile command"}}, "/p"})["runs"][0]["invocations"][0];
  EXPECT_EQ(Invocation["toolExecutionNotifications"][0],
            Json::parse(R"j({"level": "error", "message": {"text": "no compile command"}})j"));
}

TEST(SarifWriterCases, UnknownColumnsAndEndAreLeftOut) {
  Finding F = gridSync("/p/k.cu");
  F.Location = {"/p/k.cu", 4, 0, 0, 0};
  Json Region =
      sarif({{F}, {}, "/p"})["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(Region, Json::parse(R"j({"startLine": 4})j"));
}

TEST(SarifWriterCases, FixItsBecomeOneFix) {
  Finding F = gridSync("/p/k.cu");
  F.Fixes.push_back({{"/p/k.cu", 3, 5, 3, 5}, "cg::"});
  F.Fixes.push_back({{"/p/h.cuh", 1, 1, 1, 4}, "x"});
  Json Fixes = sarif({{F}, {}, "/p"})["runs"][0]["results"][0]["fixes"];
  ASSERT_EQ(Fixes.size(), 1u);
  const Json &Changes = Fixes[0]["artifactChanges"];
  ASSERT_EQ(Changes.size(), 2u);
  EXPECT_EQ(Changes[0]["artifactLocation"]["uri"], "h.cuh");
  EXPECT_EQ(Changes[1]["replacements"], Json::parse(R"j([{
    "deletedRegion": {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 5},
    "insertedContent": {"text": "cg::"}}])j"));
}

TEST(SarifWriterCases, Options) {
  SarifOptions Options;
  Options.InformationUri = "https://example.org/coopcheck";
  Options.DocsBaseUri = "https://example.org/docs/";
  Options.AutomationId = "coopcheck/nightly";
  Json Run = sarif({}, Options)["runs"][0];
  EXPECT_EQ(Run["tool"]["driver"]["informationUri"], "https://example.org/coopcheck");
  EXPECT_EQ(Run["tool"]["driver"]["rules"][0]["helpUri"],
            "https://example.org/docs/" + checks::docsPath(checks::allRules()[0].Id));
  EXPECT_EQ(Run["automationDetails"]["id"], "coopcheck/nightly");
  EXPECT_TRUE(Run["results"].is_array() && Run["results"].empty());
  EXPECT_TRUE(Run["artifacts"].is_array() && Run["artifacts"].empty());
}

// Writes a SARIF file that uses every feature of the writer to $COOPCHECK_SARIF_SAMPLE_OUT, for
// checking with Microsoft's validator (tools/install-sarif-validator).
TEST(SarifWriterCases, WritesSampleForTheValidator) {
  // test/e2e/sarif_validates.sh asks for the sample at a path and runs the validator on it.
  TempTree Tree;
  const char *Requested = std::getenv("COOPCHECK_SARIF_SAMPLE_OUT");
  std::string OutPath = Requested ? Requested : Tree.path("sample.sarif");
  Finding Main = gridSync(Tree.write("src/my k.cu", Kernel));
  Main.Fixes.push_back({{Main.Location.File, 3, 5, 3, 11}, ""});
  Finding Quiet = gridSync(Main.Location.File);
  Quiet.RuleId = ruleId(0);
  Quiet.Severity = Level::Warning;
  Quiet.Suppressed = true;
  Finding Outside = gridSync("/usr/include/elsewhere.h");
  Outside.Severity = Level::Note;
  Report R{{Main, Quiet, Outside}, {{Tree.path("missing.cu"), "no such file"}}, Tree.root()};
  {
    std::ofstream Out(OutPath);
    writeSarif(Out, R);
    ASSERT_TRUE(Out.good());
  }
  std::ifstream In(OutPath);
  nlohmann::json Sample = nlohmann::json::parse(In);
  EXPECT_EQ(Sample["runs"][0]["results"].size(), 3u);
}

} // namespace
