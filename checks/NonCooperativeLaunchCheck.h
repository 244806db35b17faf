// cg-non-cooperative-launch: a kernel that can execute grid.sync() (multi_grid.sync()) is
// launched without a (multi-device) cooperative launch. Kernels defined in other translation
// units are found through the facts file named by the FactsFile option.
#pragma once
#include "analysis/launch/CrossUnitFacts.h"
#include "analysis/launch/GridBarriers.h"
#include "checks/CoopcheckCheck.h"
#include <optional>

namespace coopcheck::checks {

class NonCooperativeLaunchCheck : public CoopcheckCheck {
public:
  NonCooperativeLaunchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  void reportLocalKernel(analysis::UnitCache &TU, const analysis::LaunchSite &Launch);
  void reportForeignKernel(analysis::UnitCache &TU, const analysis::LaunchSite &Launch);
  /// For a launch in a helper given the kernel: where the helper launches it.
  void noteHelperLaunch(analysis::UnitCache &TU, const analysis::LaunchSite &Launch);
  void reportLaunch(analysis::UnitCache &TU, const analysis::LaunchSite &Launch,
                    analysis::LaunchProblem Problem, llvm::StringRef Barrier);

  const std::string FactsFile;
  std::optional<analysis::CrossUnitFacts> Facts;
  std::string FactsError;
  bool FactsErrorReported = false;
};

} // namespace coopcheck::checks
