// The clang-tidy module: registers every check named in Rules.def. The plugin and the CLI link
// the same module; the CLI keeps it through CoopcheckModuleAnchorSource.
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
#include "clang-tidy/ClangTidyModule.h"

namespace coopcheck::checks {

class CoopcheckModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
#define COOPCHECK_RULE(Id, CheckClass, Level, Precision, Executor, Short, Full)                    \
  Factories.registerCheck<CheckClass>(Id);
#include "checks/Rules.def"
  }
};

} // namespace coopcheck::checks

static clang::tidy::ClangTidyModuleRegistry::Add<coopcheck::checks::CoopcheckModule>
    Registration("coopcheck-module", "Cooperative-groups and warp-synchronous checks.");

// Referenced by the CLI so that the linker keeps this file and its registration.
volatile int CoopcheckModuleAnchorSource = 0;
