#include "checks/report/HtmlWriter.h"
#include "TempTree.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace coopcheck::report;
using coopcheck::report::test::TempTree;

namespace {

const char *Kernel = "__global__ void k(int n) {\n"
                     "  cg::grid_group grid = cg::this_grid();\n"
                     "  if (blockIdx.x > 0 && n > 0)\n"
                     "    return;\n"
                     "  grid.sync();\n"
                     "}\n";

const std::string Replacement = "\xEF\xBF\xBD";

std::string html(const Report &R) {
  std::ostringstream OS;
  writeHtml(OS, R);
  return OS.str();
}

Finding confirmedDeadlock(const std::string &File) {
  Finding F;
  F.RuleId = "cg-deadlock";
  F.Message = "deadlock on 2 blocks of 64 threads";
  F.Location = {File, 5, 3, 5, 14};
  F.Notes.push_back({{File, 3, 7, 3, 29}, "first note: the condition"});
  F.Notes.push_back({{File, 4, 5, 4, 11}, "second note: the exit"});
  F.Confirmed = true;
  Witness W{coopcheck::model::FailureKind::Hang, "2 blocks of 64 threads", {{"n", "1"}}, {}, ""};
  W.Blocks = 2;
  W.ThreadsPerBlock = 64;
  W.WarpSize = 32;
  W.Threads.push_back({"block 0, threads 0-63", "wait here forever", {File, 5, 3, 5, 4}});
  W.Threads.back().Block = 0;
  W.Threads.back().Ranks = {{0, 63}};
  W.Threads.push_back({"block 1, threads 0-63", "left the kernel here", {File, 4, 5, 4, 6}});
  W.Threads.back().Block = 1;
  W.Threads.back().Ranks = {{0, 63}};
  F.Witness = W;
  return F;
}

size_t occurrences(const std::string &Text, const std::string &Needle) {
  size_t Count = 0;
  for (size_t At = Text.find(Needle); At != std::string::npos; At = Text.find(Needle, At + 1))
    ++Count;
  return Count;
}

TEST(HtmlWriter, EscapesMarkupAndQuotes) {
  EXPECT_EQ(escapeHtml("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;");
  EXPECT_EQ(escapeHtml("tab\tline\n"), "tab\tline\n");
}

TEST(HtmlWriter, KeepsValidUtf8AndReplacesInvalidBytes) {
  EXPECT_EQ(escapeHtml("caf\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80"),
            "caf\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80");
  EXPECT_EQ(escapeHtml("a\xFF"
                       "b"),
            "a" + Replacement + "b");
  EXPECT_EQ(escapeHtml("\xC3"), Replacement);                                     // cut short
  EXPECT_EQ(escapeHtml("\xC0\xAF"), Replacement + Replacement);                   // overlong '/'
  EXPECT_EQ(escapeHtml("\xED\xA0\x80"), Replacement + Replacement + Replacement); // surrogate
  EXPECT_EQ(escapeHtml(std::string("x\0y", 3)), "x" + Replacement + "y");
}

TEST(HtmlWriter, ShowsFindingWithSourceNotesAndWitness) {
  TempTree Tree;
  Report R{{confirmedDeadlock(Tree.write("src/k.cu", Kernel))}, {}, Tree.root()};
  std::string Page = html(R);
  EXPECT_NE(Page.find("<h3 class=\"path\">src/k.cu "), std::string::npos);
  EXPECT_NE(Page.find("data-rule=\"cg-deadlock\" data-line=\"5\""), std::string::npos);
  EXPECT_NE(Page.find("<span class=\"line primary\"><span class=\"number\">5</span>  "
                      "<mark>grid.sync()</mark>;</span>"),
            std::string::npos);
  EXPECT_LT(Page.find("first note"), Page.find("second note")); // the path keeps its order
  EXPECT_NE(Page.find("data-blocks=\"2\" data-threads-per-block=\"64\" data-warp-size=\"32\""),
            std::string::npos);
  EXPECT_NE(Page.find("data-block=\"1\" data-ranks=\"0-63\">block 1, threads 0-63</li>"),
            std::string::npos);
  EXPECT_NE(Page.find("<th>n</th><td><code>1</code></td>"), std::string::npos);
  EXPECT_NE(Page.find("<code>grid.sync();</code>"), std::string::npos); // where they wait
  EXPECT_NE(Page.find("id=\"rule-cg-deadlock\""), std::string::npos);
  EXPECT_EQ(Page.find("<details class=\"suppressed\">"), std::string::npos);
  EXPECT_EQ(Page.find("http://"), Page.find("http://www.w3.org/2000/svg")); // nothing to fetch
  EXPECT_EQ(Page, html(R)); // the same report gives the same bytes
}

TEST(HtmlWriter, ThreadGroupsEndingAlikeShareOneLegendEntry) {
  TempTree Tree;
  Finding F = confirmedDeadlock(Tree.write("k.cu", Kernel));
  F.Witness->Threads[1] = F.Witness->Threads[0];
  F.Witness->Threads[1].Threads = "block 1, threads 0-63";
  F.Witness->Threads[1].Block = 1;
  std::string Page = html({{F}, {}, Tree.root()});
  EXPECT_EQ(occurrences(Page, "<li class=\"end "), 1u);
  EXPECT_EQ(occurrences(Page, "<li class=\"group\" data-end=\"0\""), 2u);
}

// After a barrier mismatch the picture is coloured by who passed which barrier how often, with a
// legend naming the barriers' sites; where the threads ended is still listed, uncoloured.
TEST(HtmlWriter, BarrierMismatchIsColouredByTheBarriersThreadsPassed) {
  TempTree Tree;
  Finding F = confirmedDeadlock(Tree.write("k.cu", Kernel));
  Witness &W = *F.Witness;
  W.Kind = coopcheck::model::FailureKind::Mismatch;
  W.BarrierSites = {{F.Location.File, 5, 3, 5, 14}, {F.Location.File, 6, 1, 6, 2}};
  W.Passing.push_back({"blocks 0-1, threads 0-15", {1, 1}, {{0, {{0, 15}}}, {1, {{0, 15}}}}});
  W.Passing.push_back({"blocks 0-1, threads 16-63", {0, 1}, {{0, {{16, 63}}}, {1, {{16, 63}}}}});
  std::string Page = html({{F}, {}, Tree.root()});
  EXPECT_NE(Page.find("<li data-site=\"0\"><span class=\"where\">k.cu:5:3</span> "
                      "<code>grid.sync();</code></li>"),
            std::string::npos);
  EXPECT_NE(Page.find("<li class=\"passing c1\" data-end=\"1\"><span class=\"swatch\"></span>"
                      "<span class=\"what\">skipped k.cu:5, passed k.cu:6 once</span>"),
            std::string::npos);
  EXPECT_NE(Page.find("<li class=\"group\" data-end=\"1\" data-block=\"1\" "
                      "data-ranks=\"16-63\">block 1, threads 16-63</li>"),
            std::string::npos);
  EXPECT_EQ(occurrences(Page, "<li class=\"group\""), 4u);
  EXPECT_EQ(occurrences(Page, "<li class=\"end "), 0u); // the ends colour nothing
  EXPECT_NE(Page.find("<ul class=\"ends\">\n<li>block 0, threads 0-63 wait here forever at "),
            std::string::npos);
}

TEST(HtmlWriter, SuppressedFindingsAreFolded) {
  TempTree Tree;
  std::string File = Tree.write("k.cu", Kernel);
  Finding Shown = confirmedDeadlock(File), Hidden = confirmedDeadlock(File);
  Hidden.RuleId = "cg-early-exit-before-sync";
  Hidden.Suppressed = true;
  std::string Page = html({{Shown, Hidden}, {}, Tree.root()});
  size_t Details = Page.find("<details class=\"suppressed\"><summary>1 suppressed finding");
  ASSERT_NE(Details, std::string::npos);
  EXPECT_GT(Page.find("data-rule=\"cg-early-exit-before-sync\""), Details);
  EXPECT_LT(Page.find("data-rule=\"cg-deadlock\""), Details);
  EXPECT_NE(Page.find("<span class=\"count suppressed\">1 suppressed</span>"), std::string::npos);
  EXPECT_NE(Page.find("<span class=\"count error\">1 error</span>"), std::string::npos);
}

TEST(HtmlWriter, EscapesReportAndSourceText) {
  TempTree Tree;
  std::string File = Tree.write("a<b>&\"c.cu", "int x; // </pre><script>alert(1)</script> \xFF\n");
  Finding F;
  F.RuleId = "cg-deadlock";
  F.Message = "<img src=x onerror=alert(1)> \xC3";
  F.Location = {File, 1, 1, 1, 4};
  Report R{{F}, {{"bad\xFE.cu", "<unreadable>"}}, Tree.root()};
  std::string Page = html(R);
  EXPECT_EQ(Page.find("<img"), std::string::npos);
  EXPECT_EQ(Page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(Page.find("\xFF"), std::string::npos);
  EXPECT_EQ(Page.find("\xFE"), std::string::npos);
  EXPECT_NE(Page.find("a&lt;b&gt;&amp;&quot;c.cu"), std::string::npos);
  EXPECT_NE(Page.find("&lt;img src=x onerror=alert(1)&gt; " + Replacement), std::string::npos);
  EXPECT_NE(Page.find("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; " + Replacement),
            std::string::npos);
  EXPECT_NE(Page.find("bad" + Replacement + ".cu</span>: not analysed: &lt;unreadable&gt;"),
            std::string::npos);
}

TEST(HtmlWriter, CleanReportSaysSo) {
  std::string Page = html({{}, {}, "/work"});
  EXPECT_NE(Page.find("No findings."), std::string::npos);
  EXPECT_EQ(Page.find("<article class=\"finding"), std::string::npos);
  EXPECT_EQ(Page.find("id=\"problems\""), std::string::npos);
}

TEST(HtmlWriter, WitnessWithoutShapeKeepsItsGroupsAsText) {
  TempTree Tree;
  Finding F = confirmedDeadlock(Tree.write("k.cu", Kernel));
  F.Witness->Blocks = 0;
  for (ThreadGroup &G : F.Witness->Threads) {
    G.Block.reset();
    G.Ranks.clear();
  }
  std::string Page = html({{F}, {}, Tree.root()});
  EXPECT_NE(Page.find("data-blocks=\"0\""), std::string::npos);
  EXPECT_NE(Page.find("<li class=\"group\" data-end=\"1\">block 1, threads 0-63</li>"),
            std::string::npos);
}

} // namespace
