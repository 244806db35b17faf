// The collective call a finding is about, carried by the finding's clang-tidy diagnostic as an
// argument its message does not print: clang-tidy keeps no other data of a check's own, and the
// CLI anchors the report's finding to the call so that confirmation matches the executor's
// failure sites by identity (docs/architecture.md, "Confirmation"). The plugin and clangd print
// the message and never see it.
#pragma once
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

namespace coopcheck::checks {

/// Streamed into a finding's diagnostic after the arguments its message prints.
struct AnchorCall {
  const clang::CallExpr *Call;
};
const clang::StreamingDiagnostic &operator<<(const clang::StreamingDiagnostic &D, AnchorCall A);

/// The call a diagnostic is anchored to (its last expression argument: no coopcheck message
/// prints an expression); null for none.
const clang::CallExpr *anchorCallOf(const clang::Diagnostic &Info);

/// Where Clang's line tables, and so the executor, place the call: its expression location (the
/// `sync` of `g.sync()`, the start of an intrinsic's name), out of any macro expansion.
clang::SourceLocation anchorLocation(const clang::SourceManager &SM, const clang::CallExpr &Call);

} // namespace coopcheck::checks
