#include "analysis/flow/Groups.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

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

std::optional<GroupType> groupTypeOf(QualType T) {
  if (T.isNull())
    return std::nullopt;
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
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
  // A static member called through an object (CUDA 13: block.sync() with a static sync()).
  if (const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return ME->getBase();
  return nullptr;
}

bool isBallotOfTrue(const CallExpr *Call) {
  if (calleeName(Call) != "__ballot" || Call->getNumArgs() != 1)
    return false;
  const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *I = dyn_cast<IntegerLiteral>(Arg))
    return I->getValue() == 1;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg))
    return B->getValue();
  return false;
}

llvm::StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (FD->getDeclName().isIdentifier())
      return FD->getName();
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

std::optional<CollectiveKind> memberCollectiveKind(llvm::StringRef Method) {
  return llvm::StringSwitch<std::optional<CollectiveKind>>(Method)
      .Cases({"sync", "barrier_wait"}, CollectiveKind::Barrier)
      .Cases({"shfl", "shfl_up", "shfl_down", "shfl_xor"}, CollectiveKind::Shuffle)
      .Cases({"any", "all", "ballot"}, CollectiveKind::Vote)
      .Cases({"match_any", "match_all"}, CollectiveKind::Match)
      .Default(std::nullopt);
}

std::optional<CollectiveKind> freeCollectiveKind(llvm::StringRef Fn) {
  return llvm::StringSwitch<std::optional<CollectiveKind>>(Fn)
      .Cases({"sync", "synchronize"}, CollectiveKind::Barrier)
      .Case("reduce", CollectiveKind::Reduce)
      .Cases({"inclusive_scan", "exclusive_scan"}, CollectiveKind::Scan)
      .Case("memcpy_async", CollectiveKind::MemcpyAsync)
      .Cases({"wait", "wait_prior"}, CollectiveKind::Wait)
      .Cases({"tiled_partition", "labeled_partition", "binary_partition"},
             CollectiveKind::Partition)
      .Cases({"this_grid", "this_thread_block", "this_multi_grid", "this_cluster"},
             CollectiveKind::HandleCreation)
      .Case("coalesced_threads", CollectiveKind::CoalescedCreation)
      .Default(std::nullopt);
}

/// Warp and block intrinsics: they name no group object.
std::optional<std::pair<CollectiveKind, GroupKind>> intrinsicKind(llvm::StringRef Fn) {
  using R = std::optional<std::pair<CollectiveKind, GroupKind>>;
  if (Fn.starts_with("__reduce_") && Fn.ends_with("_sync"))
    return R({CollectiveKind::Reduce, GroupKind::Warp});
  return llvm::StringSwitch<R>(Fn)
      .Cases({"__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
              "__barrier_sync"},
             R({CollectiveKind::Barrier, GroupKind::ThreadBlock}))
      .Case("__syncwarp", R({CollectiveKind::WarpBarrier, GroupKind::Warp}))
      .Cases({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__shfl",
              "__shfl_up", "__shfl_down", "__shfl_xor"},
             R({CollectiveKind::Shuffle, GroupKind::Warp}))
      .Cases(
          {"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", "__ballot", "__any", "__all"},
          R({CollectiveKind::Vote, GroupKind::Warp}))
      .Cases({"__match_any_sync", "__match_all_sync"}, R({CollectiveKind::Match, GroupKind::Warp}))
      .Default(std::nullopt);
}

const Expr *stripGroupExpr(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

} // namespace

std::optional<CollectiveCall> classifyCollective(const CallExpr *Call, const ASTContext &Ctx) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getDeclName().isIdentifier())
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();

  if (const Expr *Object = memberCallObject(Call)) {
    auto Group = groupTypeOf(Object->getType());
    auto Kind = memberCollectiveKind(Name);
    if (!Group || !Kind)
      return std::nullopt;
    std::string Spelling = sourceText(Object, Ctx) + "." + Name.str() + "()";
    return CollectiveCall{Call, *Kind, stripGroupExpr(Object), *Group, Spelling};
  }

  if (isInCooperativeGroupsNamespace(Callee)) {
    auto Kind = freeCollectiveKind(Name);
    if (!Kind)
      return std::nullopt;
    const Expr *GroupArg = Call->getNumArgs() ? stripGroupExpr(Call->getArg(0)) : nullptr;
    std::optional<GroupType> Group;
    if (*Kind == CollectiveKind::HandleCreation || *Kind == CollectiveKind::CoalescedCreation)
      Group = groupTypeOf(Call->getType());
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
    return CollectiveCall{Call, *Kind, GroupArg, *Group, Spelling};
  }

  if (auto Intrinsic = intrinsicKind(Name))
    return CollectiveCall{Call, Intrinsic->first, nullptr, GroupType{Intrinsic->second, 0},
                          Name.str() + "()"};
  return std::nullopt;
}

} // namespace coopcheck::analysis
