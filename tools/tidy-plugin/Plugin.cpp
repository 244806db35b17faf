// The clang-tidy plugin: `clang-tidy-22 -load=libcoopcheck-tidy.so` finds the checks through this
// registry entry. clang-tidy makes a set of check factories per run, and so a FrontDoor per run.
#include "checks/CoopcheckModule.h"

static clang::tidy::ClangTidyModuleRegistry::Add<coopcheck::checks::CoopcheckModule>
    Registration("coopcheck-module", "Cooperative-groups and warp-synchronous checks.");
