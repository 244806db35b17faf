#include "analysis/LaunchSites.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using coopcheck::model::LaunchApi;
using coopcheck::model::LaunchKind;

namespace coopcheck::analysis {

llvm::StringRef cooperationName(Cooperation C) {
  switch (C) {
  case Cooperation::None: return "none";
  case Cooperation::Single: return "single";
  case Cooperation::MultiDevice: return "multi-device";
  case Cooperation::Unknown: return "unknown";
  }
  return "unknown";
}

const FunctionDecl *resolveKernel(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    if (!DRE)
      return nullptr;
    if (const auto *F = dyn_cast<FunctionDecl>(DRE->getDecl()))
      return F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
    const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
    if (!Var || !Var->getInit())
      return nullptr;
    E = Var->getInit();
  }
  return nullptr;
}

namespace {

/// Where a launch configuration's attributes come from, as far as one function shows.
struct AttributeEvidence {
  bool ConfigIsLocal = false;       ///< the config is a variable of the enclosing function
  bool AttributesSet = false;       ///< something assigns .attrs
  bool CooperativeNamed = false;    ///< the cooperative attribute enumerator is used
  bool CooperativeNonZero = false;  ///< .val.cooperative (or .value.cooperative) set to non-zero
  bool CooperativeZero = false;     ///< ... set to a constant 0
  bool CooperativeUnknown = false;  ///< ... set to something not constant
};

class AttributeScanner : public RecursiveASTVisitor<AttributeScanner> {
public:
  AttributeScanner(ASTContext &Ctx, AttributeEvidence &Ev) : Ctx(Ctx), Ev(Ev) {}

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      if (model::isCooperativeAttributeName(EC->getName()))
        Ev.CooperativeNamed = true;
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
    if (!ME)
      return true;
    llvm::StringRef Field = ME->getMemberDecl()->getName();
    if (Field == "attrs")
      Ev.AttributesSet = true;
    if (Field == "cooperative") {
      Expr::EvalResult Value;
      if (!BO->getRHS()->EvaluateAsInt(Value, Ctx))
        Ev.CooperativeUnknown = true;
      else if (Value.Val.getInt().isZero())
        Ev.CooperativeZero = true;
      else
        Ev.CooperativeNonZero = true;
    }
    return true;
  }

private:
  ASTContext &Ctx;
  AttributeEvidence &Ev;
};

Cooperation attributeCooperation(const CallExpr *Call, const LaunchApi &Api,
                                 const FunctionDecl *Enclosing, ASTContext &Ctx) {
  if (Api.ConfigArg < 0 || static_cast<unsigned>(Api.ConfigArg) >= Call->getNumArgs() ||
      !Enclosing)
    return Cooperation::Unknown;
  AttributeEvidence Ev;
  const auto *Root = dyn_cast_or_null<VarDecl>(memoryRoot(Call->getArg(Api.ConfigArg)));
  Ev.ConfigIsLocal = Root && Root->getDeclContext() == Enclosing && !isa<ParmVarDecl>(Root);
  AttributeScanner(Ctx, Ev).TraverseStmt(Enclosing->getBody());
  if (!Ev.ConfigIsLocal)
    return Cooperation::Unknown;
  if (Ev.CooperativeNamed)
    return Ev.CooperativeZero && !Ev.CooperativeNonZero && !Ev.CooperativeUnknown
               ? Cooperation::None
               : Cooperation::Single;
  // Attributes taken from elsewhere may still hold the cooperative one.
  return Ev.AttributesSet ? Cooperation::Unknown : Cooperation::None;
}

Cooperation cooperationOf(LaunchKind Kind) {
  switch (Kind) {
  case LaunchKind::Standard: return Cooperation::None;
  case LaunchKind::Cooperative: return Cooperation::Single;
  case LaunchKind::CooperativeMultiDevice: return Cooperation::MultiDevice;
  case LaunchKind::ByAttribute: return Cooperation::Unknown;
  }
  return Cooperation::Unknown;
}

/// Kernels named in a multi-device parameter list: `params[i].func = (void *)k;`.
class ParamListKernels : public RecursiveASTVisitor<ParamListKernels> {
public:
  std::vector<const FunctionDecl *> Kernels;
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    if (const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (ME->getMemberDecl()->getName() == "func")
        if (const FunctionDecl *K = resolveKernel(BO->getRHS()))
          Kernels.push_back(K);
    return true;
  }
};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::vector<LaunchSite> Sites;

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Enclosing;
    Enclosing = F;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Enclosing = Saved;
    return Result;
  }

  bool TraverseCXXMethodDecl(CXXMethodDecl *M) {
    const FunctionDecl *Saved = Enclosing;
    Enclosing = M;
    bool Result = RecursiveASTVisitor::TraverseCXXMethodDecl(M);
    Enclosing = Saved;
    return Result;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    Sites.push_back({Call, resolveKernel(Call->getCallee()), nullptr, Cooperation::None, Enclosing,
                     "<<<...>>>"});
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getDeclName().isIdentifier())
      return true;
    const LaunchApi *Api = model::findLaunchApi(Callee->getName());
    if (!Api)
      return true;
    std::string Spelling = Api->Name.str();
    if (Api->Kind == LaunchKind::CooperativeMultiDevice) {
      ParamListKernels Lists;
      if (Enclosing)
        Lists.TraverseStmt(Enclosing->getBody());
      for (const FunctionDecl *K : Lists.Kernels)
        Sites.push_back({Call, K, Api, Cooperation::MultiDevice, Enclosing, Spelling});
      return true;
    }
    const FunctionDecl *Kernel =
        Api->KernelArg >= 0 && static_cast<unsigned>(Api->KernelArg) < Call->getNumArgs()
            ? resolveKernel(Call->getArg(Api->KernelArg))
            : nullptr;
    Cooperation Coop = Api->Kind == LaunchKind::ByAttribute
                           ? attributeCooperation(Call, *Api, Enclosing, Ctx)
                           : cooperationOf(Api->Kind);
    Sites.push_back({Call, Kernel, Api, Coop, Enclosing, Spelling});
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Enclosing = nullptr;
};

} // namespace

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Sites);
}

} // namespace coopcheck::analysis
