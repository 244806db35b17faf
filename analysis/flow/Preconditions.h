// What the guards before a point establish about an integer variable: a test that leaves the
// function unless the variable is a multiple of K (`if (n % 256) trap();` in a kernel,
// `GGML_ASSERT(ne0 % 128 == 0);` or `assert(n % 4 == 0);` before a launch). Shared by a kernel's
// view of its own parameters (Uniformity) and by the arguments its launches pass (LaunchConfig).
#pragma once
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <cstdint>

namespace coopcheck::analysis {

/// Whether S never completes: it ends in a return, a throw, a call that does not return (a trap,
/// an abort), or inline PTX that ends the thread.
bool leaves(const clang::Stmt *S);

/// What the guards among the top-level statements of Body that end before Point make Var a
/// multiple of: the least common multiple of each K that an `if` leaving unless `Var % K == 0`,
/// a `do { ... } while (0)` around one, or an `assert` of it establishes; 1 when none does. The
/// caller makes sure nothing assigns Var.
uint64_t multipleGuardedBefore(const clang::Stmt *Body, const clang::VarDecl *Var,
                               clang::SourceLocation Point, const clang::ASTContext &Ctx);

} // namespace coopcheck::analysis
