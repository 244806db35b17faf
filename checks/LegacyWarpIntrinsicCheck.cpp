#include "checks/LegacyWarpIntrinsicCheck.h"
#include "analysis/flow/Divergence.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"
#include <map>

using namespace clang;

namespace coopcheck::checks {
namespace {

/// The legacy intrinsic a call calls (declared by the toolkit or the model headers, not by the
/// user), or null.
const model::Operation *legacyOperation(analysis::UnitCache &TU, const CallExpr *Call) {
  const model::Operation *Op = TU.toolkitIntrinsicOf(Call);
  return Op && Op->isLegacy() ? Op : nullptr;
}

std::string fullMaskText(model::Platform P) {
  uint64_t Mask = model::fullWarpMask(P);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::format_hex(Mask, 2) << (Mask > 0xffffffffull ? "ull" : "");
  return Text;
}

/// The callee's name token of a call, where the call is written out in the file (no macro).
struct CallSpelling {
  SourceLocation Name;     ///< the name token
  SourceLocation LParen;   ///< '('
  SourceLocation RParen;   ///< ')'
  SourceLocation FirstArg; ///< where the first argument begins: the mask goes there
};

std::optional<CallSpelling> spellingOf(const CallExpr *Call, const SourceManager &SM,
                                       const LangOptions &LO) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
  if (!Ref || Ref->hasExplicitTemplateArgs())
    return std::nullopt;
  SourceLocation Name = Ref->getLocation(), RParen = Call->getRParenLoc();
  if (Name.isMacroID() || RParen.isMacroID() || Call->getBeginLoc().isMacroID() ||
      SM.getFileID(Name) != SM.getFileID(RParen))
    return std::nullopt;
  std::optional<Token> Next = Lexer::findNextToken(Name, SM, LO);
  if (!Next || !Next->is(tok::l_paren) || Next->getLocation().isMacroID())
    return std::nullopt;
  if (Call->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(Call->getArg(0)))
    return std::nullopt;
  SourceLocation FirstArg = SM.getExpansionLoc(Call->getArg(0)->getBeginLoc());
  if (FirstArg.isInvalid() || SM.getFileID(FirstArg) != SM.getFileID(Name) ||
      !SM.isBeforeInTranslationUnit(Next->getLocation(), FirstArg))
    return std::nullopt;
  return CallSpelling{Name, Next->getLocation(), RParen, FirstArg};
}

/// Every call of a legacy intrinsic in the bodies of the user's device functions.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(analysis::UnitCache &TU, std::vector<const CallExpr *> &Out) : TU(TU), Out(Out) {}
  bool VisitCallExpr(CallExpr *Call) {
    if (legacyOperation(TU, Call))
      Out.push_back(Call);
    return true;
  }
  bool shouldVisitLambdaBodies() const { return true; }

private:
  analysis::UnitCache &TU;
  std::vector<const CallExpr *> &Out;
};

struct Site {
  const CallExpr *Call = nullptr; ///< the first instantiation seen
  bool WholeWarps = true;         ///< in every function (instantiation) it appears in
};

} // namespace

void LegacyWarpIntrinsicCheck::checkTranslationUnit(analysis::UnitCache &TU) {
  if (TU.platform() != model::Platform::Cuda)
    return;
  ASTContext &Ctx = TU.context();
  const SourceManager &SM = Ctx.getSourceManager();
  // One finding per place: template instantiations repeat a call.
  std::map<unsigned, Site> Sites;
  std::vector<unsigned> Order;
  for (const FunctionDecl *F : TU.deviceFunctions()) {
    if (!F->hasBody())
      continue;
    std::vector<const CallExpr *> Calls;
    CallCollector(TU, Calls).TraverseStmt(F->getBody());
    for (const CallExpr *Call : Calls) {
      SourceLocation Loc = userLocation(TU, Call->getBeginLoc());
      if (!reportableAt(TU, Loc))
        continue;
      auto [It, Inserted] = Sites.try_emplace(Loc.getRawEncoding());
      if (Inserted) {
        It->second.Call = Call;
        Order.push_back(Loc.getRawEncoding());
      }
      It->second.WholeWarps &= TU.get<analysis::DivergenceAnalysis>().reachedByWholeWarps(F, Call);
    }
  }

  llvm::StringRef ActiveMask = model::operation(model::OperationId::ActiveMask).Spelling;
  for (unsigned Key : Order) {
    const Site &S = Sites[Key];
    const CallExpr *Call = S.Call;
    const model::Operation *Legacy = legacyOperation(TU, Call);
    llvm::StringRef Name = Legacy->Spelling;
    llvm::StringRef SyncName = model::operation(Legacy->Replacement).Spelling;
    bool Activemask = analysis::isBallotOfTrue(Call);
    std::optional<CallSpelling> Spelled = spellingOf(Call, SM, Ctx.getLangOpts());

    std::string Advice;
    if (Activemask)
      Advice = "use '" + ActiveMask.str() + "()'";
    else if (S.WholeWarps)
      Advice = "use '" + SyncName.str() + "' with the full warp mask";
    else
      Advice = "use '" + SyncName.str() +
               "' with a mask that names exactly the lanes that take part (not every lane of the "
               "warp reaches this call)";
    auto D = diag(userLocation(TU, Call->getBeginLoc()),
                  "'%0' has no mask and assumes the warp executes in lockstep, which independent "
                  "thread scheduling (sm_70 and later) does not guarantee; %1",
                  DiagnosticIDs::Warning)
             << Name << Advice << userRange(TU, Call->getSourceRange());
    if (!Spelled)
      continue; // spelled through a macro: the user's macro is what needs changing
    if (Activemask) {
      D << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Spelled->Name, Spelled->RParen), ActiveMask.str() + "()");
    } else if (S.WholeWarps) {
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Spelled->Name), SyncName)
        << FixItHint::CreateInsertion(Spelled->FirstArg, fullMaskText(TU.platform()) + ", ");
    }
  }
}

} // namespace coopcheck::checks
