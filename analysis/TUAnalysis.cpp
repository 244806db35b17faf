#include "analysis/TUAnalysis.h"
#include "analysis/ParseSetup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coopcheck::analysis {

TUAnalysis::TUAnalysis(ASTContext &Ctx, model::Platform P) : Ctx(Ctx), Plat(P), Summaries(Ctx) {}

bool TUAnalysis::isUserCode(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

const std::vector<LaunchSite> &TUAnalysis::launchSites() {
  if (!Launches)
    Launches = findLaunchSites(Ctx);
  return *Launches;
}

namespace {
class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  KernelCollector(const TUAnalysis &TU) : TU(TU) {}
  std::vector<const FunctionDecl *> Kernels;
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->hasAttr<CUDAGlobalAttr>() && F->doesThisDeclarationHaveABody() &&
        !F->isDependentContext() && TU.isUserCode(F->getLocation()))
      Kernels.push_back(F);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

private:
  const TUAnalysis &TU;
};
} // namespace

const std::vector<const FunctionDecl *> &TUAnalysis::kernels() {
  if (!Kernels) {
    KernelCollector Collector(*this);
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    Kernels = std::move(Collector.Kernels);
  }
  return *Kernels;
}

FunctionCFG *TUAnalysis::cfgOf(const FunctionDecl *F) {
  auto [It, Inserted] = Cfgs.try_emplace(F);
  if (Inserted)
    It->second = FunctionCFG::build(F, Ctx);
  return It->second.get();
}

Uniformity &TUAnalysis::uniformityOf(const FunctionDecl *F) {
  auto [It, Inserted] = Uniformities.try_emplace(F);
  if (Inserted)
    It->second = std::make_unique<Uniformity>(F, cfgOf(F), Ctx);
  return *It->second;
}

namespace {
struct CurrentTU {
  ASTContext *Ctx = nullptr;
  std::unique_ptr<TUAnalysis> Analysis;
};
thread_local CurrentTU Current;
} // namespace

TUAnalysis &analysisFor(ASTContext &Ctx, Preprocessor *PP) {
  if (!Current.Analysis || Current.Ctx != &Ctx) {
    model::Platform P = PP ? detectPlatform(*PP) : model::Platform::Cuda;
    Current.Analysis = std::make_unique<TUAnalysis>(Ctx, P);
    Current.Ctx = &Ctx;
  }
  return *Current.Analysis;
}

void forgetTUAnalysis() {
  Current.Analysis.reset();
  Current.Ctx = nullptr;
}

} // namespace coopcheck::analysis
