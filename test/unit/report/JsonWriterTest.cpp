#include "checks/report/JsonWriter.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using Json = nlohmann::json;

namespace {

Report sample() {
  Finding F;
  F.RuleId = "cg-legacy-warp-intrinsic";
  F.Severity = Level::Warning;
  F.Message = "__ballot is removed";
  F.Location = {"/p/k.cu", 7, 9, 7, 17};
  F.Notes.push_back({{"/p/k.cu", 5, 1, 5, 3}, "a note"});
  F.Fixes.push_back({{"/p/k.cu", 7, 9, 7, 17}, "__activemask()"});
  Finding Quiet = F;
  Quiet.Suppressed = true;
  return {{F, Quiet}, {{"/p/gone.cu", "no such file"}}, "/p"};
}

TEST(JsonWriter, DocumentedShape) {
  std::ostringstream OS;
  writeJson(OS, sample());
  Json Out = Json::parse(OS.str());
  EXPECT_EQ(Out["version"], 1);
  EXPECT_EQ(Out["tool"]["name"], "coopcheck");
  EXPECT_FALSE(Out["tool"]["version"].get<std::string>().empty());
  ASSERT_EQ(Out["findings"].size(), 2u);
  EXPECT_EQ(Out["findings"][0], Json::parse(R"j({
    "rule": "cg-legacy-warp-intrinsic", "level": "warning", "message": "__ballot is removed",
    "file": "/p/k.cu", "line": 7, "column": 9, "endLine": 7, "endColumn": 17,
    "notes": [{"message": "a note", "file": "/p/k.cu", "line": 5, "column": 1, "endLine": 5,
               "endColumn": 3}],
    "fixes": [{"replacement": "__activemask()", "file": "/p/k.cu", "line": 7, "column": 9,
               "endLine": 7, "endColumn": 17}],
    "suppressed": false})j"));
  EXPECT_EQ(Out["findings"][1]["suppressed"], true);
  EXPECT_EQ(Out["failures"],
            Json::parse(R"j([{"file": "/p/gone.cu", "reason": "no such file"}])j"));
}

TEST(JsonWriter, KeysInStableOrder) {
  std::string Text = toJson(sample()).dump();
  EXPECT_EQ(Text.rfind(R"({"version":1,"tool":)", 0), 0u);
  EXPECT_LT(Text.find(R"("findings")"), Text.find(R"("failures")"));
  EXPECT_LT(Text.find(R"("rule")"), Text.find(R"("level")"));
}

TEST(JsonWriter, EmptyReportHasEmptyArrays) {
  Json Out = toJson({});
  EXPECT_TRUE(Out["findings"].is_array() && Out["findings"].empty());
  EXPECT_TRUE(Out["failures"].is_array() && Out["failures"].empty());
}

TEST(JsonWriter, InvalidUtf8DoesNotThrow) {
  Report R{{}, {{"/p/\xff.cu", "bad \xc3"}}, "/p"};
  std::ostringstream OS;
  EXPECT_NO_THROW(writeJson(OS, R));
  EXPECT_TRUE(Json::accept(OS.str()));
}

} // namespace
