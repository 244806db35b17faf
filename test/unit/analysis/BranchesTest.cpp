// Branches as the user reads them: for each statement, the whole conditions that decide whether
// it runs, the shape of each decision (then-side, else-side, after an early return, a loop's trip
// count, a switch) and whether a branch only guards an exit from the kernel.
#include "analysis/flow/Branches.h"
#include "ParsedSource.h"
#include "clang/Lex/Lexer.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
__device__ void mark(int);
__global__ void k(int *p, int n) {
  if (p[0] > 0 && p[1] > 0)
    mark(0);
  else
    mark(1);
  for (int i = 0; i < n; ++i)
    mark(2);
  switch (p[2]) {
  case 1:
    mark(3);
    break;
  }
  if (threadIdx.x >= n)
    return;
  mark(4);
}
__device__ void helper(int *p) {
  if (p[0] == 0)
    return;
  mark(5);
}
)";

using Shape = DivergentBranch::Shape;
struct Decision {
  std::string Condition;
  Shape Form;
  bool GuardsKernelExit;
};

class Deciding {
public:
  explicit Deciding(const char *Function) : Function(Function) {}
  std::vector<Decision> of(unsigned Mark) {
    const clang::FunctionDecl *F = S.function(Function);
    const clang::CallExpr *Call = S.call(Function, "mark", Mark);
    EXPECT_TRUE(F && Call);
    if (!F || !Call)
      return {};
    FunctionCFG *Cfg = S.analysis().cfgOf(F);
    std::vector<Decision> Out;
    for (const BranchShape &B : branchesDeciding(*Cfg, Cfg->blockOf(Call), Call, F))
      Out.push_back({text(B.Branch.Condition), B.Branch.Form, B.GuardsKernelExit});
    return Out;
  }
  test::ParsedSource S{Source};

private:
  std::string text(const clang::Expr *E) {
    if (!E)
      return "";
    return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(E->getSourceRange()),
                                       S.context().getSourceManager(), S.context().getLangOpts())
        .str();
  }
  const char *Function;
};

TEST(Branches, TheWholeConditionAndTheSideAStatementIsOn) {
  Deciding D("k");
  ASSERT_TRUE(D.S.ok());
  // One branch per operand of &&, each read as the whole if condition.
  std::vector<Decision> Then = D.of(0);
  ASSERT_EQ(Then.size(), 2u);
  std::vector<Decision> Else = D.of(1);
  ASSERT_EQ(Else.size(), 2u);
  for (unsigned I = 0; I < 2; ++I) {
    EXPECT_EQ(Then[I].Condition, "p[0] > 0 && p[1] > 0");
    EXPECT_EQ(Then[I].Form, Shape::Holds);
    EXPECT_EQ(Else[I].Condition, "p[0] > 0 && p[1] > 0");
    EXPECT_EQ(Else[I].Form, Shape::DoesNotHold);
    EXPECT_FALSE(Then[I].GuardsKernelExit);
  }
}

TEST(Branches, LoopsSwitchesAndEarlyReturns) {
  Deciding D("k");
  ASSERT_TRUE(D.S.ok());
  std::vector<Decision> Loop = D.of(2);
  ASSERT_EQ(Loop.size(), 1u);
  EXPECT_EQ(Loop[0].Condition, "i < n");
  EXPECT_EQ(Loop[0].Form, Shape::LoopTripCount);
  std::vector<Decision> Case = D.of(3);
  ASSERT_EQ(Case.size(), 1u);
  EXPECT_EQ(Case[0].Condition, "p[2]");
  EXPECT_EQ(Case[0].Form, Shape::Depends);
  std::vector<Decision> AfterReturn = D.of(4);
  ASSERT_EQ(AfterReturn.size(), 1u);
  EXPECT_EQ(AfterReturn[0].Condition, "threadIdx.x >= n");
  EXPECT_EQ(AfterReturn[0].Form, Shape::DoesNotHold);
  EXPECT_TRUE(AfterReturn[0].GuardsKernelExit);
}

TEST(Branches, AHelpersReturnEndsNoThread) {
  Deciding D("helper");
  ASSERT_TRUE(D.S.ok());
  std::vector<Decision> AfterReturn = D.of(0);
  ASSERT_EQ(AfterReturn.size(), 1u);
  EXPECT_EQ(AfterReturn[0].Condition, "p[0] == 0");
  EXPECT_EQ(AfterReturn[0].Form, Shape::DoesNotHold);
  EXPECT_FALSE(AfterReturn[0].GuardsKernelExit);
}

} // namespace
