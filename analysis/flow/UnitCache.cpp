#include "analysis/flow/UnitCache.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace coopcheck::analysis {

namespace {
thread_local std::optional<std::chrono::milliseconds> UnitTimeLimit;
} // namespace

void setUnitTimeLimit(std::optional<std::chrono::milliseconds> Limit) { UnitTimeLimit = Limit; }

UnitCache::UnitCache(ASTContext &Ctx, model::Platform P, bool HipWave32,
                     std::optional<unsigned> CudaArch)
    : Ctx(Ctx), Plat(P), HipWave32(HipWave32), CudaArch(CudaArch), Errors(Ctx),
      Summaries(Ctx, &Errors) {
  if (UnitTimeLimit)
    Deadline = std::chrono::steady_clock::now() + *UnitTimeLimit;
}

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

namespace {
/// Functions written by the user with a body and no compile error, in templates only as
/// instantiations.
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(const UnitCache &TU, bool KernelsOnly) : TU(TU), KernelsOnly(KernelsOnly) {}
  std::vector<const FunctionDecl *> Functions;
  bool VisitFunctionDecl(FunctionDecl *F) {
    bool Kernel = F->hasAttr<CUDAGlobalAttr>();
    bool Device = Kernel || F->hasAttr<CUDADeviceAttr>();
    if ((KernelsOnly ? Kernel : Device) && F->doesThisDeclarationHaveABody() &&
        !F->isDependentContext() && TU.isAnalysable(F->getLocation()))
      Functions.push_back(F);
    return true;
  }
  // A lambda's call operator is a function of its own: device code when its lambda is written in
  // device code (or is marked __device__).
  bool VisitLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    const auto *Outer = dyn_cast<FunctionDecl>(Op->getParent()->getDeclContext());
    bool Device = Op->hasAttr<CUDADeviceAttr>() ||
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
  bool KernelsOnly;
};

std::vector<const FunctionDecl *> collectFunctions(const UnitCache &TU, ASTContext &Ctx,
                                                   bool KernelsOnly) {
  FunctionCollector Collector(TU, KernelsOnly);
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

Uniformity &UnitCache::uniformityOf(const FunctionDecl *F) {
  auto [It, Inserted] = Uniformities.try_emplace(F);
  if (Inserted)
    It->second = std::make_unique<Uniformity>(F, cfgOf(F), Ctx, &Summaries);
  return *It->second;
}

namespace {
/// __CUDA_ARCH__ on the device side; on the host side, where it is not defined, the first target
/// of __CUDA_ARCH_LIST__ (`800,900`), so that both sides see the same target.
std::optional<unsigned> cudaArchOf(Preprocessor &PP) {
  for (const char *Macro : {"__CUDA_ARCH__", "__CUDA_ARCH_LIST__"}) {
    const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Macro));
    if (!MI || MI->getNumTokens() == 0 || !MI->getReplacementToken(0).is(tok::numeric_constant))
      continue;
    unsigned Arch;
    if (!llvm::StringRef(PP.getSpelling(MI->getReplacementToken(0))).getAsInteger(10, Arch))
      return Arch;
  }
  return std::nullopt;
}

struct CurrentTU {
  ASTContext *Ctx = nullptr;
  std::unique_ptr<UnitCache> Analysis;
};
thread_local CurrentTU Current;
} // namespace

UnitCache &unitCacheFor(ASTContext &Ctx, Preprocessor *PP) {
  if (!Current.Analysis || Current.Ctx != &Ctx) {
    model::Platform P = PP ? detectPlatform(*PP) : model::Platform::Cuda;
    bool Wave32 = PP && PP->isMacroDefined("__COOPCHECK_HIP_WAVE32__");
    std::optional<unsigned> Arch =
        PP && P == model::Platform::Cuda ? cudaArchOf(*PP) : std::nullopt;
    Current.Analysis = std::make_unique<UnitCache>(Ctx, P, Wave32, Arch);
    Current.Ctx = &Ctx;
  }
  return *Current.Analysis;
}

void forgetUnitCache() {
  Current.Analysis.reset();
  Current.Ctx = nullptr;
}

} // namespace coopcheck::analysis
