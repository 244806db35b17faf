#include "analysis/flow/PointeeWrites.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool pointsToConst(QualType Type) {
  return Type->isPointerType() && Type->getPointeeType().isConstQualified();
}

/// The references to each local variable of a body, and who holds each expression.
class BodyUses {
public:
  explicit BodyUses(Stmt *Body) : Parents(Body) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Refs;
      explicit Finder(decltype(Refs) Refs) : Refs(Refs) {}
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Refs[V].push_back(Ref);
        return true;
      }
    } F(Refs);
    F.TraverseStmt(Body);
  }
  llvm::ArrayRef<const DeclRefExpr *> of(const VarDecl *V) const {
    auto It = Refs.find(V);
    return It == Refs.end() ? llvm::ArrayRef<const DeclRefExpr *>() : It->second;
  }
  const Stmt *parent(const Stmt *S) const { return Parents.getParent(S); }

private:
  ParentMap Parents;
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
  /// E: the variable itself (IsVariable), a pointer value, or an lvalue in the memory.
  bool reads(const Expr *E, bool IsVariable, unsigned Depth) {
    for (int Steps = 0; Steps < 32; ++Steps) {
      if (E->isPRValue() && pointsToConst(E->getType()))
        return true;
      const Stmt *Parent = Uses.parent(E);
      if (!Parent)
        return false;
      if (const auto *Paren = dyn_cast<ParenExpr>(Parent)) {
        E = Paren;
        continue;
      }
      if (const auto *Cast = dyn_cast<CastExpr>(Parent)) {
        switch (Cast->getCastKind()) {
        case CK_LValueToRValue:
          // The pointer read from the variable, or a value read from the memory: a pointer
          // stored there leads into memory reached through it, still followed.
          if (!IsVariable && !Cast->getType()->isPointerType())
            return true;
          IsVariable = false;
          E = Cast;
          continue;
        case CK_PointerToBoolean:
        case CK_ToVoid:
          return true;
        case CK_NoOp:
        case CK_BitCast:
        case CK_ArrayToPointerDecay:
        case CK_DerivedToBase:
        case CK_UncheckedDerivedToBase:
          E = Cast;
          continue;
        default:
          return false; // to an integer, or anything not followed
        }
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(Parent)) {
        if (UO->isIncrementDecrementOp())
          return IsVariable; // moving the pointer on, not storing through it
        if (UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf)
          return UO->getOpcode() == UO_LNot;
        if (UO->getOpcode() == UO_AddrOf && IsVariable)
          return false; // the variable's own address, through which it may be changed
        IsVariable = false;
        E = UO;
        continue;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Parent)) {
        if (strip(ASE->getBase()) != strip(E))
          return true; // used as an index
        IsVariable = false;
        E = ASE;
        continue;
      }
      if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
        IsVariable = false;
        E = Member;
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
        return binaryReads(BO, E, IsVariable, Depth);
      if (isa<ConditionalOperator>(Parent)) {
        E = cast<Expr>(Parent);
        continue;
      }
      if (const auto *Call = dyn_cast<CallExpr>(Parent))
        return argumentReads(Call, E, Depth);
      if (const auto *Decls = dyn_cast<DeclStmt>(Parent))
        return initializerReads(Decls, Depth);
      return false;
    }
    return false;
  }

  static const Expr *strip(const Expr *E) { return E->IgnoreParenImpCasts(); }

  bool binaryReads(const BinaryOperator *BO, const Expr *E, bool IsVariable, unsigned Depth) {
    if (BO->isComparisonOp() || BO->isLogicalOp())
      return true;
    if (BO->isAssignmentOp()) // storing to the variable itself, not through it
      return BO->getLHS() == E && IsVariable;
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

  bool initializerReads(const DeclStmt *Decls, unsigned Depth) {
    if (!Decls->isSingleDecl())
      return false;
    const auto *Local = dyn_cast<VarDecl>(Decls->getSingleDecl());
    if (!Local || !Local->hasLocalStorage() || !Local->getType()->isPointerType())
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
  BodyUses Uses(Definition->getBody());
  return PointerUse(Uses, CalleeLeavesBe).variableReads(Param, 0);
}

} // namespace coopcheck::analysis
