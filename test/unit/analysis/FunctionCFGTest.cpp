// The CFG of one function: the block of a statement, the branches it is control-dependent on,
// reachability that stops at chosen statements, dominance, and the nearest statements before one.
#include "analysis/flow/FunctionCFG.h"
#include "ParsedSource.h"
#include "clang/Lex/Lexer.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
__device__ void mark(int);
__device__ void stop();
__global__ void k(int *p, int n) {
  mark(0);
  if (p[0] > n) {
    mark(1);
    if (p[1] > 0)
      mark(2);
  }
  for (int i = 0; i < n; ++i)
    mark(3);
  stop();
  mark(4);
}
)";

struct Cfg {
  test::ParsedSource S{Source};
  std::unique_ptr<FunctionCFG> Graph;
  Cfg() { Graph = FunctionCFG::build(S.function("k"), S.context()); }
  const clang::CallExpr *mark(unsigned N) { return S.call("k", "mark", N); }
  std::string text(const clang::Expr *E) {
    if (!E)
      return "";
    const clang::SourceManager &SM = S.context().getSourceManager();
    return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(E->getSourceRange()),
                                       SM, S.context().getLangOpts())
        .str();
  }
};

TEST(FunctionCFG, ControlDependencesNearestFirst) {
  Cfg C;
  ASSERT_TRUE(C.S.ok());
  ASSERT_NE(C.Graph, nullptr);
  FunctionCFG &G = *C.Graph;
  EXPECT_TRUE(G.controlDependencies(G.blockOf(C.mark(0))).empty());
  llvm::ArrayRef<clang::CFGBlock *> Deps = G.controlDependencies(G.blockOf(C.mark(2)));
  ASSERT_EQ(Deps.size(), 2u);
  // The inner if first, then the outer one; mark(1) depends on the outer one only.
  EXPECT_EQ(C.text(G.userCondition(Deps[0])), "p[1] > 0");
  EXPECT_EQ(C.text(G.userCondition(Deps[1])), "p[0] > n");
  llvm::ArrayRef<clang::CFGBlock *> Outer = G.controlDependencies(G.blockOf(C.mark(1)));
  ASSERT_EQ(Outer.size(), 1u);
  EXPECT_EQ(Deps[1], Outer[0]);
  EXPECT_EQ(G.controlDependencies(G.blockOf(C.mark(3))).size(), 1u); // the loop's condition
  EXPECT_TRUE(G.controlDependencies(G.blockOf(C.mark(4))).empty());
}

TEST(FunctionCFG, ReachabilityAvoidingStatements) {
  Cfg C;
  ASSERT_TRUE(C.S.ok());
  FunctionCFG &G = *C.Graph;
  const clang::CallExpr *Stop = C.S.call("k", "stop");
  auto Never = [](const clang::Stmt *) { return false; };
  auto AtStop = [&](const clang::Stmt *S) { return S == Stop; };
  EXPECT_TRUE(G.reachesAvoiding(C.mark(0), C.mark(4), Never));
  EXPECT_FALSE(G.reachesAvoiding(C.mark(0), C.mark(4), AtStop));
  EXPECT_FALSE(G.reachesAvoiding(C.mark(4), C.mark(0), Never));
  EXPECT_TRUE(G.reachesAvoiding(C.mark(3), C.mark(3), Never)); // around the loop
  EXPECT_TRUE(G.reachesAvoiding(nullptr, C.mark(2), Never));   // from the entry
  llvm::SmallPtrSet<const clang::Stmt *, 16> After =
      G.reachableAvoiding(C.mark(1), FunctionCFG::Direction::Forward, AtStop);
  EXPECT_TRUE(After.count(C.mark(2)));
  EXPECT_TRUE(After.count(C.mark(3)));
  EXPECT_FALSE(After.count(C.mark(4)));
  EXPECT_FALSE(After.count(C.mark(0)));
  llvm::SmallPtrSet<const clang::Stmt *, 16> Before =
      G.reachableAvoiding(C.mark(2), FunctionCFG::Direction::Backward, Never);
  EXPECT_TRUE(Before.count(C.mark(0)));
  EXPECT_FALSE(Before.count(C.mark(3)));
}

TEST(FunctionCFG, DominanceAndTheNearestStatementsBefore) {
  Cfg C;
  ASSERT_TRUE(C.S.ok());
  FunctionCFG &G = *C.Graph;
  EXPECT_TRUE(G.alwaysBefore(C.mark(0), C.mark(4)));
  EXPECT_TRUE(G.alwaysBefore(C.mark(1), C.mark(2)));
  EXPECT_FALSE(G.alwaysBefore(C.mark(1), C.mark(4)));
  EXPECT_FALSE(G.alwaysBefore(C.mark(3), C.mark(4))); // the loop may run no trip
  auto IsMark = [&](const clang::Stmt *S) {
    for (unsigned N = 0; N < 5; ++N)
      if (S == C.mark(N))
        return true;
    return false;
  };
  llvm::SmallPtrSet<const clang::Stmt *, 4> Nearest = G.nearestBefore(C.mark(4), IsMark);
  // Along each path back from mark(4), the first mark met: mark(3) after a trip, else mark(2),
  // mark(1) or mark(0) when the loop runs none.
  EXPECT_EQ(Nearest.size(), 4u);
  std::vector<const clang::Stmt *> Set;
  for (unsigned N = 0; N < 5; ++N)
    Set.push_back(C.mark(N));
  NearestBeforeIndex Index(G, Set);
  EXPECT_EQ(Index.before(C.mark(4)), Nearest);
  EXPECT_EQ(Index.before(C.mark(2)).size(), 1u);
  EXPECT_TRUE(Index.before(C.mark(2)).count(C.mark(1)));
}

TEST(FunctionCFG, NoCfgWithoutABody) {
  test::ParsedSource S("__device__ int declared(int);");
  ASSERT_TRUE(S.ok());
  const clang::FunctionDecl *Declared = nullptr;
  for (const clang::Decl *D : S.context().getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (F->getDeclName().isIdentifier() && F->getName() == "declared")
        Declared = F;
  ASSERT_NE(Declared, nullptr);
  EXPECT_EQ(FunctionCFG::build(Declared, S.context()), nullptr);
}

} // namespace

TEST(FunctionCFG, BranchesDecideBlocksBeforeTheirSidesMeet) {
  Cfg C;
  ASSERT_TRUE(C.S.ok());
  FunctionCFG &G = *C.Graph;
  const clang::CFGBlock *Outer = G.controlDependencies(G.blockOf(C.mark(1)))[0];
  const clang::CFGBlock *Loop = G.controlDependencies(G.blockOf(C.mark(3)))[0];
  auto Every = [](const clang::CFGBlock *, unsigned) { return true; };
  // The outer if's false side is never taken, or the loop never ends.
  auto OuterHolds = [&](const clang::CFGBlock *B, unsigned I) { return B != Outer || I == 0; };
  auto LoopNeverEnds = [&](const clang::CFGBlock *B, unsigned I) { return B != Loop || I == 0; };
  EXPECT_TRUE(G.decides(Outer, G.blockOf(C.mark(1)), Every));
  EXPECT_FALSE(G.decides(Outer, G.blockOf(C.mark(1)), OuterHolds));
  EXPECT_FALSE(G.decides(Outer, G.blockOf(C.mark(2)), OuterHolds)); // only the inner if does
  EXPECT_TRUE(G.decides(Outer, G.blockOf(C.mark(2)), Every));
  EXPECT_TRUE(G.decides(Loop, G.blockOf(C.mark(3)), Every)); // the trip count
  // Both sides meet after the if and after the loop: what follows is not decided.
  EXPECT_FALSE(G.decides(Outer, G.blockOf(C.mark(3)), Every));
  EXPECT_FALSE(G.decides(Loop, G.blockOf(C.mark(4)), Every));
  // A loop no thread leaves: kept as deciding.
  EXPECT_TRUE(G.decides(Loop, G.blockOf(C.mark(4)), LoopNeverEnds));
}
