#include "analysis/flow/Uniformity.h"
#include "analysis/flow/Branches.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/Preconditions.h"
#include "analysis/flow/Summaries.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include <cstdlib>
#include <numeric>

using namespace clang;
using coopcheck::model::Scope;

namespace coopcheck::analysis {

namespace {
constexpr unsigned MaxGranule = 1024; // the largest block
bool atLeast(Scope A, Scope B) { return model::isWiderOrEqual(A, B); }
} // namespace

UniformValue meet(UniformValue A, UniformValue B) {
  if (A.Pending || B.Pending) // what is not evaluated yet takes nothing away (yet)
    return A.Pending ? B : A;
  UniformValue R;
  R.Params = A.Params | B.Params;
  R.Reads = A.Reads | B.Reads;
  R.ReducedParams = A.ReducedParams | B.ReducedParams;
  R.Fields = A.Fields | B.Fields;
  R.Unknown = A.Unknown || B.Unknown;
  R.Level = atLeast(A.Level, B.Level) ? B.Level : A.Level;
  if (R.Level != Scope::Thread)
    return R;
  R.SameInEachWarp = A.sameInEachWarp() && B.sameInEachWarp();
  // Below a block, the shared runs are as long as the shorter of the sub-block operands.
  unsigned GA = A.Level == Scope::Thread ? A.Granule : MaxGranule;
  unsigned GB = B.Level == Scope::Thread ? B.Granule : MaxGranule;
  R.Granule = std::min(GA, GB);
  // A rank combined with block-uniform values stays rank-like only through the operators that
  // keep it so; binaryValue decides those. Here it is lost.
  R.Rank = false;
  return R;
}

UniformValue wholeWarpResult(UniformValue A, unsigned WarpSize) {
  if (A.Pending)
    return A;
  // The parameters stay in either case, so that a narrower A never gives fewer of them (the
  // fixpoint only ever narrows).
  UniformValue R = !A.sameInEachWarp() || A.Reads || A.Fields
                       ? UniformValue::granule(WarpSize)
                       : UniformValue::at(atLeast(A.Level, Scope::Block) ? A.Level : Scope::Block);
  R.ReducedParams = A.Params | A.ReducedParams;
  return R;
}

UniformValue bindParameters(UniformValue InCallee,
                            llvm::function_ref<std::optional<UniformValue>(unsigned)> Argument,
                            unsigned WarpSize) {
  UniformValue V = InCallee;
  V.Params = V.ReducedParams = 0;
  for (unsigned P = 0; P < 64; ++P) {
    uint64_t Bit = uint64_t(1) << P;
    if (!((InCallee.Params | InCallee.ReducedParams) & Bit))
      continue;
    UniformValue Arg = Argument(P).value_or(UniformValue::perThread());
    if (InCallee.Params & Bit)
      V = meet(V, Arg);
    if (InCallee.ReducedParams & Bit)
      V = meet(V, wholeWarpResult(Arg, WarpSize));
  }
  return V;
}

UniformValue restOf(UniformValue V) {
  if (!V.Terms.any())
    return V;
  UniformValue Rest;
  Rest.Level = V.RestLevel;
  Rest.Granule = V.RestGranule;
  Rest.Params = V.Params;
  Rest.Reads = V.Reads;
  Rest.ReducedParams = V.ReducedParams;
  Rest.Fields = V.Fields;
  Rest.Unknown = V.Unknown;
  return Rest;
}

namespace {
/// Whole, remembered as Terms plus a rest shared as Rest.
UniformValue attachTerms(UniformValue Whole, ThreadTerms Terms, UniformValue Rest) {
  Whole.Terms = Terms;
  Whole.RestLevel = Rest.Level;
  Whole.RestGranule = Rest.Level == Scope::Thread ? Rest.Granule : 1;
  Whole.Params |= Rest.Params;
  Whole.Reads |= Rest.Reads;
  Whole.ReducedParams |= Rest.ReducedParams;
  Whole.Fields |= Rest.Fields;
  Whole.Unknown |= Rest.Unknown;
  return Whole;
}
} // namespace

UniformValue withTerms(ThreadTerms Terms, UniformValue Rest, UniformValue Whole,
                       unsigned WarpSize) {
  Rest = restOf(Rest);
  if (Rest.Pending || Whole.Pending)
    return UniformValue::pending();
  if (!Terms.any())
    return Rest;
  return attachTerms(Terms.warpBase() ? meet(Rest, UniformValue::granule(WarpSize)) : Whole, Terms,
                     Rest);
}

UniformValue withoutTerms(UniformValue V) {
  UniformValue Plain = V;
  Plain.Terms = {};
  Plain.RestLevel = UniformValue().RestLevel;
  Plain.RestGranule = UniformValue().RestGranule;
  return Plain;
}

UniformValue join(UniformValue A, UniformValue B) {
  if (A.Pending || B.Pending)
    return A.Pending ? B : A;
  // The meet is the whole value: for two warp bases too, each already shared by a warp at most.
  UniformValue Whole = meet(A, B);
  if (A.Terms != B.Terms || !A.Terms.any())
    return Whole;
  return attachTerms(Whole, A.Terms, meet(restOf(A), restOf(B)));
}

bool satisfies(UniformValue V, UniformRequirement R) {
  if (R.Level != Scope::Thread)
    return atLeast(V.Level, R.Level);
  return V.Level != Scope::Thread || V.Granule >= R.Granule;
}

namespace {

/// A variable no code may change once it is initialised: const, and no object with mutable
/// fields (a reference or pointer to it does not let a callee or a closure write it).
bool isConstant(const VarDecl *V) {
  QualType Type = V->getType();
  if (!Type.isConstQualified() || Type->isReferenceType())
    return false;
  const auto *Record = Type->getAsCXXRecordDecl();
  return !Record || !Record->hasDefinition() || !Record->hasMutableFields();
}

/// A variable of the function itself, parameters included (a pointer parameter advanced with
/// `p += blockIdx.x` is given a new value, not written through).
/// A local variable; with ReferenceParameters, also a reference parameter the function may
/// assign: within a function that no barrier orders, it takes the values given to it in turn.
bool holdsOwnValue(const VarDecl *V, bool ReferenceParameters = false) {
  QualType Type = V->getType();
  bool AssignableReference = ReferenceParameters && isa<ParmVarDecl>(V) &&
                             Type->isReferenceType() &&
                             !Type.getNonReferenceType().isConstQualified();
  return V->hasLocalStorage() && (!Type->isReferenceType() || AssignableReference) &&
         !V->hasAttr<CUDASharedAttr>();
}

const VarDecl *localVariable(const Expr *E, bool ReferenceParameters = false) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E)))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && holdsOwnValue(V, ReferenceParameters))
      return V;
  return nullptr;
}

/// What a group query or collective returns, from its row's result: ranks vary, sizes do not.
UniformValue groupMethodValue(const model::Operation &Op, GroupType G) {
  using model::ResultUniformity;
  switch (Op.Result) {
  case ResultUniformity::GroupRank:
    return UniformValue::rank();
  case ResultUniformity::Block:
    return UniformValue::at(Scope::Block);
  case ResultUniformity::Grid:
    return UniformValue::at(Scope::Grid);
  case ResultUniformity::GroupIndex:
  case ResultUniformity::Group:
    if (G.Kind == GroupKind::Tile)
      return UniformValue::granule(G.TileSize);
    // The same in each tile, of a size not known here: what rests on it is undecided.
    if (G.Kind == GroupKind::DynamicTile)
      return UniformValue::unknown();
    if (Op.Result == ResultUniformity::GroupIndex)
      return UniformValue::perThread();
    if (auto S = scopeOf(G); S && atLeast(*S, Scope::Block))
      return UniformValue::at(*S);
    return UniformValue::perThread();
  case ResultUniformity::GroupSize: // a coalesced group's size is its warp's
    return G.Kind == GroupKind::Coalesced ? UniformValue::perThread() : UniformValue::everywhere();
  case ResultUniformity::Everywhere:
    return UniformValue::everywhere();
  default:
    return UniformValue::perThread();
  }
}

/// Every lane of a warp of WarpSize lanes, as a mask.
uint64_t fullWarpMask(unsigned WarpSize) {
  return WarpSize >= 64 ? ~uint64_t(0) : (uint64_t(1) << WarpSize) - 1;
}

/// The magnitude of E's constant value, when E is a constant: what it is a multiple of.
std::optional<uint64_t> constantMagnitude(const Expr *E, const ASTContext &Ctx) {
  std::optional<uint64_t> C = constantOf(E, Ctx);
  return C ? std::optional<uint64_t>(uint64_t(std::abs(int64_t(*C)))) : std::nullopt;
}

/// The largest power of two dividing C (the runs `rank < C` keeps whole), at most a block.
unsigned alignmentOf(uint64_t C) {
  if (C == 0)
    return MaxGranule;
  return std::min<uint64_t>(uint64_t(1) << llvm::countr_zero(C), MaxGranule);
}

/// threadIdx.x is a call of a static member of __cuda_builtin_threadIdx_t (in a PseudoObjectExpr).
/// threadIdx.y and .z are shared by the runs of threads that fill a row, or a plane: as many as
/// the launches' blocks are known to have (a power of two dividing them), or RowsOfWholeWarps.
std::optional<UniformValue> builtinIndexValue(const CallExpr *Call, const UniformityContext &Unit) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!MD)
    return std::nullopt;
  llvm::StringRef Record = MD->getParent()->getName();
  if (Record == "__cuda_builtin_threadIdx_t") {
    if (MD->getName().ends_with("_x"))
      return UniformValue::threadX();
    uint64_t Run = MD->getName().ends_with("_y")
                       ? Unit.BlockMultiples.X
                       : uint64_t(Unit.BlockMultiples.X) * Unit.BlockMultiples.Y;
    unsigned Granule = std::max<unsigned>(Unit.RowsOfWholeWarps, Run ? alignmentOf(Run) : 1);
    return Granule > 1 ? UniformValue::granule(Granule) : UniformValue::perThread();
  }
  if (Record == "__cuda_builtin_blockIdx_t")
    return UniformValue::at(Scope::Block);
  // A multi-device launch gives every grid the same dimensions.
  if (Record == "__cuda_builtin_blockDim_t" || Record == "__cuda_builtin_gridDim_t")
    return UniformValue::everywhere();
  return std::nullopt;
}

/// Which axis of blockDim E reads (0 for x), or nullopt.
std::optional<unsigned> blockDimAxis(const Expr *E) {
  const auto *POE = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  const auto *Call =
      POE ? dyn_cast<CallExpr>(POE->getResultExpr()->IgnoreParenImpCasts()) : nullptr;
  const auto *MD = Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
  if (!MD || MD->getParent()->getName() != "__cuda_builtin_blockDim_t")
    return std::nullopt;
  return unsigned(MD->getName().back() - 'x');
}

bool isBlockDimX(const Expr *E) { return blockDimAxis(E) == 0u; }

/// Whether E is a multiple of Row when blockDim.x is: `blockIdx.x * blockDim.x`, `2 * blockDim.x`.
bool multipleOfRow(const Expr *E, unsigned Row, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (isBlockDimX(E))
    return true;
  if (std::optional<uint64_t> C = constantOf(E, Ctx))
    return *C % Row == 0;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  bool L = multipleOfRow(BO->getLHS(), Row, Ctx), R = multipleOfRow(BO->getRHS(), Row, Ctx);
  switch (BO->getOpcode()) {
  case BO_Mul:
    return L || R;
  case BO_Add:
  case BO_Sub:
    return L && R;
  default:
    return false;
  }
}

} // namespace

/// What `mov.u32 %0, %%laneid;` writes: the special register's value, from its row (the lane
/// index; each warp's id; the warp count of the SM). Nullopt for any other statement.
std::optional<UniformValue> specialRegisterValue(const GCCAsmStmt *Asm, unsigned WarpSize) {
  const model::Operation *Moved = model::movedSpecialRegister(Asm->getAsmString());
  if (!Moved || Asm->getNumOutputs() != 1)
    return std::nullopt;
  const model::Operation &Register = *Moved;
  if (Register.Kind == model::OperationKind::LaneIndex)
    return UniformValue::lane();
  if (Register.Result == model::ResultUniformity::Warp)
    return UniformValue::granule(WarpSize);
  if (Register.Result == model::ResultUniformity::Everywhere)
    return UniformValue::at(Scope::Block);
  return UniformValue::perThread();
}

/// `v[i]` on an object whose operator[] hands out a reference to an element (a vector or array
/// class): an access to the object's memory, like a subscript.
const CXXOperatorCallExpr *elementAccess(const Expr *E) {
  const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E);
  const FunctionDecl *Callee = Op ? Op->getDirectCallee() : nullptr;
  bool Element = Callee && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
                 Callee->getReturnType()->isReferenceType();
  return Element ? Op : nullptr;
}

const Decl *memoryRoot(const Expr *E, llvm::SmallVectorImpl<const Expr *> *Steps) {
  auto Step = [Steps](const Expr *S) {
    if (Steps)
      Steps->push_back(S);
  };
  // The last local pointer followed to its initializer, with the steps taken before it: where
  // that initializer leads to no declaration (`p = buf.data()`, a call), p itself names the
  // memory, as a pointer parameter does (a lambda's copy of a host pointer).
  const Decl *Followed = nullptr;
  size_t StepsBefore = 0;
  auto Unknown = [&]() -> const Decl * {
    if (Steps && Followed)
      Steps->resize(StepsBefore);
    return Followed;
  };
  for (int Depth = 0; E && Depth < 32; ++Depth) {
    E = strip(E);
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      Step(ASE);
      E = ASE->getBase();
    } else if (const auto *Element = elementAccess(E)) {
      Step(Element);
      E = Element->getArg(0);
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // A field of the object of a method is memory of its own: its other fields may be
      // written per thread while it is not.
      if (isa<CXXThisExpr>(strip(ME->getBase())) && isa<FieldDecl>(ME->getMemberDecl()))
        return ME->getMemberDecl();
      E = ME->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      Step(BO);
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    } else if (const auto *CE = dyn_cast<CastExpr>(E))
      E = CE->getSubExpr();
    else if (const auto *This = dyn_cast<CXXThisExpr>(E))
      // The object of a method: one root per class within one function's analysis.
      return This->getType()->getPointeeCXXRecordDecl();
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // A local pointer set once from another pointer, or a local reference: follow it to
      // where it points.
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
          (V->getType()->isPointerType() || V->getType()->isReferenceType()) && V->getInit()) {
        Followed = V;
        StepsBefore = Steps ? Steps->size() : 0;
        Step(DRE);
        E = V->getInit();
      } else
        return DRE->getDecl();
    } else
      return Unknown();
  }
  return Unknown();
}

/// The lambda a local closure variable is made from (`auto step = [&] {...}`).
static const LambdaExpr *closureOf(const VarDecl *V) {
  return V && V->hasLocalStorage() && V->getInit()
             ? dyn_cast<LambdaExpr>(V->getInit()->IgnoreImplicit())
             : nullptr;
}

namespace {

/// Collects, in one walk, what gives local variables their values and where memory is written.
/// The variable whose own storage E names: through its fields and elements (`v`, `t.k[1]`,
/// `a[i]` of an array or an array class), not through memory it points to.
const DeclRefExpr *storageOf(const Expr *E) {
  for (E = E ? E->IgnoreParens() : nullptr; E; E = E->IgnoreParens()) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Ref;
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
             ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = ASE->getBase()->IgnoreParenImpCasts();
    else if (const auto *Element = elementAccess(E))
      E = Element->getArg(0);
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
             Cast && Cast->getCastKind() == CK_NoOp)
      E = Cast->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

/// Whether every use of V in Body reads a value out of it: an lvalue-to-rvalue conversion of
/// it, or of one of its fields or elements (`id[axis] < end`).
bool onlyRead(const Stmt *Body, const VarDecl *V) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *V;
    unsigned All = 0, Reads = 0;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      All += Ref->getDecl() == V;
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
      const DeclRefExpr *Ref = storageOf(Cast->getSubExpr());
      Reads += Cast->getCastKind() == CK_LValueToRValue && Ref && Ref->getDecl() == V;
      return true;
    }
  } Finder;
  Finder.V = V;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.All == Finder.Reads;
}

/// Whether memory reached through a value of Type may be written through it.
bool pointsToWritable(QualType Type) {
  return Type->isPointerType() && !Type->getPointeeType().isConstQualified();
}

/// Whether Callee's body (when the unit has it) only reads its parameter I.
bool readsParameterOnly(const FunctionDecl *Callee, unsigned I) {
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || I >= Definition->getNumParams())
    return false;
  return onlyRead(Definition->getBody(), Definition->getParamDecl(I));
}

/// Whether a method's body (when the unit has it) leaves its object as it was: it assigns no
/// field, calls no method on it or on a field that is not const and does not leave its own
/// object be either (`init` calling `find`), and hands neither its object nor a field's address
/// to anything (`unswizzle(id)` reading the fields it needs). A method met again while it is
/// being decided (recursion), or deeper than a few calls, is taken to change its object.
bool leavesObjectBe(const CXXMethodDecl *Method,
                    llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Deciding) {
  constexpr unsigned MaxDepth = 6;
  const FunctionDecl *Definition = nullptr;
  if (!Method || !Method->hasBody(Definition) || Deciding.size() >= MaxDepth ||
      !Deciding.insert(Method).second)
    return false;
  struct Changes : RecursiveASTVisitor<Changes> {
    explicit Changes(llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Deciding) : Deciding(Deciding) {}
    llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Deciding;
    bool Found = false;
    static bool ofObject(const Expr *E) {
      return isa_and_nonnull<FieldDecl, CXXRecordDecl>(memoryRoot(E, nullptr));
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= BO->isAssignmentOp() && ofObject(BO->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
               ofObject(UO->getSubExpr());
      return !Found;
    }
    bool VisitCallExpr(CallExpr *Call) {
      const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
      const CXXMethodDecl *Callee = Member ? Member->getMethodDecl() : nullptr;
      if (Callee && !Callee->isConst() && ofObject(Member->getImplicitObjectArgument()) &&
          !leavesObjectBe(Callee, Deciding))
        Found = true;
      const auto *Direct = Call->getDirectCallee();
      for (unsigned I = 0; I < Call->getNumArgs() && !Found; ++I) {
        QualType Param =
            Direct && I < Direct->getNumParams() ? Direct->getParamDecl(I)->getType() : QualType();
        bool Writable = Param.isNull() || ((Param->isPointerType() || Param->isReferenceType()) &&
                                           !Param->getPointeeType().isConstQualified());
        Found = Writable && ofObject(Call->getArg(I));
      }
      return !Found;
    }
  } Finder(Deciding);
  Finder.TraverseStmt(Definition->getBody());
  Deciding.erase(Method);
  return !Finder.Found;
}

bool leavesObjectBe(const CXXMethodDecl *Method) {
  llvm::SmallPtrSet<const CXXMethodDecl *, 4> Deciding;
  return leavesObjectBe(Method, Deciding);
}

class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  using WriteMap = llvm::DenseMap<const Decl *, llvm::SmallVector<const Stmt *, 2>>;
  DefinitionCollector(llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 4>> &Defs,
                      llvm::DenseSet<const VarDecl *> &Escaped, WriteMap &Writes,
                      llvm::SmallVectorImpl<const ReturnStmt *> &Returns, bool ReferenceParameters,
                      const UniformityContext &Unit)
      : Defs(Defs), Escaped(Escaped), Writes(Writes), Returns(Returns),
        ReferenceParameters(ReferenceParameters), Unit(Unit) {}

  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }

  /// The outputs of inline asm are given their values by the asm statement.
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
      defineOrWrite(Asm->getOutputExpr(I), Asm);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && V->getInit() && !isa<ParmVarDecl>(V)) // not default arguments
      Defs[V].push_back(V->getInit());
    if (const LambdaExpr *L = closureOf(V))
      ClosureVariables[L] = V;
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
      if (const VarDecl *V = localVariable(UO->getSubExpr(), ReferenceParameters);
          V && !isConstant(V))
        Escaped.insert(V);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    noteClosureCall(Call);
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A method that is not const may change its object (`c.step()`, a functor's `f(x)`).
    // Assignment operators are left to what reads the parts they store.
    const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Call);
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
        Method && Method->isInstance() && !Method->isConst() && !leavesObjectBe(Method) &&
        !(Operator && Operator->isAssignmentOp()))
      if (const Expr *Object = argumentForParameter(Call, Method, ObjectParameter))
        if (const Decl *Root = memoryRoot(Object))
          Writes[Root].push_back(Call);
    // A group's own operations (tile.shfl, tile.ballot) only read their arguments, even where
    // the toolkit's headers take them by forwarding reference (CUDA 13: `shfl(TyElem &&elem, ..)`).
    const Expr *Object = memberCallObject(Call);
    bool ReadsArguments = Object && objectGroupType(Object);
    for (unsigned P = 0; Callee && !ReadsArguments && P < Callee->getNumParams(); ++P) {
      QualType ParamType = Callee->getParamDecl(P)->getType();
      // A local given by reference is defined by the call: what the callee stores there. A
      // callee whose body only reads that parameter leaves it be.
      if (ParamType->isReferenceType() && !ParamType.getNonReferenceType().isConstQualified() &&
          !readsParameterOnly(Callee, P))
        if (const VarDecl *V =
                localVariable(argumentForParameter(Call, Callee, P), ReferenceParameters))
          Defs[V].push_back(Call);
    }
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (mayStoreThrough(Call, Callee, I))
        if (const Decl *Root = memoryRoot(Call->getArg(I)))
          Writes[Root].push_back(Call);
    return true;
  }

  // A lambda body is a function of its own; what it captures by reference and does more with
  // than read, it may change wherever it is called.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures()) {
      const auto *V = C.capturesVariable() ? dyn_cast<VarDecl>(C.getCapturedVar()) : nullptr;
      if (!V)
        continue;
      ++ClosureUses[V]; // a closure captured by another one may be called there
      if (C.getCaptureKind() == LCK_ByRef && !isConstant(V) && !onlyRead(L->getBody(), V))
        ChangedBy[L].push_back(V);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()); V && closureOf(V))
      ++ClosureUses[V];
    return true;
  }

  /// Once the body is walked: a closure kept in a local and only ever called there defines, at
  /// each call, the variables it changes; any other lambda may change them anywhere.
  void finish() {
    for (const auto &[Lambda, Changed] : ChangedBy) {
      const VarDecl *Closure = ClosureVariables.lookup(Lambda);
      auto Calls = Closure ? ClosureCalls.find(Closure) : ClosureCalls.end();
      bool OnlyCalled =
          Calls != ClosureCalls.end() && Calls->second.size() == ClosureUses.lookup(Closure);
      for (const VarDecl *V : Changed) {
        if (!OnlyCalled) {
          Escaped.insert(V);
          continue;
        }
        for (const CallExpr *Call : Calls->second)
          Defs[V].push_back(Call);
      }
    }
  }

private:
  /// Whether Call may store to memory through its argument I. The argument as passed has the
  /// parameter's type: an `int *` given for a `const int *` parameter is only read
  /// (`ld_acquire(flags + rank)`), as is one given to a helper that only reads through it.
  bool mayStoreThrough(const CallExpr *Call, const FunctionDecl *Callee, unsigned I) const {
    const Expr *Arg = Call->getArg(I);
    if (!pointsToWritable(Arg->IgnoreParenImpCasts()->getType()) ||
        !pointsToWritable(Arg->getType()))
      return false;
    if (!Callee || !Unit.LeavesPointeeBe || isa<CXXOperatorCallExpr>(Call))
      return true;
    return I >= Callee->getNumParams() || !Unit.LeavesPointeeBe(Callee, I);
  }

  /// A call of a closure that a local variable holds (`step()` with `auto step = [&] {...}`).
  void noteClosureCall(const CallExpr *Call) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (!Op || Op->getOperator() != OO_Call || Op->getNumArgs() == 0)
      return;
    const auto *Ref = dyn_cast<DeclRefExpr>(strip(Op->getArg(0)));
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (V && closureOf(V))
      ClosureCalls[V].push_back(Call);
  }

  void defineOrWrite(const Expr *Target, const Stmt *Definition) {
    if (const VarDecl *V = localVariable(Target, ReferenceParameters))
      Defs[V].push_back(Definition);
    else if (const Decl *Root = memoryRoot(Target))
      Writes[Root].push_back(Definition);
  }

  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 4>> &Defs;
  llvm::DenseSet<const VarDecl *> &Escaped;
  WriteMap &Writes;
  llvm::SmallVectorImpl<const ReturnStmt *> &Returns;
  bool ReferenceParameters;
  const UniformityContext &Unit;
  /// Lambdas with the variables they capture by reference and change.
  llvm::MapVector<const LambdaExpr *, llvm::SmallVector<const VarDecl *, 4>> ChangedBy;
  llvm::DenseMap<const LambdaExpr *, const VarDecl *> ClosureVariables;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const CallExpr *, 2>> ClosureCalls;
  llvm::DenseMap<const VarDecl *, unsigned> ClosureUses;
};

} // namespace

Uniformity::Uniformity(const FunctionDecl *F, FunctionCFG *Cfg, ASTContext &Ctx,
                       SummaryTable *Summaries, UniformityContext Unit, MemoryView Memory)
    : Function(F), Cfg(Cfg), Ctx(Ctx), Summaries(Summaries), Unit(std::move(Unit)), Memory(Memory),
      IsKernel(F && F->hasAttr<CUDAGlobalAttr>()) {
  collectDefinitions();
}

void Uniformity::collectDefinitions() {
  if (!Function || !Function->hasBody())
    return;
  OwnsReferenceParameters = !callsBarrier();
  DefinitionCollector Collector(Definitions, Escaped, Writes, Returns, OwnsReferenceParameters,
                                Unit);
  Collector.TraverseStmt(Function->getBody());
  Collector.finish();
}

bool Uniformity::callsBarrier() const {
  struct Calls : RecursiveASTVisitor<Calls> {
    std::vector<const CallExpr *> Found;
    bool VisitCallExpr(CallExpr *Call) {
      Found.push_back(Call);
      return true;
    }
  } Collect;
  Collect.TraverseStmt(Function->getBody());
  return llvm::any_of(Collect.Found, [&](const CallExpr *Call) {
    if (!Summaries) {
      auto Collective = classifyCollective(Call, Ctx);
      return Collective && Collective->Kind == CollectiveKind::Barrier;
    }
    return llvm::any_of(Summaries->effectsOfCall(Call, Function), [](const CollectiveEffect &E) {
      return E.Kind == CollectiveKind::Barrier;
    });
  });
}

UniformValue Uniformity::valueOf(const Expr *E) {
  if (auto It = Settled.find(E); It != Settled.end())
    return It->second;
  return Settled[E] = settle([&] { return exprValue(E); });
}

UniformValue Uniformity::settle(llvm::function_ref<UniformValue()> Evaluate) {
  // If the evaluation read nodes not seen before, settle them and evaluate it again (the nodes
  // seen before are settled already: nothing new can change them).
  for (;;) {
    MetNewNode = false;
    UniformValue V = Evaluate();
    if (!MetNewNode)
      return V;
    solve();
  }
}

UniformValue Uniformity::read(Node N) {
  auto [It, Inserted] = Nodes.try_emplace(N);
  UniformValue Current = It->second.Value;
  if (Inserted) {
    It->second.Queued = true;
    Work.push_back(N);
    MetNewNode = true;
  }
  if (Evaluating && ReadEdges.insert({N, *Evaluating}).second)
    Readers[N].push_back(*Evaluating);
  return Current;
}

UniformValue Uniformity::evaluate(Node N) {
  auto [Statement, Var, Field] = N;
  const Stmt *S = Statement.getPointer();
  switch (Statement.getInt()) {
  case NodeKind::Definition:
    return S ? definitionValue(S) : privateMemoryValue(Var);
  case NodeKind::StoredByCall:
    return storedByCall(cast<CallExpr>(S), Var);
  case NodeKind::Field:
    return fieldValue(Var, Field, S);
  case NodeKind::Use:
    return useValue(S, cast<VarDecl>(cast<DeclRefExpr>(S)->getDecl()));
  case NodeKind::Condition:
    return exprValue(cast<Expr>(S));
  }
  return UniformValue::perThread();
}

void Uniformity::solve() {
  // A node narrows a bounded number of times (levels, granules, a rank, parameters); one that
  // changes more often than that is made per-thread, the bottom, so the work stays bounded.
  constexpr unsigned MaxChanges = 64;
  while (!Work.empty()) {
    Node N = Work.front();
    Work.pop_front();
    Nodes[N].Queued = false;
    std::optional<Node> Outer = Evaluating;
    Evaluating = N;
    UniformValue V = evaluate(N);
    Evaluating = Outer;
    ++Evaluations;
    NodeState &State = Nodes[N]; // evaluating may have added nodes
    if (V == State.Value)
      continue;
    State.Value = ++State.Changes > MaxChanges ? UniformValue::perThread() : V;
    for (Node Reader : Readers.lookup(N)) {
      NodeState &R = Nodes[Reader];
      if (!R.Queued) {
        R.Queued = true;
        Work.push_back(Reader);
      }
    }
  }
}

std::optional<UniformValue> Uniformity::returnValue() {
  if (ReturnSummary)
    return *ReturnSummary;
  if (!Function || Function->getReturnType()->isVoidType() || Returns.empty())
    return std::nullopt;
  // A recursive call, met while the summary is computed: what it returns comes from the same
  // returns, read with its own arguments, so it is taken to depend on all it is given; the
  // returns that end the recursion still bring in whatever else varies.
  if (Summarising)
    return everythingPassed();
  Summarising = true;
  UniformValue V = overReturns([&](const ReturnStmt *R) {
    return R->getRetValue() ? valueOf(R->getRetValue()) : UniformValue::perThread();
  });
  Summarising = false;
  ReturnSummary = V;
  return V;
}

std::optional<UniformValue> Uniformity::returnedFieldValue(const FieldDecl *Field) {
  if (auto It = ReturnedFields.find(Field); It != ReturnedFields.end())
    return It->second;
  if (!Function || Returns.empty() || Summarising)
    return std::nullopt;
  Summarising = true;
  UniformValue V = overReturns(
      [&](const ReturnStmt *R) { return settle([&] { return returnedField(R, Field); }); });
  Summarising = false;
  return ReturnedFields[Field] = V;
}

UniformValue Uniformity::overReturns(llvm::function_ref<UniformValue(const ReturnStmt *)> Value) {
  // Returns no path reaches (behind `if (width == 32)` for the instance where it holds) return
  // nothing.
  llvm::SmallVector<const ReturnStmt *, 4> Reached;
  for (const ReturnStmt *R : Returns)
    if (!Cfg || !Cfg->blockOf(R) ||
        Cfg->reachesAvoiding(nullptr, R, [](const Stmt *) { return false; }))
      Reached.push_back(R);
  UniformValue V = UniformValue::everywhere();
  for (const ReturnStmt *R : Reached)
    V = meet(V, Value(R));
  if (Reached.size() > 1)
    for (const ReturnStmt *R : Reached) {
      if (!Cfg || !Cfg->blockOf(R))
        return UniformValue::perThread();
      for (const auto &[Block, Condition] : branchesOf(R))
        V = meet(V, valueOf(Condition));
    }
  return V;
}

/// The object of a method, or the closure of a lambda: the caller's, like a parameter.
static UniformValue objectValue() {
  UniformValue Object = UniformValue::everywhere();
  Object.Params = uint64_t(1) << ObjectParameter;
  return Object;
}

/// Whether Function is a lambda's body and Var a variable of the function around it.
static bool capturedBy(const FunctionDecl *Function, const VarDecl *Var) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  return Method && Method->getParent()->isLambda() && Var->getDeclContext() != Function;
}

/// Whether S gives Target a whole new value (`t = ..`, `t += ..`, `++t`, an asm output).
static bool storesWhole(const Stmt *S, const VarDecl *Target) {
  auto Names = [Target](const Expr *E) {
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(strip(E));
    return Ref && Ref->getDecl() == Target;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && Names(BO->getLHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    return UO->isIncrementDecrementOp() && Names(UO->getSubExpr());
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    return llvm::any_of(Asm->outputs(), Names);
  return false;
}

/// The part of Target that S stores to by assignment or increment (`t.x = ...`, `t.k[1] = ...`,
/// fields and elements of Target itself, not memory it points to); null for any other store.
static const Expr *storedPart(const Stmt *S, const VarDecl *Target) {
  const Expr *Part = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Part = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
    Part = UO->getSubExpr();
  const DeclRefExpr *Ref = storageOf(Part);
  return Ref && Ref->getDecl() == Target && Ref != strip(Part) ? Part : nullptr;
}

UniformValue Uniformity::partSelectorValue(const Expr *Part) {
  UniformValue V = UniformValue::everywhere();
  for (const Expr *E = strip(Part); E && !isa<DeclRefExpr, CXXThisExpr>(E); E = strip(E)) {
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      V = meet(V, exprValue(ASE->getIdx()));
      E = ASE->getBase();
    } else {
      const auto *Element = elementAccess(E);
      V = meet(V, exprValue(Element->getArg(1)));
      E = Element->getArg(0);
    }
  }
  return V;
}

UniformValue Uniformity::everythingPassed() const {
  UniformValue V = UniformValue::everywhere();
  for (const ParmVarDecl *P : Function->parameters()) {
    unsigned I = P->getFunctionScopeIndex();
    if (I >= ObjectParameter)
      return UniformValue::perThread();
    V.Params |= uint64_t(1) << I;
    if (P->getType()->isPointerType() || P->getType()->isReferenceType())
      V.Reads |= uint64_t(1) << I;
  }
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->isInstance()) {
    V.Params |= uint64_t(1) << ObjectParameter;
    V.Reads |= uint64_t(1) << ObjectParameter;
  }
  return V;
}

std::optional<UniformValue> Uniformity::storedValue(const VarDecl *Target) {
  if (!Function || !Cfg || Summarising)
    return std::nullopt;
  // A reference parameter is memory the caller owns; a variable captured by reference is the
  // enclosing function's, given values here like a local.
  const auto *Param = dyn_cast<ParmVarDecl>(Target);
  bool ByReference =
      Param && Param->getDeclContext() == Function && Param->getType()->isReferenceType();
  if ((!ByReference && !capturedBy(Function, Target)) || namedInDroppedStatement(Target))
    return std::nullopt;
  // Given values like a local where no barrier orders the function, else written as memory.
  llvm::ArrayRef<const Stmt *> Stores;
  if (auto It = Definitions.find(Target); It != Definitions.end())
    Stores = It->second;
  else if (auto Written = Writes.find(Target); ByReference && Written != Writes.end())
    Stores = Written->second;
  // Parts stored one by one (`out.x = ...`) leave the other parts as they were at the call.
  bool Whole = llvm::all_of(Stores, [&](const Stmt *S) { return storesWhole(S, Target); });
  if (Stores.empty() || (Definitions.count(Target) && Writes.count(Target)) ||
      (!Whole && !llvm::all_of(Stores, [&](const Stmt *S) {
        return storesWhole(S, Target) || storedPart(S, Target);
      })))
    return std::nullopt;
  Summarising = true;
  UniformValue V = UniformValue::everywhere();
  for (const Stmt *Store : Stores) {
    V = meet(V, settle([&] { return definitionValue(Store); }));
    if (const Expr *Part = storedPart(Store, Target))
      V = meet(V, settle([&] { return partSelectorValue(Part); }));
    for (const auto &[Block, Condition] : branchesOf(Store))
      V = meet(V, valueOf(Condition));
  }
  // A path that stores nothing leaves the value the variable had at the call.
  llvm::SmallPtrSet<const Stmt *, 4> StoreSet(Stores.begin(), Stores.end());
  if (!Whole ||
      Cfg->reachesAvoiding(nullptr, nullptr, [&](const Stmt *S) { return StoreSet.count(S); }))
    V = meet(V, ByReference ? declRefValue(Param) : objectValue());
  Summarising = false;
  return withoutTerms(V);
}

/// Whether Class is Record or derives from it.
static bool derivesFrom(const CXXRecordDecl *Class, const RecordDecl *Record) {
  const auto *Base = dyn_cast<CXXRecordDecl>(Record);
  if (!Class || !Base || !Class->hasDefinition())
    return false;
  return Class->getCanonicalDecl() == Base->getCanonicalDecl() || Class->isDerivedFrom(Base);
}

bool Uniformity::followsFields(const VarDecl *Object, const RecordDecl *Record) const {
  // The fields of a union share their storage: a store to one changes the others.
  if (!Record || Record->isUnion())
    return false;
  if (!Object) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
    if (!Method || !Method->isInstance() || Method->getParent()->isLambda())
      return false;
    // A constructor also tells what its base initializers put in the fields of its bases.
    return Method->getParent()->getCanonicalDecl() == Record->getCanonicalDecl() ||
           (isa<CXXConstructorDecl>(Method) && derivesFrom(Method->getParent(), Record));
  }
  // A local object: what its construction, the stores to its fields and the methods called on
  // it leave in each field. Followed as a whole, a plain struct lost the stores to its fields.
  return Object->hasLocalStorage() && !isa<ParmVarDecl>(Object) &&
         Object->getDeclContext() == Function && !Object->getType()->isReferenceType() &&
         Object->getType()->getAsRecordDecl() == Record;
}

std::optional<Uniformity::FieldAccess> Uniformity::fieldAccess(const Expr *E) const {
  const Expr *Part = E;
  for (E = E ? E->IgnoreParens() : nullptr; E; E = E->IgnoreParens()) {
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Field)
        return std::nullopt;
      const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(Base);
      const auto *Object = Ref && !ME->isArrow() ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (isa<CXXThisExpr>(Base) || Object) {
        if (!followsFields(Object, Field->getParent()) || Field->getFieldIndex() >= 64)
          return std::nullopt;
        return FieldAccess{Object, Field, Part};
      }
      if (ME->isArrow())
        return std::nullopt;
      E = ME->getBase();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
               ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
      E = ASE->getBase()->IgnoreParenImpCasts();
    } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
               Cast && Cast->getCastKind() == CK_NoOp) {
      E = Cast->getSubExpr();
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

UniformValue Uniformity::fieldValue(const VarDecl *Object, const FieldDecl *Field, const Stmt *At) {
  if (Object && Escaped.count(Object))
    return UniformValue::perThread();
  UniformValue V = UniformValue::everywhere();
  llvm::SmallVector<const Stmt *, 4> Stores;
  if (Object) {
    // The stores that reach At, each with the branches deciding it there.
    if (Cfg && At && Cfg->blockOf(At)) {
      for (const Stmt *Store : fieldStoresReaching(Object, Field, At))
        V = meet(V, meet(*fieldStoreValue(Object, Field, Store), branchValue(Store, At)));
      return withoutTerms(V);
    }
    const std::vector<const Stmt *> &All = fieldStores(Object, Field);
    Stores.append(All.begin(), All.end());
  } else {
    // What the caller's object holds; a constructor starts from its initializers.
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Function)) {
      for (const CXXCtorInitializer *Init : Ctor->inits()) {
        if (Init->getMember() == Field)
          V = meet(V, exprValue(Init->getInit()));
        // A base built here (`Agent(in) : Impl(in, threadIdx.x)`): what its constructor puts
        // in the field, from the arguments this one gives it.
        const Type *Base = Init->isBaseInitializer() ? Init->getBaseClass() : nullptr;
        if (Base && derivesFrom(Base->getAsCXXRecordDecl(), Field->getParent()))
          V = meet(V, fieldInitValue(Init->getInit(), Field));
      }
    } else {
      V.Fields = uint64_t(1) << Field->getFieldIndex();
    }
    Stores = writesTo(Field);
  }
  for (const Stmt *Store : Stores) {
    std::optional<UniformValue> Stored = fieldStoreValue(Object, Field, Store);
    if (!Stored) // a store to another field, or through the pointer the field holds
      continue;
    if (!Object)
      WrittenFields.insert(Field);
    V = meet(V, *Stored);
    for (const auto &[Block, Condition] : branchesOf(Store))
      V = meet(V, read(node(Condition, NodeKind::Condition)));
  }
  return withoutTerms(V);
}

/// Whether Arg hands a callee the address of Field's own storage in Object (null: the method's
/// object): `&c.x`, an array field, the object itself; not a pointer the field holds.
static bool handsStorage(const Expr *Arg, const VarDecl *Object, const FieldDecl *Field) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return !Object;
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  else if (!E->getType()->isArrayType())
    return false;
  if (Object) {
    const DeclRefExpr *Ref = storageOf(E);
    return Ref && Ref->getDecl() == Object;
  }
  return isa_and_nonnull<CXXRecordDecl>(memoryRoot(E, nullptr)) || memoryRoot(E, nullptr) == Field;
}

std::optional<UniformValue> Uniformity::fieldStoreValue(const VarDecl *Object,
                                                        const FieldDecl *Field, const Stmt *Write) {
  // Through a pointer or reference the field holds, its own value stays.
  bool HoldsAddress = Field->getType()->isPointerType() || Field->getType()->isReferenceType();
  if (Object && Write == Object->getInit())
    return fieldInitValue(cast<Expr>(Write), Field);
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Write); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(Write); UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (Target) {
    std::optional<FieldAccess> Access = fieldAccess(Target);
    if (Access && Access->Object == Object)
      return Access->Field != Field
                 ? std::nullopt
                 : std::optional(meet(definitionValue(Write), partSelectorValue(Access->Part)));
    // The object stored whole (`c = other`), else memory a pointer in it points to (its address
    // taken makes it escape).
    if (Object)
      return storesWhole(Write, Object) ? std::optional(definitionValue(Write)) : std::nullopt;
    return HoldsAddress ? std::nullopt : std::optional(UniformValue::perThread());
  }
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(Write)) {
    if (Object && storesWhole(Asm, Object))
      return asmValue(Asm);
    std::optional<UniformValue> V;
    for (const Expr *Output : Asm->outputs()) {
      std::optional<FieldAccess> Access = fieldAccess(Output);
      const DeclRefExpr *Ref = Object ? storageOf(Output) : nullptr;
      if (Access && Access->Object == Object && Access->Field == Field)
        V = asmValue(Asm);
      else if (!Access && !HoldsAddress &&
               (Object ? Ref && Ref->getDecl() == Object : memoryRoot(Output, nullptr) == Field))
        return UniformValue::perThread(); // through an alias of its storage
    }
    return V;
  }
  const auto *Call = dyn_cast<CallExpr>(Write);
  if (!Call)
    return UniformValue::perThread();
  // A method called on the object, or a callee given the object or the field's storage.
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  const Expr *Called = Method ? argumentForParameter(Call, Method, ObjectParameter) : nullptr;
  if (Called) {
    const Expr *Base = Called->IgnoreParenImpCasts();
    bool OnObject = Object ? isa<DeclRefExpr>(Base) && cast<DeclRefExpr>(Base)->getDecl() == Object
                           : isa<CXXThisExpr>(Base);
    if (OnObject &&
        Method->getParent()->getCanonicalDecl() == Field->getParent()->getCanonicalDecl())
      return fieldByCall(Call, Field);
  }
  if (auto Defined = Object ? Definitions.find(Object) : Definitions.end();
      Defined != Definitions.end() && llvm::is_contained(Defined->second, Write))
    return read(definitionNode(Object, Write)); // given by reference
  // A callee given a pointer through the field (`use(this->buffer)`) leaves the field be.
  if (llvm::any_of(Call->arguments(),
                   [&](const Expr *Arg) { return handsStorage(Arg, Object, Field); }))
    return UniformValue::perThread();
  return std::nullopt;
}

const std::vector<const Stmt *> &Uniformity::fieldStores(const VarDecl *Object,
                                                         const FieldDecl *Field) {
  auto [It, Inserted] = FieldStores.try_emplace({Object, Field});
  if (!Inserted)
    return It->second;
  std::vector<const Stmt *> &Kept = It->second;
  auto Keep = [&](llvm::ArrayRef<const Stmt *> Statements) {
    for (const Stmt *S : Statements)
      if (fieldStoreValue(Object, Field, S))
        Kept.push_back(S);
  };
  if (auto Defined = Definitions.find(Object); Defined != Definitions.end())
    Keep(Defined->second);
  if (auto Written = Writes.find(Object); Written != Writes.end())
    Keep(Written->second);
  return Kept;
}

llvm::SmallPtrSet<const Stmt *, 4>
Uniformity::fieldStoresReaching(const VarDecl *Object, const FieldDecl *Field, const Stmt *At) {
  return nearestAmong(fieldStores(Object, Field), At, FieldWalks[{Object, Field}],
                      FieldStoreIndex[{Object, Field}]);
}

UniformValue Uniformity::fieldInitValue(const Expr *Init, const FieldDecl *Field) {
  const Expr *E = Init->IgnoreImplicit();
  // A copy of a local object: what that object holds there.
  if (std::optional<UniformValue> Copied = copiedField(E, Field, Init))
    return *Copied;
  // A call returning the object by value: what its callee's returns put there.
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (std::optional<UniformValue> Returned = calledFieldValue(Call, Field))
      return *Returned;
  // An aggregate's initializer list gives each field its own item (bases come first).
  if (const auto *List = dyn_cast<InitListExpr>(E)) {
    const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
    unsigned Item = Field->getFieldIndex() + (Record ? Record->getNumBases() : 0);
    if (!List->isSemanticForm() || List->getType()->isUnionType())
      return exprValue(Init);
    return Item < List->getNumInits() ? exprValue(List->getInit(Item)) : UniformValue::everywhere();
  }
  const auto *Construct = dyn_cast<CXXConstructExpr>(E);
  const CXXConstructorDecl *Ctor = Construct ? Construct->getConstructor() : nullptr;
  const FunctionDecl *Body =
      Ctor && Ctor->isUserProvided() ? summarisableDefinition(Ctor) : nullptr;
  if (!Body || !Unit.StoredFieldOf)
    return exprValue(Init);
  std::optional<StoredField> Built = Unit.StoredFieldOf(Body, Field);
  if (!Built || Built->Value.Fields || (Built->Value.Reads >> ObjectParameter & 1))
    return UniformValue::perThread();
  const UniformValue &Stored = Built->Value;
  // The constructor's parameters are the construction's arguments.
  UniformValue V = bindParameters(
      Stored,
      [&](unsigned P) -> std::optional<UniformValue> {
        return P < Construct->getNumArgs() ? std::optional(exprValue(Construct->getArg(P)))
                                           : std::nullopt;
      },
      Unit.WarpSize);
  V.Reads = 0;
  for (unsigned P = 0; P < Construct->getNumArgs() && P < ObjectParameter; ++P)
    if (Stored.Reads >> P & 1)
      V = meet(V, pointeeValue(Construct->getArg(P), Init));
  return V;
}

std::optional<UniformValue> Uniformity::fieldByCall(const CallExpr *Call, const FieldDecl *Field) {
  const FunctionDecl *Callee = summarisableDefinition(Call->getDirectCallee());
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Method || Method->isVirtual() || !Unit.StoredFieldOf)
    return UniformValue::perThread();
  std::optional<StoredField> Stored = Unit.StoredFieldOf(Callee, Field);
  if (!Stored)
    return UniformValue::perThread();
  if (!Stored->Written) // the branches deciding the call do not matter to the field
    return std::nullopt;
  return bindToCall(Stored->Value, Call, Callee);
}

bool Uniformity::namedInDroppedStatement(const NamedDecl *D) const {
  return Unit.DroppedNames && D && D->getDeclName().isIdentifier() &&
         Unit.DroppedNames->contains(D->getName());
}

std::optional<StoredField> Uniformity::storedFieldValue(const FieldDecl *Field) {
  if (!Cfg || Summarising || !followsFields(nullptr, Field->getParent()) ||
      Field->getFieldIndex() >= 64 || namedInDroppedStatement(Field))
    return std::nullopt;
  Summarising = true;
  UniformValue V = settle([&] { return read(fieldNode(nullptr, Field, nullptr)); });
  Summarising = false;
  return StoredField{WrittenFields.count(Field) != 0, V};
}

/// The construction (a constructor call or an initializer list) of the temporary object Object
/// names, built in place for the call it is passed to (`Agent(storage, in).run()`,
/// `Scan{smem}.sum(x)`); null for any other object.
static const Expr *temporaryConstruction(const Expr *Object) {
  const Expr *E = Object ? Object->IgnoreImplicit()->IgnoreParens() : nullptr;
  if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *List = dyn_cast_or_null<InitListExpr>(E))
    return List->getType()->isRecordType() ? List : nullptr;
  return dyn_cast_or_null<CXXConstructExpr>(E);
}

UniformValue Uniformity::constructionPointees(const Expr *Built, const Stmt *At) {
  // The memory a temporary's fields point to is what its construction's arguments point to.
  llvm::ArrayRef<const Expr *> Parts;
  if (const auto *List = dyn_cast<InitListExpr>(Built))
    Parts = llvm::ArrayRef(List->getInits(), List->getNumInits());
  else
    Parts = llvm::ArrayRef(cast<CXXConstructExpr>(Built)->getArgs(),
                           cast<CXXConstructExpr>(Built)->getNumArgs());
  UniformValue V = UniformValue::everywhere();
  for (const Expr *Part : Parts) {
    QualType Type = strip(Part)->getType();
    if (Type->isPointerType() || Type->isReferenceType() || Type->isArrayType() ||
        Part->isGLValue())
      V = meet(V, pointeeValue(Part, At));
  }
  return V;
}

UniformValue Uniformity::objectFieldsAt(uint64_t Fields, const CallExpr *Call,
                                        const FunctionDecl *Callee, MemoryView CalleeView) {
  UniformValue V = UniformValue::everywhere();
  if (!Fields)
    return V;
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  const Expr *Object = Method ? argumentForParameter(Call, Callee, ObjectParameter) : nullptr;
  if (!Object)
    return UniformValue::perThread();
  // A temporary built for this call holds what its construction put in each field.
  if (const Expr *Built = temporaryConstruction(Object)) {
    for (const FieldDecl *Field : Method->getParent()->fields())
      if (Field->getFieldIndex() < 64 && (Fields >> Field->getFieldIndex() & 1))
        V = meet(V, fieldInitValue(Built, Field));
    return V;
  }
  // The object this call passes, when this function follows its fields too.
  const Expr *Base = Object->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  bool Followed = (isa<CXXThisExpr>(Base) || Local) && followsFields(Local, Method->getParent());
  // The object as a whole: a field of an object followed field by field holds what was stored
  // there (`p.span.count()`), other objects as the callee's view of memory reads them.
  if (!Followed)
    return meet(V, CalleeView == MemoryView::AsLeft || fieldAccess(Object)
                       ? exprValue(Object)
                       : pointeeValue(Object, Call));
  for (const FieldDecl *Field : Method->getParent()->fields())
    if (Field->getFieldIndex() < 64 && (Fields >> Field->getFieldIndex() & 1))
      V = meet(V, read(fieldNode(Local, Field, Call)));
  return V;
}

UniformValue Uniformity::objectFieldsValue(uint64_t Fields, const CallExpr *Call,
                                           const FunctionDecl *Callee, MemoryView CalleeView) {
  return settle([&] { return objectFieldsAt(Fields, Call, Callee, CalleeView); });
}

UniformValue Uniformity::definitionValue(const Stmt *Def) {
  // An initializer may itself be a binary or unary expression (`unsigned lane = tid % 32`):
  // only assignments and increments are definitions by their operator.
  const auto *BO = dyn_cast<BinaryOperator>(Def);
  if (BO && BO->isAssignmentOp())
    return BO->isCompoundAssignmentOp()
               ? arithmeticValue(BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()),
                                 BO->getLHS(), BO->getRHS())
               : exprValue(BO->getRHS());
  const auto *UO = dyn_cast<UnaryOperator>(Def);
  if (UO && UO->isIncrementDecrementOp()) // a step of one keeps the terms
    return exprValue(UO->getSubExpr());
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(Def))
    return asmValue(Asm);
  if (!isa<Expr>(Def))
    return UniformValue::perThread();
  return exprValue(cast<Expr>(Def)); // an initializer
}

UniformValue Uniformity::asmValue(const GCCAsmStmt *Asm) {
  if (Unit.RejectedAsm && Unit.RejectedAsm(Asm))
    return UniformValue::unknown();
  if (std::optional<UniformValue> Register = specialRegisterValue(Asm, Unit.WarpSize))
    return *Register;
  if (std::optional<UniformValue> Warp = asmWarpOperationValue(Asm))
    return *Warp;
  // Outputs computed from the inputs alone, or loaded from where the pointer inputs point.
  model::PtxContents Ptx = model::ptxContents(Asm->getAsmString());
  if (Ptx.Unknown || !Ptx.Registers.empty())
    return UniformValue::perThread();
  bool Loads = false;
  for (const model::PtxContents::Instruction &I : Ptx.Instructions) {
    Loads |= I.Op->Kind == model::OperationKind::CachedLoad;
    if (I.Op->Kind != model::OperationKind::Arithmetic &&
        I.Op->Kind != model::OperationKind::CachedLoad)
      return UniformValue::perThread();
  }
  UniformValue V = UniformValue::everywhere();
  bool Addressed = false;
  for (const Expr *Input : Asm->inputs()) {
    V = meet(V, exprValue(Input));
    if (Loads && strip(Input)->getType()->isPointerType()) {
      V = meet(V, pointeeValue(Input, Asm));
      Addressed = true;
    }
  }
  if (Loads && !Addressed)
    return UniformValue::perThread();
  for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
    if (Asm->isOutputPlusConstraint(I)) // read as well as written
      V = meet(V, exprValue(Asm->getOutputExpr(I)));
  return V;
}

std::optional<UniformValue> Uniformity::asmWarpOperationValue(const GCCAsmStmt *Asm) {
  std::string Text = Asm->getAsmString(); // the operands below point into it
  std::optional<model::PtxInstructionText> Ptx = model::singlePtxInstruction(Text);
  if (!Ptx || Ptx->Op->Scope != model::CollectiveScope::Warp || Asm->getNumOutputs() != 1)
    return std::nullopt;
  // An operand: an immediate, or `%N`, the statement's N-th operand (outputs first).
  auto Input = [&](int Index) -> const Expr * {
    if (Index < 0 || size_t(Index) >= Ptx->Operands.size())
      return nullptr;
    unsigned N;
    llvm::StringRef Operand = Ptx->Operands[Index];
    if (!Operand.consume_front("%") || Operand.getAsInteger(10, N) || N < Asm->getNumOutputs() ||
        N - Asm->getNumOutputs() >= Asm->getNumInputs())
      return nullptr;
    return Asm->getInputExpr(N - Asm->getNumOutputs());
  };
  auto Constant = [&](int Index) -> std::optional<uint64_t> {
    uint64_t Value;
    if (Index >= 0 && size_t(Index) < Ptx->Operands.size() &&
        !Ptx->Operands[Index].getAsInteger(0, Value))
      return Value;
    const Expr *E = Input(Index);
    return E ? constantOf(E, Ctx) : std::nullopt;
  };
  auto Lane = [&]() -> std::optional<UniformValue> {
    if (Constant(Ptx->Op->LaneArg))
      return UniformValue::everywhere();
    const Expr *Source = Input(Ptx->Op->LaneArg);
    return Source ? std::optional(exprValue(Source)) : std::nullopt;
  };
  // The clamp of a shuffle over the whole warp is 31 (the segment bits above it 0).
  auto Width = [&]() -> std::optional<unsigned> {
    std::optional<uint64_t> Clamp = Constant(Ptx->Op->WidthArg);
    return Clamp && *Clamp == 0x1f ? std::optional(Unit.WarpSize) : std::nullopt;
  };
  return warpResult(*Ptx->Op, Constant(Ptx->Op->MaskArg), Input(Ptx->Op->ValueArg), Lane, Width);
}

llvm::ArrayRef<const Stmt *> Uniformity::reachingDefinitions(const Stmt *Use, const VarDecl *Var) {
  auto [It, Inserted] = Reaching.try_emplace({Use, Var});
  if (!Inserted)
    return It->second;
  const auto &Defs = Definitions.find(Var)->second;
  if (!Cfg || !Cfg->blockOf(Use)) {
    It->second.assign(Defs.begin(), Defs.end()); // no flow: every definition may reach it
    return It->second;
  }
  // One definition that every path to the use passes: it alone reaches the use.
  if (Defs.size() == 1 && Cfg->alwaysBefore(Defs[0], Use)) {
    It->second.push_back(Defs[0]);
    return It->second;
  }
  llvm::SmallPtrSet<const Stmt *, 4> Nearest = nearestDefinitions(Use, Var, Defs);
  for (const Stmt *Def : Defs) // in the order of the definitions
    if (Nearest.count(Def))
      It->second.push_back(Def);
  return It->second;
}

llvm::SmallPtrSet<const Stmt *, 4>
Uniformity::nearestDefinitions(const Stmt *Use, const VarDecl *Var,
                               llvm::ArrayRef<const Stmt *> Defs) {
  // A walk back from a use meets the definitions near it at once; a variable that more uses ask
  // about than this gets one pass over the CFG for all of them, so that thousands of uses far
  // from their definitions do not each walk the function.
  return nearestAmong(Defs, Use, Walks[Var], DefinitionIndex[Var]);
}

llvm::SmallPtrSet<const Stmt *, 4>
Uniformity::nearestAmong(llvm::ArrayRef<const Stmt *> Set, const Stmt *At, unsigned &Walks,
                         std::unique_ptr<NearestBeforeIndex> &Index) {
  constexpr unsigned WalksBeforeIndex = 8;
  if (!Index && ++Walks <= WalksBeforeIndex) {
    llvm::SmallPtrSet<const Stmt *, 8> All(Set.begin(), Set.end());
    return Cfg->nearestBefore(At, [&](const Stmt *S) { return All.count(S) != 0; });
  }
  if (!Index)
    Index = std::make_unique<NearestBeforeIndex>(*Cfg, Set);
  return Index->before(At);
}

std::optional<llvm::SmallVector<const Stmt *, 2>>
Uniformity::definitionsReaching(const DeclRefExpr *Use) {
  const VarDecl *Var = localVariable(Use, OwnsReferenceParameters);
  if (!Var || Var->getDeclContext() != Function || Escaped.count(Var) || !Definitions.count(Var) ||
      !Cfg || !Cfg->blockOf(Use) || namedInDroppedStatement(Var))
    return std::nullopt;
  if (isa<ParmVarDecl>(Var)) {
    const auto &All = Definitions.find(Var)->second;
    auto Redefines = [&](const Stmt *S) { return llvm::is_contained(All, S); };
    if (Cfg->reachesAvoiding(nullptr, Use, Redefines))
      return std::nullopt;
  }
  llvm::ArrayRef<const Stmt *> Defs = reachingDefinitions(Use, Var);
  return llvm::SmallVector<const Stmt *, 2>(Defs.begin(), Defs.end());
}

const Expr *definedValue(const VarDecl *Var, const Stmt *Definition) {
  if (Var && Var->getInit() == Definition)
    return Var->getInit();
  if (const auto *BO = dyn_cast<BinaryOperator>(Definition))
    return BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
  if (isa<UnaryOperator, CallExpr>(Definition))
    return nullptr;
  return dyn_cast<Expr>(Definition);
}

Uniformity::Node Uniformity::definitionNode(const VarDecl *Var, const Stmt *Def) {
  // `int n = f(x)` defines n by what f returns and x by what f stores: two nodes of one call.
  bool Stored = isa<CallExpr>(Def) && Var->getInit() != Def;
  return Stored ? node(Def, NodeKind::StoredByCall, Var) : node(Def, NodeKind::Definition);
}

UniformValue Uniformity::useValue(const Stmt *Use, const VarDecl *Var) {
  if (Escaped.count(Var))
    return UniformValue::perThread();
  if (!Definitions.count(Var))
    return UniformValue::everywhere(); // never given a value
  llvm::ArrayRef<const Stmt *> Defs = reachingDefinitions(Use, Var);
  // A parameter still holding what the caller passed on some path into the use.
  std::optional<UniformValue> Passed;
  if (holdsIncoming(Use, Var))
    Passed = declRefValue(Var);
  if (Defs.size() == 1 && !Passed) // one definition reaches: its value, a rank kept
    return read(definitionNode(Var, Defs[0]));
  if (Defs.empty())
    return Passed.value_or(UniformValue::everywhere());
  // Several definitions reach the use: threads that took different branches on the way hold
  // different ones. Branches that also decide whether the use runs at all choose nothing here.
  UniformValue V = Passed.value_or(UniformValue::pending());
  UniformValue Branches = UniformValue::everywhere();
  for (const Stmt *Def : Defs) {
    V = join(V, read(definitionNode(Var, Def)));
    Branches = meet(Branches, branchValue(Def, Use));
  }
  if (V.Pending) // nothing known yet: the branches alone would pass for the value
    return V;
  return withTerms(V.Terms, meet(restOf(V), Branches), meet(V, Branches), Unit.WarpSize);
}

bool Uniformity::holdsIncoming(const Stmt *Use, const VarDecl *Var) {
  if (!isa<ParmVarDecl>(Var) || !Cfg || !Cfg->blockOf(Use))
    return false;
  auto [It, Inserted] = Incoming.try_emplace({Use, Var}, false);
  if (Inserted) {
    const auto &All = Definitions.find(Var)->second;
    llvm::SmallPtrSet<const Stmt *, 8> Redefinitions(All.begin(), All.end());
    It->second = Cfg->reachesAvoiding(nullptr, Use,
                                      [&](const Stmt *S) { return Redefinitions.count(S) != 0; });
  }
  return It->second;
}

llvm::ArrayRef<std::pair<const CFGBlock *, const Expr *>> Uniformity::branchesOf(const Stmt *Def) {
  auto [It, Inserted] = DecidingBranches.try_emplace(Def);
  if (!Inserted || !Cfg)
    return It->second;
  if (const CFGBlock *DefBlock = Cfg->blockOf(Def))
    for (const BranchShape &Shape :
         branchesDeciding(*Cfg, DefBlock, Def, Function, Unit.ReturnsEndThread))
      // Threads that left the kernel hold no values: an exit does not make the others differ.
      if (Shape.Branch.Condition && !Shape.GuardsKernelExit)
        It->second.push_back({Shape.Block, Shape.Branch.Condition});
  return It->second;
}

UniformValue Uniformity::branchValue(const Stmt *Def, const Stmt *Use) {
  if (!Cfg)
    return UniformValue::everywhere();
  const CFGBlock *DefBlock = Cfg->blockOf(Def);
  const CFGBlock *UseBlock = Cfg->blockOf(Use);
  if (!DefBlock || !UseBlock)
    return UniformValue::everywhere();
  llvm::ArrayRef<CFGBlock *> UseBranches = Cfg->controlDependencies(UseBlock);
  UniformValue Result = UniformValue::everywhere();
  for (const auto &[Block, Condition] : branchesOf(Def))
    if (!llvm::is_contained(UseBranches, Block))
      Result = meet(Result, read(node(Condition, NodeKind::Condition)));
  return Result;
}

UniformValue Uniformity::exprValue(const Expr *E) {
  // Deeply nested expressions (generated code): past this depth the value is taken to vary,
  // rather than exhausting the stack.
  if (Depth > 256)
    return UniformValue::perThread();
  ++Depth;
  UniformValue V = exprValueAt(E);
  --Depth;
  return V;
}

UniformValue Uniformity::exprValueAt(const Expr *E) {
  E = strip(E);
  if (!E)
    return UniformValue::perThread();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, GNUNullExpr, CXXScalarValueInitExpr, ImplicitValueInitExpr,
          StringLiteral, UnaryExprOrTypeTraitExpr>(E))
    return UniformValue::everywhere();
  if (E->containsErrors())
    return UniformValue::unknown();
  if (E->isValueDependent() || E->isTypeDependent())
    if (std::optional<UniformValue> V = dependentValue(E))
      return *V;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return namedValue(DRE);
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && namedInDroppedStatement(ME->getMemberDecl()))
    return UniformValue::unknown();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    return exprValue(POE->getResultExpr());
  if (elementAccess(E))
    return loadValue(E);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return callValue(Call);
  if (isa<MemberExpr, ArraySubscriptExpr>(E) && !E->getType()->isArrayType())
    if (std::optional<FieldAccess> Access = fieldAccess(E))
      return meet(read(fieldNode(Access->Object, Access->Field, E)),
                  partSelectorValue(Access->Part));
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? loadValue(E) : exprValue(ME->getBase());
  if (isa<ArraySubscriptExpr>(E))
    return loadValue(E);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unaryValue(UO);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binaryValue(BO);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return meet(exprValue(CO->getCond()),
                meet(exprValue(CO->getTrueExpr()), exprValue(CO->getFalseExpr())));
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return exprValue(CE->getSubExpr());
  if (const auto *Lambda = dyn_cast<LambdaExpr>(E))
    return partsValue(llvm::ArrayRef(Lambda->capture_init_begin(), Lambda->capture_init_end()));
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return partsValue(llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs()));
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return partsValue(Init->inits());
  // A default argument or member initializer, evaluated where it is used.
  if (const auto *DefaultArg = dyn_cast<CXXDefaultArgExpr>(E))
    return exprValue(DefaultArg->getExpr());
  if (const auto *DefaultInit = dyn_cast<CXXDefaultInitExpr>(E))
    return exprValue(DefaultInit->getExpr());
  // The object of a method is the caller's, like a parameter.
  if (isa<CXXThisExpr>(E)) {
    return objectValue();
  }
  // What a template's generic form leaves open until it is instantiated.
  if (E->isValueDependent() || E->isTypeDependent())
    return UniformValue::unknown();
  return UniformValue::perThread();
}

/// The forms only a template's generic form has (a function template no valid code
/// instantiates): template parameters are the same in every thread, what depends on a type
/// is unknown; every other form is read as in an instantiation.
std::optional<UniformValue> Uniformity::dependentValue(const Expr *E) {
  if (isa<DependentScopeDeclRefExpr, SizeOfPackExpr>(E))
    return UniformValue::everywhere(); // a static member of a class, a count of types
  if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E))
    return Member->isImplicitAccess() || Member->isArrow() ? UniformValue::unknown()
                                                           : exprValue(Member->getBase());
  // An operator on dependent operands, resolved per instantiation (a header's operator
  // templates are its candidates): as uniform as its operands, like the builtin operator.
  if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(E);
      Operator && !Operator->getDirectCallee())
    return partsValue(llvm::ArrayRef(Operator->getArgs(), Operator->getNumArgs()));
  if (const auto *Construct = dyn_cast<CXXUnresolvedConstructExpr>(E))
    return partsValue(llvm::ArrayRef(Construct->arg_begin(), Construct->arg_end()));
  if (isa<ParenListExpr>(E)) {
    llvm::SmallVector<const Expr *, 4> Parts;
    for (const Stmt *Part : E->children())
      Parts.push_back(cast<Expr>(Part));
    return partsValue(Parts);
  }
  if (isa<CXXFoldExpr, PackExpansionExpr, UnresolvedMemberExpr>(E))
    return UniformValue::unknown();
  return std::nullopt;
}

UniformValue Uniformity::namedValue(const DeclRefExpr *DRE) {
  // A variable of a type the compiler could not find, or one a statement it dropped may set.
  if (DRE->getDecl()->isInvalidDecl() || namedInDroppedStatement(DRE->getDecl()))
    return UniformValue::unknown();
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  bool Memory = V && (!V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>()) &&
                !V->hasAttr<CUDAConstantAttr>() && !V->getType().isConstQualified() &&
                !V->isConstexpr();
  // An array in memory is named for its address (it decays): the same for every thread.
  if (Memory && V->getType()->isArrayType())
    return addressValue(DRE);
  if (Memory)
    return loadValue(DRE);
  // A compile-time constant, also one of an enclosing function that a lambda names uncaptured.
  if (V && V->isUsableInConstantExpressions(Ctx))
    return UniformValue::everywhere();
  // A variable of an enclosing function, captured by a lambda: what the closure object holds,
  // which the lambda's callers pass (a closure is as uniform as what it captures).
  if (V && V->hasLocalStorage() && V->getDeclContext() != Function) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
    if (!Method || !Method->getParent()->isLambda())
      return UniformValue::perThread();
    return objectValue();
  }
  if (!V || !localVariable(DRE, OwnsReferenceParameters) ||
      (isa<ParmVarDecl>(V) && !Definitions.count(V)))
    return declRefValue(DRE->getDecl());
  UniformValue Whole = read(node(DRE, NodeKind::Use));
  // A local object as a whole also holds what was stored in its fields.
  const RecordDecl *Record = V->getType()->getAsRecordDecl();
  if (Record && Writes.count(V) && followsFields(V, Record))
    for (const FieldDecl *Field : Record->fields())
      if (Field->getFieldIndex() < 64)
        Whole = meet(Whole, read(fieldNode(V, Field, DRE)));
  return Whole;
}

UniformValue Uniformity::unaryValue(const UnaryOperator *UO) {
  if (UO->getOpcode() == UO_Deref)
    return loadValue(UO);
  if (UO->getOpcode() == UO_AddrOf && localVariable(UO->getSubExpr(), OwnsReferenceParameters))
    return UniformValue::perThread(); // each thread's own stack slot
  if (UO->getOpcode() == UO_AddrOf)
    return withoutTerms(addressValue(UO->getSubExpr()));
  UniformValue V = exprValue(UO->getSubExpr());
  V.Rank = false;
  if (UO->getOpcode() == UO_Minus && V.Terms.any()) {
    V.Terms.X = -V.Terms.X;
    V.Terms.Lane = -V.Terms.Lane;
  } else if (UO->getOpcode() != UO_Plus) {
    V = withoutTerms(V);
  }
  return V;
}

UniformValue Uniformity::partsValue(llvm::ArrayRef<const Expr *> Parts) {
  UniformValue V = UniformValue::everywhere();
  for (const Expr *Part : Parts)
    V = meet(V, exprValue(Part));
  return V;
}

/// The variables of the function E reads.
static void localsIn(const Stmt *E, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (const VarDecl *V = localVariable(dyn_cast<Expr>(E)))
    Out.insert(V);
  for (const Stmt *Child : E->children())
    if (Child)
      localsIn(Child, Out);
}

std::optional<UniformValue> Uniformity::offsetFromStart(const BinaryOperator *Sub) {
  const VarDecl *Counter = localVariable(Sub->getLHS(), OwnsReferenceParameters);
  auto Defs = Counter ? Definitions.find(Counter) : Definitions.end();
  if (Defs == Definitions.end() || Escaped.count(Counter))
    return std::nullopt;
  // One definition sets the start; every other one adds a step to the counter.
  const Expr *Start = nullptr;
  UniformValue Steps = UniformValue::everywhere();
  for (const Stmt *Def : Defs->second) {
    const auto *BO = dyn_cast<BinaryOperator>(Def);
    const auto *UO = dyn_cast<UnaryOperator>(Def);
    if (UO && UO->isIncrementDecrementOp()) {
      Steps = meet(Steps, branchValue(Def, Sub));
    } else if (BO && (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign)) {
      Steps = meet(Steps, meet(exprValue(BO->getRHS()), branchValue(Def, Sub)));
    } else if (!Start && (!BO || BO->getOpcode() == BO_Assign)) {
      Start = BO ? BO->getRHS() : dyn_cast<Expr>(Def);
    } else {
      return std::nullopt;
    }
  }
  if (!Start || Steps.Rank)
    return std::nullopt;
  // The start subtracted must be the same value: the same expression of variables that keep
  // their one value.
  llvm::FoldingSetNodeID Started, Subtracted;
  Start->IgnoreParenImpCasts()->Profile(Started, Ctx, /*Canonical=*/true);
  Sub->getRHS()->IgnoreParenImpCasts()->Profile(Subtracted, Ctx, /*Canonical=*/true);
  if (Started != Subtracted)
    return std::nullopt;
  llvm::SmallPtrSet<const VarDecl *, 4> Read;
  localsIn(Start, Read);
  for (const VarDecl *V : Read) {
    auto It = Definitions.find(V);
    if (V == Counter || Escaped.count(V) || (It != Definitions.end() && It->second.size() > 1))
      return std::nullopt;
  }
  return Steps;
}

UniformValue Uniformity::binaryValue(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Comma || Op == BO_Assign)
    return exprValue(BO->getRHS());
  // `i - lane` in `for (i = lane; ...; i += 32)`: the trips so far, the same in every lane.
  if (Op == BO_Sub)
    if (std::optional<UniformValue> Trips = offsetFromStart(BO))
      return *Trips;
  return arithmeticValue(Op, BO->getLHS(), BO->getRHS());
}

namespace {
/// The thread terms of `L Op R` when the operation keeps them linear: sums, differences,
/// products with a constant; comparisons compare the difference. Nullopt for other operations.
std::optional<ThreadTerms> combinedTerms(BinaryOperatorKind Op, ThreadTerms L, ThreadTerms R,
                                         std::optional<int64_t> LConstant,
                                         std::optional<int64_t> RConstant) {
  auto Checked = [](int64_t X, int64_t Lane) -> std::optional<ThreadTerms> {
    constexpr int64_t Limit = 1 << 20; // past this, nothing cancels in practice
    if (X < -Limit || X > Limit || Lane < -Limit || Lane > Limit)
      return std::nullopt;
    return ThreadTerms{int32_t(X), int32_t(Lane)};
  };
  switch (Op) {
  case BO_Add:
    return Checked(int64_t(L.X) + R.X, int64_t(L.Lane) + R.Lane);
  case BO_Sub:
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE:
  case BO_EQ:
  case BO_NE:
    return Checked(int64_t(L.X) - R.X, int64_t(L.Lane) - R.Lane);
  case BO_Mul:
    if (RConstant && !R.any())
      return Checked(L.X * *RConstant, L.Lane * *RConstant);
    if (LConstant && !L.any())
      return Checked(R.X * *LConstant, R.Lane * *LConstant);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace

UniformValue Uniformity::arithmeticValue(BinaryOperatorKind Op, const Expr *LHS, const Expr *RHS) {
  UniformValue L = exprValue(LHS), R = exprValue(RHS);
  if (L.Pending || R.Pending)
    return UniformValue::pending();
  // A thread coordinate divided past its bound is 0 in every thread.
  if ((Op == BO_Div || Op == BO_Shr) && L.Level == Scope::Thread) {
    std::optional<uint64_t> C = constantOf(RHS, Ctx);
    std::optional<ValueRange> Quotient =
        C ? constantOperation(Op, withinBlocks(rangeOf(LHS)), int64_t(*C),
                              LHS->getType()->isUnsignedIntegerOrEnumerationType())
          : std::nullopt;
    if (Quotient && Quotient->Low == 0 && Quotient->High == 0)
      return UniformValue::everywhere();
  }
  // A comparison its operands' ranges decide comes out alike in every thread.
  if (BinaryOperator::isComparisonOp(Op) &&
      (L.Level == Scope::Thread || R.Level == Scope::Thread) && decidedByRanges(Op, LHS, RHS))
    return UniformValue::everywhere();
  UniformValue Whole = rankArithmetic(Op, L, R, LHS, RHS);
  // What is computed from values every warp holds alike, every warp holds alike.
  Whole.SameInEachWarp |= Whole.Level == Scope::Thread && L.sameInEachWarp() && R.sameInEachWarp();
  if (!L.Terms.any() && !R.Terms.any())
    return Whole;
  auto SignedConstant = [&](const Expr *E) -> std::optional<int64_t> {
    if (std::optional<uint64_t> C = constantOf(E, Ctx))
      return int64_t(*C);
    return std::nullopt;
  };
  std::optional<ThreadTerms> Terms =
      combinedTerms(Op, L.Terms, R.Terms, SignedConstant(LHS), SignedConstant(RHS));
  if (!Terms)
    return Whole;
  UniformValue Rest = meet(restOf(L), restOf(R));
  UniformValue V = withTerms(*Terms, Rest, Whole, Unit.WarpSize);
  // A comparison is a truth value: its terms are gone whatever they were.
  if (BinaryOperator::isComparisonOp(Op)) {
    if (!Terms->any() || Terms->warpBase())
      return withoutTerms(V);
    switch (termsWithinStep(Op, *Terms, LHS, RHS)) {
    case AlikeOver::All:
      return withoutTerms(Rest);
    case AlikeOver::Warp: {
      if (Rest.Level == Scope::Thread)
        return Whole;
      UniformValue EachWarp = withoutTerms(Rest); // as uniform as the parameters it names
      EachWarp.Level = Scope::Thread;
      EachWarp.Granule = Unit.WarpSize;
      return EachWarp;
    }
    case AlikeOver::None:
      return Whole;
    }
  }
  return V;
}

uint64_t Uniformity::restMultiple(const Expr *E, MultipleSearch &Search) {
  E = strip(E);
  if (!E || ++Search.Steps > 256)
    return 1;
  if (std::optional<uint64_t> C = constantMagnitude(E, Ctx))
    return *C;
  if (std::optional<unsigned> Axis = blockDimAxis(E)) {
    uint64_t Launched = std::max(1u, Unit.BlockMultiples[*Axis]);
    // Rows of whole warps, where the rule takes blocks to be so: blockDim.x is a multiple.
    return *Axis == 0 ? std::lcm(Launched, uint64_t(std::max(1u, Unit.RowsOfWholeWarps)))
                      : Launched;
  }
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return restMultiple(Cast->getSubExpr(), Search);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      return std::gcd(restMultiple(L, Search), restMultiple(R, Search));
    case BO_Mul:
      if (std::optional<uint64_t> C = constantMagnitude(R, Ctx))
        return restMultiple(L, Search) * *C;
      if (std::optional<uint64_t> C = constantMagnitude(L, Ctx))
        return restMultiple(R, Search) * *C;
      return exprValue(E).Terms.any() ? 1 : restMultiple(L, Search) * restMultiple(R, Search);
    case BO_Shl:
      if (std::optional<uint64_t> C = constantOf(R, Ctx); C && *C < 32)
        return restMultiple(L, Search) << *C;
      return 1;
    default:
      break;
    }
  }
  const VarDecl *Var = localVariable(E, OwnsReferenceParameters);
  if (!Var) {
    // A thread coordinate itself (threadIdx.x, the lane): all terms, no rest.
    ThreadTerms Terms = exprValue(E).Terms;
    return Terms == ThreadTerms{1, 0} || Terms == ThreadTerms{0, 1} ? 0 : 1;
  }
  if (!Escaped.count(Var) && !Definitions.count(Var) && isa<ParmVarDecl>(Var))
    return guardedMultiple(Var, E);
  if (Escaped.count(Var) || !Definitions.count(Var) || holdsIncoming(E, Var))
    return 1;
  uint64_t Multiple = 0;
  for (const Stmt *Def : reachingDefinitions(E, Var)) {
    if (!Search.Path.insert(Def).second)
      continue; // a step around a loop: the other definitions decide
    const auto *BO = dyn_cast<BinaryOperator>(Def);
    BinaryOperatorKind Op = BO ? BO->getOpcode() : BO_Comma;
    if (Def == Var->getInit())
      Multiple = std::gcd(Multiple, restMultiple(Var->getInit(), Search));
    else if (Op == BO_Assign)
      Multiple = std::gcd(Multiple, restMultiple(BO->getRHS(), Search));
    else if (Op == BO_AddAssign || Op == BO_SubAssign)
      Multiple = std::gcd(Multiple, std::gcd(restMultiple(BO->getLHS(), Search),
                                             restMultiple(BO->getRHS(), Search)));
    else
      Multiple = 1;
    Search.Path.erase(Def);
    if (Multiple == 1)
      break;
  }
  return Multiple;
}

std::optional<ValueRange> Uniformity::rangeOf(const Expr *E) {
  MultipleSearch Search;
  return rangeOf(E, Search);
}

std::optional<ValueRange> Uniformity::rangeOf(const Expr *E, MultipleSearch &Search) {
  if (!E || ++Search.Steps > 256 || E->isValueDependent())
    return std::nullopt;
  QualType Written = E->getType();
  E = strip(E);
  std::optional<ValueRange> R;
  if (std::optional<uint64_t> C = constantOf(E, Ctx))
    R = ValueRange::between(int64_t(*C), int64_t(*C));
  else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    R = rangeOf(Cast->getSubExpr(), Search);
  else if (const auto *BO = dyn_cast<BinaryOperator>(E))
    R = binaryRange(BO, Search);
  else if (const auto *Choice = dyn_cast<ConditionalOperator>(E)) {
    std::optional<ValueRange> A = rangeOf(Choice->getTrueExpr(), Search);
    std::optional<ValueRange> B = A ? rangeOf(Choice->getFalseExpr(), Search) : std::nullopt;
    R = B ? hullOf(*A, *B) : std::nullopt;
  } else if (const VarDecl *Var = localVariable(E, OwnsReferenceParameters))
    R = variableRange(E, Var, Search);
  else if (const auto *Call = dyn_cast<CallExpr>(E); Call && summarisableDefinition(calleeOf(Call)))
    R = callRange(Call, Search);
  else if (isa<CallExpr, PseudoObjectExpr>(E)) {
    // A thread coordinate itself (threadIdx.x, the lane index).
    ThreadTerms Terms = exprValue(E).Terms;
    if (Terms == ThreadTerms{1, 0})
      R = ValueRange::term(ValueRange::ThreadX);
    else if (Terms == ThreadTerms{0, 1})
      R = ValueRange::term(ValueRange::Lane);
  }
  if (!R || !fitsType(*R, Written, Ctx) || !fitsType(*R, E->getType(), Ctx))
    return std::nullopt;
  return R;
}

std::optional<ValueRange> Uniformity::binaryRange(const BinaryOperator *BO,
                                                  MultipleSearch &Search) {
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *LHS = BO->getLHS(), *RHS = BO->getRHS();
  // `(status = call()) != OK` tests the value stored, as `(a, b)` gives b.
  if (Op == BO_Assign || Op == BO_Comma)
    return rangeOf(RHS, Search);
  std::optional<uint64_t> C = constantOf(RHS, Ctx);
  if (C && (Op == BO_Div || Op == BO_Shr || Op == BO_Rem || Op == BO_And))
    return constantOperation(Op, withinBlocks(rangeOf(LHS, Search)), int64_t(*C),
                             LHS->getType()->isUnsignedIntegerOrEnumerationType());
  if (Op == BO_Mul) {
    std::optional<uint64_t> LC = C ? std::nullopt : constantOf(LHS, Ctx);
    std::optional<ValueRange> Other = rangeOf(C ? LHS : RHS, Search);
    return (C || LC) && Other ? productOf(*Other, int64_t(C ? *C : *LC)) : std::nullopt;
  }
  if (Op != BO_Add && Op != BO_Sub)
    return std::nullopt;
  std::optional<ValueRange> L = rangeOf(LHS, Search);
  std::optional<ValueRange> R = L ? rangeOf(RHS, Search) : std::nullopt;
  if (!R)
    return std::nullopt;
  return Op == BO_Add ? sumOf(*L, *R) : differenceOf(*L, *R);
}

std::optional<ValueRange> Uniformity::variableRange(const Expr *Use, const VarDecl *Var,
                                                    MultipleSearch &Search) {
  if (Escaped.count(Var) || Var->getType()->isReferenceType())
    return std::nullopt;
  // A parameter the function never changes holds what each call passes.
  if (const auto *P = dyn_cast<ParmVarDecl>(Var); P && !Definitions.count(Var))
    return P->getDeclContext() == Function && P->getFunctionScopeIndex() < ObjectParameter
               ? std::optional(ValueRange::term(P->getFunctionScopeIndex()))
               : std::nullopt;
  if (!Definitions.count(Var) || holdsIncoming(Use, Var))
    return std::nullopt;
  std::optional<ValueRange> Hull;
  for (const Stmt *Def : reachingDefinitions(Use, Var)) {
    const auto *Assign = dyn_cast<BinaryOperator>(Def);
    const Expr *Value = Def == Var->getInit()                        ? Var->getInit()
                        : Assign && Assign->getOpcode() == BO_Assign ? Assign->getRHS()
                                                                     : nullptr;
    if (!Value || !Search.Path.insert(Def).second)
      return std::nullopt;
    std::optional<ValueRange> R = rangeOf(Value, Search);
    Search.Path.erase(Def);
    Hull = R && Hull ? hullOf(*Hull, *R) : R;
    if (!Hull)
      return std::nullopt;
  }
  return Hull;
}

std::optional<ValueRange> Uniformity::callRange(const CallExpr *Call, MultipleSearch &Search) {
  const FunctionDecl *Callee = summarisableDefinition(calleeOf(Call));
  std::optional<ValueRange> Returned =
      Unit.ReturnRangeOf ? Unit.ReturnRangeOf(Callee) : std::nullopt;
  if (!Returned)
    return std::nullopt;
  return boundToCall(*Returned, [&](unsigned P) { return argumentRange(Call, Callee, P, Search); });
}

std::optional<ValueRange> Uniformity::argumentRange(const CallExpr *Call,
                                                    const FunctionDecl *Callee, unsigned P) {
  MultipleSearch Search;
  return argumentRange(Call, Callee, P, Search);
}

std::optional<ValueRange> Uniformity::argumentRange(const CallExpr *Call,
                                                    const FunctionDecl *Callee, unsigned P,
                                                    MultipleSearch &Search) {
  const Expr *Arg = P < Callee->getNumParams() ? argumentForParameter(Call, Callee, P) : nullptr;
  std::optional<ValueRange> R = Arg ? rangeOf(Arg, Search) : std::nullopt;
  if (!R || !fitsType(*R, Callee->getParamDecl(P)->getType(), Ctx))
    return std::nullopt;
  return R;
}

bool Uniformity::decidedByRanges(BinaryOperatorKind Op, const Expr *LHS, const Expr *RHS) {
  std::optional<ValueRange> L = withinBlocks(rangeOf(LHS));
  std::optional<ValueRange> R = L ? withinBlocks(rangeOf(RHS)) : std::nullopt;
  return R && comparisonOutcome(Op, *L, *R).has_value();
}

std::optional<ValueRange> Uniformity::withinBlocks(const std::optional<ValueRange> &R) const {
  return R ? withinBlock(*R, Unit.MaxBlockWidth, Unit.WarpSize) : std::nullopt;
}

std::optional<ValueRange> Uniformity::returnRange() {
  if (ReturnRangeSummary)
    return *ReturnRangeSummary;
  if (!Function || Returns.empty() || RangingReturns)
    return std::nullopt;
  RangingReturns = true;
  std::optional<ValueRange> Hull = rangeOf(Returns.front()->getRetValue());
  for (const ReturnStmt *R : llvm::drop_begin(Returns)) {
    std::optional<ValueRange> Returned = Hull ? rangeOf(R->getRetValue()) : std::nullopt;
    Hull = Returned ? hullOf(*Hull, *Returned) : std::nullopt;
  }
  RangingReturns = false;
  ReturnRangeSummary = Hull;
  return Hull;
}

uint64_t Uniformity::guardedMultiple(const VarDecl *Var, const Expr *Use) const {
  uint64_t Guarded =
      multipleGuardedBefore(Function ? Function->getBody() : nullptr, Var, Use->getBeginLoc(), Ctx);
  const auto *Param = dyn_cast<ParmVarDecl>(Var);
  unsigned Index = Param ? Param->getFunctionScopeIndex() : 0;
  if (Param && Index < Unit.ParameterMultiples.size())
    return std::lcm(Guarded, Unit.ParameterMultiples[Index]);
  return Guarded;
}

Uniformity::AlikeOver Uniformity::termsWithinStep(BinaryOperatorKind Op, ThreadTerms Terms,
                                                  const Expr *LHS, const Expr *RHS) {
  // `L < R` and `L >= R` hold alike for every terms t in [0, M) when the rests differ by a
  // multiple of M; `L > R` and `L <= R` are `R < L`.
  if (Op == BO_GT || Op == BO_LE)
    Terms = ThreadTerms{-Terms.X, -Terms.Lane};
  else if (Op != BO_LT && Op != BO_GE)
    return AlikeOver::None;
  if (Terms.X < 0 || Terms.Lane < 0)
    return AlikeOver::None;
  MultipleSearch Search;
  uint64_t Step = std::gcd(restMultiple(LHS, Search), restMultiple(RHS, Search));
  uint64_t Highest =
      uint64_t(Terms.X) * (Unit.MaxBlockWidth - 1) + uint64_t(Terms.Lane) * (Unit.WarpSize - 1);
  if (Step == 0 || Highest < Step)
    return AlikeOver::All;
  uint64_t Row = Unit.BlockMultiples.X;
  if (!Unit.RowsOfWholeWarps && !(Row && Row % Unit.WarpSize == 0))
    return AlikeOver::None;
  // threadIdx.x is the warp's first x plus the lane: X times the first x is a multiple of
  // X * WarpSize, so the rests keep a step of at least gcd(Step, X * WarpSize).
  uint64_t WarpStep = std::gcd(Step, uint64_t(Terms.X) * Unit.WarpSize);
  uint64_t InWarp = uint64_t(Terms.X + Terms.Lane) * (Unit.WarpSize - 1);
  return InWarp < WarpStep ? AlikeOver::Warp : AlikeOver::None;
}

UniformValue Uniformity::rankWithin(uint64_t Run, bool ThreadX) const {
  // threadIdx.x within runs that divide the warp repeats alike in every warp.
  UniformValue V = UniformValue::rank();
  V.SameInEachWarp = ThreadX && Unit.WarpSize % Run == 0;
  return V;
}

UniformValue Uniformity::rankArithmetic(BinaryOperatorKind Op, UniformValue L, UniformValue R,
                                        const Expr *LHS, const Expr *RHS) {
  UniformValue V = meet(L, R);
  // With rows of whole warps, `blockIdx.x * blockDim.x + threadIdx.x` is still a rank in a warp.
  if (Unit.RowsOfWholeWarps && Op == BO_Add && !V.Params &&
      ((L.Rank && R.Level != Scope::Thread && multipleOfRow(RHS, Unit.RowsOfWholeWarps, Ctx)) ||
       (R.Rank && L.Level != Scope::Thread && multipleOfRow(LHS, Unit.RowsOfWholeWarps, Ctx))))
    return UniformValue::rank();
  // Arithmetic on a rank with a uniform constant groups threads into aligned runs.
  std::optional<uint64_t> C = R.Level != Scope::Thread ? constantOf(RHS, Ctx) : std::nullopt;
  if (!L.Rank || !C || L.Params || R.Params)
    return V;
  // threadIdx.x modulo the warp (plus whole rows of warps) is the lane.
  bool ThreadX = L.Terms == ThreadTerms{1, 0};
  switch (Op) {
  case BO_Div:
    return UniformValue::granule(alignmentOf(*C));
  case BO_Shr:
    return UniformValue::granule(*C < 10 ? 1u << *C : MaxGranule);
  case BO_Rem: // the rank within runs of C: still a rank when C is a power of two
    if (ThreadX && *C == Unit.WarpSize)
      return UniformValue::lane();
    return llvm::isPowerOf2_64(*C) ? rankWithin(*C, ThreadX) : V;
  case BO_And:
    if (ThreadX && *C + 1 == Unit.WarpSize)
      return UniformValue::lane();
    if (llvm::isPowerOf2_64(*C + 1))
      return rankWithin(*C + 1, ThreadX);          // tid & 15
    return UniformValue::granule(alignmentOf(*C)); // tid & ~31
  case BO_LT:
  case BO_GE:
    return UniformValue::granule(alignmentOf(*C));
  case BO_LE:
  case BO_GT:
    return UniformValue::granule(alignmentOf(*C + 1));
  default:
    return V;
  }
}

UniformValue Uniformity::declRefValue(const ValueDecl *D) {
  if (isa<EnumConstantDecl, FunctionDecl, NonTypeTemplateParmDecl>(D))
    return UniformValue::everywhere();
  if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
    // The grids of a multi-device launch run one kernel, given the same values in practice.
    if (IsKernel)
      return UniformValue::everywhere();
    UniformValue V = UniformValue::everywhere();
    if (P->getFunctionScopeIndex() < ObjectParameter)
      V.Params = uint64_t(1) << P->getFunctionScopeIndex();
    else
      V = UniformValue::perThread();
    return V;
  }
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V)
    return UniformValue::perThread();
  // Constants; variables in memory are read as loads (exprValue).
  return UniformValue::everywhere();
}

llvm::SmallVector<const Stmt *, 2> Uniformity::writesTo(const Decl *Root) const {
  llvm::SmallVector<const Stmt *, 2> Found(Writes.lookup(Root));
  // A field is written also where its object is, whole (a method that changes it).
  if (isa<FieldDecl>(Root))
    for (const auto &[Written, Statements] : Writes)
      if (isa<CXXRecordDecl>(Written))
        Found.append(Statements.begin(), Statements.end());
  return Found;
}

bool Uniformity::holdsWholeWarp(const CallExpr *WarpBarrier, GroupType Group) const {
  if (Group.Kind == GroupKind::Tile)
    return Group.TileSize >= Unit.WarpSize;
  uint64_t Full = fullWarpMask(Unit.WarpSize);
  std::optional<uint64_t> Mask =
      WarpBarrier->getNumArgs() ? constantOf(WarpBarrier->getArg(0), Ctx) : std::nullopt;
  return Group.Kind == GroupKind::Warp && Mask && (*Mask & Full) == Full;
}

bool Uniformity::followsWholeWarpBarrier(const CallExpr *Call) const {
  const CFGBlock *Block = Cfg ? Cfg->blockOf(Call) : nullptr;
  if (!Block)
    return false;
  const CallExpr *Previous = nullptr;
  for (const CFGElement &E : *Block) {
    auto S = E.getAs<CFGStmt>();
    if (!S)
      continue;
    if (S->getStmt() == Call)
      break;
    if (const auto *Other = dyn_cast<CallExpr>(S->getStmt()))
      Previous = Other;
  }
  // A library's wrapper (`CTA_SYNC()`) is the barrier its body always executes.
  if (Previous && Summaries)
    Previous = Summaries->alwaysBarrierOfCall(Previous);
  auto Collective = Previous ? classifyCollective(Previous, Ctx) : std::nullopt;
  if (!Collective)
    return false;
  if (Collective->Kind == CollectiveKind::Barrier)
    return true;
  return Collective->Kind == CollectiveKind::WarpBarrier &&
         holdsWholeWarp(Previous, Collective->Group);
}

std::optional<Scope> Uniformity::orderedByBarrier(const Decl *Root, const Stmt *Load) {
  if (!Cfg || !Summaries || !Cfg->blockOf(Load)) // the load: the outermost access the CFG holds
    return std::nullopt;
  const auto *V = dyn_cast<VarDecl>(Root);
  // Shared memory is ordered by block barriers, global memory only by grid barriers. A device
  // function's pointer parameters and its object's fields may well be its block's shared
  // memory (helpers take their buffers that way), and are read as such. For the lanes of one
  // warp, shared memory is ordered by warp barriers too: another warp storing to the same place
  // unordered would be a race of its own.
  const auto *Param = dyn_cast<ParmVarDecl>(Root);
  bool Shared = (V && V->hasAttr<CUDASharedAttr>()) || isa<FieldDecl, CXXRecordDecl>(Root) ||
                (Param && !IsKernel &&
                 (Param->getType()->isPointerType() || Param->getType()->isReferenceType()));
  for (Scope Needed : {Shared ? Scope::Block : Scope::Grid, Scope::Warp}) {
    if (Needed == Scope::Warp && !Shared)
      break;
    auto IsBarrier = [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      // A PTX block barrier, here or in a callee (a library's named-barrier helper).
      if (Needed != Scope::Grid && (isBarrierAsm(S) || (Call && Summaries->barrierAsmOfCall(Call))))
        return true;
      if (!Call)
        return false;
      for (const CollectiveEffect &E : Summaries->effectsOfCall(Call, Function)) {
        if (E.Group.Origin != GroupOrigin::Kind::Known)
          continue;
        if (E.Kind == CollectiveKind::Barrier)
          if (auto S = scopeOf(E.Group.Type); S && atLeast(*S, Needed))
            return true;
        if (E.Kind == CollectiveKind::WarpBarrier && Needed == Scope::Warp &&
            holdsWholeWarp(E.Site, E.Group.Type))
          return true;
      }
      return false;
    };
    bool Ordered = llvm::none_of(writesTo(Root), [&](const Stmt *Write) {
      return Cfg->reachesAvoiding(Write, Load, IsBarrier);
    });
    // Seen from the callers, what they wrote before the call comes in at the entry.
    if (Ordered && Memory == MemoryView::CallerMayWrite)
      Ordered = !Cfg->reachesAvoiding(nullptr, Load, IsBarrier);
    if (Ordered)
      return Needed;
  }
  return std::nullopt;
}

UniformValue Uniformity::orderedValue(Scope Order) const {
  return Order == Scope::Warp ? UniformValue::granule(Unit.WarpSize) : UniformValue::at(Order);
}

UniformValue Uniformity::loadValue(const Expr *Access) {
  const Decl *Root = memoryRoot(Access);
  if (!Root)
    return UniformValue::perThread();
  const Expr *Stripped = strip(Access);
  UniformValue Address = UniformValue::perThread();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Stripped))
    Address = meet(exprValue(ASE->getBase()), exprValue(ASE->getIdx()));
  else if (const auto *Element = elementAccess(Stripped))
    Address = meet(addressValue(Element->getArg(0)), exprValue(Element->getArg(1)));
  else if (const auto *UO = dyn_cast<UnaryOperator>(Stripped))
    Address = exprValue(UO->getSubExpr());
  else if (const auto *ME = dyn_cast<MemberExpr>(Stripped))
    Address = exprValue(ME->getBase());
  else if (isa<DeclRefExpr>(Stripped))
    Address = UniformValue::everywhere();
  Address.Rank = false;
  return memoryValue(Root, Address, Access);
}

/// Which of Function's parameters points to the memory at Root: for a lambda, memory reached
/// through what it captures is the closure's.
static std::optional<unsigned> readsBit(const Decl *Root, const FunctionDecl *Function) {
  if (isa<CXXRecordDecl, FieldDecl>(Root))
    return ObjectParameter;
  if (const auto *V = dyn_cast<VarDecl>(Root); V && capturedBy(Function, V))
    return ObjectParameter;
  const auto *P = dyn_cast<ParmVarDecl>(Root);
  if (P && (P->getType()->isPointerType() || P->getType()->isReferenceType()) &&
      P->getFunctionScopeIndex() < ObjectParameter)
    return P->getFunctionScopeIndex();
  return std::nullopt;
}

UniformValue Uniformity::memoryValue(const Decl *Root, UniformValue Address, const Stmt *At) {
  const auto *Var = dyn_cast<VarDecl>(Root);
  bool Shared = Var && Var->hasAttr<CUDASharedAttr>();
  // A local array or object of this function itself (a lambda's captures are its caller's).
  bool OwnMemory = Var && Var->hasLocalStorage() && !Shared && !isa<ParmVarDecl>(Var) &&
                   Var->getDeclContext() == Function && !Var->getType()->isPointerType() &&
                   !Var->getType()->isReferenceType();
  auto Ordered = [&] {
    auto [Order, Inserted] = LoadOrder.try_emplace(At);
    if (Inserted)
      Order->second = orderedByBarrier(Root, At);
    return Order->second;
  };
  // A thread's own memory holds what the thread stored there.
  if (OwnMemory)
    return meet(Address, read(node(nullptr, NodeKind::Definition, Var)));
  if (Memory == MemoryView::CallerMayWrite) {
    // A barrier after every write, the callers' included, gives the load one value
    // (`if (threadIdx.x == 0) last = ...;`, a block barrier, `return last;`).
    if (std::optional<Scope> Order = Ordered())
      return meet(Address, orderedValue(*Order));
    // What the caller's memory holds is the caller's to tell, when this function leaves it be.
    std::optional<unsigned> Bit = readsBit(Root, Function);
    if (!Bit || !writesTo(Root).empty())
      return UniformValue::perThread();
    UniformValue Through = UniformValue::everywhere();
    Through.Reads = uint64_t(1) << *Bit;
    return meet(Address, Through);
  }
  // Nothing here writes it: what the launch or the caller left there, in each device's memory.
  if (writesTo(Root).empty() && !Shared)
    return meet(Address, UniformValue::at(Scope::Grid));
  if (std::optional<Scope> Order = Ordered())
    return meet(Address, orderedValue(*Order));
  return UniformValue::perThread();
}

UniformValue Uniformity::privateMemoryValue(const VarDecl *Var) {
  if (Escaped.count(Var))
    return UniformValue::perThread();
  // What the variable was given whole (its initializer, assignments), and what was stored in its
  // parts, at the parts the stores chose and under the branches deciding them.
  UniformValue V = UniformValue::everywhere();
  if (auto It = Definitions.find(Var); It != Definitions.end())
    for (const Stmt *Def : It->second)
      V = meet(V, read(definitionNode(Var, Def)));
  for (const Stmt *Write : Writes.lookup(Var)) {
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(Write); BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(Write); UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (!Target) // a call or asm given its address: what it stores is not known here
      return UniformValue::perThread();
    V = meet(V, meet(definitionValue(Write), addressValue(Target)));
    for (const auto &[Block, Condition] : branchesOf(Write))
      V = meet(V, read(node(Condition, NodeKind::Condition)));
  }
  return withoutTerms(V);
}

UniformValue Uniformity::addressValue(const Expr *LValue) {
  const Expr *E = LValue->IgnoreParens();
  // An array passed where a pointer is expected (`f(smem)`) is at its own address.
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      Cast && (Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_ArrayToPointerDecay))
    return addressValue(Cast->getSubExpr());
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return meet(exprValue(ASE->getBase()), exprValue(ASE->getIdx()));
  if (const auto *Element = elementAccess(E))
    return meet(addressValue(Element->getArg(0)), exprValue(Element->getArg(1)));
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? exprValue(ME->getBase()) : addressValue(ME->getBase());
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return exprValue(UO->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && isa<ParmVarDecl>(V))
      return declRefValue(V);
    if (V && V->hasLocalStorage() && V->getType()->isReferenceType() && V->getInit())
      return addressValue(V->getInit());
    // A global, or a thread's own variable: the same place in the memory each thread sees.
    if (V && (!V->hasLocalStorage() || !V->getType()->isReferenceType()))
      return UniformValue::everywhere();
  }
  return UniformValue::perThread();
}

UniformValue Uniformity::pointeeValue(const Expr *Arg, const Stmt *At) {
  const Decl *Root = memoryRoot(Arg);
  if (!Root)
    return UniformValue::perThread();
  bool Pointer = strip(Arg)->getType()->isPointerType();
  UniformValue Address = Pointer ? exprValue(Arg) : addressValue(Arg);
  Address.Rank = false;
  return memoryValue(Root, Address, At);
}

UniformValue Uniformity::callValue(const CallExpr *Call) {
  if (auto V = builtinIndexValue(Call, Unit))
    return *V;
  llvm::StringRef Name = calleeName(Call);
  if (const Expr *Object = memberCallObject(Call))
    if (auto Group = objectGroupType(Object)) {
      const model::Operation *Op = model::findGroupMethod(Name);
      if (!Op)
        return UniformValue::perThread();
      // tile.shfl(v, src) gives every thread of the tile the same value when src is the same.
      if (Op->Result == model::ResultUniformity::Broadcast) {
        unsigned Src = unsigned(Op->LaneArg);
        return Group->Kind == GroupKind::Tile && Call->getNumArgs() > Src &&
                       satisfies(exprValue(Call->getArg(Src)),
                                 UniformRequirement::tile(Group->TileSize))
                   ? UniformValue::granule(Group->TileSize)
                   : UniformValue::perThread();
      }
      return groupMethodValue(*Op, *Group);
    }
  if (auto Collective = classifyCollective(Call, Ctx)) {
    if (Collective->Kind == CollectiveKind::Reduce || Collective->Kind == CollectiveKind::Vote) {
      GroupType G = Collective->Group;
      if (G.Kind == GroupKind::Tile)
        return UniformValue::granule(G.TileSize);
      if (G.Kind == GroupKind::DynamicTile)
        return UniformValue::unknown();
      if (G.Kind == GroupKind::Warp)
        return warpOperationValue(Call, *Collective->Op);
      if (auto S = scopeOf(G); S && atLeast(*S, Scope::Block))
        return UniformValue::at(*S);
      return UniformValue::perThread();
    }
    if (Collective->Op->Result == model::ResultUniformity::Block)
      return UniformValue::at(Scope::Block);
    if (Collective->Group.Kind == GroupKind::Warp)
      return warpOperationValue(Call, *Collective->Op);
    return UniformValue::perThread();
  }
  // Operations whose result differs between lanes whatever their arguments (lane ids, lane
  // masks, clocks, atomics), also when a project declares them itself.
  const model::Operation *Op = model::findIntrinsic(Name);
  if (Op && Op->Result == model::ResultUniformity::Loaded)
    return Op->ValueArg >= 0 && unsigned(Op->ValueArg) < Call->getNumArgs()
               ? pointeeValue(Call->getArg(unsigned(Op->ValueArg)), Call)
               : UniformValue::perThread();
  // Right after a barrier of the whole warp, the active lanes are every lane that has not left:
  // the same set in each lane (probe P17: the mask names the lanes converged at the call).
  if (Op && Op->Kind == model::OperationKind::ActiveLanes && followsWholeWarpBarrier(Call))
    return UniformValue::granule(Unit.WarpSize);
  // A call a generic form leaves unresolved: which function it calls is not known yet.
  if (!calleeOf(Call) && (Call->isTypeDependent() || Call->isValueDependent()))
    return UniformValue::unknown();
  // Operators have no name: only an indirect call is unknown for that.
  if ((Name.empty() && !Call->getDirectCallee()) ||
      (Op && Op->Result == model::ResultUniformity::Lane))
    return Op && Op->Kind == model::OperationKind::LaneIndex ? UniformValue::lane()
                                                             : UniformValue::perThread();
  // Library functions (math, bit operations) are as uniform as their arguments; user functions
  // may read thread indices or memory.
  const FunctionDecl *Callee = calleeOf(Call);
  bool Library = Callee && (Callee->getBuiltinID() ||
                            Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()));
  // In a generic form, a call's callee may be a specialization nothing instantiated yet (no
  // body to read): unknown, like what depends on a type.
  if (!Library)
    return userCallValue(Call).value_or(Call->getDirectCallee() && !Function->isDependentContext()
                                            ? UniformValue::perThread()
                                            : UniformValue::unknown());
  // One that may read memory through a pointer it is given (strlen) is not; a builtin Clang
  // knows reads no memory (`__builtin_is_aligned(p, 16)`) is a function of the pointer's value.
  bool ReadsNoMemory = Callee->getBuiltinID() && Ctx.BuiltinInfo.isConst(Callee->getBuiltinID());
  UniformValue V = UniformValue::everywhere();
  for (const Expr *Arg : Call->arguments()) {
    if (strip(Arg)->getType()->isPointerType() && !ReadsNoMemory)
      return UniformValue::perThread();
    V = meet(V, exprValue(Arg));
  }
  return V;
}

UniformValue Uniformity::warpOperationValue(const CallExpr *Call, const model::Operation &Op) {
  auto Argument = [&](int I) -> const Expr * {
    return I >= 0 && unsigned(I) < Call->getNumArgs() ? Call->getArg(unsigned(I)) : nullptr;
  };
  auto Lane = [&]() -> std::optional<UniformValue> {
    const Expr *Source = Argument(Op.LaneArg);
    return Source ? std::optional(exprValue(Source)) : std::nullopt;
  };
  auto Width = [&]() -> std::optional<unsigned> {
    const Expr *W = Argument(Op.WidthArg);
    if (!W || isa<CXXDefaultArgExpr>(W))
      return Unit.WarpSize;
    std::optional<uint64_t> Given = constantOf(W, Ctx);
    if (!Given || *Given == 0 || *Given > Unit.WarpSize || !llvm::isPowerOf2_64(*Given))
      return std::nullopt;
    return unsigned(*Given);
  };
  return warpResult(Op, constantOf(Argument(Op.MaskArg), Ctx), Argument(Op.ValueArg), Lane, Width);
}

UniformValue Uniformity::warpResult(const model::Operation &Op, std::optional<uint64_t> Mask,
                                    const Expr *Value,
                                    llvm::function_ref<std::optional<UniformValue>()> Lane,
                                    llvm::function_ref<std::optional<unsigned>()> Width) {
  using model::ResultUniformity;
  // A legacy form works on the lanes that happen to be active; a mask naming part of the warp
  // shares the result only among those lanes.
  unsigned WarpSize = Unit.WarpSize;
  uint64_t Full = fullWarpMask(WarpSize);
  if (!Mask || (*Mask & Full) != Full)
    return UniformValue::perThread();
  if (Op.Result == ResultUniformity::MaskGroup)
    return Value ? wholeWarpResult(exprValue(Value), WarpSize) : UniformValue::granule(WarpSize);
  if (Op.Result != ResultUniformity::Broadcast)
    return UniformValue::perThread();
  // A broadcast within segments of Width lanes from a source lane each segment names alike.
  std::optional<unsigned> Segment = Width();
  std::optional<UniformValue> Source = Segment ? Lane() : std::nullopt;
  if (!Source || !satisfies(*Source, UniformRequirement::tile(*Segment)))
    return UniformValue::perThread();
  return meet(UniformValue::granule(*Segment), *Source);
}

UniformValue Uniformity::storedByCall(const CallExpr *Call, const VarDecl *Var) {
  const FunctionDecl *Callee = summarisableDefinition(Call->getDirectCallee());
  if (!Callee || !Unit.StoredValueOf)
    return UniformValue::perThread();
  // What the callee stores through each reference parameter the call binds to Var, or in Var
  // itself where the call runs a closure that captured it.
  UniformValue V = UniformValue::everywhere();
  auto Store = [&](const VarDecl *Target) {
    std::optional<UniformValue> Stored = Unit.StoredValueOf(Callee, Target);
    V = Stored ? meet(V, bindToCall(*Stored, Call, Callee)) : UniformValue::perThread();
  };
  for (unsigned P = 0; P < Callee->getNumParams(); ++P)
    if (Callee->getParamDecl(P)->getType()->isReferenceType() &&
        localVariable(argumentForParameter(Call, Callee, P), OwnsReferenceParameters) == Var)
      Store(Callee->getParamDecl(P));
  if (llvm::is_contained(changedByClosureCall(Call), Var))
    Store(Var);
  return V;
}

llvm::SmallVector<const VarDecl *, 4> Uniformity::changedByClosureCall(const CallExpr *Call) {
  llvm::SmallVector<const VarDecl *, 4> Changed;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!Method || !Method->getParent()->isLambda())
    return Changed;
  for (const LambdaCapture &C : Method->getParent()->captures())
    if (const auto *V = C.capturesVariable() ? dyn_cast<VarDecl>(C.getCapturedVar()) : nullptr)
      if (auto It = Definitions.find(V);
          It != Definitions.end() && llvm::is_contained(It->second, Call))
        Changed.push_back(V);
  return Changed;
}

UniformValue Uniformity::bindToCall(UniformValue InCallee, const CallExpr *Call,
                                    const FunctionDecl *Callee) {
  // The callee's parameters are what this call passes, and the memory it reads through them is
  // the memory they point to here; a closure made here is followed through its captures.
  const LambdaExpr *Closure = nullptr;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
      Method && Method->getParent()->isLambda())
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
            strip(argumentForParameter(Call, Callee, ObjectParameter))))
      Closure = closureOf(dyn_cast<VarDecl>(Ref->getDecl()));
  uint64_t Captures = Closure ? uint64_t(1) << ObjectParameter : 0;
  UniformValue Passed = InCallee;
  Passed.Fields = 0;
  Passed.Params &= ~Captures;
  Passed.ReducedParams &= ~Captures;
  UniformValue V = bindParameters(
      Passed,
      [&](unsigned P) -> std::optional<UniformValue> {
        const Expr *Arg = argumentForParameter(Call, Callee, P);
        return Arg ? std::optional(exprValue(Arg)) : std::nullopt;
      },
      Unit.WarpSize);
  V.Reads = 0;
  // A closure's reduction of what it captured: the warp's, at least.
  if (InCallee.ReducedParams & Captures)
    V = meet(V, UniformValue::granule(Unit.WarpSize));
  for (unsigned P = 0; P < 64; ++P) {
    uint64_t Bit = uint64_t(1) << P;
    if (P == ObjectParameter && Closure)
      continue;
    if (InCallee.Reads & Bit) {
      const Expr *Arg = argumentForParameter(Call, Callee, P);
      const Expr *Built = P == ObjectParameter ? temporaryConstruction(Arg) : nullptr;
      V = meet(V, Built ? constructionPointees(Built, Call)
                  : Arg ? pointeeValue(Arg, Call)
                        : UniformValue::perThread());
    }
  }
  V = meet(V, objectFieldsAt(InCallee.Fields, Call, Callee, MemoryView::CallerMayWrite));
  return Closure ? meet(V, closureValue(InCallee, Call, Closure)) : V;
}

UniformValue Uniformity::closureValue(UniformValue InCallee, const CallExpr *Call,
                                      const LambdaExpr *Closure) {
  // A closure holds what it captured by copy when it was made, reads what it captured by
  // reference as the variables are at the call, and memory through either as it is here.
  bool ReadsCaptures = InCallee.Params >> ObjectParameter & 1;
  bool ReadsMemory = InCallee.Reads >> ObjectParameter & 1;
  UniformValue V = UniformValue::everywhere();
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  for (auto [C, Init] : llvm::zip(Closure->captures(), Closure->capture_inits())) {
    if (C.capturesThis() && ReadsMemory)
      V = meet(V, Method ? memoryValue(Method->getParent(), UniformValue::everywhere(), Call)
                         : UniformValue::perThread());
    const auto *Captured = C.capturesVariable() ? dyn_cast<VarDecl>(C.getCapturedVar()) : nullptr;
    if (!Captured)
      continue;
    QualType Type = Captured->getType();
    if (ReadsMemory && (Type->isPointerType() || Type->isArrayType() || Type->isReferenceType()))
      V = meet(V, memoryValue(Captured, UniformValue::everywhere(), Call));
    if (!ReadsCaptures)
      continue;
    bool Current = C.getCaptureKind() == LCK_ByRef && Captured->getDeclContext() == Function &&
                   holdsOwnValue(Captured, OwnsReferenceParameters);
    V = meet(V, Current ? useValue(Call, Captured)
                        : (Init ? exprValue(Init) : UniformValue::perThread()));
  }
  return V;
}

const FunctionDecl *Uniformity::summarisedCallee(const CallExpr *Call) const {
  const FunctionDecl *Callee = summarisableDefinition(Call->getDirectCallee());
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Callee || isa<CUDAKernelCallExpr>(Call) || (Method && Method->isVirtual()))
    return nullptr;
  return Callee;
}

std::optional<UniformValue> Uniformity::userCallValue(const CallExpr *Call) {
  const FunctionDecl *Callee = summarisedCallee(Call);
  std::optional<UniformValue> Returned =
      Callee && Unit.ReturnValueOf ? Unit.ReturnValueOf(Callee) : std::nullopt;
  if (!Returned)
    return std::nullopt;
  return bindToCall(*Returned, Call, Callee);
}

std::optional<UniformValue> Uniformity::calledFieldValue(const CallExpr *Call,
                                                         const FieldDecl *Field) {
  const FunctionDecl *Callee = summarisedCallee(Call);
  const CXXRecordDecl *Built = Callee ? Callee->getReturnType()->getAsCXXRecordDecl() : nullptr;
  if (!Built || !Unit.ReturnedFieldOf ||
      Built->getCanonicalDecl() != Field->getParent()->getCanonicalDecl())
    return std::nullopt;
  std::optional<UniformValue> Returned = Unit.ReturnedFieldOf(Callee, Field);
  if (!Returned)
    return std::nullopt;
  return bindToCall(*Returned, Call, Callee);
}

UniformValue Uniformity::returnedField(const ReturnStmt *R, const FieldDecl *Field) {
  const Expr *Returned = R->getRetValue();
  if (!Returned)
    return UniformValue::perThread();
  if (std::optional<UniformValue> Copied = copiedField(Returned, Field, R)) // `return p;`
    return *Copied;
  const Expr *Built = temporaryConstruction(Returned);
  return Built ? fieldInitValue(Built, Field) : exprValue(Returned);
}

std::optional<UniformValue> Uniformity::copiedField(const Expr *Copy, const FieldDecl *Field,
                                                    const Stmt *At) {
  const Expr *Source = Copy->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Source);
      Construct && Construct->getNumArgs() == 1 &&
      Construct->getConstructor()->isCopyOrMoveConstructor())
    Source = Construct->getArg(0);
  const auto *Ref = dyn_cast<DeclRefExpr>(Source->IgnoreParenImpCasts());
  const auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Local || !followsFields(Local, Field->getParent()) || Field->getFieldIndex() >= 64)
    return std::nullopt;
  return read(fieldNode(Local, Field, At));
}

} // namespace coopcheck::analysis
