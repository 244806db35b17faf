#include "checks/report/FindingJson.h"
#include <gtest/gtest.h>

using namespace coopcheck::report;

namespace {

Finding everyField() {
  Finding F;
  F.RuleId = "cg-deadlock";
  F.Severity = Level::Error;
  F.Message = "grid.sync() that not every thread reaches";
  F.Location = {"/p/k.cu", 12, 5, 12, 16};
  F.Notes.push_back({{"/p/k.cu", 10, 3, 10, 20}, "threads with blockIdx.x > 0 return here"});
  F.Fixes.push_back({{"/p/k.cu", 12, 5, 12, 16}, "__syncwarp()"});
  F.Suppressed = true;
  F.Confirmed = true;
  F.Witness = Witness{coopcheck::model::FailureKind::Hang,
                      "2 blocks of 64 threads",
                      {{"n", "1"}, {"flag", "0"}},
                      {{"block 1, threads 0-63", "left the kernel", {"/p/k.cu", 10, 3, 10, 9}}},
                      "grid.sync() reached by 64 of 128 threads"};
  F.Witness->Threads[0].Block = 1;
  F.Witness->Threads[0].Ranks = {{0, 9}, {12, 63}};
  F.Witness->Blocks = 2;
  F.Witness->ThreadsPerBlock = 64;
  F.Witness->WarpSize = 32;
  return F;
}

void expectSameFinding(const Finding &A, const Finding &B) {
  EXPECT_EQ(findingToJson(A), findingToJson(B));
  EXPECT_EQ(A.Witness->Inputs, B.Witness->Inputs); // the order of inputs is kept
}

TEST(FindingJson, ReadsBackWhatItWrites) {
  Finding F = everyField();
  std::optional<Finding> Back = findingFromJson(findingToJson(F));
  ASSERT_TRUE(Back);
  expectSameFinding(F, *Back);
  EXPECT_EQ(Back->Severity, Level::Error);
  EXPECT_TRUE(Back->Suppressed);
  EXPECT_EQ(Back->Witness->Threads[0].Location.Line, 10u);
  EXPECT_EQ(Back->Witness->Threads[0].Block, 1u);
  EXPECT_EQ(Back->Witness->Threads[0].Ranks.back(), std::make_pair(12u, 63u));
  EXPECT_EQ(Back->Witness->WarpSize, 32u);
}

Finding barrierMismatch() {
  Finding F = everyField();
  F.Witness->Kind = coopcheck::model::FailureKind::Mismatch;
  F.Witness->BarrierSites = {{"/p/k.cu", 8, 5, 8, 20}, {"/p/k.cu", 10, 3, 10, 18}};
  F.Witness->Passing.push_back(
      {"blocks 0-1, threads 0-15", {1, 1}, {{0, {{0, 15}}}, {1, {{0, 15}}}}});
  F.Witness->Passing.push_back({"block 0, threads 16-63", {0, 1}, {{0, {{16, 63}}}}});
  return F;
}

TEST(FindingJson, ABarrierMismatchKeepsWhoPassedWhichBarrier) {
  Finding F = barrierMismatch();
  nlohmann::ordered_json J = findingToJson(F);
  EXPECT_EQ(J["witness"]["barriers"]["sites"][1]["line"], 10);
  EXPECT_EQ(J["witness"]["barriers"]["passing"][1]["passes"], nlohmann::ordered_json({0, 1}));
  std::optional<Finding> Back = findingFromJson(J);
  ASSERT_TRUE(Back);
  expectSameFinding(F, *Back);
  ASSERT_EQ(Back->Witness->Passing.size(), 2u);
  EXPECT_EQ(Back->Witness->Passing[0].Members[1].Block, 1u);
  EXPECT_EQ(Back->Witness->Passing[1].Members[0].Ranks.front(), std::make_pair(16u, 63u));
  EXPECT_FALSE(findingToJson(everyField())["witness"].contains("barriers"));
}

TEST(FindingJson, BarrierPassesThatDoNotMatchTheSitesReadAsNothing) {
  nlohmann::ordered_json J = findingToJson(barrierMismatch());
  J["witness"]["barriers"]["passing"][0]["passes"] = {1};
  EXPECT_FALSE(findingFromJson(J));
}

TEST(FindingJson, AWitnessWithoutShapeReadsAsUnknownShape) {
  nlohmann::ordered_json J = findingToJson(everyField());
  J["witness"].erase("shape");
  J["witness"]["threads"][0].erase("block");
  J["witness"]["threads"][0].erase("ranks");
  std::optional<Finding> Back = findingFromJson(J);
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->Witness->Blocks, 0u);
  EXPECT_FALSE(Back->Witness->Threads[0].Block);
  EXPECT_TRUE(Back->Witness->Threads[0].Ranks.empty());
}

TEST(FindingJson, AFindingWithoutExecutorResultStaysWithout) {
  Finding F = everyField();
  F.Confirmed.reset();
  F.Witness.reset();
  std::optional<Finding> Back = findingFromJson(findingToJson(F));
  ASSERT_TRUE(Back);
  EXPECT_FALSE(Back->Confirmed);
  EXPECT_FALSE(Back->Witness);
}

TEST(FindingJson, MissingOrMistypedFieldsReadAsNothing) {
  nlohmann::ordered_json J = findingToJson(everyField());
  nlohmann::ordered_json NoRule = J, BadLine = J, BadLevel = J;
  NoRule.erase("rule");
  BadLine["line"] = "twelve";
  BadLevel["level"] = "fatal";
  EXPECT_FALSE(findingFromJson(NoRule));
  EXPECT_FALSE(findingFromJson(BadLine));
  EXPECT_FALSE(findingFromJson(BadLevel));
  EXPECT_FALSE(findingFromJson(nlohmann::ordered_json::array()));
}

TEST(FindingJson, PartialAnalysisReadsBack) {
  PartialAnalysis P{"/p/k.cu", 3, "12:5: use of undeclared identifier 'x'", 2, 40, 1, 12, 120};
  std::optional<PartialAnalysis> Back = partialFromJson(partialToJson(P));
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->reason(), P.reason());
  EXPECT_EQ(Back->CollectiveFunctionsNotAnalysed, 1u);
  EXPECT_EQ(Back->CollectiveFunctions, 12u);
  EXPECT_EQ(Back->StoppedAfterSeconds, 120u);
  P.StoppedAfterSeconds.reset();
  EXPECT_FALSE(partialFromJson(partialToJson(P))->StoppedAfterSeconds);
  nlohmann::ordered_json Broken = partialToJson(P);
  Broken.erase("functions");
  EXPECT_FALSE(partialFromJson(Broken));
}

} // namespace
