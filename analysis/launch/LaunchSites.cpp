#include "analysis/launch/LaunchSites.h"
#include "analysis/flow/Expressions.h"
#include "analysis/flow/Uniformity.h"
#include "analysis/flow/UnitCache.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using coopcheck::model::LaunchApi;
using coopcheck::model::LaunchKind;

namespace coopcheck::analysis {

llvm::StringRef cooperationName(Cooperation C) {
  switch (C) {
  case Cooperation::None:
    return "none";
  case Cooperation::Single:
    return "single";
  case Cooperation::MultiDevice:
    return "multi-device";
  case Cooperation::Unknown:
    return "unknown";
  }
  return "unknown";
}

std::string kernelName(const FunctionDecl *Kernel) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Kernel->getNameForDiagnostic(OS, Kernel->getASTContext().getPrintingPolicy(),
                               /*Qualified=*/false);
  return Name;
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

/// What one function shows of launch configurations and their attribute arrays:
/// `config.attrs = attribute;`, `attribute[0].id = cudaLaunchAttributeCooperative;`,
/// `attribute[0].val.cooperative = 1;`, each keyed by the variable it is rooted at.
class AttributeScanner : public RecursiveASTVisitor<AttributeScanner> {
public:
  explicit AttributeScanner(ASTContext &Ctx) : Ctx(Ctx) {}

  llvm::DenseMap<const Decl *, const Decl *> AttributesOfConfig;
  llvm::DenseSet<const Decl *> CooperativeNamed;   ///< arrays whose entries name the attribute
  llvm::DenseSet<const Decl *> InitialisedConfigs; ///< configs built by an initializer list
  struct Value {
    bool NonZero = false, Zero = false, Unknown = false;
  };
  llvm::DenseMap<const Decl *, Value> CooperativeValue;

  bool VisitVarDecl(VarDecl *V) {
    if (const auto *Init = dyn_cast_or_null<InitListExpr>(V->getInit())) {
      // `= {}` zero-initialises; only values written in the braces may set attributes.
      const InitListExpr *Written = Init->isSyntacticForm() ? Init : Init->getSyntacticForm();
      if (Written && Written->getNumInits() > 0)
        InitialisedConfigs.insert(V);
      if (mentionsCooperative(Init))
        CooperativeNamed.insert(V);
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const Decl *Root = memoryRoot(BO->getLHS());
    if (!ME || !Root)
      return true;
    llvm::StringRef Field = ME->getMemberDecl()->getName();
    if (Field == "attrs")
      AttributesOfConfig[Root] = memoryRoot(BO->getRHS());
    else if (Field == "id" && mentionsCooperative(BO->getRHS()))
      CooperativeNamed.insert(Root);
    else if (Field == "cooperative")
      record(CooperativeValue[Root], BO->getRHS());
    return true;
  }

private:
  static bool mentionsCooperative(const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        return model::isCooperativeAttributeName(EC->getName());
    if (S)
      for (const Stmt *Child : S->children())
        if (mentionsCooperative(Child))
          return true;
    return false;
  }

  void record(Value &V, const Expr *E) {
    std::optional<llvm::APSInt> Result = integerValue(E, Ctx);
    if (!Result)
      V.Unknown = true;
    else if (Result->isZero())
      V.Zero = true;
    else
      V.NonZero = true;
  }

  ASTContext &Ctx;
};

Cooperation attributeCooperation(const CallExpr *Call, const LaunchApi &Api,
                                 const FunctionDecl *Enclosing, ASTContext &Ctx) {
  if (Api.ConfigArg < 0 || static_cast<unsigned>(Api.ConfigArg) >= Call->getNumArgs() ||
      !Enclosing || !Enclosing->getBody())
    return Cooperation::Unknown;
  const auto *Config = dyn_cast_or_null<VarDecl>(memoryRoot(Call->getArg(Api.ConfigArg)));
  // A configuration handed in from elsewhere may carry any attribute.
  if (!Config || Config->getDeclContext() != Enclosing || isa<ParmVarDecl>(Config))
    return Cooperation::Unknown;
  AttributeScanner Scan(Ctx);
  Scan.TraverseStmt(Enclosing->getBody());
  auto Attributes = Scan.AttributesOfConfig.find(Config);
  if (Attributes == Scan.AttributesOfConfig.end())
    return Scan.InitialisedConfigs.count(Config) ? Cooperation::Unknown : Cooperation::None;
  const Decl *Array = Attributes->second;
  const auto *ArrayVar = dyn_cast_or_null<VarDecl>(Array);
  if (!ArrayVar || ArrayVar->getDeclContext() != Enclosing)
    return Cooperation::Unknown;
  if (!Scan.CooperativeNamed.count(Array))
    return Cooperation::None;
  const AttributeScanner::Value &V = Scan.CooperativeValue[Array];
  return V.Zero && !V.NonZero && !V.Unknown ? Cooperation::None : Cooperation::Single;
}

Cooperation cooperationOf(LaunchKind Kind) {
  switch (Kind) {
  case LaunchKind::Standard:
    return Cooperation::None;
  case LaunchKind::Cooperative:
    return Cooperation::Single;
  case LaunchKind::CooperativeMultiDevice:
    return Cooperation::MultiDevice;
  case LaunchKind::ByAttribute:
    return Cooperation::Unknown;
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

/// The parameter of a function an expression names, through casts: `k`, `(void *)k`.
const ParmVarDecl *kernelParameter(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenCasts() : nullptr);
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

/// The calls in the unit's code, by callee, with the function that makes each.
class HelperCalls : public RecursiveASTVisitor<HelperCalls> {
public:
  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Caller;
    Caller = F;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Caller = Saved;
    return Result;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && Caller)
      Calls[Callee->getCanonicalDecl()].push_back({Caller, Call});
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

  llvm::ArrayRef<std::pair<const FunctionDecl *, const CallExpr *>>
  callsOf(const FunctionDecl *F) const {
    auto It = Calls.find(F->getCanonicalDecl());
    return It == Calls.end() ? llvm::ArrayRef<std::pair<const FunctionDecl *, const CallExpr *>>()
                             : llvm::ArrayRef(It->second);
  }

private:
  const FunctionDecl *Caller = nullptr;
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<std::pair<const FunctionDecl *, const CallExpr *>>>
      Calls;
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
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *M) {
    return inFunction(M, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(M); });
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    add({Call, resolveKernel(Call->getCallee()), nullptr, Cooperation::None, Enclosing,
         "<<<...>>>"},
        Call->getCallee());
    return true;
  }

  /// Launches of a kernel that the enclosing function is given as its parameter, by parameter.
  struct ParameterLaunch {
    LaunchSite Site;
    const FunctionDecl *Helper; ///< the function given the kernel as its Parameter
    unsigned Parameter;
    size_t Unresolved; ///< the index of the site with no kernel among the Sites found
  };
  std::vector<ParameterLaunch> ParameterLaunches;

  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getDeclName().isIdentifier())
      return true;
    const LaunchApi *Api = model::findLaunchApi(Callee->getName());
    if (!Api)
      return true;
    // hipLaunchKernelGGL(...) is a macro around another call: name the launch as written.
    std::string Spelling = Api->Name.str();
    if (Call->getBeginLoc().isMacroID()) {
      llvm::StringRef Macro =
          Lexer::getImmediateMacroName(Call->getBeginLoc(), SM, Ctx.getLangOpts());
      if (model::findLaunchApi(Macro))
        Spelling = Macro.str();
    }
    if (Api->Kind == LaunchKind::CooperativeMultiDevice) {
      ParamListKernels Lists;
      if (Enclosing)
        Lists.TraverseStmt(Enclosing->getBody());
      for (const FunctionDecl *K : Lists.Kernels)
        Sites.push_back({Call, K, Api, Cooperation::MultiDevice, Enclosing, Spelling});
      return true;
    }
    const Expr *KernelArg =
        Api->KernelArg >= 0 && static_cast<unsigned>(Api->KernelArg) < Call->getNumArgs()
            ? Call->getArg(Api->KernelArg)
            : nullptr;
    Cooperation Coop = Api->Kind == LaunchKind::ByAttribute
                           ? attributeCooperation(Call, *Api, Enclosing, Ctx)
                           : cooperationOf(Api->Kind);
    add({Call, resolveKernel(KernelArg), Api, Coop, Enclosing, Spelling}, KernelArg);
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

private:
  /// A launch of a kernel the enclosing function is given is also resolved at the calls of it.
  void add(LaunchSite Site, const Expr *KernelExpr) {
    if (const ParmVarDecl *P = kernelParameter(KernelExpr); P && !Site.Kernel && Enclosing)
      ParameterLaunches.push_back({Site, Enclosing, P->getFunctionScopeIndex(), Sites.size()});
    Sites.push_back(std::move(Site));
  }

  /// Traverses a function's body with it as the enclosing function of the launches found there.
  /// Template patterns are skipped: their instantiations are visited with the actual kernels and
  /// attribute values.
  template <typename TraverseFn> bool inFunction(const FunctionDecl *F, TraverseFn Traverse) {
    if (F->isDependentContext())
      return true;
    const FunctionDecl *Saved = Enclosing;
    Enclosing = F;
    bool Result = Traverse();
    Enclosing = Saved;
    return Result;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Enclosing = nullptr;
};

} // namespace

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<LaunchSite> Sites = std::move(Finder.Sites);
  if (Finder.ParameterLaunches.empty())
    return Sites;
  // Follow the kernel through the helpers' callers, a few helpers deep. A launch whose every
  // way in from the unit's calls names a kernel launches those kernels only: the site with no
  // kernel goes.
  HelperCalls Calls;
  Calls.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<LaunchFinder::ParameterLaunch> Pending = std::move(Finder.ParameterLaunches);
  constexpr unsigned HelpersDeep = 4;
  std::vector<bool> Resolved(Sites.size(), false);
  for (const LaunchFinder::ParameterLaunch &L : Pending)
    Resolved[L.Unresolved] = true;
  for (unsigned Depth = 0; Depth < HelpersDeep && !Pending.empty(); ++Depth) {
    std::vector<LaunchFinder::ParameterLaunch> Next;
    for (const LaunchFinder::ParameterLaunch &L : Pending) {
      if (Calls.callsOf(L.Helper).empty())
        Resolved[L.Unresolved] = false;
      for (const auto &[Caller, Call] : Calls.callsOf(L.Helper)) {
        LaunchSite Site = L.Site;
        Site.PassedBy = Call;
        const Expr *Arg = L.Parameter < Call->getNumArgs() ? Call->getArg(L.Parameter) : nullptr;
        const ParmVarDecl *P = Arg ? kernelParameter(Arg) : nullptr;
        Site.Kernel = Arg ? resolveKernel(Arg) : nullptr;
        if (Site.Kernel)
          Sites.push_back(Site);
        else if (P && P->getDeclContext() == Caller && Depth + 1 < HelpersDeep)
          Next.push_back({Site, Caller, P->getFunctionScopeIndex(), L.Unresolved});
        else
          Resolved[L.Unresolved] = false;
      }
    }
    Pending = std::move(Next);
  }
  for (size_t I = Resolved.size(); I-- > 0;)
    if (Resolved[I])
      Sites.erase(Sites.begin() + I);
  return Sites;
}

UnitLaunchSites::UnitLaunchSites(UnitCache &Unit) : Sites(findLaunchSites(Unit.context())) {
  // Launches the CFG shows can never run (the else of `if (true)`) are not launches.
  llvm::erase_if(Sites, [&](const LaunchSite &L) {
    FunctionCFG *Cfg = L.Enclosing ? Unit.cfgOf(L.Enclosing) : nullptr;
    return Cfg && Cfg->blockOf(L.Call) &&
           !Cfg->reachesAvoiding(nullptr, L.Call, [](const Stmt *) { return false; });
  });
}

} // namespace coopcheck::analysis
