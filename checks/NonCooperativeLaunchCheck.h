// cg-non-cooperative-launch: a kernel that can execute grid.sync() (multi_grid.sync()) is
// launched without a (multi-device) cooperative launch. Kernels defined in other translation
// units are found through the facts file named by the FactsFile option.
#pragma once
#include "analysis/Facts.h"
#include "analysis/GridBarriers.h"
#include "checks/CheckSupport.h"
#include <optional>

namespace coopcheck::checks {

class NonCooperativeLaunchCheck : public CoopcheckCheck {
public:
  NonCooperativeLaunchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::TUAnalysis &TU) override;

private:
  void reportLocalKernel(analysis::TUAnalysis &TU, const analysis::LaunchSite &Launch);
  void reportForeignKernel(analysis::TUAnalysis &TU, const analysis::LaunchSite &Launch);
  void reportLaunch(analysis::TUAnalysis &TU, const analysis::LaunchSite &Launch,
                    analysis::LaunchProblem Problem, llvm::StringRef Barrier);

  const std::string FactsFile;
  std::optional<analysis::FactsIndex> Facts;
  std::string FactsError;
  bool FactsErrorReported = false;
};

} // namespace coopcheck::checks
