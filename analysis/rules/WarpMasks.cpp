#include "analysis/rules/WarpMasks.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/warp/LaneSets.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/bit.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

using model::OperationKind;

/// The row of a warp intrinsic that takes a lane mask, or null.
const model::Operation *maskedOperation(const CallExpr *Call) {
  const model::Operation *Op = intrinsicOf(Call);
  return Op && Op->MaskArg >= 0 ? Op : nullptr;
}

bool isWarpBarrier(const model::Operation *Op) {
  return Op && Op->Kind == OperationKind::WarpBarrier;
}

std::string intrinsicName(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  return F && F->getIdentifier() ? F->getName().str() : std::string();
}

class IntrinsicCollector : public RecursiveASTVisitor<IntrinsicCollector> {
public:
  IntrinsicCollector(UnitCache &TU) : TU(TU) {}
  std::vector<const CallExpr *> Calls;
  std::vector<const DeclRefExpr *> Refs;
  bool VisitCallExpr(CallExpr *Call) {
    if (const model::Operation *Op = TU.toolkitIntrinsicOf(Call); Op && Op->MaskArg >= 0)
      Calls.push_back(Call);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Refs.push_back(Ref);
    return true;
  }
  bool shouldVisitLambdaBodies() const { return false; }

private:
  UnitCache &TU;
};

/// Whether S contains a call of the intrinsic Name.
class NameFinder : public RecursiveASTVisitor<NameFinder> {
public:
  explicit NameFinder(llvm::StringRef Name) : Name(Name) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    if (intrinsicName(Call) == Name)
      Found = true;
    return !Found;
  }

private:
  llvm::StringRef Name;
};

bool isActivemaskCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Call)
    return false;
  const model::Operation *Op = intrinsicOf(Call);
  return (Op && Op->Kind == OperationKind::ActiveLanes) || isBallotOfTrue(Call);
}

/// Uses of the variable V that elect a leader or count lanes from a mask: the first or the count of
/// its set bits, m & lanemask.
bool discoveryUse(const VarDecl *V, const std::vector<const DeclRefExpr *> &Refs,
                  const StatementParents &Parents) {
  for (const DeclRefExpr *Ref : Refs) {
    if (Ref->getDecl() != V)
      continue;
    const Stmt *P = Parents.parentStatement(*Ref);
    for (int Up = 0; Up < 4 && P; ++Up, P = Parents.parentStatement(*P)) {
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        if (const model::Operation *Op = intrinsicOf(Call);
            Op && Op->Kind == OperationKind::MaskBits)
          return true;
        break;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->getOpcode() == BO_And || BO->getOpcode() == BO_AndAssign)
          return true;
        break;
      }
      if (!isa<ImplicitCastExpr, ParenExpr>(P))
        break;
    }
  }
  return false;
}

/// The variable Call's result is stored in (`unsigned peers = <the match>`, or `peers = ...`),
/// or null.
const VarDecl *resultVariable(const CallExpr *Call, const StatementParents &Parents) {
  DynTypedNode Parent = Parents.parentOf(*Call);
  for (int Up = 0; Up < 4; ++Up) {
    if (const auto *Var = Parent.get<VarDecl>())
      return Var;
    const Stmt *P = Parent.get<Stmt>();
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P); BO && BO->getOpcode() == BO_Assign)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        return dyn_cast<VarDecl>(Ref->getDecl());
    if (!P || !isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups>(P))
      return nullptr;
    Parent = Parents.parentOf(*P);
  }
  return nullptr;
}

/// Decides the mask sub-cases for the calls of one function.
class MaskAnalysis {
public:
  MaskAnalysis(UnitCache &TU, const FunctionDecl *F, const std::vector<const DeclRefExpr *> &Refs,
               std::optional<LaneSets::CallContext> Context = std::nullopt)
      : TU(TU), F(F), Ctx(TU.context()), Lanes(TU, F, std::move(Context)), Refs(Refs),
        WS(TU.warpSize()), Kernel(F->hasAttr<CUDAGlobalAttr>()) {}

  void analyse(const CallExpr *Call, std::vector<MaskProblem> &Out);
  /// With the context of one call of F: whether that call keeps lanes of Call's constant mask
  /// out, which F's own code lets in.
  bool analyseThroughCall(const CallExpr *Call, std::vector<MaskProblem> &Out);

private:
  MaskProblem problem(MaskProblem::Kind K, MaskProblem::Level L) const {
    return MaskProblem{K, L, Call, Name};
  }
  /// The mask of Call as the lanes it names, when it is a constant (the default mask included).
  std::optional<uint64_t> constantMask();
  bool width(const Expr *MaskArg, std::vector<MaskProblem> &Out);
  bool narrowed(const Expr *MaskArg, std::vector<MaskProblem> &Out);
  bool notAMask(const Expr *MaskArg, std::vector<MaskProblem> &Out);
  bool callerNotInMask(uint64_t M, const std::optional<LaneSets::PerWarp> &Exact,
                       std::vector<MaskProblem> &Out);
  bool lanesNeverArrive(uint64_t M, std::vector<MaskProblem> &Out);
  bool lanesMayNotArrive(uint64_t M, llvm::function_ref<bool(const BranchShape &)> Paired,
                         std::vector<MaskProblem> &Out);
  bool sourceLaneNotInMask(uint64_t M, const std::optional<LaneSets::PerWarp> &Exact,
                           std::vector<MaskProblem> &Out);
  bool laneDivergent(const Expr *Cond);
  /// Whether every lane an exit of this shape lets stay reads only from lanes that stayed too
  /// (a broadcast from the first lane after `if (tid >= n) return;`).
  bool readsOnlyStayingLanes(LaneSets::StayingLanes Staying);
  bool activeMask(const Expr *MaskArg, std::vector<MaskProblem> &Out);
  unsigned readGroup();
  std::optional<int64_t> largestValue(const Expr *E);

  UnitCache &TU;
  const FunctionDecl *F;
  ASTContext &Ctx;
  LaneSets Lanes;
  const std::vector<const DeclRefExpr *> &Refs;
  const unsigned WS;
  /// In a device function the callers may let fewer lanes in than the function's own branches
  /// do: some sub-cases hold in kernels only.
  const bool Kernel;
  const CallExpr *Call = nullptr;
  std::string Name;
  const model::Operation *Op = nullptr;
  /// Call's argument at the operation's index I (-1: none), or null when it takes the default.
  const Expr *argument(int I) const {
    return I >= 0 && unsigned(I) < Call->getNumArgs() && !isa<CXXDefaultArgExpr>(Call->getArg(I))
               ? Call->getArg(unsigned(I))
               : nullptr;
  }
  /// Call's mask argument, or null when it takes the default.
  const Expr *maskArgument() const {
    unsigned I = unsigned(Op->MaskArg);
    return I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
  }
};

/// The aligned groups of lanes a shuffle reads within: its constant width, and for a butterfly
/// the smallest power of two above its largest offset (`for (m = 8; m >= 1; m /= 2)` stays within
/// runs of 16 lanes); the warp for anything else.
unsigned MaskAnalysis::readGroup() {
  unsigned Group = WS;
  if (model::collectiveClassOf(Op->Kind) != model::CollectiveClass::Shuffle)
    return Group;
  if (auto Width = largestValue(argument(Op->WidthArg));
      Width && *Width > 0 && llvm::isPowerOf2_64(uint64_t(*Width)))
    Group = std::min<unsigned>(Group, unsigned(*Width));
  if (Op->Kind == model::OperationKind::ShuffleXor)
    if (auto Offset = largestValue(argument(Op->LaneArg)); Offset && *Offset >= 0)
      Group = std::min<unsigned>(Group, unsigned(llvm::NextPowerOf2(uint64_t(*Offset))));
  return Group;
}

/// A constant, or the largest value of the counter of the counted loop around Call.
std::optional<int64_t> MaskAnalysis::largestValue(const Expr *E) {
  if (!E)
    return std::nullopt;
  if (auto C = Lanes.constant(E))
    return C;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  auto Loop = Lanes.enclosingCountedLoop(Call);
  if (!Ref || !Loop || Ref->getDecl() != Loop->Counter || Loop->Values.empty())
    return std::nullopt;
  return *llvm::max_element(Loop->Values);
}

std::optional<uint64_t> MaskAnalysis::constantMask() {
  const Expr *MaskArg = maskArgument();
  if (!MaskArg || isa<CXXDefaultArgExpr>(MaskArg))
    return Lanes.allLanes();
  if (auto C = Lanes.constant(MaskArg))
    return uint64_t(*C) & Lanes.allLanes();
  return std::nullopt;
}

void MaskAnalysis::analyse(const CallExpr *C, std::vector<MaskProblem> &Out) {
  Call = C;
  Name = intrinsicName(Call);
  Op = maskedOperation(Call);
  const Expr *MaskArg = maskArgument();
  bool DefaultMask = !MaskArg || isa<CXXDefaultArgExpr>(MaskArg);
  uint64_t All = Lanes.allLanes();
  std::optional<uint64_t> Mask = constantMask();
  if (!Mask) {
    if (!DefaultMask && (notAMask(MaskArg, Out) || narrowed(MaskArg, Out)))
      return;
    if (!isWarpBarrier(Op) && !DefaultMask)
      activeMask(MaskArg, Out);
    return;
  }
  if (!DefaultMask && width(MaskArg, Out))
    return;
  uint64_t M = *Mask;
  auto Exact = Lanes.lanesReaching(Call);
  if (callerNotInMask(M, Exact, Out) || lanesNeverArrive(M, Out) ||
      sourceLaneNotInMask(M, Exact, Out))
    return;
  // (f) lanes that left the kernel before a full-mask shuffle or reduction.
  model::CollectiveClass Class = model::collectiveClassOf(Op->Kind);
  if (M == All &&
      (Class == model::CollectiveClass::Shuffle || Class == model::CollectiveClass::Reduce))
    if (LaneSets::LaneVaryingExit Exit = Lanes.laneVaryingExit(Call, readGroup());
        Exit.Condition && !readsOnlyStayingLanes(Exit.Staying)) {
      MaskProblem P = problem(MaskProblem::Kind::ExitedLanes, MaskProblem::Level::Warning);
      P.Mask = M;
      P.Condition = Exit.Condition;
      Out.push_back(P);
    }
}

bool MaskAnalysis::readsOnlyStayingLanes(LaneSets::StayingLanes Staying) {
  using StayingLanes = LaneSets::StayingLanes;
  if (Staying == StayingLanes::Any)
    return false;
  bool Lowest = Staying == StayingLanes::Lowest;
  // A lane that stayed reads its own value or one nearer the end of the group that stays.
  if (Op->Kind == model::OperationKind::ShuffleUp || Op->Kind == model::OperationKind::ShuffleDown)
    return (Op->Kind == model::OperationKind::ShuffleUp) == Lowest;
  const Expr *Source = argument(Op->LaneArg);
  std::optional<int64_t> Lane = Source ? Lanes.constant(Source) : std::nullopt;
  if (Op->Kind != model::OperationKind::Shuffle || !Lane || *Lane < 0)
    return false;
  // The source is the lane of that rank in the reader's group of Width lanes: its first or its
  // last.
  const Expr *WidthArgument = argument(Op->WidthArg);
  std::optional<int64_t> Width = WidthArgument ? Lanes.constant(WidthArgument) : int64_t(WS);
  if (!Width || *Width <= 0 || !llvm::isPowerOf2_64(uint64_t(*Width)))
    return false;
  uint64_t Group = std::min<uint64_t>(uint64_t(*Width), WS);
  return uint64_t(*Lane) % Group == (Lowest ? 0 : Group - 1);
}

bool MaskAnalysis::analyseThroughCall(const CallExpr *C, std::vector<MaskProblem> &Out) {
  Call = C;
  Name = intrinsicName(Call);
  Op = maskedOperation(Call);
  const LaneSets::CallContext &Context = *Lanes.context();
  std::optional<uint64_t> Mask = constantMask();
  if (!Mask)
    return false;
  uint64_t M = *Mask;
  auto Problem = [&](MaskProblem::Kind K, const Expr *Condition) {
    MaskProblem P = problem(K, MaskProblem::Level::Error);
    P.Mask = M;
    P.Condition = Condition;
    P.Via = Context.Call;
    return P;
  };
  if (Context.DataDependentGuard) {
    if (M == 0 || isWarpBarrier(Op))
      return false;
    Out.push_back(Problem(MaskProblem::Kind::LanesMayNotArrive, Context.DataDependentGuard));
    return true;
  }
  const Expr *Limiting = nullptr;
  auto Reaching = Lanes.lanesReaching(Call, nullptr, &Limiting);
  if (!Reaching)
    return false;
  LaneSets::PerWarp Present = Lanes.present(); // absent lanes count as exited (probe P13)
  for (unsigned W = 0; W < LaneSets::Warps; ++W)
    if ((*Reaching)[W] != 0)
      if (uint64_t Missing = M & ~(*Reaching)[W] & Present[W]) {
        // The condition that keeps the lanes out: the caller's, or one of F's on what it passes.
        bool CallerKeepsOut = Missing & ~Context.Entry[W];
        MaskProblem P = Problem(MaskProblem::Kind::LanesNeverArrive,
                                CallerKeepsOut ? Context.Limiting : Limiting);
        P.Lanes = Missing;
        Out.push_back(P);
        return true;
      }
  return false;
}

// (e) the width of the mask.
bool MaskAnalysis::width(const Expr *MaskArg, std::vector<MaskProblem> &Out) {
  const Expr *Written = MaskArg->IgnoreImpCasts();
  auto W = Lanes.constant(Written);
  QualType WT = Written->getType();
  bool NonNegative = W && (*W >= 0 || !WT->isSignedIntegerOrEnumerationType());
  if (!NonNegative)
    return false;
  if ((WS == 64 && Ctx.getTypeSize(WT) <= 32 && uint64_t(*W) == 0xffffffffu) ||
      (WS == 32 && uint64_t(*W) > 0xffffffffu)) {
    MaskProblem P = problem(MaskProblem::Kind::Width, MaskProblem::Level::Error);
    P.Mask = uint64_t(*W);
    Out.push_back(P);
    return true;
  }
  return false;
}

/// Whether E computes a value of more than 32 bits that is not a constant.
bool wideValue(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  return E->getType()->isIntegerType() && Ctx.getTypeSize(E->getType()) > 32 &&
         !E->isValueDependent() && !E->isIntegerConstantExpr(Ctx);
}

// (e) a 64-bit mask narrowed to 32 bits on its way to the intrinsic, by a variable or a cast.
bool MaskAnalysis::narrowed(const Expr *MaskArg, std::vector<MaskProblem> &Out) {
  if (WS != 64)
    return false;
  const Expr *Written = MaskArg->IgnoreImpCasts();
  auto Narrow = [&](const Expr *E) {
    return E->getType()->isIntegerType() && Ctx.getTypeSize(E->getType()) <= 32;
  };
  if (!Narrow(Written))
    return false;
  const Expr *Source = nullptr;
  const VarDecl *Holder = nullptr;
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Written->IgnoreParens())) {
    Source = Cast->getSubExpr();
  } else if (const auto *Ref = dyn_cast<DeclRefExpr>(Written->IgnoreParens())) {
    Holder = dyn_cast<VarDecl>(Ref->getDecl());
    Source = Lanes.singleDefinitionValue(Ref);
  }
  if (!Source || !wideValue(Source, Ctx))
    return false;
  MaskProblem P = problem(MaskProblem::Kind::Narrowed, MaskProblem::Level::Error);
  P.Holder = Holder;
  Out.push_back(P);
  return true;
}

// A value that cannot be a mask: floating point or a pointer.
bool MaskAnalysis::notAMask(const Expr *MaskArg, std::vector<MaskProblem> &Out) {
  QualType T = MaskArg->IgnoreImpCasts()->getType();
  if (!T->isRealFloatingType() && !T->isPointerType())
    return false;
  Out.push_back(problem(MaskProblem::Kind::NotAMask, MaskProblem::Level::Error));
  return true;
}

// (b) the calling lane is not in its mask.
bool MaskAnalysis::callerNotInMask(uint64_t M, const std::optional<LaneSets::PerWarp> &Exact,
                                   std::vector<MaskProblem> &Out) {
  if (!Exact || !Kernel)
    return false;
  for (unsigned W = 0; W < LaneSets::Warps; ++W)
    if (uint64_t Outside = (*Exact)[W] & ~M) {
      MaskProblem P = problem(MaskProblem::Kind::CallerNotInMask, MaskProblem::Level::Error);
      P.Mask = M;
      P.Lanes = Outside;
      Out.push_back(P);
      return true;
    }
  return false;
}

/// Whether Cond splits some warp: lanes where it holds and lanes where it does not.
bool MaskAnalysis::laneDivergent(const Expr *Cond) {
  if (auto L = Lanes.lanesWhere(Cond)) {
    LaneSets::PerWarp Present = Lanes.present();
    for (unsigned W = 0; W < LaneSets::Warps; ++W)
      if (uint64_t Holds = (*L)[W] & Present[W]; Holds != 0 && Holds != Present[W])
        return true;
    return false;
  }
  return !TU.uniformityOf(F).isUniformAt(Cond, UniformRequirement::tile(WS));
}

// (a) the mask names lanes that never reach this call (nor the same intrinsic on the other side
// of a branch: valid from sm_70 on, where independent thread scheduling pairs the two calls).
bool MaskAnalysis::lanesNeverArrive(uint64_t M, std::vector<MaskProblem> &Out) {
  const Expr *Limiting = nullptr;
  bool PairedAcrossLanes = false;
  auto PairedOnTheOtherSide = [&](const BranchShape &B) {
    if (!B.OtherSide)
      return false;
    NameFinder Finder(Name);
    Finder.TraverseStmt(const_cast<Stmt *>(B.OtherSide));
    if (Finder.Found && laneDivergent(B.Branch.Condition))
      PairedAcrossLanes = true;
    return Finder.Found;
  };
  auto Paired = Lanes.lanesReaching(Call, PairedOnTheOtherSide, &Limiting);
  if (!Paired)
    return lanesMayNotArrive(M, PairedOnTheOtherSide, Out);
  LaneSets::PerWarp Present = Lanes.present(); // absent lanes count as exited (probe P13)
  for (unsigned W = 0; W < LaneSets::Warps; ++W)
    if ((*Paired)[W] != 0)
      if (uint64_t Missing = M & ~(*Paired)[W] & Present[W]) {
        MaskProblem P = problem(MaskProblem::Kind::LanesNeverArrive, MaskProblem::Level::Error);
        P.Mask = M;
        P.Lanes = Missing;
        P.Condition = Limiting;
        Out.push_back(P);
        return true;
      }
  // A device function's conditions on its parameters differ between lanes where a caller passes
  // per-lane values (`helper(in, i, n)` guarding with `i < n`).
  if (!Kernel && lanesMayNotArrive(M, PairedOnTheOtherSide, Out))
    return true;
  // Before sm_70 the sides of a branch run one after the other, each waiting for lanes that are
  // on the other side.
  std::optional<unsigned> Arch = TU.cudaArch();
  if (PairedAcrossLanes && M == Lanes.allLanes() && Arch && *Arch < 700) {
    MaskProblem P = problem(MaskProblem::Kind::PairedBeforeVolta, MaskProblem::Level::Note);
    P.Mask = M;
    Out.push_back(P);
  }
  return false;
}

// (a) which lanes arrive is decided by data: any lane of the mask may be left out. The warp
// barrier is left alone: every warp barrier pairs with any other on sm_70 and later.
bool MaskAnalysis::lanesMayNotArrive(uint64_t M,
                                     llvm::function_ref<bool(const BranchShape &)> Paired,
                                     std::vector<MaskProblem> &Out) {
  if (M == 0 || isWarpBarrier(Op))
    return false;
  const Expr *Guard = Lanes.dataDependentGuard(Call, Paired);
  if (!Guard)
    return false;
  MaskProblem P = problem(MaskProblem::Kind::LanesMayNotArrive, MaskProblem::Level::Error);
  P.Mask = M;
  P.Condition = Guard;
  Out.push_back(P);
  return true;
}

// (d) a source lane outside the mask.
bool MaskAnalysis::sourceLaneNotInMask(uint64_t M, const std::optional<LaneSets::PerWarp> &Exact,
                                       std::vector<MaskProblem> &Out) {
  // A shuffle from a source lane (not a delta or a butterfly) in its `_sync` form.
  unsigned SrcArg = unsigned(Op->LaneArg), WidthArg = unsigned(Op->WidthArg);
  if (Op->Kind != OperationKind::Shuffle || Op->LaneArg < 0 || !Exact ||
      Call->getNumArgs() <= SrcArg)
    return false;
  const std::vector<int64_t> *Src = Lanes.values(Call->getArg(SrcArg));
  std::optional<int64_t> Width = Op->WidthArg >= 0 && Call->getNumArgs() > WidthArg
                                     ? Lanes.constant(Call->getArg(WidthArg))
                                     : std::optional<int64_t>(WS);
  if (!Src || !(Kernel || Lanes.constant(Call->getArg(SrcArg))) || !Width || *Width <= 0 ||
      uint64_t(*Width) > WS || !llvm::isPowerOf2_64(*Width))
    return false;
  for (unsigned W = 0; W < LaneSets::Warps; ++W)
    for (unsigned L = 0; L < WS; ++L) {
      if (!((*Exact)[W] >> L & 1))
        continue;
      uint64_t S = (L / *Width) * *Width + uint64_t((*Src)[W * WS + L]) % *Width;
      if (!(M >> S & 1)) {
        MaskProblem P = problem(MaskProblem::Kind::SourceLaneNotInMask, MaskProblem::Level::Error);
        P.Mask = M;
        P.SourceLane = unsigned(S);
        Out.push_back(P);
        return true;
      }
    }
  return false;
}

// (c) the active-lane mask as the mask of a vote or shuffle in data-dependent code.
bool MaskAnalysis::activeMask(const Expr *MaskArg, std::vector<MaskProblem> &Out) {
  const Expr *Source = MaskArg->IgnoreParenImpCasts();
  const VarDecl *Var = nullptr;
  if (!isActivemaskCall(Source)) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Source);
    const Expr *Def = Ref ? Lanes.singleDefinitionValue(Ref) : nullptr;
    if (!Def || !isActivemaskCall(Def))
      return false;
    Var = dyn_cast<VarDecl>(Ref->getDecl());
  }
  const FunctionCFG *Cfg = TU.cfgOf(F);
  if (!Cfg)
    return false;
  if (Var && discoveryUse(Var, Refs, Cfg->parents()))
    return false;
  // The discovery idiom one step on (peers: a match of the key among the active lanes, then a
  // leader: the lowest lane of peers): a match names only lanes that computed it, so its result is
  // the mask of exactly the lanes there, whichever happened to be converged.
  if (Op->Kind == OperationKind::MatchAny)
    if (const VarDecl *Peers = resultVariable(Call, Cfg->parents());
        Peers && discoveryUse(Peers, Refs, Cfg->parents()))
      return false;
  const Expr *Guard = Lanes.dataDependentGuard(Call);
  if (!Guard)
    return false;
  MaskProblem P = problem(MaskProblem::Kind::ActiveMaskInDivergentCode, MaskProblem::Level::Error);
  P.Condition = Guard;
  Out.push_back(P);
  return true;
}

} // namespace

std::vector<MaskProblem> maskProblems(UnitCache &TU, const FunctionDecl *F) {
  std::vector<MaskProblem> Out;
  if (!F->hasBody() || !TU.cfgOf(F))
    return Out;
  IntrinsicCollector Collector(TU);
  Collector.TraverseStmt(F->getBody());
  if (Collector.Calls.empty())
    return Out;
  MaskAnalysis Analysis(TU, F, Collector.Refs);
  // Each call's problems stand alone: at the unit's time bound those found so far are reported.
  llvm::SmallPtrSet<const CallExpr *, 8> Decided;
  for (const CallExpr *Call : Collector.Calls) {
    if (TU.outOfTime())
      break;
    size_t Before = Out.size();
    Analysis.analyse(Call, Out);
    if (Out.size() != Before)
      Decided.insert(Call);
  }
  if (Decided.size() == Collector.Calls.size())
    return Out;
  for (LaneSets::CallContext &Context : LaneSets::contextsOf(TU, F)) {
    MaskAnalysis InCall(TU, F, Collector.Refs, std::move(Context));
    for (const CallExpr *Call : Collector.Calls)
      if (!Decided.count(Call) && InCall.analyseThroughCall(Call, Out))
        break;
  }
  return Out;
}

} // namespace coopcheck::analysis
