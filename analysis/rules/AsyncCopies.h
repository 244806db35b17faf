// Asynchronous copies (cg::memcpy_async) and the waits that complete them (cg::wait,
// cg::wait_prior<N>), for cg-memcpy-async-wait: the destination of a copy used while the copy may
// still be in flight, or a copy that a kernel may leave without waiting for.
//
// A copy is in flight at a statement when some path from the copy to it passes no wait of the
// same group that completes it: cg::wait always does, cg::wait_prior<N> when N or more later
// copies of the group lie between (it leaves the N most recent in flight). Copies and waits made
// by called functions count at the call (through the function summaries); a function that only
// starts a copy hands it to its callers. The destination is followed to its root (a __shared__
// array, a pointer parameter) and every read, write or pointer passed to a call through that root
// is an access; in pipelines (a copy in a loop) an access is only compared with the copy when both
// select the part of the root from the loop's variables in the same way.
#pragma once
#include "analysis/flow/Summaries.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct UnwaitedCopy {
  enum class Use { Read, Write, PassedToCall };

  /// The copy as seen from the function: Site is the cg::memcpy_async call, Chain the calls
  /// leading to it from the function.
  CollectiveEffect Copy;
  /// The root of the destination ('tile'), or null when it is not a named variable.
  const clang::ValueDecl *Destination = nullptr;
  /// The first use of the destination (in source order) while the copy may be in flight; null
  /// when the copy is not waited for on some path to the end of the kernel.
  const clang::Expr *Access = nullptr;
  Use How = Use::Read;
  /// For PassedToCall: the call the destination is passed to.
  const clang::CallExpr *Callee = nullptr;
  /// A wait of the copy's group that follows (the access, or on other paths the copy), or null.
  const clang::CallExpr *Wait = nullptr;
};

/// The copies made in F (or by its callees) whose destination F uses before they complete, and,
/// when F is a kernel, the copies it does not wait for on some path to its end: one entry per
/// copy, in source order of the copies.
std::vector<UnwaitedCopy> unwaitedCopies(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
