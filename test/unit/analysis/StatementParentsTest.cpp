// The parents of one function's statements: what holds an initializer, a call, a lambda's body
// and a member initializer, and nothing outside the function.
#include "analysis/flow/StatementParents.h"
#include "ParsedSource.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
__device__ int leader(unsigned);
struct Holder {
  int n;
  __device__ Holder(int v) : n(leader(v)) {}
};
__global__ void k(int *p) {
  int first = leader(p[0]);
  if (p[1] > 0 && leader(p[2]) > 1)
    p[3] = 0;
  auto f = [&] { leader(p[4]); };
  f();
}
__device__ void other(int *p) { leader(p[5]); }
)";

TEST(StatementParents, InitializersHangBelowTheirVariable) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  StatementParents Parents(*S.function("k"));
  const clang::CallExpr *Call = S.call("k", "leader", 0);
  const auto *First = Parents.parentOf(*Call).get<clang::VarDecl>();
  ASSERT_NE(First, nullptr);
  EXPECT_EQ(First->getName(), "first");
  EXPECT_NE(Parents.parentOf(*First).get<clang::DeclStmt>(), nullptr);
  EXPECT_EQ(Parents.parentStatement(*Call), nullptr); // a variable, not a statement
}

TEST(StatementParents, ClimbsToTheConditionAndTheFunction) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  const clang::FunctionDecl *K = S.function("k");
  StatementParents Parents(*K);
  const clang::Stmt *Up = S.call("k", "leader", 1);
  while (Up && !llvm::isa<clang::BinaryOperator>(Up))
    Up = Parents.parentStatement(*Up);
  ASSERT_NE(Up, nullptr);
  EXPECT_TRUE(llvm::cast<clang::BinaryOperator>(Up)->isComparisonOp());
  const auto *And = llvm::dyn_cast_or_null<clang::BinaryOperator>(Parents.parentStatement(*Up));
  ASSERT_NE(And, nullptr);
  EXPECT_EQ(And->getOpcode(), clang::BO_LAnd);
  EXPECT_EQ(Parents.parentOf(*K->getBody()).get<clang::FunctionDecl>(), K);
}

TEST(StatementParents, LambdaBodiesEndAtTheirLambda) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  StatementParents Parents(*S.function("k"));
  const clang::Stmt *Up = S.call("k", "leader", 2);
  clang::DynTypedNode Parent = Parents.parentOf(*Up);
  while (Parent.get<clang::Stmt>() && !Parent.get<clang::LambdaExpr>())
    Parent = Parents.parentOf(Parent);
  EXPECT_NE(Parent.get<clang::LambdaExpr>(), nullptr);
}

TEST(StatementParents, MemberInitializersAndOtherFunctions) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  clang::ASTContext &Ctx = S.context();
  auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("Holder"));
  ASSERT_FALSE(Found.empty());
  const auto *Record = llvm::cast<clang::CXXRecordDecl>(Found.front());
  const clang::CXXConstructorDecl *Constructor = *Record->ctor_begin();
  StatementParents Parents(*Constructor);
  const clang::Expr *Init = (*Constructor->init_begin())->getInit();
  EXPECT_EQ(Parents.parentOf(*Init).get<clang::FunctionDecl>(), Constructor);
  // A statement of another function has no parent here.
  EXPECT_TRUE(Parents.parentOf(*S.call("other", "leader")).getNodeKind().isNone());
}

} // namespace
