// cg-warp-size: warp-synchronous code that takes the warp to have 32 lanes, on a 64-lane target
// (HIP wave64, MXMACA), or in CUDA code also built for one (--targets).
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class WarpSizeCheck : public CoopcheckCheck {
public:
  WarpSizeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  /// Platforms the code is also built for (`cuda,hip`): --targets.
  const std::string Targets;
};

} // namespace coopcheck::checks
