#include "checks/ShuffleTypeCheck.h"
#include "analysis/rules/ShuffleTypes.h"
#include "runtime-model/semantics/TileLimits.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

std::string problem(const BadShuffle &Bad) {
  std::string Bytes = "has " + std::to_string(Bad.Bytes) + " bytes";
  if (Bad.TriviallyCopyable)
    return Bytes;
  if (Bad.Bytes > model::MaxShuffleBytes)
    return "is not trivially copyable and " + Bytes;
  return "is not trivially copyable";
}

/// What the member named in the note is.
llvm::StringRef memberNoun(const NamedDecl *D) {
  const auto *M = dyn_cast<CXXMethodDecl>(D);
  if (!M)
    return "member";
  if (M->isVirtual())
    return "virtual function";
  if (isa<CXXDestructorDecl>(M))
    return "user-provided destructor";
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(M))
    return Ctor->isCopyConstructor() ? "user-provided copy constructor"
                                     : "user-provided move constructor";
  return M->isCopyAssignmentOperator() ? "user-provided copy assignment"
                                       : "user-provided move assignment";
}

} // namespace

void ShuffleTypeCheck::checkTranslationUnit(UnitCache &TU) {
  const PrintingPolicy &Policy = TU.context().getPrintingPolicy();
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions()))
    for (const BadShuffle &Bad : badShuffles(TU, F)) {
      SourceLocation Loc = userLocation(TU, Bad.Call->getBeginLoc());
      if (!firstUserFindingAt(TU, Loc))
        continue;
      std::string Type = Bad.Type.getAsString(Policy);
      diag(Loc,
           "%0 of '%1', which %2; tile and coalesced-group shuffles move only trivially copyable "
           "values of at most %3 bytes",
           DiagnosticIDs::Error)
          << Bad.Spelling << Type << problem(Bad) << model::MaxShuffleBytes
          << userRange(TU, Bad.Call->getSourceRange());
      if (Bad.NonTrivialMember)
        diag(userLocation(TU, Bad.NonTrivialMember->getLocation()),
             "'%0' is not trivially copyable because of this %1", DiagnosticIDs::Note)
            << Type << memberNoun(Bad.NonTrivialMember);
    }
}

} // namespace coopcheck::checks
