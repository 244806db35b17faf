#include "analysis/flow/PointeeWrites.h"
#include "analysis/flow/StatementParents.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool pointsToConst(QualType Type) {
  return Type->isPointerType() && Type->getPointeeType().isConstQualified();
}

/// The references to each local variable of a function, and who holds each expression.
class BodyUses {
public:
  explicit BodyUses(const FunctionDecl &F) : Parents(F) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Refs;
      explicit Finder(decltype(Refs) Refs) : Refs(Refs) {}
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Refs[V].push_back(Ref);
        return true;
      }
    } References(Refs);
    References.TraverseStmt(F.getBody());
  }
  llvm::ArrayRef<const DeclRefExpr *> of(const VarDecl *V) const {
    auto It = Refs.find(V);
    return It == Refs.end() ? llvm::ArrayRef<const DeclRefExpr *>() : It->second;
  }
  const StatementParents &parents() const { return Parents; }

private:
  StatementParents Parents;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> Refs;
};

/// Follows one use of a pointer into the function's memory up through the expressions that hold
/// it, until it is read, compared, made a pointer to const, or given to something that may store.
class PointerUse {
public:
  PointerUse(const BodyUses &Uses,
             llvm::function_ref<bool(const FunctionDecl *, unsigned)> CalleeLeavesBe)
      : Uses(Uses), CalleeLeavesBe(CalleeLeavesBe) {}

  /// Whether every use of V, a pointer into the memory, only reads it.
  bool variableReads(const VarDecl *V, unsigned Depth) {
    if (Depth > 4)
      return false;
    for (const DeclRefExpr *Ref : Uses.of(V))
      if (!reads(Ref, /*IsVariable=*/true, Depth))
        return false;
    return true;
  }

private:
  /// Where a use has got to: the variable itself (IsVariable), a pointer value, or an lvalue in
  /// the memory.
  struct Position {
    const Expr *E;
    bool IsVariable;
  };

  bool reads(const Expr *E, bool IsVariable, unsigned Depth) {
    Position At{E, IsVariable};
    for (int Steps = 0; Steps < 32; ++Steps) {
      if (At.E->isPRValue() && pointsToConst(At.E->getType()))
        return true;
      const Stmt *Parent = Uses.parents().parentStatement(*At.E);
      if (!Parent) {
        const auto *Local = Uses.parents().parentOf(*At.E).get<VarDecl>();
        return Local && initializerReads(Local, Depth);
      }
      if (std::optional<bool> Done = stepUp(Parent, At, Depth))
        return *Done;
    }
    return false;
  }

  /// Moves At up to Parent: nullopt to go on from there, else whether the use only reads.
  std::optional<bool> stepUp(const Stmt *Parent, Position &At, unsigned Depth) {
    if (const auto *Cast = dyn_cast<CastExpr>(Parent))
      return castStep(Cast, At);
    if (const auto *UO = dyn_cast<UnaryOperator>(Parent))
      return unaryStep(UO, At);
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Parent))
      if (strip(ASE->getBase()) != strip(At.E))
        return true; // used as an index
    if (isa<ArraySubscriptExpr, MemberExpr>(Parent))
      At.IsVariable = false;
    if (isa<ParenExpr, ArraySubscriptExpr, MemberExpr, ConditionalOperator>(Parent)) {
      At.E = cast<Expr>(Parent);
      return std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
      return binaryReads(BO, At, Depth);
    if (const auto *Call = dyn_cast<CallExpr>(Parent))
      return argumentReads(Call, At.E, Depth);
    return false;
  }

  static std::optional<bool> castStep(const CastExpr *Cast, Position &At) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
      // The pointer read from the variable, or a value read from the memory: a pointer stored
      // there leads into memory reached through it, still followed.
      if (!At.IsVariable && !Cast->getType()->isPointerType())
        return true;
      At.IsVariable = false;
      break;
    case CK_PointerToBoolean:
    case CK_ToVoid:
      return true;
    case CK_NoOp:
    case CK_BitCast:
    case CK_ArrayToPointerDecay:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      break;
    default:
      return false; // to an integer, or anything not followed
    }
    At.E = Cast;
    return std::nullopt;
  }

  static std::optional<bool> unaryStep(const UnaryOperator *UO, Position &At) {
    if (UO->isIncrementDecrementOp())
      return At.IsVariable; // moving the pointer on, not storing through it
    if (UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf)
      return UO->getOpcode() == UO_LNot;
    if (UO->getOpcode() == UO_AddrOf && At.IsVariable)
      return false; // the variable's own address, through which it may be changed
    At = {UO, false};
    return std::nullopt;
  }

  static const Expr *strip(const Expr *E) { return E->IgnoreParenImpCasts(); }

  bool binaryReads(const BinaryOperator *BO, const Position &At, unsigned Depth) {
    if (BO->isComparisonOp() || BO->isLogicalOp())
      return true;
    if (BO->isAssignmentOp()) // storing to the variable itself, not through it
      return BO->getLHS() == At.E && At.IsVariable;
    if (BO->isAdditiveOp() && BO->getType()->isPointerType())
      return reads(BO, /*IsVariable=*/false, Depth);
    return BO->getOpcode() == BO_Sub; // a distance between two pointers
  }

  bool argumentReads(const CallExpr *Call, const Expr *E, unsigned Depth) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Call->getCallee() == E)
      return false;
    // Member operator calls pass the object as argument 0; parameters then start at 1.
    unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = Offset; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == E)
        return I - Offset < Callee->getNumParams() && Depth < 6 &&
               CalleeLeavesBe(Callee, I - Offset);
    return false;
  }

  /// A local pointer initialized from the pointer: it reads if every use of it does.
  bool initializerReads(const VarDecl *Local, unsigned Depth) {
    if (!Local->hasLocalStorage() || !Local->getType()->isPointerType())
      return false;
    return pointsToConst(Local->getType()) || variableReads(Local, Depth + 1);
  }

  const BodyUses &Uses;
  llvm::function_ref<bool(const FunctionDecl *, unsigned)> CalleeLeavesBe;
};

} // namespace

bool leavesPointeeBe(const FunctionDecl *F, unsigned P,
                     llvm::function_ref<bool(const FunctionDecl *, unsigned)> CalleeLeavesBe) {
  const FunctionDecl *Definition = nullptr;
  if (!F || !F->hasBody(Definition) || P >= Definition->getNumParams())
    return false;
  const ParmVarDecl *Param = Definition->getParamDecl(P);
  if (!Param->getType()->isPointerType())
    return false;
  if (pointsToConst(Param->getType()))
    return true;
  BodyUses Uses(*Definition);
  return PointerUse(Uses, CalleeLeavesBe).variableReads(Param, 0);
}

} // namespace coopcheck::analysis
