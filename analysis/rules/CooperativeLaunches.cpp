#include "analysis/rules/CooperativeLaunches.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/StmtSearch.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

constexpr unsigned MaxDepth = 16; ///< of definitions followed from a grid expression

/// The type an entry of an argument array points to: `&x`, `(void *)&x`, a typed pointer
/// variable. Null when the entry does not show it (a void *, nullptr).
QualType pointeeOf(const Expr *Entry) {
  if (const Expr *Addressed = addressedOperand(Entry))
    return Addressed->getType();
  QualType T = strippedValue(Entry)->getType();
  return T->isPointerType() && !T->getPointeeType()->isVoidType() ? T->getPointeeType()
                                                                  : QualType();
}

/// Whether a value of type Pointee is read correctly as Parameter. A real call converts
/// `float *` to `const float *`; the runtime copies bytes, and qualifiers at any pointer level,
/// void pointers and integers of the same width all leave the bytes meaning the same.
bool readsAs(QualType Pointee, QualType Parameter, const ASTContext &Ctx) {
  QualType A = Pointee.getCanonicalType(), P = Parameter.getCanonicalType();
  while (A->isPointerType() && P->isPointerType()) {
    A = A->getPointeeType();
    P = P->getPointeeType();
    if (A->isVoidType() || P->isVoidType())
      return true;
  }
  if (Ctx.hasSameUnqualifiedType(A, P))
    return true;
  return A->isIntegralOrEnumerationType() && P->isIntegralOrEnumerationType() &&
         Ctx.getTypeSize(A) == Ctx.getTypeSize(P);
}

/// Calls whose result is as sized as their arguments: a grid through them is still the grid.
bool passesSizeThrough(const CallExpr *Call) {
  return llvm::StringSwitch<bool>(calleeName(Call))
      .Cases({"min", "max", "fmin", "fmax", "fminf", "fmaxf"}, true)
      .Cases({"ceil", "ceilf", "floor", "floorf"}, true)
      .Default(false);
}

/// Whether Call stores the multiprocessor's occupancy or the multiprocessor count into Var:
/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Var, ...)`,
/// `cudaDeviceGetAttribute(&Var, cudaDevAttrMultiProcessorCount, device)`.
bool measuresDevice(const CallExpr *Call, const VarDecl *Var) {
  llvm::StringRef Callee = calleeName(Call);
  if (Call->getNumArgs() < 2)
    return false;
  if (namedLocal(addressedOperand(Call->getArg(0))) != Var)
    return false;
  if (model::isOccupancyQueryName(Callee))
    return true;
  const auto *Attribute = dyn_cast<DeclRefExpr>(strippedValue(Call->getArg(1)));
  return Callee.ends_with("DeviceGetAttribute") && Attribute &&
         model::isMultiprocessorCountName(Attribute->getDecl()->getName());
}

/// Walks what a grid is computed from, through local variables, noting where its size comes
/// from: the device (occupancy, multiprocessor count), calls it cannot see into, divisions.
class GridSources {
public:
  explicit GridSources(LocalValues &Values) : Values(Values) {}

  bool FromDevice = false;
  bool ThroughUnknownCall = false;
  const Expr *Division = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 8> Variables; ///< the grid is computed from

  void walk(const Expr *E, unsigned Depth) {
    E = strippedValue(E);
    if (!E || Depth > MaxDepth || !Seen.insert(E).second || Values.constantOf(E))
      return;
    if (const auto *Use = dyn_cast<DeclRefExpr>(E))
      return walkVariable(Use, Depth);
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      FromDevice |= model::isMultiprocessorCountName(Member->getMemberDecl()->getName());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      bool Divides = BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr;
      if (Divides && !Division && !Values.constantOf(BO->getLHS()))
        Division = BO;
      walk(BO->getLHS(), Depth + 1);
      return walk(BO->getRHS(), Depth + 1);
    }
    if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
      walk(Choice->getTrueExpr(), Depth + 1);
      return walk(Choice->getFalseExpr(), Depth + 1);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return walk(UO->getSubExpr(), Depth + 1);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
      return walkAll(Construct->arguments(), Depth);
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (passesSizeThrough(Call))
        return walkAll(Call->arguments(), Depth);
      ThroughUnknownCall = true;
    }
  }

private:
  template <typename Range> void walkAll(Range Exprs, unsigned Depth) {
    for (const Expr *E : Exprs)
      walk(E, Depth + 1);
  }

  void walkVariable(const DeclRefExpr *Use, unsigned Depth) {
    const auto *Var = dyn_cast<VarDecl>(Use->getDecl());
    if (!Var)
      return;
    Variables.insert(Var);
    for (const CallExpr *Call : Values.callsStoringInto(Var))
      FromDevice |= measuresDevice(Call, Var);
    if (auto Defined = Values.valuesReaching(Use))
      walkAll(*Defined, Depth);
  }

  LocalValues &Values;
  llvm::SmallPtrSet<const Expr *, 16> Seen;
};

/// Finds a comparison in a function body that checks the grid against what the device holds
/// (`if (blocks > maxBlocksPerSm * smCount) fail();`): a launch so guarded never exceeds it.
class DeviceBoundChecks : public RecursiveASTVisitor<DeviceBoundChecks> {
public:
  DeviceBoundChecks(const GridSources &Grid, LocalValues &Values) : Grid(Grid), Values(Values) {}
  bool Found = false;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isRelationalOp())
      Found |= bounds(BO->getLHS(), BO->getRHS()) || bounds(BO->getRHS(), BO->getLHS());
    return !Found;
  }

private:
  bool bounds(const Expr *Side, const Expr *Other) {
    if (!mentions(Side, Grid.Variables))
      return false;
    GridSources Bound(Values);
    Bound.walk(Other, 0);
    return Bound.FromDevice;
  }

  const GridSources &Grid;
  LocalValues &Values;
};

/// Finds whether an expression is evaluated as a statement of its own in a function body.
class StatementPositions : public RecursiveASTVisitor<StatementPositions> {
public:
  explicit StatementPositions(const Expr *Target) : Target(Target) {}
  bool Found = false;

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (const Stmt *Child : S->body())
      check(Child);
    return !Found;
  }
  bool VisitIfStmt(IfStmt *S) {
    check(S->getThen());
    check(S->getElse());
    return !Found;
  }
  bool VisitForStmt(ForStmt *S) { return checkBody(S->getBody()); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return checkBody(S->getBody()); }
  bool VisitWhileStmt(WhileStmt *S) { return checkBody(S->getBody()); }
  bool VisitDoStmt(DoStmt *S) { return checkBody(S->getBody()); }
  bool VisitSwitchCase(SwitchCase *S) { return checkBody(S->getSubStmt()); }
  bool VisitLabelStmt(LabelStmt *S) { return checkBody(S->getSubStmt()); }
  bool VisitAttributedStmt(AttributedStmt *S) { return checkBody(S->getSubStmt()); }

private:
  bool checkBody(const Stmt *S) {
    check(S);
    return !Found;
  }
  void check(const Stmt *S) {
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      Found |= E->IgnoreImplicit()->IgnoreParens() == Target;
  }

  const Expr *Target;
};

DeclContextLookupResult declaredAtFileScope(ASTContext &Ctx, llvm::StringRef Name) {
  auto It = Ctx.Idents.find(Name);
  if (It == Ctx.Idents.end())
    return {};
  return Ctx.getTranslationUnitDecl()->lookup(DeclarationName(It->getValue()));
}

bool readsCooperativeLaunchField(const NamedDecl *D) {
  const RecordDecl *Record = nullptr;
  if (const auto *Typedef = dyn_cast<TypedefNameDecl>(D))
    Record = Typedef->getUnderlyingType()->getAsRecordDecl();
  else if (const auto *R = dyn_cast<RecordDecl>(D))
    Record = R->getDefinition();
  if (!Record)
    return false;
  return llvm::any_of(Record->fields(), [](const FieldDecl *F) {
    return F->getName() == "cooperativeLaunch" && F->isReferenced();
  });
}

class SharedVariables : public RecursiveASTVisitor<SharedVariables> {
public:
  explicit SharedVariables(const ASTContext &Ctx) : Ctx(Ctx) {}
  uint64_t Bytes = 0;

  bool VisitVarDecl(VarDecl *V) {
    QualType T = V->getType();
    if (V->hasAttr<CUDASharedAttr>() && !V->hasExternalStorage() && !T->isDependentType() &&
        T->isConstantSizeType())
      Bytes += Ctx.getTypeSizeInChars(T).getQuantity();
    return true;
  }

private:
  const ASTContext &Ctx;
};

} // namespace

std::optional<ArgumentArrayReview> reviewArgumentArray(const LaunchSite &Launch,
                                                       LocalValues &Values) {
  const auto *Call = dyn_cast<CallExpr>(Launch.Call);
  const model::LaunchApi *Api = Launch.Api;
  if (!Call || !Launch.Kernel || !Api || Api->ArgsArg < 0 ||
      static_cast<unsigned>(Api->ArgsArg) >= Call->getNumArgs())
    return std::nullopt;
  // `args`, `(void **)args`: an array or pointer of the launching function, not a parameter.
  const VarDecl *Array = namedLocal(Call->getArg(Api->ArgsArg));
  std::optional<ArrayEntries> Entries =
      Array && !isa<ParmVarDecl>(Array) ? Values.entriesOf(Array) : std::nullopt;
  if (!Entries)
    return std::nullopt;
  // The definition names the parameters where a declaration may not.
  const FunctionDecl *Kernel =
      Launch.Kernel->getDefinition() ? Launch.Kernel->getDefinition() : Launch.Kernel;
  ArgumentArrayReview Review;
  Review.Array = Array;
  Review.Parameters = Kernel->getNumParams();
  uint64_t Set = Entries->ByIndex.rbegin()->first + 1;
  Review.Entries = Entries->Capacity ? std::min(Set, *Entries->Capacity) : Set;
  for (const auto &[Index, Entry] : Entries->ByIndex) {
    if (Index >= Review.Entries || Index >= Review.Parameters)
      break;
    const ParmVarDecl *Parameter = Kernel->getParamDecl(Index);
    QualType Pointee = pointeeOf(Entry);
    if (!Pointee.isNull() && !readsAs(Pointee, Parameter->getType(), Values.context()))
      Review.Mismatches.push_back({static_cast<unsigned>(Index), Entry, Pointee, Parameter});
  }
  return Review;
}

std::optional<GridBeyondCoResidency>
gridBeyondCoResidency(const LaunchSite &Launch, LocalValues &Values,
                      llvm::ArrayRef<const model::GpuPart *> Parts) {
  LaunchDimensions D = launchDimensions(Launch, Values);
  std::optional<uint64_t> Blocks = Values.productOf(D.Grid);
  if (!Blocks || *Blocks == 0)
    return std::nullopt;
  GridBeyondCoResidency Grid;
  Grid.Blocks = *Blocks;
  Grid.Block.Threads = Values.productOf(D.Block);
  // Shared memory that is not a constant counts as none: the limit stays an upper bound.
  uint64_t Dynamic =
      D.DynamicSharedMemory ? Values.constantOf(D.DynamicSharedMemory).value_or(0) : 0;
  Grid.Block.SharedMemoryBytes = staticSharedMemory(Launch.Kernel) + Dynamic;
  std::optional<model::CoResidency> Limit = model::mostCoResidentBlocks(Parts, Grid.Block);
  if (!Limit || Grid.Blocks <= Limit->Blocks)
    return std::nullopt;
  Grid.Limit = *Limit;
  return Grid;
}

const Expr *problemSizedGrid(const LaunchSite &Launch, LocalValues &Values) {
  LaunchDimensions D = launchDimensions(Launch, Values);
  if (D.Grid.empty() || Values.productOf(D.Grid))
    return nullptr;
  GridSources Sources(Values);
  for (const Expr *Dimension : D.Grid)
    Sources.walk(Dimension, 0);
  if (Sources.FromDevice || Sources.ThroughUnknownCall || !Sources.Division)
    return nullptr;
  if (Launch.Enclosing && Launch.Enclosing->hasBody()) {
    DeviceBoundChecks Checks(Sources, Values);
    Checks.TraverseStmt(Launch.Enclosing->getBody());
    if (Checks.Found)
      return nullptr;
  }
  return Sources.Division;
}

bool launchResultIgnored(const LaunchSite &Launch) {
  if (!Launch.Enclosing || !Launch.Enclosing->hasBody())
    return false;
  StatementPositions Positions(Launch.Call);
  Positions.TraverseStmt(Launch.Enclosing->getBody());
  return Positions.Found;
}

bool queriesCooperativeLaunchSupport(ASTContext &Ctx) {
  // Sema marks a declaration referenced wherever an expression names it, so the bits answer
  // for the whole unit without walking it.
  for (llvm::StringRef Attribute : model::cooperativeLaunchSupportAttributes())
    for (const NamedDecl *D : declaredAtFileScope(Ctx, Attribute))
      if (D->isReferenced())
        return true;
  for (llvm::StringRef Properties : model::devicePropertiesStructs())
    for (const NamedDecl *D : declaredAtFileScope(Ctx, Properties))
      if (readsCooperativeLaunchField(D))
        return true;
  return false;
}

uint64_t staticSharedMemory(const FunctionDecl *Kernel) {
  const FunctionDecl *Definition = nullptr;
  if (!Kernel || !Kernel->hasBody(Definition))
    return 0;
  SharedVariables Shared(Definition->getASTContext());
  Shared.TraverseStmt(Definition->getBody());
  return Shared.Bytes;
}

} // namespace coopcheck::analysis
