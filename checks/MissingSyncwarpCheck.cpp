#include "checks/MissingSyncwarpCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/rules/WarpExchange.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {

void MissingSyncwarpCheck::checkTranslationUnit(UnitCache &TU) {
  ASTContext &Ctx = TU.context();
  // A wavefront runs in lockstep: only the compiler reorders its lanes' accesses (Platform.h).
  const char *WhyUnordered =
      model::warpRunsInLockstep(TU.platform())
          ? "a wavefront runs its lanes in lockstep, but nothing keeps the compiler from moving "
            "one access across the other"
          : "lanes of a warp do not execute in lockstep under independent thread scheduling "
            "(sm_70 and later)";
  // A read in a template is reported once, for its first instantiation that races.
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions()))
    for (const WarpRace &Race : warpRaces(TU, F)) {
      SourceLocation Loc = userLocation(TU, Race.Read->getBeginLoc());
      if (!firstUserFindingAt(TU, Loc))
        continue;
      diag(Loc,
           "lane %0 reads '%1', which lane %2 of the same warp %3, with no %5() in between; %6%4",
           DiagnosticIDs::Error)
          << Race.Reader << sourceText(Race.Read, Ctx) << Race.Writer
          << (Race.WriteFirst ? "writes before this read" : "overwrites after this read")
          << (Race.Volatile ? ("; 'volatile' on '" + Race.Array->getName().str() +
                               "' does not order the accesses of different lanes")
                            : std::string())
          << model::operation(model::OperationId::SyncWarp).Spelling << WhyUnordered
          << userRange(TU, Race.Read->getSourceRange());
      diag(userLocation(TU, Race.Write->getBeginLoc()), "lane %0 writes '%1' here",
           DiagnosticIDs::Note)
          << Race.Writer << sourceText(Race.Write, Ctx)
          << userRange(TU, Race.Write->getSourceRange());
      if (Race.Via)
        diag(userLocation(TU, Race.Via->getBeginLoc()),
             "the lanes and the elements they name are those of this call of '%0'",
             DiagnosticIDs::Note)
            << calleeDisplayName(Race.Via) << userRange(TU, Race.Via->getSourceRange());
    }
}

} // namespace coopcheck::checks
