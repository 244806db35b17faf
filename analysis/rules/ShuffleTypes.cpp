#include "analysis/rules/ShuffleTypes.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/UnitCache.h"
#include "runtime-model/semantics/TileLimits.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool isCopyMoveOrDestructor(const CXXMethodDecl *M) {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(M))
    return Ctor->isCopyOrMoveConstructor();
  return isa<CXXDestructorDecl>(M) || M->isCopyAssignmentOperator() ||
         M->isMoveAssignmentOperator();
}

/// The member that keeps a class from being trivially copyable: a user-provided copy or move
/// operation or destructor, a virtual function, or a field of a type that is not trivially
/// copyable; null when none of these (a base class) is the reason.
const NamedDecl *nonTrivialMember(QualType T, const ASTContext &Ctx) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->isVirtual() || (M->isUserProvided() && isCopyMoveOrDestructor(M)))
      return M;
  for (const FieldDecl *Field : RD->fields())
    if (!Field->getType().isTriviallyCopyableType(Ctx))
      return Field;
  return nullptr;
}

/// The shuffle's problem with its value type, if it has one.
std::optional<BadShuffle> checkShuffle(const CallExpr *Call, const ASTContext &Ctx) {
  // The value type is what the shuffle returns (the model's T, the toolkit's remove_qual<T>).
  QualType T = Call->getType().getUnqualifiedType();
  if (T->isDependentType() || T->isIncompleteType())
    return std::nullopt;
  BadShuffle Bad{Call, "", T, static_cast<uint64_t>(Ctx.getTypeSizeInChars(T).getQuantity()),
                 T.isTriviallyCopyableType(Ctx)};
  if (Bad.TriviallyCopyable && Bad.Bytes <= model::MaxShuffleBytes)
    return std::nullopt;
  // Classified only now: spelling the call out reads the source.
  std::optional<CollectiveCall> Shuffle = classifyCollective(Call, Ctx);
  if (!Shuffle || Shuffle->Kind != CollectiveKind::Shuffle || !Shuffle->GroupExpr)
    return std::nullopt;
  Bad.Spelling = Shuffle->Spelling;
  if (!Bad.TriviallyCopyable)
    Bad.NonTrivialMember = nonTrivialMember(T, Ctx);
  return Bad;
}

/// A member call named like a shuffle (tile and coalesced-group shfl, shfl_up, shfl_down,
/// shfl_xor; the warp intrinsics are free functions).
bool isShuffleMember(const CallExpr *Call) {
  return calleeName(Call).starts_with("shfl") && memberCallObject(Call);
}

} // namespace

std::vector<BadShuffle> badShuffles(UnitCache &TU, const FunctionDecl *F) {
  std::vector<BadShuffle> Result;
  for (const CallExpr *Call : callsIn(F, isShuffleMember))
    if (auto Bad = checkShuffle(Call, TU.context()))
      Result.push_back(std::move(*Bad));
  return Result;
}

} // namespace coopcheck::analysis
