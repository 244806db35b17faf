// Whether a kernel can wait on memory another thread writes: a spin loop needs a read the
// compiler may not hoist (volatile, atomic, inline asm). Only such kernels can hang without a
// divergent collective, so only they are replayed to look for hangs nobody reported.
#pragma once
#include "clang/AST/Decl.h"

namespace coopcheck::analysis {

/// Whether Kernel, or a function outside system headers that it calls, reads or writes volatile
/// memory, calls an atomic operation, or runs inline asm.
bool mayWaitOnMemory(const clang::FunctionDecl *Kernel);

} // namespace coopcheck::analysis
