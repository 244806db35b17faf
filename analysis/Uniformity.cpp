#include "analysis/Uniformity.h"
#include "analysis/Groups.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;
using coopcheck::model::Scope;

namespace coopcheck::analysis {
namespace {

Scope narrowest(Scope A, Scope B) { return static_cast<int>(A) < static_cast<int>(B) ? A : B; }

const Expr *strip(const Expr *E) { return E ? E->IgnoreImplicit()->IgnoreParenImpCasts() : nullptr; }

const VarDecl *localVariable(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E)))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
        return V;
  return nullptr;
}

/// The builtin index variables: threadIdx.x is a call of a static member of
/// __cuda_builtin_threadIdx_t (through a PseudoObjectExpr).
std::optional<Scope> builtinIndexScope(const CallExpr *Call) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!MD)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<Scope>>(MD->getParent()->getName())
      .Case("__cuda_builtin_threadIdx_t", Scope::Thread)
      .Case("__cuda_builtin_blockIdx_t", Scope::Block)
      .Cases({"__cuda_builtin_blockDim_t", "__cuda_builtin_gridDim_t"}, Scope::Grid)
      .Default(std::nullopt);
}

/// What a group query returns: ranks vary, sizes do not.
Scope groupQueryScope(llvm::StringRef Method, GroupType G) {
  if (Method == "thread_rank" || Method == "thread_index")
    return Scope::Thread;
  if (Method == "block_rank" || Method == "block_index" || Method == "group_index")
    return Scope::Block;
  if (Method == "meta_group_rank")
    return Scope::Tile;
  if (Method == "grid_rank")
    return Scope::Grid;
  if (Method == "any" || Method == "all" || Method == "ballot")
    return scopeOf(G).value_or(Scope::Thread);
  if (Method == "size" || Method == "num_threads") // a coalesced group's size is its warp's
    return G.Kind == GroupKind::Coalesced ? Scope::Tile : Scope::Grid;
  if (Method == "meta_group_size" || Method == "group_dim" || Method == "dim_threads" ||
      Method == "num_blocks" || Method == "dim_blocks" || Method == "num_grids" ||
      Method == "is_valid")
    return Scope::Grid;
  return Scope::Thread;
}

bool isThreadVaryingIntrinsic(llvm::StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__atomic") || Name.starts_with("__shfl") ||
         Name.starts_with("__lanemask") || Name == "__activemask" || Name == "clock" ||
         Name == "clock64" || Name == "__laneid" || Name == "__match_any_sync" ||
         Name == "__match_all_sync";
}

} // namespace

const Decl *memoryRoot(const Expr *E) {
  for (int Depth = 0; E && Depth < 32; ++Depth) {
    E = strip(E);
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    else if (const auto *CE = dyn_cast<CastExpr>(E))
      E = CE->getSubExpr();
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // A local pointer set once from another pointer: follow it to where it points.
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getType()->isPointerType() &&
          V->getInit())
        E = V->getInit();
      else
        return DRE->getDecl();
    } else
      return nullptr;
  }
  return nullptr;
}

namespace {

/// Collects, in one walk, what gives local variables their values and what memory is written.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  DefinitionCollector(llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 4>> &Defs,
                      llvm::DenseSet<const VarDecl *> &Escaped,
                      llvm::DenseSet<const Decl *> &Written)
      : Defs(Defs), Escaped(Escaped), Written(Written) {}

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && V->getInit())
      Defs[V].push_back(V->getInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      defineOrWrite(BO->getLHS(), BO);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      defineOrWrite(UO->getSubExpr(), UO);
    else if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = localVariable(UO->getSubExpr()))
        Escaped.insert(V);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      QualType ParamType = Callee && I < Callee->getNumParams()
                               ? Callee->getParamDecl(I)->getType()
                               : QualType();
      bool ByMutableRef = !ParamType.isNull() && ParamType->isReferenceType() &&
                          !ParamType.getNonReferenceType().isConstQualified();
      if (ByMutableRef)
        if (const VarDecl *V = localVariable(Arg))
          Escaped.insert(V);
      // Memory handed to a callee through a pointer to non-const may be written there.
      QualType ArgType = Arg->IgnoreParenImpCasts()->getType();
      if (ArgType->isPointerType() && !ArgType->getPointeeType().isConstQualified())
        if (const Decl *Root = memoryRoot(Arg))
          Written.insert(Root);
    }
    return true;
  }

  bool shouldVisitLambdaBodies() const { return false; }

private:
  void defineOrWrite(const Expr *Target, const Stmt *Definition) {
    if (const VarDecl *V = localVariable(Target))
      Defs[V].push_back(Definition);
    else if (const Decl *Root = memoryRoot(Target))
      Written.insert(Root);
  }

  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 4>> &Defs;
  llvm::DenseSet<const VarDecl *> &Escaped;
  llvm::DenseSet<const Decl *> &Written;
};

} // namespace

Uniformity::Uniformity(const FunctionDecl *F, FunctionCFG *Cfg, ASTContext &Ctx)
    : Function(F), Cfg(Cfg), Ctx(Ctx), IsKernel(F && F->hasAttr<CUDAGlobalAttr>()) {
  collectDefinitions();
}

void Uniformity::collectDefinitions() {
  if (!Function || !Function->hasBody())
    return;
  DefinitionCollector Collector(Definitions, Escaped, WrittenRoots);
  Collector.TraverseStmt(Function->getBody());
}

Scope Uniformity::uniformScope(const Expr *E) {
  if (!Solving && VariableScope.empty() && !Definitions.empty())
    solveVariables();
  return exprScope(E);
}

void Uniformity::solveVariables() {
  Solving = true;
  for (const auto &Entry : Definitions)
    VariableScope[Entry.first] = Scope::MultiGrid;
  // Scopes only narrow, so this settles within (lattice height x variables) rounds.
  const int MaxRounds = 8 * static_cast<int>(Definitions.size()) + 8;
  for (int Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    for (const auto &Entry : Definitions) {
      Scope S = Scope::MultiGrid;
      for (const Stmt *Def : Entry.second) {
        if (const auto *E = dyn_cast<Expr>(Def); E && !isa<BinaryOperator>(E) &&
                                                 !isa<UnaryOperator>(E))
          S = narrowest(S, exprScope(E)); // an initializer
        else if (const auto *BO = dyn_cast<BinaryOperator>(Def))
          S = narrowest(S, BO->isCompoundAssignmentOp()
                               ? narrowest(exprScope(BO->getRHS()), VariableScope[Entry.first])
                               : exprScope(BO->getRHS()));
        S = narrowest(S, branchScope(Def));
      }
      Scope &Current = VariableScope[Entry.first];
      if (S != Current && static_cast<int>(S) < static_cast<int>(Current)) {
        Current = S;
        Changed = true;
      }
    }
    if (!Changed)
      break;
  }
  Solving = false;
}

Scope Uniformity::branchScope(const Stmt *S) {
  if (!Cfg)
    return Scope::MultiGrid;
  const CFGBlock *Block = Cfg->blockOf(S);
  if (!Block)
    return Scope::MultiGrid;
  Scope Result = Scope::MultiGrid;
  for (const CFGBlock *Branch : Cfg->controlDependencies(Block))
    if (const Expr *Cond = dyn_cast_or_null<Expr>(
            const_cast<CFGBlock *>(Branch)->getTerminatorCondition()))
      Result = narrowest(Result, exprScope(Cond));
  return Result;
}

Scope Uniformity::exprScope(const Expr *E) {
  E = strip(E);
  if (!E)
    return Scope::Thread;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, StringLiteral, UnaryExprOrTypeTraitExpr>(E))
    return Scope::MultiGrid;
  if (E->isValueDependent())
    return Scope::Thread;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declRefScope(DRE->getDecl());
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    return exprScope(POE->getResultExpr());
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return callScope(Call);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? loadScope(E) : exprScope(ME->getBase());
  if (isa<ArraySubscriptExpr>(E))
    return loadScope(E);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return loadScope(E);
    if (UO->getOpcode() == UO_AddrOf && localVariable(UO->getSubExpr()))
      return Scope::Thread; // each thread's own stack slot
    return exprScope(UO->getSubExpr());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma || BO->getOpcode() == BO_Assign)
      return exprScope(BO->getRHS());
    return narrowest(exprScope(BO->getLHS()), exprScope(BO->getRHS()));
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return narrowest(exprScope(CO->getCond()),
                     narrowest(exprScope(CO->getTrueExpr()), exprScope(CO->getFalseExpr())));
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return exprScope(CE->getSubExpr());
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    Scope S = Scope::MultiGrid;
    for (const Expr *Arg : Construct->arguments())
      S = narrowest(S, exprScope(Arg));
    return S;
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    Scope S = Scope::MultiGrid;
    for (const Expr *Item : Init->inits())
      S = narrowest(S, exprScope(Item));
    return S;
  }
  return Scope::Thread;
}

Scope Uniformity::declRefScope(const ValueDecl *D) {
  if (isa<EnumConstantDecl, FunctionDecl>(D))
    return Scope::MultiGrid;
  if (isa<ParmVarDecl>(D))
    return IsKernel ? Scope::Grid : Scope::Thread;
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V)
    return Scope::Thread;
  if (V->hasLocalStorage()) {
    if (Escaped.count(V))
      return Scope::Thread;
    auto It = VariableScope.find(V);
    if (It != VariableScope.end())
      return It->second;
    return Definitions.count(V) ? Scope::Thread : Scope::MultiGrid;
  }
  if (V->hasAttr<CUDAConstantAttr>() || V->getType().isConstQualified() || V->isConstexpr())
    return Scope::MultiGrid;
  // Device globals and static __shared__ variables: uniform only if this function never writes them.
  return WrittenRoots.count(V) ? Scope::Thread : Scope::Grid;
}

Scope Uniformity::loadScope(const Expr *Access) {
  const Decl *Root = memoryRoot(Access);
  if (!Root || WrittenRoots.count(Root))
    return Scope::Thread;
  Access = strip(Access);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Access))
    return narrowest(exprScope(ASE->getBase()), exprScope(ASE->getIdx()));
  if (const auto *UO = dyn_cast<UnaryOperator>(Access))
    return exprScope(UO->getSubExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(Access))
    return exprScope(ME->getBase());
  return Scope::Thread;
}

Scope Uniformity::callScope(const CallExpr *Call) {
  if (auto S = builtinIndexScope(Call))
    return *S;
  llvm::StringRef Name = calleeName(Call);
  if (const Expr *Object = memberCallObject(Call))
    if (auto Group = groupTypeOf(Object->getType()))
      return groupQueryScope(Name, *Group);
  if (auto Collective = classifyCollective(Call, Ctx)) {
    if (Collective->Kind == CollectiveKind::Reduce || Collective->Kind == CollectiveKind::Vote)
      return scopeOf(Collective->Group).value_or(Scope::Thread);
    if (Collective->Kind == CollectiveKind::Barrier && Name.starts_with("__syncthreads_"))
      return Scope::Block;
    return Scope::Thread;
  }
  if (Name.empty() || isThreadVaryingIntrinsic(Name))
    return Scope::Thread;
  // Library functions (math, bit operations) are as uniform as their arguments; user functions
  // may read thread indices or memory.
  const FunctionDecl *Callee = Call->getDirectCallee();
  bool Library = Callee && (Callee->getBuiltinID() ||
                            Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()));
  if (!Library)
    return Scope::Thread;
  Scope S = Scope::MultiGrid;
  for (const Expr *Arg : Call->arguments()) {
    if (strip(Arg)->getType()->isPointerType())
      return Scope::Thread;
    S = narrowest(S, exprScope(Arg));
  }
  return S;
}

} // namespace coopcheck::analysis
