#include "analysis/flow/UnitCache.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/PointeeWrites.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

using namespace clang;

namespace coopcheck::analysis {

UnitCache::UnitCache(ASTContext &Ctx, const Setup &S)
    : Ctx(Ctx), Deadline(S.Deadline), Plat(S.Platform), HipWave32(S.HipWave32),
      CudaArch(S.CudaArch), LaunchedBlocks(S.LaunchedBlocks),
      LaunchedMultiples(S.LaunchedMultiples), Errors(Ctx, S.ReportedErrors),
      Summaries(Ctx, &Errors) {}

UnitCache::~UnitCache() = default;

bool UnitCache::outOfTime() {
  if (Deadline && std::chrono::steady_clock::now() >= *Deadline)
    StoppedEarly = true;
  return StoppedEarly;
}

bool UnitCache::isUserCode(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

const model::Operation *UnitCache::toolkitIntrinsicOf(const CallExpr *Call) const {
  const model::Operation *Op = intrinsicOf(Call);
  if (!Op)
    return nullptr;
  for (const FunctionDecl *D : Call->getDirectCallee()->redecls())
    if (isUserCode(D->getLocation()))
      return nullptr;
  return Op;
}

namespace {
/// Functions written by the user with a body and no compile error, in templates as their
/// instantiations, or in their generic form where no valid code instantiates the template.
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(const UnitCache &TU, const ASTContext &Ctx, bool KernelsOnly)
      : TU(TU), SM(Ctx.getSourceManager()), KernelsOnly(KernelsOnly) {}
  std::vector<const FunctionDecl *> Functions;
  bool VisitFunctionDecl(FunctionDecl *F) {
    bool Kernel = F->hasAttr<CUDAGlobalAttr>();
    bool Device = Kernel || F->hasAttr<CUDADeviceAttr>();
    if ((KernelsOnly ? Kernel : Device) && F->doesThisDeclarationHaveABody() &&
        (!F->isDependentContext() || uninstantiatedTemplate(F)) &&
        TU.isAnalysable(F->getLocation()))
      Functions.push_back(F);
    return true;
  }
  // A lambda's call operator is a function of its own: device code when its lambda is written in
  // device code (or is marked __device__; clang marks every lambda of a host function
  // __host__ __device__ implicitly, and those run on the host).
  bool VisitLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    const auto *Outer = dyn_cast<FunctionDecl>(Op->getParent()->getDeclContext());
    const auto *Marked = Op->getAttr<CUDADeviceAttr>();
    bool Device = (Marked && !Marked->isImplicit()) ||
                  (Outer && (Outer->hasAttr<CUDADeviceAttr>() || Outer->hasAttr<CUDAGlobalAttr>()));
    if (!KernelsOnly && Device && Op->hasBody() && !Op->isDependentContext() &&
        TU.isAnalysable(Op->getLocation()))
      Functions.push_back(Op);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

private:
  const UnitCache &TU;
  const SourceManager &SM;
  bool KernelsOnly;

  /// A function template that nothing instantiates, outside class templates (their members are
  /// read as instantiations only), written in the file analysed: a kernel whose launcher the
  /// compiler rejected (its argument types come from a missing header) is analysed that way.
  /// A header's templates are left to the units that instantiate them: on real projects their
  /// generic forms, read in every unit that includes them, were mostly false findings (a
  /// parameter object's flags read per thread until an instantiation binds them).
  bool uninstantiatedTemplate(const FunctionDecl *F) const {
    const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate();
    return Template && !F->getDeclContext()->isDependentContext() &&
           Template->getCanonicalDecl()->specializations().empty() &&
           SM.isInMainFile(SM.getExpansionLoc(F->getLocation()));
  }
};

std::vector<const FunctionDecl *> collectFunctions(const UnitCache &TU, ASTContext &Ctx,
                                                   bool KernelsOnly) {
  FunctionCollector Collector(TU, Ctx, KernelsOnly);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Collector.Functions);
}
} // namespace

const std::vector<const FunctionDecl *> &UnitCache::kernels() {
  if (!Kernels)
    Kernels = collectFunctions(*this, Ctx, /*KernelsOnly=*/true);
  return *Kernels;
}

const std::vector<const FunctionDecl *> &UnitCache::deviceFunctions() {
  if (!DeviceFunctions)
    DeviceFunctions = collectFunctions(*this, Ctx, /*KernelsOnly=*/false);
  return *DeviceFunctions;
}

FunctionCFG *UnitCache::cfgOf(const FunctionDecl *F) {
  auto [It, Inserted] = Cfgs.try_emplace(F);
  if (Inserted)
    It->second = FunctionCFG::build(F, Ctx);
  return It->second.get();
}

UniformityContext UnitCache::contextFor(const FunctionDecl *F) {
  UniformityContext Context;
  Context.ReturnValueOf = [this](const FunctionDecl *Callee) { return returnValueOf(Callee); };
  Context.ReturnRangeOf = [this](const FunctionDecl *Callee) -> std::optional<ValueRange> {
    Uniformity *View = callerViewOf(Callee);
    return View ? View->returnRange() : std::nullopt;
  };
  Context.ReturnedFieldOf = [this](const FunctionDecl *Callee, const FieldDecl *Field) {
    Uniformity *View = callerViewOf(Callee);
    return View ? View->returnedFieldValue(Field) : std::nullopt;
  };
  Context.StoredValueOf = [this](const FunctionDecl *Callee, const VarDecl *Target) {
    Uniformity *View = callerViewOf(Callee);
    return View ? View->storedValue(Target) : std::nullopt;
  };
  Context.StoredFieldOf = [this](const FunctionDecl *Callee, const FieldDecl *Field) {
    Uniformity *View = callerViewOf(Callee);
    return View ? View->storedFieldValue(Field) : std::nullopt;
  };
  Context.LeavesPointeeBe = [this](const FunctionDecl *Callee, unsigned P) {
    return leavesPointeeBe(Callee, P);
  };
  Context.ReturnsEndThread = returnsEndThread(F);
  Context.WarpSize = warpSize();
  Context.MaxBlockWidth = maxBlockWidth(F);
  Context.BlockMultiples = blockMultiples(F);
  if (LaunchedMultiples && F->hasAttr<CUDAGlobalAttr>()) {
    auto [It, Inserted] = ArgumentMultiples.try_emplace(F);
    if (Inserted)
      It->second = LaunchedMultiples(*this, F);
    Context.ParameterMultiples = It->second;
  }
  Context.DroppedNames = Errors.namesInDroppedStatements(F);
  if (Errors.any())
    Context.RejectedAsm = [this](const GCCAsmStmt *Asm) { return Errors.rejects(Asm); };
  return Context;
}

unsigned UnitCache::maxBlockWidth(const FunctionDecl *F) { return blocksRunning(F).MaxWidth; }

model::Dim3 UnitCache::blockMultiples(const FunctionDecl *F) { return blocksRunning(F).Multiples; }

/// What both A's and B's extents are multiples of, per axis (0 names no extent yet).
static model::Dim3 commonMultiples(const model::Dim3 &A, const model::Dim3 &B) {
  return {std::gcd(A.X, B.X), std::gcd(A.Y, B.Y), std::gcd(A.Z, B.Z)};
}

UnitCache::RunningBlocks UnitCache::kernelBlocks(const FunctionDecl *Kernel) {
  RunningBlocks Known;
  if (const auto *Bounds = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    std::optional<llvm::APSInt> Threads = integerValue(Bounds->getMaxThreads(), Ctx);
    if (Threads && Threads->isStrictlyPositive())
      Known.MaxWidth = unsigned(std::min<uint64_t>(Known.MaxWidth, Threads->getZExtValue()));
  }
  const std::optional<std::vector<model::Dim3>> &Blocks = launchedBlocks(Kernel);
  if (!Blocks || Blocks->empty())
    return Known;
  if (llvm::all_equal(*Blocks))
    Known.Only = Blocks->front();
  unsigned Widest = 0;
  for (const model::Dim3 &Block : *Blocks) {
    Widest = std::max(Widest, Block.X);
    Known.Multiples = commonMultiples(Known.Multiples, Block);
  }
  Known.MaxWidth = std::min(Known.MaxWidth, Widest);
  return Known;
}

const UnitCache::RunningBlocks &UnitCache::blocksRunning(const FunctionDecl *F) {
  static const RunningBlocks Unknown;
  const FunctionDecl *Def = F->hasAttr<CUDAGlobalAttr>() ? F : summarisableDefinition(F);
  if (!Def)
    return Unknown;
  auto [It, Inserted] = Running.try_emplace(Def); // Unknown while deciding (recursion)
  if (!Inserted)
    return It->second;
  if (Def->hasAttr<CUDAGlobalAttr>())
    return It->second = kernelBlocks(Def);
  // A helper only this unit calls runs in the blocks of the kernels that reach it.
  std::optional<llvm::ArrayRef<CallSite>> Sites = everyCallOf(Def);
  if (!Sites)
    return It->second;
  RunningBlocks Common{0, {0, 0, 0}, blocksRunning(Sites->front().Caller).Only};
  bool MultiplesKnown = true;
  for (const CallSite &Site : *Sites) {
    const RunningBlocks &Caller = blocksRunning(Site.Caller);
    const model::Dim3 &M = Caller.Multiples;
    MultiplesKnown = MultiplesKnown && M.X && M.Y && M.Z;
    if (!Caller.Only || !Common.Only || !(*Caller.Only == *Common.Only))
      Common.Only = std::nullopt;
    Common.MaxWidth = std::max(Common.MaxWidth, Caller.MaxWidth);
    Common.Multiples = commonMultiples(Common.Multiples, M);
  }
  if (!MultiplesKnown)
    Common.Multiples = Unknown.Multiples;
  return It->second = Common;
}

const std::optional<std::vector<model::Dim3>> &UnitCache::launchedBlocks(const FunctionDecl *F) {
  auto [It, Inserted] = Launched.try_emplace(F);
  if (Inserted && LaunchedBlocks && F->hasAttr<CUDAGlobalAttr>())
    if (auto Blocks = LaunchedBlocks(*this, F); Blocks && !Blocks->empty())
      It->second = std::move(Blocks);
  return It->second;
}

std::optional<model::Dim3> UnitCache::launchedBlock(const FunctionDecl *F) {
  return blocksRunning(F).Only;
}

Uniformity &UnitCache::uniformityOf(const FunctionDecl *F) {
  auto [It, Inserted] = Uniformities.try_emplace(F);
  if (Inserted)
    It->second = std::make_unique<Uniformity>(F, cfgOf(F), Ctx, &Summaries, contextFor(F));
  return *It->second;
}

Uniformity &UnitCache::rowsOfWholeWarpsUniformityOf(const FunctionDecl *F) {
  auto [It, Inserted] = RowsOfWholeWarpsViews.try_emplace(F);
  if (Inserted) {
    UniformityContext Context = contextFor(F);
    // A kernel launched only with rows narrower than a warp has none: its warps span rows.
    Context.RowsOfWholeWarps = Context.MaxBlockWidth >= warpSize() ? warpSize() : 0;
    It->second = std::make_unique<Uniformity>(F, cfgOf(F), Ctx, &Summaries, std::move(Context));
  }
  return *It->second;
}

Uniformity *UnitCache::callerViewOf(const FunctionDecl *F) {
  const FunctionDecl *Def = summarisableDefinition(F);
  if (!Def)
    return nullptr;
  auto [It, Inserted] = CallerViews.try_emplace(Def);
  if (Inserted)
    It->second = std::make_unique<Uniformity>(Def, cfgOf(Def), Ctx, &Summaries, contextFor(Def),
                                              MemoryView::CallerMayWrite);
  return It->second.get();
}

std::optional<UniformValue> UnitCache::returnValueOf(const FunctionDecl *F) {
  Uniformity *View = callerViewOf(F);
  return View ? View->returnValue() : std::nullopt;
}

bool UnitCache::leavesPointeeBe(const FunctionDecl *F, unsigned P) {
  const FunctionDecl *Def = summarisableDefinition(F);
  if (!Def || Errors.inBrokenFunction(Def->getLocation()))
    return false;
  auto [It, Inserted] = PointeeLeftBe.try_emplace({Def, P});
  if (!Inserted)
    return It->second.value_or(false);
  bool LeftBe = analysis::leavesPointeeBe(Def, P, [this](const FunctionDecl *Callee, unsigned Q) {
    return leavesPointeeBe(Callee, Q);
  });
  It->second = LeftBe;
  return LeftBe;
}

namespace {
/// The calls in one function's body (its lambdas are functions of their own), and references to
/// functions that are not calls (their address taken).
class CallSiteScanner : public RecursiveASTVisitor<CallSiteScanner> {
public:
  std::vector<const CallExpr *> Calls;
  llvm::DenseMap<const FunctionDecl *, unsigned> References;
  bool VisitCallExpr(CallExpr *Call) {
    Calls.push_back(Call);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      ++References[F->getCanonicalDecl()];
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (const auto *F = dyn_cast<FunctionDecl>(Member->getMemberDecl()))
      ++References[F->getCanonicalDecl()];
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

/// Whether nothing runs in Caller after Call returns: only the expressions around the call and
/// a return, on every path to the end of the function.
bool isLastAction(FunctionCFG &Cfg, const CallExpr *Call) {
  const CFGBlock *Block = Cfg.blockOf(Call);
  if (!Block)
    return false;
  llvm::SmallPtrSet<const Stmt *, 8> Around; // the call and the expressions that hold it
  const Stmt *S = Call;
  for (int Depth = 0; Depth < 16 && S && !isa<CompoundStmt>(S); ++Depth) {
    Around.insert(S);
    S = Cfg.parents().parentStatement(*S);
  }
  auto Quiet = [&](const CFGBlock *B, unsigned From) {
    for (unsigned I = From; I < B->size(); ++I)
      if (auto S = (*B)[I].getAs<CFGStmt>()) {
        const auto *Return = dyn_cast<ReturnStmt>(S->getStmt());
        if (!Around.count(S->getStmt()) && !(Return && !Return->getRetValue()))
          return false;
      }
    return !B->getTerminatorStmt();
  };
  unsigned Index = 0;
  for (; Index < Block->size(); ++Index)
    if (auto S = (*Block)[Index].getAs<CFGStmt>(); S && S->getStmt() == Call)
      break;
  if (!Quiet(Block, Index + 1))
    return false;
  llvm::SmallPtrSet<const CFGBlock *, 8> Seen;
  llvm::SmallVector<const CFGBlock *, 8> Work(Block->succ_begin(), Block->succ_end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!B || B == &Cfg.cfg().getExit() || !Seen.insert(B).second)
      continue;
    if (!Quiet(B, 0))
      return false;
    Work.append(B->succ_begin(), B->succ_end());
  }
  return true;
}
} // namespace

void UnitCache::collectCallSites() {
  CallSites.emplace();
  llvm::DenseMap<const FunctionDecl *, unsigned> References, Calls;
  for (const FunctionDecl *Caller : deviceFunctions()) {
    CallSiteScanner Scanner;
    Scanner.TraverseStmt(Caller->getBody());
    for (const auto &[F, Count] : Scanner.References)
      References[F] += Count;
    for (const CallExpr *Call : Scanner.Calls)
      if (const FunctionDecl *Callee = Call->getDirectCallee()) {
        ++Calls[Callee->getCanonicalDecl()];
        if (const FunctionDecl *Def = summarisableDefinition(Callee))
          (*CallSites)[Def].push_back({Caller, Call});
      }
  }
  for (const auto &[F, Count] : References)
    if (Count > Calls.lookup(F))
      AddressTaken.insert(F);
}

llvm::ArrayRef<UnitCache::CallSite> UnitCache::callSitesOf(const FunctionDecl *F) {
  if (!CallSites)
    collectCallSites();
  const FunctionDecl *Def = summarisableDefinition(F);
  auto It = Def ? CallSites->find(Def) : CallSites->end();
  return It == CallSites->end() ? llvm::ArrayRef<CallSite>() : llvm::ArrayRef(It->second);
}

std::optional<llvm::ArrayRef<UnitCache::CallSite>> UnitCache::everyCallOf(const FunctionDecl *Def) {
  // Another unit may call a function with external linkage (relocatable device code), and a
  // pointer to it may be called anywhere.
  GVALinkage Linkage = Ctx.GetGVALinkageForFunction(Def);
  if ((Linkage != GVA_Internal && Linkage != GVA_DiscardableODR) ||
      AddressTaken.count(Def->getCanonicalDecl()))
    return std::nullopt;
  llvm::ArrayRef<CallSite> Sites = callSitesOf(Def);
  return Sites.empty() ? std::nullopt : std::optional(Sites);
}

bool UnitCache::returnsEndThread(const FunctionDecl *F) {
  if (!F || F->hasAttr<CUDAGlobalAttr>())
    return F != nullptr;
  const FunctionDecl *Def = summarisableDefinition(F);
  if (!Def)
    return false;
  if (auto It = EndsThread.find(Def); It != EndsThread.end())
    return It->second;
  // Recursion: a helper that calls itself last still returns into itself; say no.
  if (!DecidingEndsThread.insert(Def).second)
    return false;
  std::optional<llvm::ArrayRef<CallSite>> Sites = everyCallOf(Def);
  bool Ends = Sites && llvm::all_of(*Sites, [&](const CallSite &Site) {
                FunctionCFG *Cfg = cfgOf(Site.Caller);
                return Cfg && returnsEndThread(Site.Caller) && isLastAction(*Cfg, Site.Call);
              });
  DecidingEndsThread.erase(Def);
  EndsThread[Def] = Ends;
  return Ends;
}

} // namespace coopcheck::analysis
