// Threads that leave a kernel before a barrier the other threads reach: exits (return from the
// kernel, a trap, asm("exit;"), a call that may do either) that depend on a condition which is
// not uniform at the barrier's scope, from which the barrier is still reachable.
#pragma once
#include "analysis/flow/Divergence.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/UnitCache.h"
#include <vector>

namespace coopcheck::analysis {

struct ThreadExit {
  const clang::Stmt *Exit = nullptr;      ///< the return, trap, asm, or call that exits
  const clang::Expr *Condition = nullptr; ///< the divergent condition deciding it
};

struct EarlyExit {
  /// The call in the kernel that reaches the barrier: the barrier itself, or a call into the
  /// function that holds it.
  const clang::CallExpr *Call = nullptr;
  CollectiveEffect Barrier;
  model::Scope BarrierScope = model::Scope::Grid;
  unsigned TileSize = 0;
  std::vector<ThreadExit> Exits; ///< in source order
  /// The later barriers of the same scope that the same exits keep their threads from: one
  /// early exit is one finding, at the first barrier it skips (in source order).
  struct Skipped {
    const clang::CallExpr *Call = nullptr;
    CollectiveEffect Barrier;
  };
  std::vector<Skipped> AlsoSkipped;
};

struct EarlyExitOptions {
  bool IncludeBlockBarriers = false; ///< --strict: exited threads are excused at block barriers
};

std::vector<EarlyExit> findEarlyExits(UnitCache &TU, const clang::FunctionDecl *Kernel,
                                      const EarlyExitOptions &Options);

/// Whether a thread of Kernel that finishes the loop whose condition is LoopCondition leaves the
/// kernel without executing another collective: the loop is in no other loop, and no statement
/// after it, at any level up to the kernel's body, may execute one. The threads whose trip count
/// runs out first have then exited when the others reach a warp collective, which releases
/// once the lanes still there arrive (probes P13, P15, P19).
/// With OrSharedMemory, nothing after the loop touches shared memory either.
bool loopEndLeavesKernel(UnitCache &TU, const clang::FunctionDecl *Kernel,
                         const clang::Expr *LoopCondition, bool OrSharedMemory = false);

/// Whether Condition only leaves out the threads past the end of the data: comparisons of a
/// global index (computed from blockIdx) with a bound the whole grid shares, joined by &&
/// (`ix < imageW && iy < imageH`). It excludes threads of the last blocks only, like
/// `if (i >= n) return;`; a condition on threadIdx alone splits every block.
bool isBoundsGuard(UnitCache &TU, const clang::FunctionDecl *F, const clang::Expr *Condition);

/// Whether the threads of Kernel for which the condition of an `if` does not hold, and so skip
/// the collectives under it, leave the kernel without executing another collective or touching
/// shared memory: the `else` does neither, and nor does anything after the `if` (as
/// loopEndLeavesKernel). They have exited when the others reach the collective, as after
/// `if (i >= n) return;` (probes P1, P2), and read nothing the skipped barrier orders (P21).
bool skippingLeavesKernel(UnitCache &TU, const clang::FunctionDecl *Kernel,
                          const clang::Expr *Condition);

/// Whether the threads of F that skip the divergent collective G do not wait for it elsewhere,
/// built for platform P: they leave the kernel (lanes after a loop whose trip count alone
/// differs, threads past the end of the data after a bounds guard), and the hardware releases
/// the collective once the threads still there arrive. Measured on NVIDIA: warp collectives
/// (probes P13, P15, P19) and block barriers (P1, P2; MXMACA too, model::exitReleasesBlockBarrier);
/// grid barriers and multi-warp tiles are not released by an exit (P7, P20). Code relies on
/// it, as on the common `if (i >= n) return;` before a block barrier.
bool skippersLeave(UnitCache &TU, const clang::FunctionDecl *F, const GuardedEffect &G,
                   model::Platform P);

} // namespace coopcheck::analysis
