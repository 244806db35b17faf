#include "checks/MemcpyAsyncWaitCheck.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

std::string useText(const UnwaitedCopy &U) {
  switch (U.How) {
  case UnwaitedCopy::Use::Read:
    return "read";
  case UnwaitedCopy::Use::Write:
    return "written";
  case UnwaitedCopy::Use::PassedToCall:
    return "passed to '" + calleeDisplayName(U.Callee) + "'";
  }
  return "used";
}

/// Where a finding is: the use, or for a copy never waited for, the call that starts it.
const Expr *primaryExpr(const UnwaitedCopy &U) {
  if (U.Access)
    return U.Access;
  return U.Copy.Chain.empty() ? U.Copy.Site : U.Copy.Chain.front();
}

} // namespace

void MemcpyAsyncWaitCheck::checkTranslationUnit(UnitCache &TU) {
  // A finding in a template is reported once, for its first instantiation.
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions()))
    for (const UnwaitedCopy &U : unwaitedCopies(TU, F)) {
      SourceLocation Loc = userLocation(TU, primaryExpr(U)->getBeginLoc());
      if (!firstUserFindingAt(TU, Loc))
        continue;
      std::string Destination = U.Destination ? "'" + U.Destination->getName().str() + "'"
                                              : std::string("the destination");
      if (U.Access)
        reportUse(TU, U, Destination);
      else
        reportNeverWaited(TU, U, F, Destination);
    }
}

void MemcpyAsyncWaitCheck::reportUse(UnitCache &TU, const UnwaitedCopy &U,
                                     const std::string &Destination) {
  diag(userLocation(TU, U.Access->getBeginLoc()),
       "%0 is %1 before the copy into it by %2 has completed; wait for the copy with cg::wait or "
       "cg::wait_prior on the same group first",
       DiagnosticIDs::Error)
      << Destination << useText(U) << describeCollective(U.Copy)
      << userRange(TU, U.Access->getSourceRange());
  noteCallChain(TU, U.Copy, "the copy into " + Destination + " starts here",
                /*FirstCallIsPrimary=*/false);
  if (U.Wait)
    diag(userLocation(TU, U.Wait->getBeginLoc()), "the copy is waited for only here",
         DiagnosticIDs::Note)
        << userRange(TU, U.Wait->getSourceRange());
}

void MemcpyAsyncWaitCheck::reportNeverWaited(UnitCache &TU, const UnwaitedCopy &U,
                                             const FunctionDecl *Kernel,
                                             const std::string &Destination) {
  const Expr *Primary = primaryExpr(U);
  diag(userLocation(TU, Primary->getBeginLoc()),
       "the copy into %0 by %1 is not waited for on some path to the end of kernel '%2'; call "
       "cg::wait on the same group before the kernel returns",
       DiagnosticIDs::Error)
      << Destination << describeCollective(U.Copy) << Kernel->getName()
      << userRange(TU, Primary->getSourceRange());
  if (!U.Copy.Chain.empty())
    noteCallChain(TU, U.Copy, "the copy into " + Destination + " starts here",
                  /*FirstCallIsPrimary=*/true);
  if (U.Wait)
    diag(userLocation(TU, U.Wait->getBeginLoc()), "it is waited for here, but not on every path",
         DiagnosticIDs::Note)
        << userRange(TU, U.Wait->getSourceRange());
}

} // namespace coopcheck::checks
