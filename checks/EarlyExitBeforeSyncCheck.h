// cg-early-exit-before-sync: threads leave the kernel before a barrier the others reach.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class EarlyExitBeforeSyncCheck : public CoopcheckCheck {
public:
  EarlyExitBeforeSyncCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  /// Also report exits before block barriers (as warnings): --strict.
  const bool Strict;
  /// Platforms the code is also built for (`cuda,hip`): --targets.
  const std::string Targets;
};

} // namespace coopcheck::checks
