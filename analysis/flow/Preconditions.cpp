#include "analysis/flow/Preconditions.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Groups.h"
#include "runtime-model/semantics/Operations.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include <numeric>
#include <optional>

using namespace clang;

namespace coopcheck::analysis {

namespace {

/// K when E is `Var % K`.
std::optional<uint64_t> remainderOf(const Expr *E, const VarDecl *Var, const ASTContext &Ctx) {
  const auto *Rem = dyn_cast_or_null<BinaryOperator>(strip(E));
  if (!Rem || Rem->getOpcode() != BO_Rem)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(strip(Rem->getLHS()));
  std::optional<uint64_t> K = constantOf(Rem->getRHS(), Ctx);
  if (!Ref || Ref->getDecl() != Var || !K || *K == 0 || *K > (uint64_t(1) << 32))
    return std::nullopt;
  return K;
}

/// Condition without what leaves its truth alone: parentheses and casts to bool
/// (`static_cast<bool>(c)` in `assert`).
const Expr *truthOf(const Expr *Condition) {
  const Expr *E = strip(Condition);
  for (const auto *Cast = dyn_cast_or_null<ExplicitCastExpr>(E);
       Cast && Cast->getType()->isBooleanType(); Cast = dyn_cast<ExplicitCastExpr>(E))
    E = strip(Cast->getSubExpr());
  return E;
}

bool isZero(const Expr *E, const ASTContext &Ctx) {
  std::optional<uint64_t> C = constantOf(E, Ctx);
  return C && *C == 0;
}

/// What Condition's being Holds makes Var a multiple of: where `Var % K == 0` holds or
/// `Var % K != 0` (or `Var % K`) fails, K; through `!`, both sides of an `&&` that holds and of
/// an `||` that fails; 1 when nothing.
uint64_t multipleWhere(bool Holds, const Expr *Condition, const VarDecl *Var,
                       const ASTContext &Ctx) {
  const Expr *E = truthOf(Condition);
  if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot)
    return multipleWhere(!Holds, Not->getSubExpr(), Var, Ctx);
  if (std::optional<uint64_t> K = remainderOf(E, Var, Ctx))
    return Holds ? 1 : *K;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return 1;
  if (BO->getOpcode() == (Holds ? BO_LAnd : BO_LOr))
    return std::lcm(multipleWhere(Holds, BO->getLHS(), Var, Ctx),
                    multipleWhere(Holds, BO->getRHS(), Var, Ctx));
  if (BO->getOpcode() == (Holds ? BO_EQ : BO_NE) && isZero(BO->getRHS(), Ctx))
    return remainderOf(BO->getLHS(), Var, Ctx).value_or(1);
  return 1;
}

/// What statement S, once completed, makes Var a multiple of.
uint64_t multipleAfter(const Stmt *S, const VarDecl *Var, const ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse() || If->getInit() || If->getConditionVariable() || !leaves(If->getThen()))
      return 1;
    return multipleWhere(false, If->getCond(), Var, Ctx);
  }
  // `do { if (!(c)) fail(); } while (0)`: the checking macros of many projects.
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    const auto *Body = dyn_cast<CompoundStmt>(Do->getBody());
    if (!isZero(Do->getCond(), Ctx) || !Body)
      return 1;
    uint64_t Multiple = 1;
    for (const Stmt *Inner : Body->body())
      Multiple = std::lcm(Multiple, multipleAfter(Inner, Var, Ctx));
    return Multiple;
  }
  // `assert(c)`: `c ? (void)0 : __assert_fail(...)`.
  if (const auto *Choice =
          dyn_cast_or_null<ConditionalOperator>(isa<Expr>(S) ? strip(cast<Expr>(S)) : nullptr);
      Choice && leaves(Choice->getFalseExpr()->IgnoreParenCasts()))
    return multipleWhere(true, Choice->getCond(), Var, Ctx);
  return 1;
}

} // namespace

bool leaves(const Stmt *S) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && leaves(Block->body_back());
  if (const auto *E = dyn_cast<Expr>(S))
    S = E->IgnoreImplicit();
  if (isa<ReturnStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const model::Operation *Op = model::findIntrinsic(calleeName(Call));
    return (Op && Op->Kind == model::OperationKind::Trap) ||
           (Call->getDirectCallee() && Call->getDirectCallee()->isNoReturn());
  }
  const auto *Asm = dyn_cast<GCCAsmStmt>(S);
  return Asm && llvm::any_of(model::ptxContents(Asm->getAsmString()).Instructions,
                             [](const model::PtxContents::Instruction &I) {
                               return I.Op->Kind == model::OperationKind::ThreadExit && !I.Guarded;
                             });
}

uint64_t multipleGuardedBefore(const Stmt *Body, const VarDecl *Var, SourceLocation Point,
                               const ASTContext &Ctx) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block)
    return 1;
  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t Multiple = 1;
  for (const Stmt *S : Block->body()) {
    if (!SM.isBeforeInTranslationUnit(S->getEndLoc(), Point))
      break;
    Multiple = std::lcm(Multiple, multipleAfter(S, Var, Ctx));
  }
  return Multiple;
}

} // namespace coopcheck::analysis
