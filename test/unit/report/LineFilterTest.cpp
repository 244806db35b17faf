#include "checks/report/LineFilter.h"
#include <gtest/gtest.h>

using namespace coopcheck::report;

namespace {

LineFilter parsed(llvm::StringRef Json) {
  auto Filter = LineFilter::parse(Json);
  EXPECT_TRUE(static_cast<bool>(Filter)) << (Filter ? "" : llvm::toString(Filter.takeError()));
  return Filter ? std::move(*Filter) : LineFilter();
}

std::string errorOf(llvm::StringRef Json) {
  auto Filter = LineFilter::parse(Json);
  return Filter ? "" : llvm::toString(Filter.takeError());
}

Finding at(const std::string &File, unsigned Line) {
  Finding F;
  F.RuleId = "cg-divergent-collective";
  F.Location = {File, Line, 5, Line, 16};
  return F;
}

TEST(LineFilter, ListedLinesOfASuffixMatchAreKept) {
  LineFilter F = parsed(R"([{"name":"src/solver.cu","lines":[[1,3],[5,7]]}])");
  EXPECT_TRUE(F.keeps("/repo/src/solver.cu", 1));
  EXPECT_TRUE(F.keeps("/repo/src/solver.cu", 3));
  EXPECT_TRUE(F.keeps("/repo/src/solver.cu", 6));
  EXPECT_FALSE(F.keeps("/repo/src/solver.cu", 4));
  EXPECT_FALSE(F.keeps("/repo/src/solver.cu", 8));
}

TEST(LineFilter, UnlistedFileIsLeftOutAndListedFileWithoutLinesKeptWhole) {
  LineFilter F = parsed(R"([{"name":"a.cu","lines":[[2,2]]},{"name":"b.cuh"}])");
  EXPECT_FALSE(F.keeps("/repo/c.cu", 2));
  EXPECT_TRUE(F.keeps("/repo/b.cuh", 1000));
  EXPECT_TRUE(F.keeps("", 1)); // a finding without a file, as clang-tidy's without a location
}

TEST(LineFilter, FirstMatchingEntryDecidesAsInClangTidy) {
  LineFilter F = parsed(R"([{"name":"a.cu","lines":[[1,1]]},{"name":"a.cu","lines":[[9,9]]}])");
  EXPECT_TRUE(F.keeps("/x/a.cu", 1));
  EXPECT_FALSE(F.keeps("/x/a.cu", 9));
}

TEST(LineFilter, EmptyListKeepsEverything) { EXPECT_TRUE(parsed("[]").keeps("/x/a.cu", 7)); }

TEST(LineFilter, RemovesFindingsOffTheLines) {
  Report R;
  R.Findings = {at("/r/a.cu", 2), at("/r/a.cu", 4), at("/r/b.cu", 2)};
  parsed(R"([{"name":"a.cu","lines":[[1,2]]}])").removeFilteredFindings(R);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Location.Line, 2u);
  EXPECT_EQ(R.Findings[0].Location.File, "/r/a.cu");
}

TEST(LineFilter, AFindingIsKeptByItsPrimaryLocationNotByItsNotes) {
  LineFilter F = parsed(R"([{"name":"a.cu","lines":[[5,5]]}])");
  Finding Guarded = at("/r/a.cu", 6);
  Guarded.Notes.push_back({{"/r/a.cu", 5, 7, 5, 20}, "this condition differs between threads"});
  EXPECT_FALSE(F.keeps(Guarded));
  Finding OnTheLine = at("/r/a.cu", 5);
  OnTheLine.Notes.push_back({{"/r/b.cu", 5, 1, 5, 2}, "declared here"});
  EXPECT_TRUE(F.keeps(OnTheLine)); // b.cu is not listed, but the finding is on a listed line
}

TEST(LineFilter, MalformedFiltersAreOneLineErrors) {
  for (const char *Bad :
       {R"([{"name":"a.cu")", R"({"name":"a.cu"})", R"([{"lines":[[1,2]]}])",
        R"([{"name":"a.cu","lines":[[0,2]]}])", R"([{"name":"a.cu","lines":[3]}])",
        R"([{"name":"a.cu","lines":[[1,2,3]]}])", R"([{"name":"a.cu","line":[]}])",
        R"(["a.cu"])"}) {
    std::string Error = errorOf(Bad);
    EXPECT_NE(Error.find("invalid --line-filter: "), std::string::npos) << Bad << ": " << Error;
    EXPECT_EQ(Error.find('\n'), std::string::npos) << Bad << ": " << Error;
  }
}

} // namespace
