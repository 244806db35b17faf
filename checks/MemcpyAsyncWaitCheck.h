// cg-memcpy-async-wait: the destination of cg::memcpy_async used before cg::wait /
// cg::wait_prior completes the copy, or a copy a kernel does not wait for on some path to its end.
#pragma once
#include "analysis/rules/AsyncCopies.h"
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class MemcpyAsyncWaitCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;

private:
  void reportUse(analysis::UnitCache &TU, const analysis::UnwaitedCopy &U,
                 const std::string &Destination);
  void reportNeverWaited(analysis::UnitCache &TU, const analysis::UnwaitedCopy &U,
                         const clang::FunctionDecl *Kernel, const std::string &Destination);
};

} // namespace coopcheck::checks
