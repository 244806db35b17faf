#include "analysis/warp/LaneSets.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

const Expr *withoutParens(const Expr *E) { return E ? E->IgnoreParens() : nullptr; }

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

/// The variable E names, when it is a local variable.
const VarDecl *localNamed(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() ? V : nullptr;
}

/// Whether S changes V or lets its address escape.
class ChangesVariable : public RecursiveASTVisitor<ChangesVariable> {
public:
  explicit ChangesVariable(const VarDecl *V) : V(V) {}
  bool Found = false;
  bool VisitBinaryOperator(BinaryOperator *BO) {
    Found |= BO->isAssignmentOp() && localNamed(BO->getLHS()) == V;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    Found |= (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
             localNamed(UO->getSubExpr()) == V;
    return !Found;
  }

private:
  const VarDecl *V;
};

} // namespace

std::optional<std::pair<const VarDecl *, const Expr *>> counterStart(const Stmt *Init) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init); DS && DS->isSingleDecl())
    if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()); V && V->getInit())
      return std::make_pair(V, V->getInit());
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init); BO && BO->getOpcode() == BO_Assign)
    if (const VarDecl *V = localNamed(BO->getLHS()))
      return std::make_pair(V, BO->getRHS());
  return std::nullopt;
}

namespace {

/// Whether a call in the unit passes F, for one of the parameters in Params, a value that may
/// differ between lanes of a warp (`helper(in, i, n)` with a per-thread index i).
/// Whether a caller of F passes values that differ between the lanes of a warp for the
/// parameters in V.Params or holds such values in the fields of its object in V.Fields.
bool argumentsMayDifferInAWarp(UnitCache &TU, const FunctionDecl *F, UniformValue V) {
  if (!(V.Params | V.Fields) || F->hasAttr<CUDAGlobalAttr>())
    return false;
  UniformRequirement Warp = UniformRequirement::tile(TU.warpSize());
  auto Differs = [&](llvm::function_ref<UniformValue(Uniformity &)> Value,
                     const FunctionDecl *Caller) {
    auto Shared = [&](UniformValue Passed) { return Passed.Unknown || satisfies(Passed, Warp); };
    return !Shared(Value(TU.uniformityOf(Caller))) &&
           !Shared(Value(TU.rowsOfWholeWarpsUniformityOf(Caller)));
  };
  for (const UnitCache::CallSite &Site : TU.callSitesOf(F)) {
    for (unsigned I = 0; I < ObjectParameter; ++I)
      if (V.Params >> I & 1)
        if (const Expr *Arg = argumentForParameter(Site.Call, F, I);
            Arg && Differs([&](Uniformity &U) { return U.valueOf(Arg); }, Site.Caller))
          return true;
    if (V.Fields && Differs(
                        [&](Uniformity &U) {
                          return U.objectFieldsValue(V.Fields, Site.Call, F, MemoryView::AsLeft);
                        },
                        Site.Caller))
      return true;
  }
  return false;
}

} // namespace

std::optional<LaneSets::CountedLoop> LaneSets::countedLoop(const ForStmt *Loop) {
  constexpr unsigned MaxTrips = 64;
  auto Start = counterStart(Loop->getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(withoutParens(Loop->getCond()));
  const Expr *Step = Loop->getInc() ? Loop->getInc()->IgnoreParens() : nullptr;
  if (!Start || !Cond || !Cond->isComparisonOp() || !Step)
    return std::nullopt;
  const VarDecl *K = Start->first;
  ChangesVariable InBody(K);
  InBody.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  bool CounterLeft = localNamed(Cond->getLHS()) == K;
  std::optional<int64_t> Value = constant(Start->second);
  std::optional<int64_t> Bound = constant(CounterLeft ? Cond->getRHS() : Cond->getLHS());
  if (InBody.Found || (!CounterLeft && localNamed(Cond->getRHS()) != K) || !Value || !Bound)
    return std::nullopt;
  // The step as an operator and a constant operand: ++k, k += 2, k *= 2, k >>= 1, k = k / 2.
  BinaryOperatorKind Op;
  std::optional<int64_t> By;
  if (const auto *UO = dyn_cast<UnaryOperator>(Step); UO && localNamed(UO->getSubExpr()) == K) {
    Op = UO->isIncrementOp() ? BO_Add : BO_Sub;
    By = UO->isIncrementDecrementOp() ? std::optional<int64_t>(1) : std::nullopt;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Step); BO && localNamed(BO->getLHS()) == K) {
    const auto *Rhs = dyn_cast<BinaryOperator>(withoutParens(BO->getRHS()));
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(BO)) {
      Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
      By = constant(CA->getRHS());
    } else if (BO->getOpcode() == BO_Assign && Rhs && localNamed(Rhs->getLHS()) == K) {
      Op = Rhs->getOpcode();
      By = constant(Rhs->getRHS());
    }
  }
  if (!By)
    return std::nullopt;
  QualType T = K->getType();
  bool Unsigned = T->isIntegralOrEnumerationType() && !isSigned(T);
  CountedLoop Out{K, {}};
  while (Out.Values.size() <= MaxTrips) {
    std::optional<int64_t> Holds = CounterLeft
                                       ? compare(Cond->getOpcode(), *Value, *Bound, Unsigned)
                                       : compare(Cond->getOpcode(), *Bound, *Value, Unsigned);
    if (!Holds)
      return std::nullopt;
    if (!*Holds)
      return Out;
    Out.Values.push_back(*Value);
    std::optional<int64_t> Next = arithmetic(Op, *Value, *By, Unsigned, T);
    if (!Next || *Next == *Value)
      return std::nullopt;
    Value = Next;
  }
  return std::nullopt;
}

void LaneSets::bindCounter(const VarDecl *Counter, std::optional<int64_t> Value) {
  if (Value)
    BoundCounters[Counter] = *Value;
  else
    BoundCounters.erase(Counter);
  Cache.clear();
}

LaneSets::LaneSets(UnitCache &TU, const FunctionDecl *F, std::optional<CallContext> Context)
    : TU(TU), Function(F), Context(std::move(Context)), Ctx(TU.context()), WarpSize(TU.warpSize()),
      RowsHoldWarps(TU.maxBlockWidth(F) >= WarpSize) {
  if (!RowsHoldWarps)
    NarrowRows = TU.launchedBlock(F);
}

std::vector<LaneSets::CallContext> LaneSets::contextsOf(UnitCache &TU, const FunctionDecl *F) {
  std::vector<CallContext> Out;
  if (!F->hasBody() || F->hasAttr<CUDAGlobalAttr>())
    return Out;
  // The parameters a call's values can stand for: integers F never changes.
  std::vector<const ParmVarDecl *> Passed;
  for (const ParmVarDecl *P : F->parameters()) {
    ChangesVariable InBody(P);
    InBody.TraverseStmt(F->getBody());
    if (!InBody.Found && P->getType()->isIntegralOrEnumerationType())
      Passed.push_back(P);
  }
  for (const UnitCache::CallSite &Site : TU.callSitesOf(F)) {
    if (Out.size() == MaxCallContexts || TU.outOfTime())
      break;
    LaneSets CallerLanes(TU, Site.Caller);
    CallContext Context;
    Context.Call = Site.Call;
    PerWarp CallerPresent = CallerLanes.present();
    for (unsigned W = 0; W < Warps; ++W)
      Context.Absent[W] = CallerLanes.allLanes() & ~CallerPresent[W];
    if (auto Entry = CallerLanes.lanesReaching(Site.Call, nullptr, &Context.Limiting)) {
      Context.Entry = *Entry;
    } else {
      Context.DataDependentGuard = CallerLanes.dataDependentGuard(Site.Call);
      if (!Context.DataDependentGuard)
        continue;
      Context.Entry.fill(CallerLanes.allLanes());
    }
    for (const ParmVarDecl *P : Passed)
      if (const Expr *Arg = argumentForParameter(Site.Call, F, P->getFunctionScopeIndex()))
        if (const std::vector<int64_t> *V = CallerLanes.values(Arg))
          Context.Arguments[P] = *V;
    Out.push_back(std::move(Context));
  }
  return Out;
}

uint64_t LaneSets::allLanes() const {
  return WarpSize >= 64 ? ~uint64_t(0) : (uint64_t(1) << WarpSize) - 1;
}

LaneSets::PerWarp LaneSets::present() const {
  PerWarp Out;
  Out.fill(allLanes());
  for (unsigned W = 0; W < Warps; ++W) {
    if (NarrowRows) {
      uint64_t First = uint64_t(W) * WarpSize, Threads = NarrowRows->count();
      uint64_t Count = Threads > First ? std::min<uint64_t>(Threads - First, WarpSize) : 0;
      Out[W] = Count >= 64 ? ~uint64_t(0) : (uint64_t(1) << Count) - 1;
    }
    if (Context)
      Out[W] &= ~Context->Absent[W];
  }
  return Out;
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

std::optional<int64_t> LaneSets::narrowRowsIndex(bool ThreadIndex, llvm::StringRef Accessor,
                                                 unsigned Tid) const {
  if (!NarrowRows)
    return std::nullopt;
  // A thread past the block's last does not exist: it gets thread 0's indices, which only keep
  // it from making values unknown (it reaches nothing: present()).
  model::Dim3 At = NarrowRows->at(Tid < NarrowRows->count() ? Tid : 0);
  const model::Dim3 &Of = ThreadIndex ? At : *NarrowRows;
  if (Accessor.ends_with("_x"))
    return int64_t(Of.X);
  return int64_t(Accessor.ends_with("_y") ? Of.Y : Of.Z);
}

std::optional<int64_t> LaneSets::evalCall(const CallExpr *Call, unsigned Tid, unsigned BlockDim) {
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee())) {
    llvm::StringRef Record = MD->getParent()->getName();
    bool X = MD->getName().ends_with("_x");
    if (!RowsHoldWarps &&
        (Record == "__cuda_builtin_threadIdx_t" || Record == "__cuda_builtin_blockDim_t"))
      return narrowRowsIndex(Record == "__cuda_builtin_threadIdx_t", MD->getName(), Tid);
    if (Record == "__cuda_builtin_threadIdx_t")
      return X ? int64_t(Tid) : 0;
    if (Record == "__cuda_builtin_blockDim_t")
      return X ? int64_t(BlockDim) : 1;
    if (Record.starts_with("__cuda_builtin_"))
      return std::nullopt;
  }
  using model::OperationKind;
  if (const Expr *Object = memberCallObject(Call)) {
    auto Group = objectGroupType(Object);
    const model::Operation *Op = model::findGroupMethod(calleeName(Call));
    if (!Group || !Op)
      return std::nullopt;
    if (Group->Kind == GroupKind::ThreadBlock) {
      if (Op->Kind == OperationKind::ThreadRank)
        return int64_t(Tid);
      if (Op->Kind == OperationKind::GroupSize)
        return int64_t(BlockDim);
    }
    if (Group->Kind == GroupKind::Tile && Group->TileSize) {
      unsigned N = Group->TileSize;
      switch (Op->Kind) {
      case OperationKind::ThreadRank:
        return int64_t(Tid % N);
      case OperationKind::GroupSize:
        return int64_t(N);
      case OperationKind::MetaGroupRank:
        return int64_t(Tid / N);
      case OperationKind::MetaGroupSize:
        return int64_t(BlockDim / N);
      default:
        break;
      }
    }
    return std::nullopt;
  }
  // The lane id, also from a project's own function of that name (CUDA has no such intrinsic).
  const model::Operation *Op = model::findIntrinsic(calleeName(Call));
  if (Op && Op->Kind == OperationKind::LaneIndex && Call->getNumArgs() == 0)
    return int64_t(Tid % WarpSize);
  return std::nullopt;
}

std::optional<int64_t> LaneSets::eval(const Expr *E, unsigned Tid, unsigned BlockDim,
                                      unsigned Depth) {
  E = withoutParens(E);
  if (!E || Depth > 64 || ++Steps > 4096 || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isBooleanType())
    return std::nullopt;
  // Constants first (literals, constexpr and const variables, warpSize, sizeof).
  if (std::optional<Constant> C = constantOf(E))
    return *C ? std::optional<int64_t>(fit(**C, T)) : std::nullopt;
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

std::optional<LaneSets::Constant> LaneSets::constantOf(const Expr *E) {
  auto [It, Inserted] = Constants.try_emplace(E);
  if (!Inserted)
    return It->second;
  if (isa<DeclRefExpr>(E) && isa<ParmVarDecl>(cast<DeclRefExpr>(E)->getDecl()))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  const llvm::APSInt &I = R.Val.getInt();
  if (I.getBitWidth() > 64)
    return It->second = Constant(std::nullopt);
  return It->second = Constant(I.isSigned() ? I.getSExtValue() : int64_t(I.getZExtValue()));
}

const Expr *LaneSets::definitionValue(const DeclRefExpr *DRE) {
  auto [It, Inserted] = DefinitionValues.try_emplace(DRE);
  if (Inserted)
    It->second = singleDefinitionValue(DRE);
  return It->second;
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
  if (auto Bound = BoundCounters.find(dyn_cast<VarDecl>(DRE->getDecl()));
      Bound != BoundCounters.end())
    return Bound->second;
  if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && Context)
    if (auto Argument = Context->Arguments.find(P); Argument != Context->Arguments.end())
      return fit(Argument->second[Tid], DRE->getType());
  if (std::optional<int64_t> Lane = laneFromAsm(DRE, Tid))
    return fit(*Lane, DRE->getType());
  const Expr *Def = definitionValue(DRE);
  if (!Def)
    return std::nullopt;
  auto V = eval(Def, Tid, BlockDim, Depth + 1);
  return V ? std::optional<int64_t>(fit(*V, DRE->getType())) : std::nullopt;
}

std::optional<int64_t> LaneSets::laneFromAsm(const DeclRefExpr *DRE, unsigned Tid) {
  auto Defs = TU.uniformityOf(Function).definitionsReaching(DRE);
  const auto *Asm = Defs && Defs->size() == 1 ? dyn_cast<GCCAsmStmt>((*Defs)[0]) : nullptr;
  const model::Operation *Register =
      Asm && Asm->getNumOutputs() == 1 ? model::movedSpecialRegister(Asm->getAsmString()) : nullptr;
  if (!Register || Register->Kind != model::OperationKind::LaneIndex)
    return std::nullopt;
  return int64_t(Tid % WarpSize);
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

std::optional<std::vector<int64_t>> LaneSets::valuesFor(const Expr *E, unsigned BlockDim) {
  std::vector<int64_t> Out(size_t(Warps) * WarpSize);
  for (unsigned Tid = 0; Tid < Out.size(); ++Tid) {
    Steps = 0;
    auto V = eval(E, Tid, BlockDim, 0);
    if (!V)
      return std::nullopt;
    Out[Tid] = *V;
  }
  return Out;
}

const std::vector<int64_t> *LaneSets::values(const Expr *E) {
  auto [It, Inserted] = Cache.try_emplace(E);
  // Computed from code the compiler rejected: not known in any lane.
  if (Inserted && !TU.uniformityOf(Function).valueOf(E).Unknown) {
    // The two block sizes must agree: a value that depends on the block size is not known.
    It->second = valuesFor(E, Warps * WarpSize);
    if (It->second && It->second != valuesFor(E, 2 * Warps * WarpSize))
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
  PerWarp Out = present();
  if (Context)
    for (unsigned W = 0; W < Warps; ++W)
      Out[W] &= Context->Entry[W];
  const SourceManager &SM = Ctx.getSourceManager();
  UniformRequirement Warp = UniformRequirement::tile(WarpSize);
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function)) {
    if (!Shape.Branch.Condition)
      return std::nullopt;
    if (Shape.GuardsKernelExit || (Skip && Skip(Shape)))
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    // A condition computed from code the compiler rejected: which lanes pass is not known.
    if (TU.uniformityOf(Function).valueOf(Cond).Unknown)
      return std::nullopt;
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

bool LaneSets::mayDifferInAWarp(const Expr *Cond) {
  UniformRequirement Warp = UniformRequirement::tile(WarpSize);
  if (TU.rowsOfWholeWarpsUniformityOf(Function).isUniformAt(Cond, Warp))
    return argumentsMayDifferInAWarp(TU, Function,
                                     TU.rowsOfWholeWarpsUniformityOf(Function).valueOf(Cond));
  // `tid < blockDim.x / 2`: whole warps for every block size of whole warps.
  for (unsigned BlockDim : {Warps * WarpSize, 2 * Warps * WarpSize}) {
    std::optional<std::vector<int64_t>> V = valuesFor(Cond, BlockDim);
    if (!V)
      return true;
    for (unsigned W = 0; W < Warps; ++W)
      for (unsigned L = 1; L < WarpSize; ++L)
        if (((*V)[W * WarpSize + L] != 0) != ((*V)[W * WarpSize] != 0))
          return true;
  }
  return false;
}

const Expr *LaneSets::dataDependentGuard(const Stmt *S,
                                         llvm::function_ref<bool(const BranchShape &)> Skip) {
  FunctionCFG *Cfg = TU.cfgOf(Function);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return nullptr;
  const Expr *Found = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function)) {
    if (!Shape.Branch.Condition || Shape.GuardsKernelExit || (Skip && Skip(Shape)))
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    if (!mayDifferInAWarp(Cond))
      continue;
    if (values(Cond) && Shape.Branch.Form != DivergentBranch::Shape::LoopTripCount)
      continue; // lane-evaluable: the lanes that reach are known
    if (!Found || SM.isBeforeInTranslationUnit(Found->getBeginLoc(), Cond->getBeginLoc()))
      Found = Cond;
  }
  return Found;
}

std::optional<LaneSets::CountedLoop> LaneSets::enclosingCountedLoop(const Expr *E) {
  const FunctionCFG *Cfg = TU.cfgOf(Function);
  if (!Cfg)
    return std::nullopt;
  for (const Stmt *P = Cfg->parents().parentStatement(*E); P;
       P = Cfg->parents().parentStatement(*P))
    if (const auto *Loop = dyn_cast<ForStmt>(P))
      if (auto Counted = countedLoop(Loop))
        return Counted;
  return std::nullopt;
}

namespace {

/// How a thread's value moves with its lane: the coefficient of the lane in V's thread terms
/// (threadIdx.x is the warp's first x plus the lane), when the rest of V is the same over each
/// aligned group of Group lanes.
std::optional<int64_t> laneCoefficient(const UniformValue &V, unsigned Group) {
  if (V.Unknown || !satisfies(restOf(V), UniformRequirement::tile(Group)))
    return std::nullopt;
  return int64_t(V.Terms.X) + V.Terms.Lane;
}

/// Which lanes of each group the exit Shape lets stay: a comparison of two sides whose
/// difference grows (or shrinks) with the lane lets the lanes on one side of a bound stay.
LaneSets::StayingLanes stayingLanes(const BranchShape &Shape, Uniformity &U, unsigned Group) {
  using StayingLanes = LaneSets::StayingLanes;
  bool StaysWhereHolds = Shape.Branch.Form == DivergentBranch::Shape::Holds;
  if (!StaysWhereHolds && Shape.Branch.Form != DivergentBranch::Shape::DoesNotHold)
    return StayingLanes::Any;
  const Expr *Cond = strip(Shape.Branch.Condition);
  while (const auto *Not = dyn_cast<UnaryOperator>(Cond)) {
    if (Not->getOpcode() != UO_LNot)
      return StayingLanes::Any;
    StaysWhereHolds = !StaysWhereHolds;
    Cond = strip(Not->getSubExpr());
  }
  const auto *Compare = dyn_cast<BinaryOperator>(Cond);
  if (!Compare || !Compare->isRelationalOp())
    return StayingLanes::Any;
  std::optional<int64_t> Left = laneCoefficient(U.valueOf(Compare->getLHS()), Group);
  std::optional<int64_t> Right = laneCoefficient(U.valueOf(Compare->getRHS()), Group);
  if (!Left || !Right || *Left == *Right)
    return StayingLanes::Any;
  // `L < R` holds for the lowest lanes when L - R grows with the lane.
  bool LessThan = Compare->getOpcode() == BO_LT || Compare->getOpcode() == BO_LE;
  bool HoldsForLowest = LessThan == (*Left > *Right);
  return HoldsForLowest == StaysWhereHolds ? StayingLanes::Lowest : StayingLanes::Highest;
}

} // namespace

LaneSets::LaneVaryingExit LaneSets::laneVaryingExit(const Stmt *S, unsigned Group) {
  LaneVaryingExit Found;
  FunctionCFG *Cfg = TU.cfgOf(Function);
  const CFGBlock *Block = Cfg ? Cfg->blockOf(S) : nullptr;
  if (!Block)
    return Found;
  Group = Group && Group < WarpSize ? Group : WarpSize;
  UniformRequirement Warp = UniformRequirement::tile(Group);
  Uniformity &RowsOfWholeWarps = TU.rowsOfWholeWarpsUniformityOf(Function);
  for (const BranchShape &Shape : branchesDeciding(*Cfg, Block, S, Function)) {
    if (!Shape.Branch.Condition || !Shape.GuardsKernelExit)
      continue;
    const Expr *Cond = Shape.Branch.Condition;
    // As for the conditions around the call (mayDifferInAWarp): rows of whole warps leave
    // together (`if (row >= rows) return;` for `row = blockIdx.x * blockDim.y + threadIdx.y`).
    if (RowsOfWholeWarps.isUniformAt(Cond, Warp))
      continue;
    if (auto L = lanesWhere(Cond)) { // lane-evaluable: does any group lose only part of its lanes?
      bool Splits = false;
      uint64_t Lanes = Group >= 64 ? ~uint64_t(0) : (uint64_t(1) << Group) - 1;
      for (uint64_t M : *L)
        for (unsigned First = 0; First < WarpSize; First += Group) {
          uint64_t Left = (M & allLanes()) >> First & Lanes;
          Splits |= Left != 0 && Left != Lanes;
        }
      if (!Splits)
        continue;
    }
    StayingLanes Staying = stayingLanes(Shape, RowsOfWholeWarps, Group);
    Found.Staying = !Found.Condition || Found.Staying == Staying ? Staying : StayingLanes::Any;
    if (!Found.Condition)
      Found.Condition = Cond;
  }
  return Found;
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
