#include "checks/report/TextWriter.h"
#include "TempTree.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using coopcheck::report::test::TempTree;

namespace {

const char *Kernel = "__global__ void k(int n) {\n"
                     "\tif (threadIdx.x < n)\n"
                     "\t\t__syncthreads();\n"
                     "}\n";

std::string text(const Report &R, bool Color = false) {
  std::ostringstream OS;
  writeText(OS, R, Color);
  return OS.str();
}

Finding divergentSync(const std::string &File) {
  Finding F;
  F.RuleId = "cg-divergent-collective";
  F.Message = "__syncthreads() is reached by part of the block";
  F.Location = {File, 3, 3, 3, 18};
  F.Notes.push_back({{File, 2, 6, 2, 21}, "the condition depends on threadIdx"});
  return F;
}

TEST(TextWriter, FindingWithNoteSnippetsAndCarets) {
  TempTree Tree;
  Report R{{divergentSync(Tree.write("src/k.cu", Kernel))}, {}, Tree.root()};
  EXPECT_EQ(text(R), "src/k.cu:3:3: error: __syncthreads() is reached by part of the block "
                     "[cg-divergent-collective]\n"
                     "    3 |                 __syncthreads();\n"
                     "      |                 ^~~~~~~~~~~~~~~\n"
                     "src/k.cu:2:6: note: the condition depends on threadIdx\n"
                     "    2 |         if (threadIdx.x < n)\n"
                     "      |             ^~~~~~~~~~~~~~~\n"
                     "1 error generated.\n");
}

// After a barrier mismatch every thread left the kernel: the witness says who passed which
// barrier how often instead, in ranges, one line per way of passing them.
TEST(TextWriter, MismatchWitnessSaysWhoPassedWhichBarrier) {
  TempTree Tree;
  Finding F = divergentSync(Tree.write("src/k.cu", Kernel));
  Witness W{coopcheck::model::FailureKind::Mismatch,
            "2 blocks of 64 threads",
            {},
            {},
            "threads of one block pass different numbers of block barriers"};
  W.Threads.push_back({"block 0, threads 0-63", "left the kernel here", {F.Location.File, 4, 1}});
  W.BarrierSites = {F.Location, {"/elsewhere/helper.cuh", 7, 5, 7, 20}};
  W.Passing.push_back({"blocks 0-1, threads 0-15", {1, 2}, {}});
  W.Passing.push_back({"blocks 0-1, threads 16-63", {0, 1}, {}});
  F.Witness = W;
  std::string Out = text({{F}, {}, Tree.root()});
  EXPECT_NE(Out.find("  confirmed (mismatch) on 2 blocks of 64 threads:\n"
                     "    threads of one block pass different numbers of block barriers\n"
                     "    blocks 0-1, threads 0-15 passed the barrier at line 3 once and the "
                     "barrier at /elsewhere/helper.cuh:7 twice\n"
                     "    blocks 0-1, threads 16-63 skipped the barrier at line 3 and passed the "
                     "barrier at /elsewhere/helper.cuh:7 once\n"
                     "1 error generated.\n"),
            std::string::npos)
      << Out;
}

TEST(TextWriter, UnreadableFileHasNoSnippet) {
  Report R{{divergentSync("/nonexistent/k.cu")}, {}, "/work"};
  EXPECT_EQ(text(R), "/nonexistent/k.cu:3:3: error: __syncthreads() is reached by part of the "
                     "block [cg-divergent-collective]\n"
                     "/nonexistent/k.cu:2:6: note: the condition depends on threadIdx\n"
                     "1 error generated.\n");
}

TEST(TextWriter, SuppressedFindingsAreNotShownNorCounted) {
  TempTree Tree;
  Finding F = divergentSync(Tree.write("k.cu", Kernel));
  F.Suppressed = true;
  EXPECT_EQ(text({{F}, {}, Tree.root()}), "");
}

TEST(TextWriter, SummaryCountsLikeClang) {
  auto At = [](Level L, unsigned Line) {
    Finding F;
    F.RuleId = "cg-x";
    F.Severity = L;
    F.Message = "m";
    F.Location = {"/none.cu", Line, 1, Line, 2};
    return F;
  };
  auto Last = [](const std::string &S) { return S.substr(S.rfind('\n', S.size() - 2) + 1); };
  EXPECT_EQ(Last(text({{At(Level::Warning, 1)}, {}, ""})), "1 warning generated.\n");
  EXPECT_EQ(Last(text({{At(Level::Error, 1), At(Level::Error, 2)}, {}, ""})),
            "2 errors generated.\n");
  EXPECT_EQ(Last(text({{At(Level::Error, 1), At(Level::Warning, 2)}, {}, ""})),
            "1 warning and 1 error generated.\n");
  EXPECT_EQ(Last(text({{At(Level::Error, 1), At(Level::Warning, 2), At(Level::Note, 3),
                        At(Level::Note, 4)},
                       {},
                       ""})),
            "1 warning, 1 error and 2 notes generated.\n");
}

// Inputs that could not be analysed are reported on stderr by the CLI, one line each; the text
// report holds findings only.
TEST(TextWriter, InputFailuresAreNotInTheReport) {
  Report R{{}, {{"/src/missing.cu", "no such file or directory"}}, "/src"};
  EXPECT_EQ(text(R), "");
}

TEST(TextWriter, NothingToSayIsEmpty) { EXPECT_EQ(text({}), ""); }

TEST(TextWriter, PathsOutsideTheRootStayAbsolute) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  Report R{{divergentSync(File)}, {}, Tree.path("other")};
  EXPECT_EQ(text(R).rfind(File + ":3:3: error: ", 0), 0u);
}

TEST(TextWriter, FixItShownUnderTheCaret) {
  TempTree Tree;
  std::string File = Tree.write("w.cu", "  int v = __shfl(x, 0);\n");
  Finding F;
  F.RuleId = "cg-legacy-warp-intrinsic";
  F.Severity = Level::Warning;
  F.Message = "__shfl is removed for sm_70+";
  F.Location = {File, 1, 11, 1, 17};
  F.Fixes.push_back({{File, 1, 11, 1, 17}, "__shfl_sync(0xffffffff, "});
  EXPECT_EQ(text({{F}, {}, Tree.root()}),
            "w.cu:1:11: warning: __shfl is removed for sm_70+ [cg-legacy-warp-intrinsic]\n"
            "    1 |   int v = __shfl(x, 0);\n"
            "      |           ^~~~~~\n"
            "      |           __shfl_sync(0xffffffff, \n"
            "1 warning generated.\n");
}

// Clang draws every replacement on the fix-it line; one that would overlap the text before it
// starts a space after it.
TEST(TextWriter, EveryReplacementOfAFixItIsShown) {
  TempTree Tree;
  std::string File = Tree.write("w.cu", "  int v = __shfl(x, 0), w = __any(x);\n");
  Finding F;
  F.RuleId = "cg-legacy-warp-intrinsic";
  F.Severity = Level::Warning;
  F.Message = "__shfl is removed for sm_70+";
  F.Location = {File, 1, 11, 1, 22};
  F.Fixes.push_back({{File, 1, 18, 1, 18}, "0xffffffff, "});
  F.Fixes.push_back({{File, 1, 11, 1, 17}, "__shfl_sync"});
  F.Fixes.push_back({{File, 1, 29, 1, 34}, "__any_sync"});
  std::string Out = text({{F}, {}, Tree.root()});
  EXPECT_NE(Out.find("      |           ^~~~~~~~~~~\n"
                     "      |           __shfl_sync 0xffffffff,  __any_sync\n"),
            std::string::npos)
      << Out;
}

// A fix-it on a note's line is drawn under the note; one that no snippet can draw (another line,
// a line break in its text, a removal) is written as clang's -fdiagnostics-parseable-fixits does.
TEST(TextWriter, FixItsOffTheFindingsLine) {
  TempTree Tree;
  std::string File = Tree.write("s.cu", "int a = 32;\nint b = 32;\nint c = 32;\n");
  Finding F;
  F.RuleId = "cg-warp-size";
  F.Message = "assumes 32-lane warps";
  F.Location = {File, 1, 9, 1, 11};
  F.Notes.push_back({{File, 2, 9, 2, 11}, "here too"});
  F.Fixes.push_back({{File, 1, 9, 1, 11}, "warpSize"});
  F.Fixes.push_back({{File, 2, 9, 2, 11}, "warpSize"});
  F.Fixes.push_back({{File, 3, 9, 3, 11}, "warp\tSize\n\"x\"\\"});
  F.Fixes.push_back({{File, 1, 1, 1, 4}, ""});
  EXPECT_NE(text({{F}, {}, Tree.root()})
                .find("    1 | int a = 32;\n"
                      "      |         ^~\n"
                      "      |         warpSize\n"
                      "s.cu:2:9: note: here too\n"
                      "    2 | int b = 32;\n"
                      "      |         ^~\n"
                      "      |         warpSize\n"
                      "fix-it:\"s.cu\":{3:9-3:11}:\"warp\\tSize\\n\\\"x\\\"\\\\\"\n"
                      "fix-it:\"s.cu\":{1:1-1:4}:\"\"\n"),
            std::string::npos);
}

// Each rule's page, once, after the summary, under the base the project configures; rules the
// table does not know and suppressed findings link nothing.
TEST(TextWriter, RulePagesAreLinkedOnce) {
  Finding Divergent = divergentSync("/none/k.cu"), Again = Divergent, Unknown = Divergent,
          Quiet = Divergent;
  Unknown.RuleId = "cg-no-such-rule";
  Quiet.RuleId = "cg-deadlock";
  Quiet.Suppressed = true;
  std::ostringstream OS;
  writeText(OS, {{Divergent, Again, Unknown, Quiet}, {}, "/none"}, /*Color=*/false,
            "https://example.org/coopcheck");
  std::string Out = OS.str();
  EXPECT_EQ(Out.substr(Out.find("3 errors generated.")),
            "3 errors generated.\n"
            "Rule documentation:\n"
            "  https://example.org/coopcheck/docs/checks/cg-divergent-collective.md\n");
}

TEST(TextWriter, MultiLineRangeUnderlinesToEndOfLine) {
  TempTree Tree;
  std::string File = Tree.write("m.cu", "k<<<g, b>>>(a,\n            b);\n");
  Finding F;
  F.RuleId = "cg-non-cooperative-launch";
  F.Message = "launch";
  F.Location = {File, 1, 1, 2, 15};
  EXPECT_NE(text({{F}, {}, Tree.root()}).find("      | ^" + std::string(13, '~') + "\n"),
            std::string::npos);
}

TEST(TextWriter, LargeLineNumbersWidenTheMargin) {
  TempTree Tree;
  std::string Source;
  for (int I = 1; I < 12345; ++I)
    Source += "\n";
  Source += "x;\n";
  Finding F;
  F.RuleId = "cg-x";
  F.Message = "m";
  F.Location = {Tree.write("big.cu", Source), 12345, 1, 12345, 2};
  EXPECT_NE(text({{F}, {}, Tree.root()}).find("\n 12345 | x;\n       | ^\n"), std::string::npos);
}

TEST(TextWriter, ColourOnlyWhenAsked) {
  TempTree Tree;
  Report R{{divergentSync(Tree.write("k.cu", Kernel))}, {}, Tree.root()};
  EXPECT_EQ(text(R).find('\033'), std::string::npos);
  std::string Coloured = text(R, /*Color=*/true);
  EXPECT_EQ(Coloured.rfind("\033[1mk.cu:3:3: \033[0m\033[0;1;31merror: \033[0m\033[1m", 0), 0u);
  EXPECT_NE(Coloured.find("\033[0;1;36mnote: \033[0m"), std::string::npos);
  EXPECT_NE(Coloured.find("| \033[0;1;32m                ^~~~~~~~~~~~~~~\033[0m\n"),
            std::string::npos);
}

} // namespace
