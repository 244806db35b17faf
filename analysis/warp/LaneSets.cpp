#include "analysis/warp/LaneSets.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

const Expr *strip(const Expr *E) { return E ? E->IgnoreParens() : nullptr; }

bool isSigned(QualType T) { return T->isSignedIntegerOrEnumerationType(); }

/// A comparison of two evaluated operands, unsigned when the operands' type is.
std::optional<int64_t> compare(BinaryOperatorKind Op, int64_t L, int64_t R, bool Unsigned) {
  uint64_t UL = uint64_t(L), UR = uint64_t(R);
  switch (Op) {
  case BO_LT:
    return Unsigned ? UL < UR : L < R;
  case BO_GT:
    return Unsigned ? UL > UR : L > R;
  case BO_LE:
    return Unsigned ? UL <= UR : L <= R;
  case BO_GE:
    return Unsigned ? UL >= UR : L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

} // namespace

LaneSets::LaneSets(UnitCache &TU, const FunctionDecl *F)
    : TU(TU), Function(F), Ctx(TU.context()), WarpSize(TU.warpSize()) {}

uint64_t LaneSets::allLanes() const {
  return WarpSize >= 64 ? ~uint64_t(0) : (uint64_t(1) << WarpSize) - 1;
}

int64_t LaneSets::fit(int64_t V, QualType T) const {
  if (T.isNull())
    return V;
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return V != 0;
  if (!T->isIntegralOrEnumerationType())
    return V;
  unsigned W = Ctx.getTypeSize(T);
  if (W >= 64 || W == 0)
    return V;
  uint64_t M = (uint64_t(1) << W) - 1, U = uint64_t(V) & M;
  if (isSigned(T) && (U >> (W - 1)))
    return int64_t(U | ~M);
  return int64_t(U);
}

const Expr *LaneSets::singleDefinitionValue(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!DRE)
    return nullptr;
  auto Defs = TU.uniformityOf(Function).definitionsReaching(DRE);
  if (!Defs || Defs->size() != 1)
    return nullptr;
  return definedValue(dyn_cast<VarDecl>(DRE->getDecl()), (*Defs)[0]);
}

std::optional<int64_t> LaneSets::evalCall(const CallExpr *Call, unsigned Tid, unsigned BlockDim) {
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee())) {
    llvm::StringRef Record = MD->getParent()->getName();
    bool X = MD->getName().ends_with("_x");
    if (Record == "__cuda_builtin_threadIdx_t")
      return X ? int64_t(Tid) : 0;
    if (Record == "__cuda_builtin_blockDim_t")
      return X ? int64_t(BlockDim) : 1;
    if (Record.starts_with("__cuda_builtin_"))
      return std::nullopt;
  }
  llvm::StringRef Name = calleeName(Call);
  if (const Expr *Object = memberCallObject(Call)) {
    auto Group = groupTypeOf(Object->getType());
    if (!Group)
      return std::nullopt;
    if (Group->Kind == GroupKind::ThreadBlock) {
      if (Name == "thread_rank")
        return int64_t(Tid);
      if (Name == "size" || Name == "num_threads")
        return int64_t(BlockDim);
    }
    if (Group->Kind == GroupKind::Tile && Group->TileSize) {
      unsigned N = Group->TileSize;
      if (Name == "thread_rank")
        return int64_t(Tid % N);
      if (Name == "size" || Name == "num_threads")
        return int64_t(N);
      if (Name == "meta_group_rank")
        return int64_t(Tid / N);
      if (Name == "meta_group_size")
        return int64_t(BlockDim / N);
    }
    return std::nullopt;
  }
  if ((Name == "__lane_id" || Name == "__laneid" || Name == "__lane_id_u32") &&
      Call->getNumArgs() == 0)
    return int64_t(Tid % WarpSize);
  return std::nullopt;
}

std::optional<int64_t> LaneSets::eval(const Expr *E, unsigned Tid, unsigned BlockDim,
                                      unsigned Depth) {
  E = strip(E);
  if (!E || Depth > 64 || ++Steps > 4096 || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isBooleanType())
    return std::nullopt;
  // Constants first (literals, constexpr and const variables, warpSize, sizeof).
  if (!isa<DeclRefExpr>(E) || !isa<ParmVarDecl>(cast<DeclRefExpr>(E)->getDecl())) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &I = R.Val.getInt();
      if (I.getBitWidth() > 64)
        return std::nullopt;
      return fit(I.isSigned() ? I.getSExtValue() : int64_t(I.getZExtValue()), T);
    }
  }
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return evalCast(CE, Tid, BlockDim, Depth);
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    return eval(POE->getResultExpr(), Tid, BlockDim, Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCall(Call, Tid, BlockDim);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return evalVariable(DRE, Tid, BlockDim, Depth);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evalUnary(UO, Tid, BlockDim, Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evalConditional(CO, Tid, BlockDim, Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO, Tid, BlockDim, Depth);
  return std::nullopt;
}

std::optional<int64_t> LaneSets::evalCast(const CastExpr *CE, unsigned Tid, unsigned BlockDim,
                                          unsigned Depth) {
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral:
    break;
  default:
    return std::nullopt;
  }
  auto V = eval(CE->getSubExpr(), Tid, BlockDim, Depth + 1);
  if (!V)
    return std::nullopt;
  if (CE->getCastKind() == CK_BooleanToSignedIntegral)
    return *V ? -1 : 0;
  return fit(*V, CE->getType());
}

std::optional<int64_t> LaneSets::evalVariable(const DeclRefExpr *DRE, unsigned Tid,
                                              unsigned BlockDim, unsigned Depth) {
  const Expr *Def = singleDefinitionValue(DRE);
  if (!Def)
    return std::nullopt;
  auto V = eval(Def, Tid, BlockDim, Depth + 1);
  return V ? std::optional<int64_t>(fit(*V, DRE->getType())) : std::nullopt;
}

std::optional<int64_t> LaneSets::evalUnary(const UnaryOperator *UO, unsigned Tid, unsigned BlockDim,
                                           unsigned Depth) {
  auto V = eval(UO->getSubExpr(), Tid, BlockDim, Depth + 1);
  if (!V)
    return std::nullopt;
  QualType T = UO->getType();
  switch (UO->getOpcode()) {
  case UO_Plus:
    return fit(*V, T);
  case UO_Minus:
    return fit(int64_t(0 - uint64_t(*V)), T);
  case UO_Not:
    return fit(~*V, T);
  case UO_LNot:
    return *V == 0;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> LaneSets::evalConditional(const ConditionalOperator *CO, unsigned Tid,
                                                 unsigned BlockDim, unsigned Depth) {
  auto C = eval(CO->getCond(), Tid, BlockDim, Depth + 1);
  if (!C)
    return std::nullopt;
  auto V = eval(*C ? CO->getTrueExpr() : CO->getFalseExpr(), Tid, BlockDim, Depth + 1);
  return V ? std::optional<int64_t>(fit(*V, CO->getType())) : std::nullopt;
}

std::optional<int64_t> LaneSets::evalBinary(const BinaryOperator *BO, unsigned Tid,
                                            unsigned BlockDim, unsigned Depth) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Comma)
    return eval(BO->getRHS(), Tid, BlockDim, Depth + 1);
  if (BO->isAssignmentOp())
    return std::nullopt;
  auto L = eval(BO->getLHS(), Tid, BlockDim, Depth + 1);
  if (Op == BO_LAnd || Op == BO_LOr) {
    if (!L)
      return std::nullopt;
    // Short-circuit: the right side is evaluated only where C++ evaluates it.
    if (Op == BO_LAnd && !*L)
      return 0;
    if (Op == BO_LOr && *L)
      return 1;
    auto R = eval(BO->getRHS(), Tid, BlockDim, Depth + 1);
    return R ? std::optional<int64_t>(*R != 0) : std::nullopt;
  }
  if (!L)
    return std::nullopt;
  auto R = eval(BO->getRHS(), Tid, BlockDim, Depth + 1);
  if (!R)
    return std::nullopt;
  QualType OT = BO->getLHS()->getType();
  bool Unsigned = OT->isIntegralOrEnumerationType() && !isSigned(OT);
  if (BO->isComparisonOp())
    return compare(Op, *L, *R, Unsigned);
  return arithmetic(Op, *L, *R, Unsigned, BO->getType());
}

std::optional<int64_t> LaneSets::arithmetic(BinaryOperatorKind Op, int64_t L, int64_t R,
                                            bool Unsigned, QualType T) const {
  uint64_t UL = uint64_t(L), UR = uint64_t(R);
  switch (Op) {
  case BO_Add:
    return fit(int64_t(UL + UR), T);
  case BO_Sub:
    return fit(int64_t(UL - UR), T);
  case BO_Mul:
    return fit(int64_t(UL * UR), T);
  case BO_Div:
  case BO_Rem:
    if (R == 0 || (!Unsigned && R == -1))
      return std::nullopt;
    if (Unsigned)
      return fit(int64_t(Op == BO_Div ? UL / UR : UL % UR), T);
    return fit(Op == BO_Div ? L / R : L % R, T);
  case BO_And:
    return fit(L & R, T);
  case BO_Or:
    return fit(L | R, T);
  case BO_Xor:
    return fit(L ^ R, T);
  case BO_Shl:
    if (R < 0 || R >= 64)
      return std::nullopt;
    return fit(int64_t(UL << UR), T);
  case BO_Shr:
    if (R < 0 || R >= 64)
      return std::nullopt;
    return fit(Unsigned ? int64_t(UL >> UR) : (L >> R), T);
  default:
    return std::nullopt;
  }
}

const std::vector<int64_t> *LaneSets::values(const Expr *E) {
  auto [It, Inserted] = Cache.try_emplace(E);
  if (Inserted) {
    std::vector<int64_t> Out(size_t(Warps) * WarpSize);
    bool Ok = true;
    for (unsigned Tid = 0; Ok && Tid < Out.size(); ++Tid) {
      Steps = 0;
      auto A = eval(E, Tid, Warps * WarpSize, 0);
      Steps = 0;
      auto B = A ? eval(E, Tid, 2 * Warps * WarpSize, 0) : std::nullopt;
      if (!A || !B || *A != *B)
        Ok = false;
      else
        Out[Tid] = *A;
    }
    if (Ok)
      It->second = std::move(Out);
    else
      It->second = std::nullopt;
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<int64_t> LaneSets::constant(const Expr *E) {
  const std::vector<int64_t> *V = values(E);
  if (!V)
    return std::nullopt;
  for (int64_t X : *V)
    if (X != V->front())
      return std::nullopt;
  return V->front();
}

std::optional<LaneSets::PerWarp> LaneSets::lanesWhere(const Expr *Cond) {
  const std::vector<int64_t> *V = values(Cond);
  if (!V)
    return std::nullopt;
  PerWarp Out{};
  for (unsigned W = 0; W < Warps; ++W)
    for (unsigned L = 0; L < WarpSize; ++L)
      if ((*V)[W * WarpSize + L])
        Out[W] |= uint64_t(1) << L;
  return Out;
}

bool LaneSets::keepLanes(PerWarp &Reaching, const PerWarp &Where, bool Holds) const {
  bool Removes = false;
  for (unsigned W = 0; W < Warps; ++W) {
    uint64_t Keep = (Holds ? Where[W] : ~Where[W]) & allLanes();
    if (Reaching[W] & ~Keep)
      Removes = true;
    Reaching[W] &= Keep;
  }
  return Removes;
}

std::optional<LaneSets::PerWarp>
LaneSets::lanesReaching(const Stmt *S, llvm::function_ref<bool(const BranchShape &)> Skip,
                        const Expr **Limiting) {
  FunctionCFG *Cfg = TU.cfgOf(Function);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return std::nullopt;
  PerWarp Out;
  Out.fill(allLanes());
  const SourceManager &SM = Ctx.getSourceManager();
  UniformRequirement Warp = UniformRequirement::tile(WarpSize);
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function, Ctx)) {
    if (!Shape.Branch.Condition)
      return std::nullopt;
    if (Shape.GuardsKernelExit || (Skip && Skip(Shape)))
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    auto Form = Shape.Branch.Form;
    if (Form == DivergentBranch::Shape::Holds || Form == DivergentBranch::Shape::DoesNotHold) {
      if (auto L = lanesWhere(Cond)) {
        bool Removes = keepLanes(Out, *L, Form == DivergentBranch::Shape::Holds);
        if (Removes && Limiting &&
            (!*Limiting ||
             SM.isBeforeInTranslationUnit((*Limiting)->getBeginLoc(), Cond->getBeginLoc())))
          *Limiting = Cond;
        continue;
      }
    }
    if (TU.uniformityOf(Function).isUniformAt(Cond, Warp))
      continue;
    return std::nullopt;
  }
  return Out;
}

const Expr *LaneSets::dataDependentGuard(const Stmt *S) {
  FunctionCFG *Cfg = TU.cfgOf(Function);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return nullptr;
  UniformRequirement Warp = UniformRequirement::tile(WarpSize);
  const Expr *Found = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function, Ctx)) {
    if (!Shape.Branch.Condition || Shape.GuardsKernelExit)
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    if (TU.uniformityOf(Function).isUniformAt(Cond, Warp))
      continue;
    if (values(Cond) && Shape.Branch.Form != DivergentBranch::Shape::LoopTripCount)
      continue; // lane-evaluable: the lanes that reach are known
    if (!Found || SM.isBeforeInTranslationUnit(Found->getBeginLoc(), Cond->getBeginLoc()))
      Found = Cond;
  }
  return Found;
}

const Expr *LaneSets::laneVaryingExit(const Stmt *S) {
  FunctionCFG *Cfg = TU.cfgOf(Function);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return nullptr;
  UniformRequirement Warp = UniformRequirement::tile(WarpSize);
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function, Ctx)) {
    if (!Shape.Branch.Condition || !Shape.GuardsKernelExit)
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    if (TU.uniformityOf(Function).isUniformAt(Cond, Warp))
      continue;
    if (auto L = lanesWhere(Cond)) { // lane-evaluable: does any warp lose only part of its lanes?
      bool Splits = false;
      for (uint64_t M : *L)
        Splits |= (M & allLanes()) != 0 && (M & allLanes()) != allLanes();
      if (!Splits)
        continue;
    }
    return Cond;
  }
  return nullptr;
}

std::string laneRanges(uint64_t Mask) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned L = 0; L < 64;) {
    if (!(Mask >> L & 1)) {
      ++L;
      continue;
    }
    unsigned E = L;
    while (E + 1 < 64 && (Mask >> (E + 1) & 1))
      ++E;
    if (!Out.empty())
      OS << ", ";
    OS << L;
    if (E > L)
      OS << "-" << E;
    L = E + 1;
  }
  return Out;
}

std::string hexMask(uint64_t Mask) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::format_hex(Mask, 2);
  return Out;
}

} // namespace coopcheck::analysis
