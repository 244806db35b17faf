#include "analysis/launch/LaunchConfig.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/Preconditions.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include <numeric>

using namespace clang;

namespace coopcheck::analysis {

const Expr *strippedValue(const Expr *E) {
  for (const Expr *Prev = nullptr; E && E != Prev;) {
    Prev = E;
    E = E->IgnoreImplicit()->IgnoreParenCasts();
  }
  return E;
}

const Expr *addressedOperand(const Expr *E) {
  const auto *AddressOf = dyn_cast_or_null<UnaryOperator>(strippedValue(E));
  return AddressOf && AddressOf->getOpcode() == UO_AddrOf ? AddressOf->getSubExpr() : nullptr;
}

const VarDecl *namedLocal(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strippedValue(E));
  const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() ? Var : nullptr;
}

namespace {

constexpr unsigned MaxDepth = 16; ///< of definitions followed for one value

std::optional<uint64_t> integerConstant(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> Value =
      E->getType()->isIntegralOrEnumerationType() ? integerValue(E, Ctx) : std::nullopt;
  if (!Value || Value->isNegative())
    return std::nullopt;
  return Value->getLimitedValue();
}

bool isDim3(QualType T) {
  const auto *Record = T->getAsRecordDecl();
  return Record && Record->getName() == "dim3";
}

} // namespace

/// Collects, in one walk of a function, the fields and elements it stores one by one and the
/// calls it hands variables to.
class LocalStores : public RecursiveASTVisitor<LocalStores> {
public:
  explicit LocalStores(LocalValues &Values) : Values(Values) {}

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    const Expr *Target = BO->getLHS()->IgnoreParenImpCasts();
    if (const VarDecl *Var = namedLocal(Target))
      Values.Modified.insert(Var);
    const Expr *Value = BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(Target))
      storeField(Member, Value);
    else if (const auto *Element = dyn_cast<ArraySubscriptExpr>(Target))
      storeElement(Element, Value);
    return true;
  }

  // Assignments of class type (`config.gridDim = dim3(n)`, `grid = dim3(n)`) are operator calls.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (!Call->isAssignmentOp() || Call->getNumArgs() != 2)
      return true;
    const Expr *Target = Call->getArg(0)->IgnoreParenImpCasts();
    const Expr *Value = Call->getOperator() == OO_Equal ? Call->getArg(1) : nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(Target))
      storeField(Member, Value);
    else if (const auto *Element = dyn_cast<ArraySubscriptExpr>(Target))
      storeElement(Element, Value);
    else if (const VarDecl *Var = namedLocal(Target))
      Values.AssignedAsObjects.insert(Var);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    llvm::StringRef Callee = calleeName(Call);
    // A launch reads its configuration and arguments; free() ends the array's life.
    if (model::findLaunchApi(Callee) || Callee == "free")
      return true;
    for (const Expr *Arg : Call->arguments()) {
      // Passed as an lvalue: bound to a reference the callee may write through.
      if (const VarDecl *Var = namedLocal(Arg); Var && Arg->IgnoreParens()->isGLValue())
        Values.Modified.insert(Var);
      if (const Expr *Addressed = addressedOperand(Arg)) {
        if (const VarDecl *Var = namedLocal(Addressed))
          Values.StoringCalls[Var].push_back(Call);
      } else if (const VarDecl *Var = namedLocal(Arg)) {
        QualType T = Var->getType();
        if (T->isArrayType() || (T->isPointerType() && T->getPointeeType()->isPointerType()))
          Values.StoringCalls[Var].push_back(Call);
      }
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    const VarDecl *Var = namedLocal(UO->getSubExpr());
    if (!Var)
      return true;
    if (UO->isIncrementDecrementOp())
      Values.Modified.insert(Var);
    else if (UO->getOpcode() == UO_AddrOf)
      ++Values.AddressTaken[Var];
    return true;
  }

  /// `void *args[] = {&n, ...};` hands the address to whatever reads args; `int &r = n;` may
  /// write n through r.
  bool VisitVarDecl(VarDecl *Decl) {
    const Expr *Init = Decl->getInit();
    if (!Init)
      return true;
    if (Decl->getType()->isReferenceType() &&
        !Decl->getType().getNonReferenceType().isConstQualified())
      if (const VarDecl *Var = namedLocal(Init))
        Values.Modified.insert(Var);
    const auto *List = dyn_cast<InitListExpr>(Init);
    if (!List || !Decl->getType()->isArrayType())
      return true;
    const InitListExpr *Written = List->isSyntacticForm() ? List : List->getSyntacticForm();
    for (const Expr *Entry : Written->inits())
      if (const VarDecl *Var = namedLocal(addressedOperand(Entry)))
        Values.AddressInArrays[Var].push_back(Decl);
    return true;
  }

  /// The body is not walked: a local it captures by reference may change there.
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef)
        if (const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar()))
          Values.Modified.insert(Var);
    return true;
  }

  bool shouldVisitLambdaBodies() const { return false; }

private:
  /// `config.gridDim = e;` stores field gridDim of config; `config.gridDim.x = e;` part of it.
  void storeField(const MemberExpr *Member, const Expr *Value) {
    const Expr *Base = Member;
    llvm::StringRef Field;
    unsigned Levels = 0;
    while (const auto *M = dyn_cast<MemberExpr>(Base)) {
      Field = M->getMemberDecl()->getName();
      Base = M->getBase()->IgnoreParenImpCasts();
      ++Levels;
    }
    if (const VarDecl *Var = namedLocal(Base))
      Values.FieldStores[Var][Field].push_back(Levels == 1 ? Value : nullptr);
  }

  void storeElement(const ArraySubscriptExpr *Element, const Expr *Value) {
    const VarDecl *Var = namedLocal(Element->getBase());
    if (!Var)
      return;
    std::optional<uint64_t> Index = integerConstant(Element->getIdx(), Values.context());
    if (Index && Value)
      Values.ElementStores[Var][*Index] = Value;
    else
      Values.StoredAtVariableIndex.insert(Var);
  }

  LocalValues &Values;
};

LocalValues::LocalValues(UnitCache &TU, const FunctionDecl *F) : TU(TU), Function(F) {
  if (F && F->hasBody())
    LocalStores(*this).TraverseStmt(F->getBody());
}

ASTContext &LocalValues::context() const { return TU.context(); }

std::optional<llvm::SmallVector<const Expr *, 2>>
LocalValues::valuesReaching(const DeclRefExpr *Use) {
  const auto *Var = dyn_cast<VarDecl>(Use->getDecl());
  if (!Var || !Var->hasLocalStorage() || FieldStores.count(Var) || StoringCalls.count(Var) ||
      AssignedAsObjects.count(Var) || !Function)
    return std::nullopt;
  // An initializer Clang could not resolve (`dim3 b(undeclared(w))`) stays a ParenListExpr,
  // which has no type: no value.
  auto Typed = [](const Expr *Value) { return Value && !Value->getType().isNull(); };
  if (initializedOnly(Var))
    return Typed(Var->getInit()) ? std::optional(llvm::SmallVector<const Expr *, 2>{Var->getInit()})
                                 : std::nullopt;
  auto Definitions = TU.uniformityOf(Function).definitionsReaching(Use);
  if (!Definitions || Definitions->empty())
    return std::nullopt;
  llvm::SmallVector<const Expr *, 2> Values;
  for (const Stmt *Definition : *Definitions) {
    const Expr *Value = definedValue(Var, Definition);
    if (!Typed(Value))
      return std::nullopt;
    Values.push_back(Value);
  }
  return Values;
}

bool LocalValues::initializedOnly(const VarDecl *Var) const {
  if (!Var->getType()->isIntegralOrEnumerationType() || !Var->getInit() || Var->isInitCapture() ||
      isa<ParmVarDecl>(Var) || Modified.count(Var))
    return false;
  auto Taken = AddressTaken.find(Var);
  if (Taken == AddressTaken.end())
    return true;
  // Its address only goes into argument arrays that no call but a launch receives.
  auto InArrays = AddressInArrays.find(Var);
  if (InArrays == AddressInArrays.end() || InArrays->second.size() != Taken->second)
    return false;
  return llvm::none_of(InArrays->second, [&](const VarDecl *Array) {
    return StoringCalls.count(Array) || StoredAtVariableIndex.count(Array) ||
           AddressTaken.count(Array);
  });
}

const Expr *LocalValues::fieldValue(const VarDecl *Record, llvm::StringRef Field) {
  if (StoringCalls.count(Record))
    return nullptr;
  auto Stores = FieldStores.find(Record);
  if (Stores != FieldStores.end() && Stores->second.count(Field)) {
    const auto &Values = Stores->second.find(Field)->second;
    return Values.size() == 1 ? Values[0] : nullptr;
  }
  const auto *Init = dyn_cast_or_null<InitListExpr>(strippedValue(Record->getInit()));
  const RecordDecl *Type = Record->getType()->getAsRecordDecl();
  if (!Init || !Type)
    return nullptr;
  if (Init->isSyntacticForm() && Init->getSemanticForm())
    Init = Init->getSemanticForm();
  for (const FieldDecl *F : Type->fields())
    if (F->getName() == Field && F->getFieldIndex() < Init->getNumInits()) {
      const Expr *Value = Init->getInit(F->getFieldIndex());
      return isa<ImplicitValueInitExpr>(Value) ? nullptr : Value;
    }
  return nullptr;
}

std::optional<ArrayEntries> LocalValues::entriesOf(const VarDecl *Array) {
  if (StoredAtVariableIndex.count(Array) || StoringCalls.count(Array))
    return std::nullopt;
  ArrayEntries Entries;
  const Expr *Init = Array->getInit();
  if (const auto *List = dyn_cast_or_null<InitListExpr>(Init)) {
    const InitListExpr *Written = List->isSyntacticForm() ? List : List->getSyntacticForm();
    for (unsigned I = 0; I < Written->getNumInits(); ++I) {
      if (isa<DesignatedInitExpr>(Written->getInit(I)))
        return std::nullopt;
      Entries.ByIndex[I] = Written->getInit(I);
    }
  } else if (Init) {
    Entries.Capacity = allocatedElements(Init);
  }
  if (const auto *Sized = context().getAsConstantArrayType(Array->getType()))
    Entries.Capacity = Sized->getSize().getLimitedValue();
  auto Stored = ElementStores.find(Array);
  if (Stored != ElementStores.end())
    for (const auto &[Index, Value] : Stored->second)
      Entries.ByIndex[Index] = Value;
  if (Entries.ByIndex.empty())
    return std::nullopt;
  return Entries;
}

/// `malloc(3 * sizeof(void *))`, `calloc(3, sizeof(void *))`, `new void *[3]`.
std::optional<uint64_t> LocalValues::allocatedElements(const Expr *Init) const {
  const ASTContext &Ctx = context();
  Init = strippedValue(Init);
  if (const auto *New = dyn_cast<CXXNewExpr>(Init)) {
    auto Size = New->getArraySize();
    return Size && *Size ? integerConstant(*Size, Ctx) : std::nullopt;
  }
  const auto *Call = dyn_cast<CallExpr>(Init);
  if (!Call || Call->getNumArgs() == 0)
    return std::nullopt;
  llvm::StringRef Callee = calleeName(Call);
  if (Callee == "calloc")
    return integerConstant(Call->getArg(0), Ctx);
  if (Callee != "malloc")
    return std::nullopt;
  std::optional<uint64_t> Bytes = integerConstant(Call->getArg(0), Ctx);
  uint64_t Pointer = Ctx.getTypeSizeInChars(Ctx.VoidPtrTy).getQuantity();
  return Bytes ? std::optional<uint64_t>(*Bytes / Pointer) : std::nullopt;
}

llvm::ArrayRef<const CallExpr *> LocalValues::callsStoringInto(const VarDecl *Var) const {
  auto It = StoringCalls.find(Var);
  return It == StoringCalls.end() ? llvm::ArrayRef<const CallExpr *>() : It->second;
}

namespace {

/// Adds V to Into unless it is there; false once Into would hold more than MaxChoices.
template <class T> bool addChoice(llvm::SmallVectorImpl<T> &Into, const T &V) {
  if (!llvm::is_contained(Into, V))
    Into.push_back(V);
  return Into.size() <= MaxChoices;
}

/// Into and From together; false once that is more than MaxChoices.
bool addChoices(ValueChoices &Into, const ValueChoices &From) {
  return llvm::all_of(From, [&](uint64_t V) { return addChoice(Into, V); });
}

/// The one choice there is, or nullopt.
template <class Choices>
auto onlyChoice(const std::optional<Choices> &C) -> std::optional<typename Choices::value_type> {
  if (!C || C->size() != 1)
    return std::nullopt;
  return C->front();
}

} // namespace

std::optional<uint64_t> LocalValues::constantOf(const Expr *E, unsigned Depth) {
  return onlyChoice(choicesOf(E, Depth));
}

std::optional<ValueChoices> LocalValues::choicesOf(const Expr *E, unsigned Depth) {
  E = strippedValue(E);
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  if (std::optional<uint64_t> Value = integerConstant(E, context()))
    return ValueChoices{*Value};
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return constructedProducts(Construct, Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return arithmetic(BO, Depth);
  // `c ? 768 : 1024`: either, as the run decides.
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    auto True = choicesOf(Choice->getTrueExpr(), Depth + 1);
    auto False = True ? choicesOf(Choice->getFalseExpr(), Depth + 1) : std::nullopt;
    if (!False || !addChoices(*True, *False))
      return std::nullopt;
    return True;
  }
  const auto *Use = dyn_cast<DeclRefExpr>(E);
  auto Values = Use ? valuesReaching(Use) : std::nullopt;
  if (!Values)
    return std::nullopt;
  ValueChoices All;
  for (const Expr *Value : *Values) {
    std::optional<ValueChoices> Choices = choicesOf(Value, Depth + 1);
    if (!Choices || !addChoices(All, *Choices))
      return std::nullopt;
  }
  return All;
}

std::optional<ValueChoices> LocalValues::constructedProducts(const CXXConstructExpr *Construct,
                                                             unsigned Depth) {
  std::optional<Dim3Choices> Extents = dim3Choices(Construct, Depth);
  if (!Extents)
    return std::nullopt;
  ValueChoices Products;
  for (const model::Dim3 &D : *Extents)
    if (!addChoice(Products, uint64_t(D.X) * D.Y * D.Z))
      return std::nullopt;
  return Products;
}

/// Every combination of the choices along each axis.
static std::optional<Dim3Choices>
combinedExtents(llvm::ArrayRef<std::optional<ValueChoices>> Axes) {
  Dim3Choices Out{model::Dim3{}};
  for (size_t I = 0; I < Axes.size() && I < 3; ++I) {
    if (!Axes[I])
      return std::nullopt;
    Dim3Choices Next;
    for (const model::Dim3 &Partial : Out)
      for (uint64_t V : *Axes[I]) {
        if (V > UINT32_MAX)
          return std::nullopt;
        model::Dim3 D = Partial;
        D[unsigned(I)] = static_cast<unsigned>(V);
        if (!addChoice(Next, D))
          return std::nullopt;
      }
    Out = std::move(Next);
  }
  return Out;
}

/// A dim3 built from constants (`dim3(32, 4)`), a copy of one, or a local dim3 defined as one.
std::optional<Dim3Choices> LocalValues::dim3Choices(const Expr *E, unsigned Depth) {
  E = strippedValue(E);
  if (!E || Depth > MaxDepth || !isDim3(E->getType()))
    return std::nullopt;
  if (const auto *Use = dyn_cast<DeclRefExpr>(E)) {
    auto Values = valuesReaching(Use);
    if (!Values || Values->size() != 1)
      return std::nullopt;
    return dim3Choices(Values->front(), Depth + 1);
  }
  const auto *Construct = dyn_cast<CXXConstructExpr>(E);
  if (!Construct)
    return std::nullopt;
  if (Construct->getNumArgs() == 1 && isDim3(Construct->getArg(0)->getType()))
    return dim3Choices(Construct->getArg(0), Depth + 1);
  llvm::SmallVector<std::optional<ValueChoices>, 3> Axes;
  for (const Expr *Arg : Construct->arguments())
    Axes.push_back(choicesOf(Arg, Depth + 1));
  return combinedExtents(Axes);
}

std::optional<model::Dim3> LocalValues::extentsOf(llvm::ArrayRef<const Expr *> Dimensions) {
  return onlyChoice(extentChoices(Dimensions));
}

std::optional<Dim3Choices> LocalValues::extentChoices(llvm::ArrayRef<const Expr *> Dimensions) {
  const Expr *Only = Dimensions.size() == 1 ? strippedValue(Dimensions[0]) : nullptr;
  if (Only && isDim3(Only->getType()))
    return dim3Choices(Only, 0);
  if (Dimensions.empty() || Dimensions.size() > 3)
    return std::nullopt;
  llvm::SmallVector<std::optional<ValueChoices>, 3> Axes;
  for (const Expr *Dimension : Dimensions)
    Axes.push_back(choicesOf(Dimension, 0));
  return combinedExtents(Axes);
}

static std::optional<uint64_t> applied(BinaryOperatorKind Op, uint64_t L, uint64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L >= R ? std::optional<uint64_t>(L - R) : std::nullopt;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<uint64_t>(L / R) : std::nullopt;
  case BO_Shl:
    return R < 64 ? std::optional<uint64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R < 64 ? std::optional<uint64_t>(L >> R) : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<ValueChoices> LocalValues::arithmetic(const BinaryOperator *BO, unsigned Depth) {
  std::optional<ValueChoices> L = choicesOf(BO->getLHS(), Depth + 1);
  std::optional<ValueChoices> R = L ? choicesOf(BO->getRHS(), Depth + 1) : std::nullopt;
  if (!R)
    return std::nullopt;
  ValueChoices Out;
  for (uint64_t A : *L)
    for (uint64_t B : *R) {
      std::optional<uint64_t> V = applied(BO->getOpcode(), A, B);
      if (!V || !addChoice(Out, *V))
        return std::nullopt;
    }
  return Out;
}

std::optional<uint64_t> LocalValues::productOf(llvm::ArrayRef<const Expr *> Dimensions) {
  if (Dimensions.empty())
    return std::nullopt;
  uint64_t Product = 1;
  for (const Expr *Dimension : Dimensions) {
    std::optional<uint64_t> Value = constantOf(Dimension);
    if (!Value)
      return std::nullopt;
    Product *= *Value;
  }
  return Product;
}

namespace {

/// The dimensions an extensible launch takes from a configuration built in the same function.
LaunchDimensions configuredDimensions(const CallExpr *Call, const model::LaunchApi &Api,
                                      LocalValues &Values) {
  LaunchDimensions D;
  const Expr *Config = Call->getArg(Api.ConfigArg);
  if (const Expr *Addressed = addressedOperand(Config))
    Config = Addressed;
  const VarDecl *Record = namedLocal(Config);
  if (!Record || isa<ParmVarDecl>(Record) || !Record->getType()->isRecordType())
    return D;
  auto Fields = [&](std::initializer_list<llvm::StringRef> Names) {
    llvm::SmallVector<const Expr *, 3> Exprs;
    for (llvm::StringRef Name : Names)
      if (const Expr *Value = Values.fieldValue(Record, Name))
        Exprs.push_back(Value);
    return Exprs.size() == Names.size() ? Exprs : llvm::SmallVector<const Expr *, 3>();
  };
  if (Api.Driver) {
    D.Grid = Fields({"gridDimX", "gridDimY", "gridDimZ"});
    D.Block = Fields({"blockDimX", "blockDimY", "blockDimZ"});
    D.DynamicSharedMemory = Values.fieldValue(Record, "sharedMemBytes");
  } else {
    D.Grid = Fields({"gridDim"});
    D.Block = Fields({"blockDim"});
    D.DynamicSharedMemory = Values.fieldValue(Record, "dynamicSmemBytes");
  }
  return D;
}

} // namespace

LaunchDimensions launchDimensions(const LaunchSite &Launch, LocalValues &Values) {
  LaunchDimensions D;
  if (const auto *Chevrons = dyn_cast<CUDAKernelCallExpr>(Launch.Call)) {
    // <<<grid, block, shared, stream>>> is checked as a call of cudaConfigureCall(grid, ...).
    const CallExpr *Config = Chevrons->getConfig();
    if (Config && Config->getNumArgs() >= 3) {
      D.Grid = {Config->getArg(0)};
      D.Block = {Config->getArg(1)};
      D.DynamicSharedMemory = Config->getArg(2);
    }
    return D;
  }
  const auto *Call = dyn_cast<CallExpr>(Launch.Call);
  const model::LaunchApi *Api = Launch.Api;
  if (!Call || !Api)
    return D;
  if (Api->ConfigArg >= 0)
    return static_cast<unsigned>(Api->ConfigArg) < Call->getNumArgs()
               ? configuredDimensions(Call, *Api, Values)
               : D;
  // Runtime launches take one dim3 each, driver launches three scalars.
  unsigned Count = Api->Driver ? 3 : 1;
  auto Arguments = [&](int First) {
    llvm::SmallVector<const Expr *, 3> Exprs;
    if (First >= 0 && First + Count <= Call->getNumArgs())
      for (unsigned I = 0; I < Count; ++I)
        Exprs.push_back(Call->getArg(First + I));
    return Exprs;
  };
  D.Grid = Arguments(Api->GridArg);
  D.Block = Arguments(Api->BlockArg);
  int Shared = model::sharedMemoryArg(*Api);
  if (Shared >= 0 && static_cast<unsigned>(Shared) < Call->getNumArgs())
    D.DynamicSharedMemory = Call->getArg(Shared);
  return D;
}

std::optional<uint64_t> constantBlockThreads(UnitCache &TU, const LaunchSite &Launch) {
  LocalValues Values(TU, Launch.Enclosing);
  return Values.productOf(launchDimensions(Launch, Values).Block);
}

std::optional<uint64_t> constantGridBlocks(UnitCache &TU, const LaunchSite &Launch) {
  LocalValues Values(TU, Launch.Enclosing);
  return Values.productOf(launchDimensions(Launch, Values).Grid);
}

ConstantLaunchShape constantLaunchShape(UnitCache &TU, const LaunchSite &Launch) {
  LocalValues Values(TU, Launch.Enclosing);
  LaunchDimensions Dimensions = launchDimensions(Launch, Values);
  return {Values.extentsOf(Dimensions.Grid), Values.extentsOf(Dimensions.Block)};
}

std::optional<std::vector<model::Dim3>> launchedBlocks(UnitCache &TU, const FunctionDecl *Kernel) {
  std::vector<model::Dim3> Blocks;
  for (const LaunchSite &Site : TU.get<UnitLaunchSites>().sites()) {
    if (Site.Kernel && Site.Kernel->getCanonicalDecl() != Kernel->getCanonicalDecl())
      continue;
    if (!Site.Kernel)
      return std::nullopt;
    LocalValues Values(TU, Site.Enclosing);
    std::optional<Dim3Choices> Choices = Values.extentChoices(launchDimensions(Site, Values).Block);
    if (!Choices)
      return std::nullopt;
    Blocks.insert(Blocks.end(), Choices->begin(), Choices->end());
  }
  return Blocks;
}

/// What the argument Arg of the launch Site is a multiple of: a constant's magnitude, or what
/// the launching function's guards make a variable of its own that nothing in it assigns.
static uint64_t argumentMultiple(const LaunchSite &Site, const Expr *Arg, ASTContext &Ctx) {
  Arg = Arg->IgnoreParenImpCasts();
  if (std::optional<llvm::APSInt> Value = integerValue(Arg, Ctx))
    return Value->isZero() ? 1 : Value->abs().getLimitedValue(uint64_t(1) << 32);
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const Stmt *Body = Site.Enclosing ? Site.Enclosing->getBody() : nullptr;
  if (!Var || !Body || !Var->hasLocalStorage() || Var->getType()->isReferenceType())
    return 1;
  uint64_t Guarded = multipleGuardedBefore(Body, Var, Site.Call->getBeginLoc(), Ctx);
  return Guarded > 1 && !ExprMutationAnalyzer(*Body, Ctx).isMutated(Var) ? Guarded : 1;
}

std::vector<uint64_t> launchedArgumentMultiples(UnitCache &TU, const FunctionDecl *Kernel) {
  std::vector<uint64_t> Multiples;
  for (const LaunchSite &Site : TU.get<UnitLaunchSites>().sites()) {
    if (Site.Kernel && Site.Kernel->getCanonicalDecl() != Kernel->getCanonicalDecl())
      continue;
    const auto *Chevrons = dyn_cast<CUDAKernelCallExpr>(Site.Call);
    if (!Site.Kernel || !Chevrons || Site.PassedBy)
      return std::vector<uint64_t>(Kernel->getNumParams(), 1);
    Multiples.resize(Kernel->getNumParams(), 0); // 0: no launch seen yet
    for (unsigned P = 0; P < Multiples.size(); ++P)
      Multiples[P] =
          std::gcd(Multiples[P], P < Chevrons->getNumArgs()
                                     ? argumentMultiple(Site, Chevrons->getArg(P), TU.context())
                                     : 1);
  }
  return Multiples;
}

} // namespace coopcheck::analysis
