#include "analysis/rules/MultiGridUses.h"
#include "analysis/flow/Groups.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool isMultiGrid(QualType T) {
  std::optional<GroupType> G = groupTypeOf(T);
  return G && G->Kind == GroupKind::MultiGrid;
}

/// The group operand of a call: the object of a member call, else the first argument.
const Expr *groupOperand(const CallExpr *Call) {
  if (const Expr *Object = memberCallObject(Call))
    return Object;
  return Call->getNumArgs() ? Call->getArg(0) : nullptr;
}

class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  std::vector<MultiGridUse> Uses;

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !isInCooperativeGroupsNamespace(Callee))
      return true;
    if (callsGroupFunction(Call, model::OperationId::ThisMultiGrid)) {
      add(MultiGridUse::HandleCreation, Call);
      return true;
    }
    const Expr *Operand = groupOperand(Call);
    if (Operand && isMultiGrid(Operand->getType()))
      add(MultiGridUse::Operation, Call);
    return true;
  }
  // Lambdas inside the function are part of it; nested classes are not visited twice.
  bool shouldVisitLambdaBody() const { return true; }

private:
  void add(MultiGridUse::Kind K, const CallExpr *Call) {
    Uses.push_back({K, Call->getBeginLoc(), Call->getSourceRange(), Call});
  }
};

} // namespace

std::vector<MultiGridUse> multiGridUses(const FunctionDecl *F) {
  UseCollector Collector;
  for (const ParmVarDecl *P : F->parameters())
    if (isMultiGrid(P->getType()))
      Collector.Uses.push_back({MultiGridUse::Parameter, P->getLocation(), P->getSourceRange()});
  if (Stmt *Body = F->getBody())
    Collector.TraverseStmt(Body);
  return Collector.Uses;
}

} // namespace coopcheck::analysis
