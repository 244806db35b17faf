#include "checks/WarpMaskCheck.h"
#include "analysis/Divergence.h"
#include "analysis/Groups.h"
#include "analysis/LaneSets.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

enum class Family { None, Shuffle, Vote, Match, Reduce, SyncWarp };

Family familyOf(llvm::StringRef Name) {
  return llvm::StringSwitch<Family>(Name)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
             Family::Shuffle)
      .Cases("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", Family::Vote)
      .Cases("__match_any_sync", "__match_all_sync", Family::Match)
      .Cases("__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
             "__reduce_or_sync", "__reduce_xor_sync", Family::Reduce)
      .Case("__syncwarp", Family::SyncWarp)
      .Default(Family::None);
}

/// A toolkit (or model header) function, not the user's own function of that name.
bool isToolkitFunction(TUAnalysis &TU, const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier() || isa<CXXMethodDecl>(F) ||
      !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  for (const FunctionDecl *D : F->redecls())
    if (TU.isUserCode(D->getLocation()))
      return false;
  return true;
}

std::string intrinsicName(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  return F && F->getIdentifier() ? F->getName().str() : std::string();
}

class IntrinsicCollector : public RecursiveASTVisitor<IntrinsicCollector> {
public:
  IntrinsicCollector(TUAnalysis &TU) : TU(TU) {}
  std::vector<const CallExpr *> Calls;
  std::vector<const DeclRefExpr *> Refs;
  bool VisitCallExpr(CallExpr *Call) {
    if (familyOf(intrinsicName(Call)) != Family::None && isToolkitFunction(TU, Call))
      Calls.push_back(Call);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Refs.push_back(Ref);
    return true;
  }
  bool shouldVisitLambdaBodies() const { return false; }

private:
  TUAnalysis &TU;
};

/// Whether S contains a call of the intrinsic Name.
class NameFinder : public RecursiveASTVisitor<NameFinder> {
public:
  explicit NameFinder(llvm::StringRef Name) : Name(Name) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    if (intrinsicName(Call) == Name)
      Found = true;
    return !Found;
  }

private:
  llvm::StringRef Name;
};

bool isActivemaskCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Call)
    return false;
  std::string Name = intrinsicName(Call);
  if (Name == "__activemask")
    return true;
  if (Name == "__ballot" && Call->getNumArgs() == 1) {
    const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
    if (const auto *I = dyn_cast<IntegerLiteral>(Arg))
      return I->getValue() == 1;
    if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg))
      return B->getValue();
  }
  return false;
}

/// Uses of the variable V that elect a leader or count lanes from a mask: __ffs(m), __popc(m),
/// m & lanemask.
bool discoveryUse(const VarDecl *V, const std::vector<const DeclRefExpr *> &Refs,
                  ASTContext &Ctx) {
  for (const DeclRefExpr *Ref : Refs) {
    if (Ref->getDecl() != V)
      continue;
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    const Stmt *Child = Ref;
    for (int Up = 0; Up < 4 && !Parents.empty(); ++Up) {
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        break;
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        std::string Name = intrinsicName(Call);
        if (Name == "__ffs" || Name == "__ffsll" || Name == "__popc" || Name == "__popcll" ||
            Name == "__fns" || Name == "__clz" || Name == "__clzll")
          return true;
        break;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->getOpcode() == BO_And || BO->getOpcode() == BO_AndAssign)
          return true;
        break;
      }
      if (!isa<ImplicitCastExpr, ParenExpr>(P))
        break;
      Child = P;
      Parents = Ctx.getParents(*P);
    }
  }
  return false;
}

} // namespace

void WarpMaskCheck::checkTranslationUnit(TUAnalysis &TU) {
  ASTContext &Ctx = TU.context();
  llvm::SmallPtrSet<const void *, 32> Reported;
  const unsigned WS = TU.warpSize();
  for (const FunctionDecl *F : TU.deviceFunctions()) {
    if (!F->hasBody() || !TU.cfgOf(F))
      continue;
    IntrinsicCollector Collector(TU);
    Collector.TraverseStmt(F->getBody());
    if (Collector.Calls.empty())
      continue;
    LaneSets Lanes(TU, F);
    for (const CallExpr *Call : Collector.Calls) {
      SourceLocation Loc = userLocation(TU, Call->getBeginLoc());
      if (!inUserCode(TU, Loc) || Reported.count(Loc.getPtrEncoding()))
        continue;
      std::string Name = intrinsicName(Call);
      Family Fam = familyOf(Name);
      auto Report = [&](const llvm::Twine &Message, DiagnosticIDs::Level Level) {
        Reported.insert(Loc.getPtrEncoding());
        diag(Loc, Message.str(), Level) << userRange(TU, Call->getSourceRange());
      };
      auto NoteAt = [&](const Expr *E, const llvm::Twine &Message) {
        diag(userLocation(TU, E->getBeginLoc()), Message.str(), DiagnosticIDs::Note)
            << userRange(TU, E->getSourceRange());
      };
      const Expr *MaskArg = Call->getNumArgs() ? Call->getArg(0) : nullptr;
      bool DefaultMask = !MaskArg || isa<CXXDefaultArgExpr>(MaskArg);
      uint64_t All = Lanes.allLanes();

      // The mask as a constant, as converted to the parameter, and as written.
      std::optional<uint64_t> Mask;
      if (DefaultMask)
        Mask = All;
      else if (auto C = Lanes.constant(MaskArg))
        Mask = uint64_t(*C);
      if (Mask && !DefaultMask) {
        const Expr *Written = MaskArg->IgnoreImpCasts();
        auto W = Lanes.constant(Written);
        QualType WT = Written->getType();
        bool NonNegative = W && (*W >= 0 || !WT->isSignedIntegerOrEnumerationType());
        // (e) the width of the mask.
        if (NonNegative && WS == 64 && Ctx.getTypeSize(WT) <= 32 && uint64_t(*W) == 0xffffffffu) {
          Report("the mask " + hexMask(*W) + " names lanes 0-31 only, but a warp has 64 lanes on "
                     "this platform; lanes 32-63 are left out of " + Name +
                     " (use a 64-bit mask: 0xffffffffffffffffull)",
                 DiagnosticIDs::Error);
          continue;
        }
        if (NonNegative && WS == 32 && uint64_t(*W) > 0xffffffffu) {
          Report("the mask " + hexMask(*W) + " is wider than the 32 lanes of a warp on this "
                     "platform; " + Name + " takes a 32-bit mask and the upper bits are dropped",
                 DiagnosticIDs::Error);
          continue;
        }
      }
      if (Mask) {
        uint64_t M = *Mask & All;
        auto Exact = Lanes.lanesReaching(Call);
        // (b) the calling lane is not in its mask. In a device function the callers may let
        // fewer lanes in than the function's own branches do: kernels only.
        bool Kernel = F->hasAttr<CUDAGlobalAttr>();
        if (Exact && Kernel) {
          bool Done = false;
          for (unsigned W = 0; W < LaneSets::Warps && !Done; ++W)
            if (uint64_t Out = (*Exact)[W] & ~M) {
              bool One = llvm::popcount(Out) == 1;
              Report((One ? "lane " : "lanes ") + laneRanges(Out) + (One ? " calls " : " call ") +
                         Name + " with the mask " + hexMask(M) + ", which does not name " +
                         (One ? "it" : "them") + "; the calling lane must be in the mask",
                     DiagnosticIDs::Error);
              Done = true;
            }
          if (Done)
            continue;
        }
        // (a) the mask names lanes that never reach this call (nor the same intrinsic on the
        // other side of a branch: valid from sm_70 on).
        const Expr *Limiting = nullptr;
        auto Paired = Lanes.lanesReaching(
            Call,
            [&](const BranchShape &B) {
              if (!B.OtherSide)
                return false;
              NameFinder Finder(Name);
              Finder.TraverseStmt(const_cast<Stmt *>(B.OtherSide));
              return Finder.Found;
            },
            &Limiting);
        if (Paired) {
          bool Done = false;
          for (unsigned W = 0; W < LaneSets::Warps && !Done; ++W)
            if ((*Paired)[W] != 0)
              if (uint64_t Missing = M & ~(*Paired)[W]) {
                bool One = llvm::popcount(Missing) == 1;
                Report("the mask " + hexMask(M) + (One ? " names lane " : " names lanes ") +
                           laneRanges(Missing) +
                           (One ? ", which never reaches this call; " : ", which never reach this call; ") +
                           Name + (One ? " waits for it" : " waits for them"),
                       DiagnosticIDs::Error);
                if (Limiting)
                  NoteAt(Limiting, (One ? "lane " : "lanes ") + laneRanges(Missing) +
                                       (One ? " does not pass this condition" : " do not pass this condition"));
                Done = true;
              }
          if (Done)
            continue;
        }
        // (d) a source lane outside the mask.
        if (Name == "__shfl_sync" && Exact && Call->getNumArgs() >= 3) {
          const std::vector<int64_t> *Src = Lanes.values(Call->getArg(2));
          std::optional<int64_t> Width = Call->getNumArgs() >= 4 ? Lanes.constant(Call->getArg(3))
                                                                 : std::optional<int64_t>(WS);
          if (Src && (Kernel || Lanes.constant(Call->getArg(2))) && Width && *Width > 0 && uint64_t(*Width) <= WS &&
              llvm::isPowerOf2_64(*Width)) {
            std::optional<unsigned> Bad;
            for (unsigned W = 0; W < LaneSets::Warps && !Bad; ++W)
              for (unsigned L = 0; L < WS && !Bad; ++L) {
                if (!((*Exact)[W] >> L & 1))
                  continue;
                uint64_t S = (L / *Width) * *Width + uint64_t((*Src)[W * WS + L]) % *Width;
                if (!(M >> S & 1))
                  Bad = unsigned(S);
              }
            if (Bad) {
              Report("the source lane " + llvm::Twine(*Bad) + " of " + Name +
                         " is not in its mask " + hexMask(M) +
                         "; the value read from it is undefined",
                     DiagnosticIDs::Error);
              continue;
            }
          }
        }
        // (f) lanes that left the kernel before a full-mask shuffle or reduction.
        if (M == All && (Fam == Family::Shuffle || Fam == Family::Reduce))
          if (const Expr *Exit = Lanes.laneVaryingExit(Call)) {
            Report("the mask " + hexMask(M) + " names lanes that may have left the kernel "
                       "before this call; on sm_70 and later " + Name +
                       " reads 0 from them, which is right for a sum but wrong for a maximum, "
                       "a minimum or a product",
                   DiagnosticIDs::Warning);
            NoteAt(Exit, "lanes where this condition holds leave the kernel");
            continue;
          }
        continue;
      }
      // (c) __activemask() as the mask of a vote or shuffle in data-dependent code.
      if (Fam == Family::SyncWarp || DefaultMask)
        continue;
      const Expr *Source = MaskArg->IgnoreParenImpCasts();
      const VarDecl *Var = nullptr;
      if (!isActivemaskCall(Source)) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Source);
        const Expr *Def = Ref ? Lanes.singleDefinitionValue(Ref) : nullptr;
        if (!Def || !isActivemaskCall(Def))
          continue;
        Var = dyn_cast<VarDecl>(Ref->getDecl());
      }
      if (Var && discoveryUse(Var, Collector.Refs, Ctx))
        continue;
      const Expr *Guard = Lanes.dataDependentGuard(Call);
      if (!Guard)
        continue;
      Report("__activemask() names the lanes that happen to be converged here, not the lanes "
             "that reach " + Name + " under a data-dependent condition; compute the mask with "
             "__ballot_sync over that condition before the branch",
             DiagnosticIDs::Error);
      NoteAt(Guard, "this condition differs between lanes of a warp");
    }
  }
}

} // namespace coopcheck::checks
