// Whether a function leaves the memory behind one of its pointer parameters as it was. Helpers
// that only read a buffer often take it as `T *` (an acquire load of a flag, a reduction over a
// row); a call of one is then no store, and a flag read after it keeps the value it had.
#pragma once
#include "clang/AST/Decl.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace coopcheck::analysis {

/// Whether F only reads through its pointer parameter P: every use of it reads what it points to,
/// compares it, moves it on within the same memory, converts it to a pointer to const, or hands
/// it to a callee for which CalleeLeavesBe holds. A store through it, a pointer to it kept
/// anywhere else, its conversion to an integer, or inline assembly given it count as writing.
/// False when F has no body in the unit.
bool leavesPointeeBe(
    const clang::FunctionDecl *F, unsigned P,
    llvm::function_ref<bool(const clang::FunctionDecl *, unsigned)> CalleeLeavesBe);

} // namespace coopcheck::analysis
