#include "checks/report/SarifMerge.h"
#include "TempTree.h"
#include "analysis/flow/StableOrder.h"
#include "checks/RuleTable.h"
#include "checks/report/FindingOrder.h"
#include "checks/report/SarifWriter.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using coopcheck::report::test::TempTree;
using Json = nlohmann::ordered_json;
namespace checks = coopcheck::checks;

namespace {

const char *Source = "__global__ void k(int n) {\n"
                     "  if (threadIdx.x < n)\n"
                     "    return;\n"
                     "  __syncthreads();\n"
                     "}\n";

std::string ruleId(size_t Index) {
  return checks::allRules()[Index % checks::allRules().size()].Id.str();
}

Finding finding(const std::string &File, unsigned Line, size_t Rule, const std::string &Message,
                std::vector<Note> Notes = {}) {
  Finding F;
  F.RuleId = ruleId(Rule);
  F.Message = Message;
  F.Location = {File, Line, 3, Line, 9};
  F.Notes = std::move(Notes);
  return F;
}

std::string sarifText(const Report &R) {
  std::ostringstream OS;
  writeSarif(OS, R);
  return OS.str();
}

/// Findings spread over files whose URIs sort otherwise than their paths ('{' is encoded as
/// "%7B", before any letter), a header seen by two units with more notes in one, a file outside
/// the source root, notes and fix-its in other files, and both kinds of notification.
class SarifMerge : public ::testing::Test {
protected:
  TempTree Tree, Outside;
  std::string A = Tree.write("src/ka.cu", Source);
  std::string Brace = Tree.write("src/k{1}.cu", Source);
  std::string Header = Tree.write("include/sync.cuh", Source);
  std::string System = Outside.write("cuda/include/cg.h", Source);

  Finding headerFinding(bool WithNote) {
    Finding F = finding(Header, 4, 1, "barrier after exit");
    if (WithNote)
      F.Notes.push_back({{A, 2, 3, 2, 9}, "included from here"});
    return F;
  }

  /// Shard 1: ka.cu and the header through it; shard 2: k{1}.cu and the header with a note more;
  /// shard 3: nothing but a failure.
  std::vector<Report> shards() {
    Report S1{{finding(A, 4, 0, "in a"), finding(A, 2, 2, "also in a"), headerFinding(false)},
              {{A + ".missing", "no such file"}},
              Tree.root(),
              {}};
    Finding WithFix = finding(Brace, 3, 0, "in brace", {{{System, 1, 1, 1, 5}, "declared here"}});
    WithFix.Fixes.push_back({{Header, 4, 3, 4, 9}, "cg::sync(block)"});
    PartialAnalysis Broken{Brace, 2, "1:1: error", 1, 3, 0, 1, std::nullopt};
    Report S2{{WithFix, headerFinding(true)}, {}, Tree.root(), {Broken}};
    Report S3{{}, {{"", "cannot write facts"}}, Tree.root(), {}};
    return {S1, S2, S3};
  }

  /// What one run over every unit reports: all findings, sorted and deduplicated.
  Report single() {
    Report All{{}, {}, Tree.root(), {}};
    for (Report &S : shards()) {
      All.Findings.insert(All.Findings.end(), S.Findings.begin(), S.Findings.end());
      All.Failures.insert(All.Failures.end(), S.Failures.begin(), S.Failures.end());
      All.Partial.insert(All.Partial.end(), S.Partial.begin(), S.Partial.end());
    }
    sortAndDedupe(All.Findings);
    coopcheck::analysis::stableSort(
        All.Failures, [](const InputFailure &X, const InputFailure &Y) { return X.File < Y.File; });
    return All;
  }

  std::string merged(const std::vector<Report> &Shards) {
    std::vector<SarifShard> Texts;
    for (size_t I = 0; I < Shards.size(); ++I)
      Texts.push_back({"shard" + std::to_string(I + 1) + ".sarif", sarifText(Shards[I])});
    auto Text = mergeSarif(Texts);
    EXPECT_TRUE(static_cast<bool>(Text)) << llvm::toString(Text.takeError());
    return Text ? *Text : "";
  }
};

TEST_F(SarifMerge, ShardsMergeIntoTheSingleRunByteForByte) {
  EXPECT_EQ(merged(shards()), sarifText(single()));
}

TEST_F(SarifMerge, ShardOrderDoesNotMatter) {
  std::vector<Report> S = shards();
  EXPECT_EQ(merged({S[2], S[1], S[0]}), sarifText(single()));
}

TEST_F(SarifMerge, HeaderFindingKeptOnceWithItsNotes) {
  Json Log = Json::parse(merged(shards()));
  size_t HeaderResults = 0;
  for (const Json &R : Log["runs"][0]["results"])
    if (R["message"]["text"] == "barrier after exit") {
      ++HeaderResults;
      EXPECT_EQ(R["relatedLocations"].size(), 1u);
    }
  EXPECT_EQ(HeaderResults, 1u);
}

TEST_F(SarifMerge, OneFailingShardFailsTheRun) {
  std::vector<Report> S = shards();
  Json Log = Json::parse(merged({S[0], S[1], S[2]}));
  EXPECT_EQ(Log["runs"][0]["invocations"][0]["executionSuccessful"], false);
  S[0].Failures.clear();
  S[2].Failures.clear();
  Log = Json::parse(merged(S));
  EXPECT_EQ(Log["runs"][0]["invocations"][0]["executionSuccessful"], true);
  EXPECT_EQ(Log["runs"][0]["invocations"][0]["toolExecutionNotifications"].size(), 1u)
      << "the partial unit's warning stays";
}

/// Another writer's shard may list its rules in another order and more of them: one rules[],
/// and every ruleIndex points at its own rule.
TEST_F(SarifMerge, RulesAreUnitedAndIndicesFixed) {
  std::vector<Report> S = shards();
  Json Second = Json::parse(sarifText(S[1]));
  Json &Rules = Second["runs"][0]["tool"]["driver"]["rules"];
  std::reverse(Rules.begin(), Rules.end());
  Rules.push_back({{"id", "cg-from-a-newer-table"}});
  for (Json &R : Second["runs"][0]["results"])
    for (size_t I = 0; I < Rules.size(); ++I)
      if (Rules[I]["id"] == R["ruleId"])
        R["ruleIndex"] = I;
  auto Text = mergeSarif({{"a", sarifText(S[0])}, {"b", Second.dump()}});
  ASSERT_TRUE(static_cast<bool>(Text)) << llvm::toString(Text.takeError());
  Json Run = Json::parse(*Text)["runs"][0];
  const Json &United = Run["tool"]["driver"]["rules"];
  EXPECT_EQ(United.size(), checks::allRules().size() + 1);
  EXPECT_EQ(United.back()["id"], "cg-from-a-newer-table");
  for (const Json &R : Run["results"])
    EXPECT_EQ(United[R["ruleIndex"].get<size_t>()]["id"], R["ruleId"]);
}

TEST_F(SarifMerge, ArtifactsRenumberedInOrderOfMention) {
  Json Run = Json::parse(merged(shards()))["runs"][0];
  std::vector<std::string> Uris;
  for (const Json &Artifact : Run["artifacts"])
    Uris.push_back(Artifact["location"]["uri"]);
  // include/ before src/, and src/k{1}.cu ("%7B") after src/ka.cu, as their paths sort.
  ASSERT_GE(Uris.size(), 3u);
  EXPECT_EQ(Uris[0], "include/sync.cuh");
  EXPECT_EQ(Uris[1], "src/ka.cu");
  EXPECT_EQ(Uris[2], "src/k%7B1%7D.cu");
}

std::string mergeError(const std::vector<SarifShard> &Shards) {
  auto Text = mergeSarif(Shards);
  return Text ? "merged" : llvm::toString(Text.takeError());
}

TEST_F(SarifMerge, RejectsWhatIsNotOneCoopcheckJob) {
  std::string Good = sarifText(shards()[0]);
  EXPECT_EQ(mergeError({{"x.sarif", "{"}}), "'x.sarif': not JSON");
  EXPECT_EQ(mergeError({{"x.json", R"({"units": []})"}}), "'x.json': not a SARIF 2.1.0 log");
  Json Other = Json::parse(Good);
  Other["runs"][0]["tool"]["driver"]["name"] = "clang-tidy";
  EXPECT_EQ(mergeError({{"a", Good}, {"b", Other.dump()}}),
            "'b': written by 'clang-tidy', not by coopcheck");
  Json Older = Json::parse(Good);
  Older["runs"][0]["tool"]["driver"]["version"] = "0.0.1";
  EXPECT_NE(mergeError({{"a", Good}, {"b", Older.dump()}}).find("written by coopcheck 0.0.1"),
            std::string::npos);
  Json Two = Json::parse(Good);
  Two["runs"].push_back(Two["runs"][0]);
  EXPECT_EQ(mergeError({{"t", Two.dump()}}), "'t': holds 2 runs; coopcheck writes one per report");
  EXPECT_EQ(mergeError({}), "no SARIF reports to merge");
  EXPECT_EQ(mergeError({{"a", Good}, {"b", Good}}), "merged");
}

} // namespace
