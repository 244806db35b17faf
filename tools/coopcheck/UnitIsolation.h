// Each unit is parsed and analysed on a thread of its own with a large stack and under crash
// recovery, as clangd does: deeply nested source needs more stack than a default thread has, and
// a crash in the compiler or in an analysis loses that unit only, not the whole run.
#pragma once
#include "llvm/ADT/STLFunctionalExtras.h"

namespace coopcheck::cli {

/// Installs the crash handlers, also for stack overflows; once per process, before any unit.
void enableCrashRecovery();

/// Runs Work on a fresh thread with a large stack and waits for it; false when it crashed (the
/// caller's analysis::StageRecord then says where).
bool runIsolated(llvm::function_ref<void()> Work);

} // namespace coopcheck::cli
