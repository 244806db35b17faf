#include "analysis/flow/Summaries.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/StmtSearch.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include <set>
#include <tuple>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Looks through what copies or converts a group without changing which group it is.
const Expr *stripGroupCopies(const Expr *E) {
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParenImpCasts();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
        Construct && Construct->getNumArgs() == 1)
      E = Construct->getArg(0);
    else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr();
    else
      return E;
  }
  return E;
}

/// Whether F assigns, increments or takes the address of its parameter P.
bool isChanged(const ParmVarDecl *P, const FunctionDecl *F) {
  auto Names = [P](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == P;
  };
  return anyWithin(F->getBody(), [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      return BO->isAssignmentOp() && Names(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      return (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
             Names(UO->getSubExpr());
    return false;
  });
}

/// The parameter of F a branch condition tests for (non-)zero, when F never changes it:
/// `sync`, `!sync`.
std::optional<ParameterGuard> parameterTest(const Expr *Cond, const FunctionDecl *F) {
  bool WhenNonZero = true;
  const Expr *E = Cond ? Cond->IgnoreParenImpCasts() : nullptr;
  while (const auto *Not = dyn_cast_or_null<UnaryOperator>(E)) {
    if (Not->getOpcode() != UO_LNot)
      return std::nullopt;
    WhenNonZero = !WhenNonZero;
    E = Not->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != F || Param->getType()->isReferenceType() ||
      !Param->getType()->isIntegralOrEnumerationType() ||
      Param->getFunctionScopeIndex() >= ObjectParameter || isChanged(Param, F))
    return std::nullopt;
  return ParameterGuard{Param->getFunctionScopeIndex(), WhenNonZero};
}

/// Collects the calls and thread exits in a function body, not descending into lambdas (their
/// bodies are functions of their own, summarised when called), and for each call the innermost
/// parameter test around it.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  explicit BodyScanner(const FunctionDecl *F) : Function(F) {}
  std::vector<const CallExpr *> Calls;
  llvm::DenseMap<const CallExpr *, ParameterGuard> Guards;
  const Stmt *FirstExit = nullptr;
  const Stmt *FirstBarrier = nullptr;

  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call)) // a device-side launch runs a new grid, not a call
      return true;
    Calls.push_back(Call);
    if (!Tests.empty() && Tests.back())
      Guards[Call] = *Tests.back();
    return true;
  }
  bool TraverseIfStmt(IfStmt *If) {
    if (If->isConsteval())
      return RecursiveASTVisitor::TraverseIfStmt(If);
    std::optional<ParameterGuard> Test = parameterTest(If->getCond(), Function);
    if (!TraverseStmt(If->getInit()) || !TraverseStmt(If->getConditionVariableDeclStmt()) ||
        !TraverseStmt(If->getCond()))
      return false;
    for (auto [Branch, Holds] : {std::pair{If->getThen(), true}, {If->getElse(), false}}) {
      std::optional<ParameterGuard> Guard = Test;
      if (Guard && !Holds)
        Guard->WhenNonZero = !Guard->WhenNonZero;
      Tests.push_back(Guard ? Guard : (Tests.empty() ? std::nullopt : Tests.back()));
      bool Continue = TraverseStmt(Branch);
      Tests.pop_back();
      if (!Continue)
        return false;
    }
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    if (!FirstExit && isThreadExit(Asm))
      FirstExit = Asm;
    if (!FirstBarrier && isBarrierAsm(Asm))
      FirstBarrier = Asm;
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  const FunctionDecl *Function;
  /// The innermost parameter test of each branch being traversed (nullopt: none).
  std::vector<std::optional<ParameterGuard>> Tests;
};

/// The effects of one summary, each collective on each group once (the first chain found to
/// it), looked up by key: a function reaching thousands of collectives adds each in constant time.
class EffectSet {
public:
  explicit EffectSet(std::vector<CollectiveEffect> &Effects) : Effects(Effects) {}
  void add(CollectiveEffect E) {
    int Guard = E.Guard ? int(E.Guard->ParamIndex * 2 + E.Guard->WhenNonZero) : -1;
    if (Keys.insert({E.Site, static_cast<int>(E.Group.Origin), static_cast<int>(E.Group.Type.Kind),
                     E.Group.Type.TileSize, E.Group.ParamIndex, Guard})
            .second)
      Effects.push_back(std::move(E));
  }

private:
  std::vector<CollectiveEffect> &Effects;
  std::set<std::tuple<const CallExpr *, int, int, unsigned, unsigned, int>> Keys;
};

/// tiled_partition(parent, n) returns a generic thread_group: its size, when constant, makes it
/// a known tile; partitions of coalesced groups are coalesced.
std::optional<GroupType> dynamicPartitionType(const Expr *E, const FunctionDecl *F) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !callsGroupFunction(Call, model::OperationId::TiledPartition) ||
      Call->getNumArgs() != 2)
    return std::nullopt;
  GroupOrigin Parent = resolveGroupOrigin(Call->getArg(0), F);
  if (Parent.isKnown(GroupKind::Coalesced))
    return GroupType{GroupKind::Coalesced, 0};
  if (std::optional<llvm::APSInt> Size = integerValue(Call->getArg(1), Callee->getASTContext()))
    return GroupType{GroupKind::DynamicTile, static_cast<unsigned>(Size->getZExtValue())};
  return GroupType{GroupKind::DynamicTile, 0};
}

/// Whether an argument may satisfy a parameter test: false only for a constant (a literal, a
/// default argument, a constant expression) that fails it.
bool passesGuard(const Expr *Arg, bool WhenNonZero, ASTContext &Ctx) {
  bool Value = false;
  if (Arg->isValueDependent() || !Arg->EvaluateAsBooleanCondition(Value, Ctx))
    return true;
  return Value == WhenNonZero;
}

} // namespace

bool isTrapCall(const CallExpr *Call) {
  // Matched by name alone: HIP's device abort() traps too, and projects wrap the trap builtins.
  const model::Operation *Op = model::findIntrinsic(calleeName(Call));
  return Op && Op->Kind == model::OperationKind::Trap;
}

/// Whether S is inline asm with an unguarded PTX instruction of Kind.
static bool asmExecutes(const Stmt *S, model::OperationKind Kind) {
  const auto *Asm = dyn_cast_or_null<GCCAsmStmt>(S);
  if (!Asm)
    return false;
  return llvm::any_of(model::ptxContents(Asm->getAsmString()).Instructions,
                      [Kind](const model::PtxContents::Instruction &I) {
                        return I.Op->Kind == Kind && !I.Guarded;
                      });
}

bool isThreadExit(const Stmt *S) {
  // PTX `exit;` ends the thread, alone or among other instructions.
  return asmExecutes(S, model::OperationKind::ThreadExit);
}

bool isBarrierAsm(const Stmt *S) { return asmExecutes(S, model::OperationKind::BlockBarrier); }

GroupOrigin resolveGroupOrigin(const Expr *GroupExpr, const FunctionDecl *F) {
  for (int Depth = 0; GroupExpr && Depth < 16; ++Depth) {
    const Expr *E = stripGroupCopies(GroupExpr);
    std::optional<GroupType> Type = groupTypeOf(E->getType());
    if (Type && Type->Kind == GroupKind::Generic)
      Type = std::nullopt;
    if (!Type)
      Type = dynamicPartitionType(E, F);
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    if (!DRE)
      return Type ? GroupOrigin::known(*Type, E) : GroupOrigin::unknown();
    // A variable: follow it to the expression that made the group, so that every use of one
    // group resolves to the same source.
    if (const auto *Param = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      if (Type)
        return GroupOrigin::known(*Type);
      return Param->getDeclContext() == F ? GroupOrigin::parameter(Param->getFunctionScopeIndex())
                                          : GroupOrigin::unknown();
    }
    const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
    if (!Var || !Var->getInit() || !Var->hasLocalStorage())
      return Type ? GroupOrigin::known(*Type, E) : GroupOrigin::unknown();
    GroupExpr = Var->getInit();
  }
  return GroupOrigin::unknown();
}

const FunctionDecl *summarisableDefinition(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || isInCooperativeGroupsNamespace(Def))
    return nullptr;
  return Def;
}

/// Whether F may run on the GPU. In CUDA and HIP a function is device code only when it is
/// __device__ or __global__, explicitly or as clang makes constexpr functions and lambdas; host
/// code executes no collective, so its summary is empty without reading it (a host function
/// that launches a kernel reaches the whole host library through its calls).
static bool mayRunOnDevice(const FunctionDecl *F) {
  return !F->getASTContext().getLangOpts().CUDA || F->hasAttr<CUDADeviceAttr>() ||
         F->hasAttr<CUDAGlobalAttr>();
}

const FunctionSummary &SummaryTable::summaryOf(const FunctionDecl *F) {
  static const FunctionSummary Empty;
  const FunctionDecl *Def = summarisableDefinition(F);
  if (!Def || !mayRunOnDevice(Def) || (Errors && Errors->breaks(Def)))
    return Empty;
  if (Done.count(Def))
    return Summaries[Def];
  if (InProgress.count(Def)) {
    MetRecursion = true; // the caller sees a partial summary; the outermost call iterates
    return Summaries[Def];
  }
  bool Outermost = InProgress.empty();
  if (Outermost) {
    MetRecursion = false;
    Opened.clear();
  }
  InProgress.insert(Def);
  if (Summaries.try_emplace(Def).second)
    Opened.push_back(Def);
  compute(Def, Summaries[Def]);
  InProgress.erase(Def);
  if (!Outermost) {
    if (!MetRecursion)
      Done.insert(Def);
    return Summaries[Def];
  }
  // Recursion met below: recompute what this call opened until no summary grows (effects are
  // deduplicated, so finite). Only those can change: every other summary is done, and visiting
  // them all on each call would make a unit of many functions quadratic.
  auto Size = [&] {
    size_t Total = 0;
    Work += Opened.size();
    for (const FunctionDecl *F : Opened)
      Total += Summaries[F].Effects.size() + (Summaries[F].ThreadExit != nullptr);
    return Total;
  };
  for (int Round = 0; MetRecursion && Round < 16; ++Round) {
    size_t Before = Size();
    llvm::SmallVector<const FunctionDecl *, 16> Pending;
    for (const FunctionDecl *F : Opened)
      if (!Done.count(F))
        Pending.push_back(F);
    for (const FunctionDecl *P : Pending) {
      InProgress.insert(P);
      compute(P, Summaries[P]);
      InProgress.erase(P);
    }
    MetRecursion = Size() != Before;
  }
  Done.insert(Opened.begin(), Opened.end());
  MetRecursion = false;
  return Summaries[Def];
}

void SummaryTable::compute(const FunctionDecl *F, FunctionSummary &Out) {
  ++Work;
  BodyScanner Scanner(F);
  Scanner.TraverseStmt(F->getBody());
  FunctionSummary Result;
  Result.ThreadExit = Scanner.FirstExit;
  Result.BarrierAsm = Scanner.FirstBarrier;
  Result.AlwaysBarrier = barrierOnEveryPath(F);
  EffectSet Effects(Result.Effects);
  Result.CallGuards = std::move(Scanner.Guards);
  Out.CallGuards = Result.CallGuards; // read by effectsOfCall while a recursion settles
  for (const CallExpr *Call : Scanner.Calls) {
    for (CollectiveEffect &E : effectsOfCall(Call, F))
      Effects.add(std::move(E));
    if (!Result.ThreadExit)
      Result.ThreadExit = threadExitOfCall(Call);
    if (!Result.BarrierAsm)
      Result.BarrierAsm = barrierAsmOfCall(Call);
  }
  // Keep what a partial (recursive) earlier round found: summaries only grow.
  for (CollectiveEffect &E : Out.Effects)
    Effects.add(std::move(E));
  if (!Result.ThreadExit)
    Result.ThreadExit = Out.ThreadExit;
  if (!Result.BarrierAsm)
    Result.BarrierAsm = Out.BarrierAsm;
  Out = std::move(Result);
}

std::vector<CollectiveEffect> SummaryTable::effectsOfCall(const CallExpr *Call,
                                                          const FunctionDecl *Caller) {
  if (auto Collective = classifyCollective(Call, Ctx)) {
    GroupOrigin Group = Collective->GroupExpr ? resolveGroupOrigin(Collective->GroupExpr, Caller)
                                              : GroupOrigin::known(Collective->Group);
    if (Group.Origin == GroupOrigin::Kind::Unknown && Collective->Group.Kind != GroupKind::Generic)
      Group = GroupOrigin::known(Collective->Group);
    return {CollectiveEffect{Collective->Kind,
                             Group,
                             Call,
                             Collective->Spelling,
                             {},
                             bindGuard(std::nullopt, Call, nullptr, Caller).Guard}};
  }
  const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call));
  if (!Callee)
    return {};
  const FunctionSummary &Summary = summaryOf(Callee);
  std::vector<CollectiveEffect> Effects;
  for (const CollectiveEffect &Inner : Summary.Effects) {
    CollectiveEffect Outer = Inner;
    Outer.Chain = Inner.Chain.prepended(Call);
    Outer.Group = bindToCall(Inner.Group, Call, Callee, Caller);
    BoundGuard Bound = bindGuard(Inner.Guard, Call, Callee, Caller);
    if (!Bound.Runs)
      continue;
    Outer.Guard = Bound.Guard;
    Effects.push_back(std::move(Outer));
  }
  return Effects;
}

const Expr *argumentForParameter(const CallExpr *Call, const FunctionDecl *Callee,
                                 unsigned ParamIndex) {
  if (ParamIndex == ObjectParameter) {
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      return Member->getImplicitObjectArgument();
    bool OnObject = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee);
    return OnObject && Call->getNumArgs() ? Call->getArg(0) : nullptr;
  }
  // Member operator calls pass the object as argument 0; parameters then start at 1.
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  unsigned Index = ParamIndex + Offset;
  return Index < Call->getNumArgs() ? Call->getArg(Index) : nullptr;
}

GroupOrigin SummaryTable::bindToCall(const GroupOrigin &InCallee, const CallExpr *Call,
                                     const FunctionDecl *Callee, const FunctionDecl *Caller) {
  if (InCallee.Origin != GroupOrigin::Kind::Parameter)
    return InCallee;
  const Expr *Arg = argumentForParameter(Call, Callee, InCallee.ParamIndex);
  return Arg ? resolveGroupOrigin(Arg, Caller) : GroupOrigin::unknown();
}

BoundGuard SummaryTable::bindGuard(const std::optional<ParameterGuard> &InCallee,
                                   const CallExpr *Call, const FunctionDecl *Callee,
                                   const FunctionDecl *Caller) {
  if (InCallee) {
    const Expr *Arg = argumentForParameter(Call, Callee, InCallee->ParamIndex);
    if (Arg && !passesGuard(Arg, InCallee->WhenNonZero, Ctx))
      return {false, std::nullopt};
    if (std::optional<ParameterGuard> Passed = parameterTest(Arg, Caller)) {
      Passed->WhenNonZero = Passed->WhenNonZero == InCallee->WhenNonZero;
      return {true, Passed};
    }
  }
  const FunctionDecl *Def = summarisableDefinition(Caller);
  if (!Def)
    return {};
  // While the caller is being summarised its tests are known already (and asking for its
  // summary again would count as recursion).
  const FunctionSummary &Own = InProgress.count(Def) ? Summaries[Def] : summaryOf(Def);
  auto Test = Own.CallGuards.find(Call);
  return {true, Test == Own.CallGuards.end() ? std::nullopt : std::optional(Test->second)};
}

const Stmt *SummaryTable::threadExitOfCall(const CallExpr *Call) {
  if (isTrapCall(Call))
    return Call;
  if (const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call)))
    return summaryOf(Callee).ThreadExit;
  return nullptr;
}

const CallExpr *SummaryTable::alwaysBarrierOfCall(const CallExpr *Call) {
  if (auto Collective = classifyCollective(Call, Ctx))
    return Collective->Kind == CollectiveKind::Barrier ||
                   Collective->Kind == CollectiveKind::WarpBarrier
               ? Call
               : nullptr;
  const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call));
  return Callee ? summaryOf(Callee).AlwaysBarrier : nullptr;
}

const CallExpr *SummaryTable::barrierOnEveryPath(const FunctionDecl *F) {
  // The body's statements in order, up to the first that may leave or branch: a wrapper's
  // body is straight-line code: the block barrier alone, or returning a block barrier's vote.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
  if (!Body)
    return nullptr;
  for (const Stmt *S : Body->body()) {
    const Expr *E = dyn_cast<Expr>(S);
    if (const auto *Return = dyn_cast<ReturnStmt>(S))
      E = Return->getRetValue();
    const auto *Call = E ? dyn_cast<CallExpr>(strip(E)) : nullptr;
    if (const CallExpr *Barrier = Call ? alwaysBarrierOfCall(Call) : nullptr)
      return Barrier;
    if (isa<ReturnStmt>(S) || (!isa<DeclStmt, NullStmt>(S) && !E))
      return nullptr; // a return, branch or loop may leave before any barrier
  }
  return nullptr;
}

const Stmt *SummaryTable::barrierAsmOfCall(const CallExpr *Call) {
  const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call));
  return Callee ? summaryOf(Callee).BarrierAsm : nullptr;
}

} // namespace coopcheck::analysis
