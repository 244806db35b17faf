#include "analysis/flow/Groups.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace coopcheck::analysis {

bool isInCooperativeGroupsNamespace(const Decl *D) {
  for (const DeclContext *DC = D ? D->getDeclContext() : nullptr; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

static std::optional<unsigned> firstTemplateInteger(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return std::nullopt;
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  if (Arg.getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return static_cast<unsigned>(Arg.getAsIntegral().getZExtValue());
}

static bool partitionedFromCoalesced(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() < 2)
    return false;
  const TemplateArgument &Parent = Spec->getTemplateArgs()[1];
  if (Parent.getKind() != TemplateArgument::Type)
    return false;
  const CXXRecordDecl *ParentRD = Parent.getAsType()->getAsCXXRecordDecl();
  return ParentRD && ParentRD->getName() == "coalesced_group";
}

/// A tile type in a template's generic form, `thread_block_tile<N>` with N a template parameter:
/// a tile of a size known only per instantiation.
static std::optional<GroupType> dependentTileType(QualType T) {
  const auto *Spec = T->getAs<TemplateSpecializationType>();
  const TemplateDecl *Template = Spec ? Spec->getTemplateName().getAsTemplateDecl() : nullptr;
  if (!Template || !isInCooperativeGroupsNamespace(Template) ||
      !Template->getName().contains("thread_block_tile"))
    return std::nullopt;
  return GroupType{GroupKind::DynamicTile, 0};
}

std::optional<GroupType> groupTypeOf(QualType T) {
  if (T.isNull())
    return std::nullopt;
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (T->isDependentType())
    return dependentTileType(T);
  const CXXRecordDecl *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !isInCooperativeGroupsNamespace(RD))
    return std::nullopt;
  llvm::StringRef Name = RD->getName();
  if (Name == "thread_block_tile" || Name.contains("thread_block_tile")) {
    auto N = firstTemplateInteger(RD);
    // A tile partitioned from a coalesced group is made of the threads active there too.
    if (partitionedFromCoalesced(RD))
      return GroupType{GroupKind::Coalesced, N.value_or(0)};
    if (N)
      return GroupType{GroupKind::Tile, *N};
    return GroupType{GroupKind::DynamicTile, 0};
  }
  auto Kind = llvm::StringSwitch<std::optional<GroupKind>>(Name)
                  .Case("thread_block", GroupKind::ThreadBlock)
                  .Case("grid_group", GroupKind::Grid)
                  .Case("multi_grid_group", GroupKind::MultiGrid)
                  .Case("coalesced_group", GroupKind::Coalesced)
                  .Case("cluster_group", GroupKind::Cluster)
                  .Case("thread_group", GroupKind::Generic)
                  .Default(std::nullopt);
  if (!Kind)
    return std::nullopt;
  return GroupType{*Kind, 0};
}

std::optional<unsigned> staticTileSize(QualType T) {
  if (T.isNull())
    return std::nullopt;
  const CXXRecordDecl *RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !isInCooperativeGroupsNamespace(RD) || !RD->getName().contains("thread_block_tile"))
    return std::nullopt;
  return firstTemplateInteger(RD);
}

std::optional<model::Scope> scopeOf(GroupType G) {
  switch (G.Kind) {
  case GroupKind::ThreadBlock:
    return model::Scope::Block;
  case GroupKind::Tile:
  case GroupKind::DynamicTile:
  case GroupKind::Coalesced:
    return model::Scope::Tile;
  case GroupKind::Warp:
    return model::Scope::Warp;
  case GroupKind::Cluster:
    return model::Scope::Cluster;
  case GroupKind::Grid:
    return model::Scope::Grid;
  case GroupKind::MultiGrid:
    return model::Scope::MultiGrid;
  case GroupKind::Generic:
    return std::nullopt;
  }
  return std::nullopt;
}

llvm::StringRef groupNoun(GroupType G) {
  switch (G.Kind) {
  case GroupKind::ThreadBlock:
    return "block";
  case GroupKind::Tile:
  case GroupKind::DynamicTile:
    return "tile";
  case GroupKind::Coalesced:
    return "coalesced group";
  case GroupKind::Warp:
    return "warp";
  case GroupKind::Cluster:
    return "cluster";
  case GroupKind::Grid:
    return "grid";
  case GroupKind::MultiGrid:
    return "multi-grid";
  case GroupKind::Generic:
    return "group";
  }
  return "group";
}

const Expr *memberCallObject(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    return MC->getImplicitObjectArgument();
  const Expr *Callee = Call->getCallee() ? Call->getCallee()->IgnoreParenImpCasts() : nullptr;
  // A static member called through an object (CUDA 13: block.sync() with a static sync()).
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee))
    return ME->getBase();
  // In a template's generic form: a member of an object of dependent type, or of an overload set.
  if (const auto *Dependent = dyn_cast_or_null<CXXDependentScopeMemberExpr>(Callee))
    return Dependent->isImplicitAccess() ? nullptr : Dependent->getBase();
  if (const auto *Overloads = dyn_cast_or_null<UnresolvedMemberExpr>(Callee))
    return Overloads->isImplicitAccess() ? nullptr : Overloads->getBase();
  return nullptr;
}

std::optional<GroupType> objectGroupType(const Expr *Object) {
  if (std::optional<GroupType> G = groupTypeOf(Object->getType()))
    return G;
  // `auto tile = tiled_partition<N>(block)` in a generic form: the type its initializer's
  // function is declared to return.
  const auto *Ref = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->getType()->isUndeducedAutoType() || !Var->getInit())
    return std::nullopt;
  const auto *Init = dyn_cast<CallExpr>(Var->getInit()->IgnoreParenImpCasts());
  const FunctionDecl *Maker = Init ? calleeOf(Init) : nullptr;
  return Maker ? groupTypeOf(Maker->getReturnType()) : std::nullopt;
}

/// For a call in a template's generic form, the function its name stands for: its one
/// candidate, or the toolkit's overloads of one name in one scope (an intrinsic's), which the
/// analysis tells apart by name only.
static const FunctionDecl *candidateCallee(const Expr *Callee) {
  const auto *Lookup = dyn_cast<OverloadExpr>(Callee->IgnoreParenImpCasts());
  if (!Lookup || Lookup->getNumDecls() == 0)
    return nullptr;
  const FunctionDecl *First = nullptr;
  for (const NamedDecl *Candidate : Lookup->decls()) {
    const FunctionDecl *F = Candidate->getUnderlyingDecl()->getAsFunction();
    if (!F || (First && (F->getDeclName() != First->getDeclName() ||
                         !F->getDeclContext()->getRedeclContext()->Equals(
                             First->getDeclContext()->getRedeclContext()))))
      return nullptr;
    if (!First)
      First = F;
  }
  const SourceManager &SM = First->getASTContext().getSourceManager();
  bool Toolkit = llvm::all_of(Lookup->decls(), [&](const NamedDecl *Candidate) {
    return SM.isInSystemHeader(SM.getExpansionLoc(Candidate->getLocation()));
  });
  return Lookup->getNumDecls() == 1 || Toolkit ? First : nullptr;
}

const FunctionDecl *calleeOf(const CallExpr *Call) {
  if (const FunctionDecl *F = Call->getDirectCallee())
    return F;
  return Call->getCallee() ? candidateCallee(Call->getCallee()) : nullptr;
}

const model::Operation *intrinsicOf(const CallExpr *Call) {
  const FunctionDecl *F = calleeOf(Call);
  if (!F || !F->getIdentifier() || isa<CXXMethodDecl>(F) ||
      !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return nullptr;
  return model::findIntrinsic(F->getName());
}

const model::Operation *groupFunctionOf(const CallExpr *Call) {
  const FunctionDecl *F = calleeOf(Call);
  if (!F || !F->getIdentifier() || !isInCooperativeGroupsNamespace(F))
    return nullptr;
  return model::findGroupFunction(F->getName());
}

bool callsGroupFunction(const CallExpr *Call, model::OperationId Id) {
  const model::Operation *Op = groupFunctionOf(Call);
  return Op && Op->Id == Id;
}

bool isBallotOfTrue(const CallExpr *Call) {
  const model::Operation *Op = intrinsicOf(Call);
  if (!Op || Op->Kind != model::OperationKind::Ballot || !Op->isLegacy() || Call->getNumArgs() != 1)
    return false;
  const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *I = dyn_cast<IntegerLiteral>(Arg))
    return I->getValue() == 1;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg))
    return B->getValue();
  return false;
}

llvm::StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = calleeOf(Call))
    return FD->getDeclName().isIdentifier() ? FD->getName() : llvm::StringRef();
  const Expr *Callee = Call->getCallee() ? Call->getCallee()->IgnoreParenImpCasts() : nullptr;
  if (const auto *Dependent = dyn_cast_or_null<CXXDependentScopeMemberExpr>(Callee))
    if (const IdentifierInfo *Name = Dependent->getMember().getAsIdentifierInfo())
      return Name->getName();
  return {};
}

namespace {
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  explicit CallFinder(llvm::function_ref<bool(const CallExpr *)> Keep) : Keep(Keep) {}
  std::vector<const CallExpr *> Calls;
  bool VisitCallExpr(CallExpr *Call) {
    if (Keep(Call))
      Calls.push_back(Call);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  llvm::function_ref<bool(const CallExpr *)> Keep;
};
} // namespace

std::vector<const CallExpr *> callsIn(const FunctionDecl *F,
                                      llvm::function_ref<bool(const CallExpr *)> Keep) {
  CallFinder Finder(Keep);
  Finder.TraverseStmt(F->getBody());
  return std::move(Finder.Calls);
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return {};
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  CharSourceRange File = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  if (File.isValid())
    return Lexer::getSourceText(File, SM, Ctx.getLangOpts()).str();
  // Inside a macro body: the text where it is spelled, when it is spelled in one piece.
  SourceLocation Begin = SM.getSpellingLoc(E->getBeginLoc());
  SourceLocation End = SM.getSpellingLoc(E->getEndLoc());
  if (SM.getFileID(Begin) != SM.getFileID(End) || SM.isBeforeInTranslationUnit(End, Begin))
    return {};
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts())
      .str();
}

namespace {

/// The collective an operation's row describes, or null for a row that is no collective.
const model::Operation *collective(const model::Operation *Op) {
  return Op && model::collectiveClassOf(Op->Kind) != CollectiveKind::None ? Op : nullptr;
}

/// The group an intrinsic works on: the block or the warp.
GroupKind intrinsicGroup(const model::Operation &Op) {
  return Op.Scope == model::CollectiveScope::Block ? GroupKind::ThreadBlock : GroupKind::Warp;
}

const Expr *stripGroupExpr(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

} // namespace

std::optional<CollectiveCall> classifyCollective(const CallExpr *Call, const ASTContext &Ctx) {
  llvm::StringRef Name = calleeName(Call);
  if (Name.empty())
    return std::nullopt;

  if (const Expr *Object = memberCallObject(Call)) {
    auto Group = objectGroupType(Object);
    const model::Operation *Op = collective(model::findGroupMethod(Name));
    if (!Group || !Op)
      return std::nullopt;
    std::string Spelling = sourceText(Object, Ctx) + "." + Name.str() + "()";
    return CollectiveCall{
        Call, model::collectiveClassOf(Op->Kind), stripGroupExpr(Object), *Group, Op, Spelling};
  }

  if (isInCooperativeGroupsNamespace(calleeOf(Call))) {
    const model::Operation *Op = collective(model::findGroupFunction(Name));
    if (!Op)
      return std::nullopt;
    auto Kind = std::optional(model::collectiveClassOf(Op->Kind));
    const Expr *GroupArg = Call->getNumArgs() ? stripGroupExpr(Call->getArg(0)) : nullptr;
    std::optional<GroupType> Group;
    if (*Kind == CollectiveKind::HandleCreation || *Kind == CollectiveKind::CoalescedCreation)
      Group =
          groupTypeOf(Call->isTypeDependent() ? calleeOf(Call)->getReturnType() : Call->getType());
    else if (GroupArg)
      Group = groupTypeOf(GroupArg->getType());
    if (!Group)
      Group = GroupType{};
    std::string Callee = sourceText(Call->getCallee(), Ctx);
    if (Callee.empty())
      Callee = Name.str();
    std::string Spelling = Callee + "(" + (GroupArg ? sourceText(GroupArg, Ctx) : "") + ")";
    if (*Kind == CollectiveKind::HandleCreation || *Kind == CollectiveKind::CoalescedCreation)
      GroupArg = nullptr;
    return CollectiveCall{Call, *Kind, GroupArg, *Group, Op, Spelling};
  }

  if (const model::Operation *Op = collective(intrinsicOf(Call)))
    return CollectiveCall{Call,    model::collectiveClassOf(Op->Kind),
                          nullptr, GroupType{intrinsicGroup(*Op), 0},
                          Op,      Name.str() + "()"};
  return std::nullopt;
}

} // namespace coopcheck::analysis
