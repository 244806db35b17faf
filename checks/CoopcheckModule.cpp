#include "checks/CoopcheckModule.h"
#include "checks/CooperativeLaunchCheck.h"
#include "checks/DeprecatedMultiGridCheck.h"
#include "checks/DivergentCollectiveCheck.h"
#include "checks/EarlyExitBeforeSyncCheck.h"
#include "checks/GroupByValueCheck.h"
#include "checks/LegacyWarpIntrinsicCheck.h"
#include "checks/MemcpyAsyncWaitCheck.h"
#include "checks/MissingSyncwarpCheck.h"
#include "checks/NonCooperativeLaunchCheck.h"
#include "checks/ShuffleTypeCheck.h"
#include "checks/TileSizeCheck.h"
#include "checks/WarpMaskCheck.h"
#include "checks/WarpSizeCheck.h"

using namespace clang::tidy;

namespace coopcheck::checks {

template <class CheckClass>
void CoopcheckModule::add(ClangTidyCheckFactories &Factories, llvm::StringRef Id,
                          const std::shared_ptr<const FrontDoor> &Shared) {
  Factories.registerCheckFactory(Id, [Shared](llvm::StringRef Name, ClangTidyContext *Context) {
    auto Check = std::make_unique<CheckClass>(Name, Context);
    Check->Door = Shared;
    return std::unique_ptr<ClangTidyCheck>(std::move(Check));
  });
}

void CoopcheckModule::addCheckFactories(ClangTidyCheckFactories &Factories) {
  // One copy for every check this set of factories creates: the checks of a unit share its
  // session through it.
  auto Shared = std::make_shared<const FrontDoor>(Door);
#define COOPCHECK_RULE(Id, CheckClass, Level, Precision, Executor, Short, Full)                    \
  add<CheckClass>(Factories, Id, Shared);
#include "checks/Rules.def"
}

} // namespace coopcheck::checks
