// cg-cooperative-launch: problems at a cooperative launch site. The argument array does not
// match the kernel's parameters, a constant grid exceeds the blocks the target can hold at once,
// the grid is sized from the problem instead of the occupancy API (warning), the returned error
// is dropped and the unit never asks whether the device supports cooperative launches (notes).
// The Arch option names the part the grid is checked against (--arch in the CLI).
#pragma once
#include "analysis/launch/LaunchSites.h"
#include "checks/CoopcheckCheck.h"
#include "runtime-model/semantics/Architectures.h"

namespace coopcheck::analysis {
struct ArgumentArrayReview;
struct GridBeyondCoResidency;
class LocalValues;
} // namespace coopcheck::analysis

namespace coopcheck::checks {

class CooperativeLaunchCheck : public CoopcheckCheck {
public:
  CooperativeLaunchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  void checkLaunch(analysis::UnitCache &TU, const analysis::LaunchSite &Launch,
                   analysis::LocalValues &Values, llvm::ArrayRef<const model::GpuPart *> Parts);
  void reportArgumentArray(analysis::UnitCache &TU, const analysis::LaunchSite &Launch,
                           const analysis::ArgumentArrayReview &Review);
  void reportGrid(analysis::UnitCache &TU, const analysis::LaunchSite &Launch,
                  const analysis::GridBeyondCoResidency &Grid);
  void report(analysis::UnitCache &TU, const analysis::LaunchSite &Launch,
              const std::string &Message, clang::DiagnosticIDs::Level Level);
  /// The parts a grid is checked against: the one Arch names, or those the unit may run on.
  std::vector<const model::GpuPart *> targetParts(analysis::UnitCache &TU) const;

  const std::string Arch;
  const model::GpuPart *ArchPart;
  bool ArchErrorReported = false;
};

} // namespace coopcheck::checks
