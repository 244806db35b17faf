#include "checks/BuildTargets.h"
#include "llvm/ADT/STLExtras.h"

namespace coopcheck::checks {

BuildTargets::BuildTargets(model::Platform Unit, llvm::StringRef Option) : Platforms{Unit} {
  for (model::Platform P :
       model::parsePlatformList(Option).value_or(std::vector<model::Platform>()))
    if (!llvm::is_contained(Platforms, P))
      Platforms.push_back(P);
}

std::vector<model::Platform> BuildTargets::awaitingExitedThreads() const {
  std::vector<model::Platform> Out;
  for (model::Platform P : Platforms)
    if (!model::exitReleasesBlockBarrier(P))
      Out.push_back(P);
  return Out;
}

std::string BuildTargets::onlyOn(const std::vector<model::Platform> &Some) const {
  if (Some.empty() || Some.size() == Platforms.size())
    return std::string();
  std::string Names;
  for (model::Platform P : Some)
    Names += (Names.empty() ? "" : ", ") + model::platformName(P).str();
  return " (on the " + Names + (Some.size() == 1 ? " target)" : " targets)");
}

} // namespace coopcheck::checks
