// The clang-tidy module of every check named in Rules.def. Each front door registers it (the
// plugin, coopcheck-clangd, the CLI), with the FrontDoor it runs the checks through.
#pragma once
#include "checks/CoopcheckCheck.h"
#include "clang-tidy/ClangTidyModule.h"

namespace coopcheck::checks {

class CoopcheckModule : public clang::tidy::ClangTidyModule {
public:
  explicit CoopcheckModule(FrontDoor Door = {}) : Door(std::move(Door)) {}
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override;

private:
  template <class CheckClass>
  static void add(clang::tidy::ClangTidyCheckFactories &Factories, llvm::StringRef Id,
                  const std::shared_ptr<const FrontDoor> &Shared);
  FrontDoor Door;
};

} // namespace coopcheck::checks
