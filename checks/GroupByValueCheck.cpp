#include "checks/GroupByValueCheck.h"
#include "analysis/rules/GroupParameters.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

/// What to take instead, from what the callers pass.
std::string advice(const GroupByValueParameter &P) {
  if (P.PassedTypes.empty())
    return "take 'const cg::thread_group &', or the specialized group type (a template "
           "parameter) when callers have one";
  std::string Passed;
  for (size_t I = 0; I < P.PassedTypes.size(); ++I)
    Passed += (I == 0                          ? ""
               : I + 1 == P.PassedTypes.size() ? " and "
                                               : ", ") +
              groupTypeSpelling(P.PassedTypes[I]);
  if (P.PassedTypes.size() > 1)
    return "callers pass " + Passed + ": take a template parameter, or 'const cg::thread_group &'";
  const GroupType &Only = P.PassedTypes.front();
  std::string Why = Only.Kind == GroupKind::Tile
                        ? "whose size is known at compile time"
                        : "whose operations need no dispatch on the group's kind at run time";
  return "callers pass " + Passed + ", " + Why + ": take 'const " + Passed +
         " &' or a template parameter";
}

} // namespace

void GroupByValueCheck::checkTranslationUnit(UnitCache &TU) {
  for (const GroupByValueParameter &P : genericGroupsByValue(TU)) {
    SourceLocation Loc = userLocation(TU, P.Param->getLocation());
    if (!reportableAt(TU, Loc))
      continue;
    std::string Name =
        P.Param->getName().empty() ? "the parameter" : "'" + P.Param->getName().str() + "'";
    diag(Loc, "%0 is a cg::thread_group passed by value; %1", DiagnosticIDs::Remark)
        << Name << advice(P) << userRange(TU, P.Param->getSourceRange());
  }
}

} // namespace coopcheck::checks
