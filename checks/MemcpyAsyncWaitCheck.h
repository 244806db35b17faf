// cg-memcpy-async-wait: the destination of cg::memcpy_async used before cg::wait /
// cg::wait_prior completes the copy, or a copy a kernel does not wait for on some path to its end.
#pragma once
#include "analysis/AsyncCopies.h"
#include "checks/CheckSupport.h"

namespace coopcheck::checks {

class MemcpyAsyncWaitCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::TUAnalysis &TU) override;

private:
  void reportUse(analysis::TUAnalysis &TU, const analysis::UnwaitedCopy &U,
                 const std::string &Destination);
  void reportNeverWaited(analysis::TUAnalysis &TU, const analysis::UnwaitedCopy &U,
                         const clang::FunctionDecl *Kernel, const std::string &Destination);
};

} // namespace coopcheck::checks
