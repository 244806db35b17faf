#include "analysis/rules/WarpWidths.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/flow/Uniformity.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/warp/LaneSets.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

using Shape = WidthAssumption::Shape;

/// Whether E mentions the platform's warp width (`warpSize`, `__AMDGCN_WAVEFRONT_SIZE`, a
/// wavefront-size builtin): code under a branch on it is written for both widths.
bool mentionsWarpWidth(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    std::string Name = Ref->getDecl()->getNameAsString();
    if (Name == "warpSize" || llvm::StringRef(Name).contains_insensitive("wavefront"))
      return true;
  }
  for (const Stmt *Child : E->children())
    if (mentionsWarpWidth(Child))
      return true;
  return false;
}

/// A constant written for a fixed width: one that names warpSize (a constant 32 in CUDA's
/// headers) is written for every width.
std::optional<int64_t> fixedWidthConstant(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> Value =
      E && !mentionsWarpWidth(E) ? integerValue(E, Ctx) : std::nullopt;
  return Value ? std::optional<int64_t>(Value->getExtValue()) : std::nullopt;
}

bool names(const Expr *E, const VarDecl *Var) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return Ref && Ref->getDecl() == Var;
}

/// +1: the step doubles the counter (`k *= 2`, `k <<= 1`, `k = k * 2`); -1: it halves it.
int stepDirection(const Expr *Step, const VarDecl *Counter, const ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Step ? Step->IgnoreParens() : nullptr);
  if (!BO || !names(BO->getLHS(), Counter))
    return 0;
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *By = BO->getRHS();
  if (Op == BO_Assign) {
    const auto *Inner = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Inner || !names(Inner->getLHS(), Counter))
      return 0;
    Op = Inner->getOpcode();
    By = Inner->getRHS();
  } else if (BO->isCompoundAssignmentOp()) {
    Op = BinaryOperator::getOpForCompoundAssignment(Op);
  } else {
    return 0;
  }
  std::optional<int64_t> Amount = fixedWidthConstant(By, Ctx);
  if ((Op == BO_Mul && Amount == 2) || (Op == BO_Shl && Amount == 1))
    return 1;
  if ((Op == BO_Div && Amount == 2) || (Op == BO_Shr && Amount == 1))
    return -1;
  return 0;
}

/// A literal written out in the file: not through a macro, nor a template argument standing
/// for its parameter in an instantiation (`tid % WarpSize` with WarpSize = 32).
bool writtenOut(const Expr *E) {
  const Expr *Inner = E->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(Inner))
    Inner = Cast->getSubExpr()->IgnoreParens();
  return isa<IntegerLiteral>(Inner) && E->getBeginLoc().isFileID() && E->getEndLoc().isFileID();
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(UnitCache &TU, const FunctionDecl *F) : TU(TU), F(F), Ctx(TU.context()) {}

  std::vector<WidthAssumption> Found;
  /// Whether the function also reads across the halves of a 64-lane warp: only then do its
  /// 32-lane groups disagree with the warp (code that works in 32-lane halves throughout is
  /// right on 64 lanes, each half on its own).
  bool SpansWholeWarps = false;
  /// Whether a shuffle of the function gives an explicit width: sub-warps chosen on purpose.
  bool ChoosesSubWarps = false;
  std::vector<WidthAssumption> LaneArithmetic;

  bool shouldVisitLambdaBodies() const { return false; } // functions of their own

  bool TraverseIfStmt(IfStmt *If) {
    if (mentionsWarpWidth(If->getCond()))
      return true;
    return RecursiveASTVisitor::TraverseIfStmt(If);
  }
  bool TraverseConditionalOperator(ConditionalOperator *CO) {
    if (mentionsWarpWidth(CO->getCond()))
      return true;
    return RecursiveASTVisitor::TraverseConditionalOperator(CO);
  }

  bool VisitCallExpr(CallExpr *Call) {
    const model::Operation *Op = TU.toolkitIntrinsicOf(Call);
    if (!Op || Op->Scope != model::CollectiveScope::Warp)
      return true;
    if (explicitWidth(Call, *Op))
      ChoosesSubWarps = true;
    model::CollectiveClass Class = model::collectiveClassOf(Op->Kind);
    // What spans the whole warp, across its 32-lane halves: votes, ballots and matches, and a
    // shuffle from a lane every thread names alike (a broadcast from lane 0).
    bool Broadcast = Op->Kind == model::OperationKind::Shuffle && Op->LaneArg >= 0 &&
                     unsigned(Op->LaneArg) < Call->getNumArgs() &&
                     fixedWidthConstant(Call->getArg(unsigned(Op->LaneArg)), Ctx) &&
                     !explicitWidth(Call, *Op);
    SpansWholeWarps |= Broadcast || Class == model::CollectiveClass::Vote ||
                       Class == model::CollectiveClass::Match;
    return true;
  }

  bool VisitForStmt(ForStmt *Loop) {
    auto Start = counterStart(Loop->getInit());
    if (!Start || !shufflesBy(Loop->getBody(), Start->first))
      return true;
    int Direction = stepDirection(Loop->getInc(), Start->first, Ctx);
    std::optional<int64_t> From = fixedWidthConstant(Start->second, Ctx);
    if (Direction < 0 && From == 16 && writtenOut(Start->second)) {
      add(Found, Shape::OffsetsFrom16, Start->second, Start->second, "warpSize / 2");
    } else if (Direction > 0 && From == 1) {
      const auto *Cond = dyn_cast_or_null<BinaryOperator>(Loop->getCond());
      std::optional<int64_t> Bound = Cond ? fixedWidthConstant(Cond->getRHS(), Ctx) : std::nullopt;
      if (Cond && names(Cond->getLHS(), Start->first) && writtenOut(Cond->getRHS()) &&
          ((Cond->getOpcode() == BO_LT && Bound == 32) ||
           (Cond->getOpcode() == BO_LE && Bound == 16)))
        add(Found, Shape::OffsetsTo32, Cond->getRHS(), Cond->getRHS(),
            Bound == 32 ? "warpSize" : "warpSize / 2");
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    // Only a 32 written into the expression: a width with a name (a macro, a template or
    // constexpr parameter) is the author's to set for each target.
    std::optional<int64_t> By = fixedWidthConstant(BO->getRHS(), Ctx);
    if (!By || !writtenOut(BO->getRHS()))
      return true;
    BinaryOperatorKind Op = BO->getOpcode();
    bool Lane = (Op == BO_Rem && *By == 32) || (Op == BO_And && *By == 31);
    bool Warp = (Op == BO_Div && *By == 32) || (Op == BO_Shr && *By == 5);
    if ((!Lane && !Warp) || !threadIndexed(BO->getLHS()) || !namesALaneOrWarp(BO))
      return true;
    if (Op == BO_Shr) {
      // `>> 5` becomes `/ warpSize`: the operator goes with the constant.
      WidthAssumption A{Shape::WarpOf32, BO, {}, ""};
      if (BO->getOperatorLoc().isFileID()) {
        A.Replaced = SourceRange(BO->getOperatorLoc(), BO->getRHS()->getEndLoc());
        A.Replacement = "/ warpSize";
      }
      LaneArithmetic.push_back(A);
      return true;
    }
    add(LaneArithmetic, Lane ? Shape::LaneOf32 : Shape::WarpOf32, BO, BO->getRHS(),
        Op == BO_And ? "(warpSize - 1)" : "warpSize");
    return true;
  }

private:
  void add(std::vector<WidthAssumption> &To, Shape What, const Expr *Where, const Expr *Constant,
           llvm::StringRef Replacement) {
    To.push_back({What, Where, Constant->getSourceRange(), Replacement.str()});
  }

  static bool explicitWidth(const CallExpr *Call, const model::Operation &Op) {
    return Op.WidthArg >= 0 && unsigned(Op.WidthArg) < Call->getNumArgs() &&
           !isa<CXXDefaultArgExpr>(Call->getArg(unsigned(Op.WidthArg)));
  }

  /// Whether Body shuffles with the counter as the offset or source lane and no explicit width.
  bool shufflesBy(const Stmt *Body, const VarDecl *Counter) {
    if (!Body)
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(Body)) {
      const model::Operation *Op = TU.toolkitIntrinsicOf(Call);
      bool Shuffle = Op && (Op->Kind == model::OperationKind::ShuffleXor ||
                            Op->Kind == model::OperationKind::ShuffleDown ||
                            Op->Kind == model::OperationKind::ShuffleUp);
      if (Shuffle && !explicitWidth(Call, *Op) && Op->LaneArg >= 0 &&
          unsigned(Op->LaneArg) < Call->getNumArgs() &&
          names(Call->getArg(unsigned(Op->LaneArg)), Counter))
        return true;
    }
    if (isa<LambdaExpr>(Body))
      return false;
    for (const Stmt *Child : Body->children())
      if (shufflesBy(Child, Counter))
        return true;
    return false;
  }

  /// Whether the value of E is used as a lane's or warp's identity: compared for equality (a
  /// writer elected by `lane == 0`), or as an index or offset (a per-warp slot), itself or
  /// through the local variable it initialises. A boundary test (`tid % 32 + 3 < 32`) is not.
  bool namesALaneOrWarp(const Expr *E, unsigned Depth = 0) {
    const FunctionCFG *Cfg = TU.cfgOf(F);
    if (!Cfg)
      return false;
    const Expr *Child = E;
    DynTypedNode Parent = Cfg->parents().parentOf(*E);
    for (const auto *Up = Parent.get<Expr>();
         Up && isa<ParenExpr, ImplicitCastExpr, ExplicitCastExpr>(Up); Up = Parent.get<Expr>()) {
      Child = Up;
      Parent = Cfg->parents().parentOf(*Up);
    }
    if (const auto *Var = Parent.get<VarDecl>())
      return Var->getInit() && Var->hasLocalStorage() && Depth < 4 &&
             usedAsIdentity(Var, Depth + 1);
    if (const auto *Subscript = Parent.get<ArraySubscriptExpr>())
      return Subscript->getIdx()->IgnoreParenImpCasts() == Child->IgnoreParenImpCasts();
    if (const auto *Op = Parent.get<BinaryOperator>()) {
      if (Op->isEqualityOp())
        return true;
      const Expr *Other = Op->getLHS()->IgnoreParenImpCasts() == Child->IgnoreParenImpCasts()
                              ? Op->getRHS()
                              : Op->getLHS();
      return Op->isAdditiveOp() && Other->getType()->isPointerType();
    }
    return false;
  }

  bool usedAsIdentity(const VarDecl *Var, unsigned Depth) {
    struct Uses : RecursiveASTVisitor<Uses> {
      const VarDecl *Var;
      std::vector<const DeclRefExpr *> Found;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (Ref->getDecl() == Var)
          Found.push_back(Ref);
        return true;
      }
    } Collect;
    Collect.Var = Var;
    Collect.TraverseStmt(F->getBody());
    for (const DeclRefExpr *Use : Collect.Found)
      if (namesALaneOrWarp(Use, Depth))
        return true;
    return false;
  }

  /// A thread's index or rank (`threadIdx.x`, `tid`, `blockIdx.x * blockDim.x + threadIdx.x`).
  bool threadIndexed(const Expr *E) {
    UniformValue V = TU.uniformityOf(F).valueOf(E);
    return V.Rank || V.Terms.any();
  }

  UnitCache &TU;
  const FunctionDecl *F;
  ASTContext &Ctx;
};

} // namespace

std::vector<WidthAssumption> widthAssumptions(UnitCache &TU, const FunctionDecl *F) {
  if (!F->hasBody())
    return {};
  Finder Find(TU, F);
  Find.TraverseStmt(F->getBody());
  if (!Find.SpansWholeWarps || Find.ChoosesSubWarps)
    return {};
  std::vector<WidthAssumption> Found = std::move(Find.Found);
  Found.insert(Found.end(), Find.LaneArithmetic.begin(), Find.LaneArithmetic.end());
  const SourceManager &SM = TU.context().getSourceManager();
  stableSort(Found, [&](const WidthAssumption &A, const WidthAssumption &B) {
    return SM.isBeforeInTranslationUnit(A.Where->getBeginLoc(), B.Where->getBeginLoc());
  });
  return Found;
}

} // namespace coopcheck::analysis
