// Whether a kernel can wait on memory another thread writes. Waiting takes a loop that ends on
// what it reads, and a read the compiler may not hoist (volatile, atomic, inline asm). Only such
// kernels can hang without a divergent collective, so only they are replayed to look for hangs
// nobody reported; a grid-stride loop that counts with atomicAdd waits for nobody.
#pragma once
#include "clang/AST/Decl.h"

namespace coopcheck::analysis {

/// Whether Kernel, or a function outside system headers that it calls, has a loop whose exit
/// depends on a volatile, atomic or inline-asm read (in the loop's condition, in the condition of
/// a branch that leaves it, or through locals the loop assigns from such a read), a loop made of
/// gotos with such a read, or inline asm that waits by itself (model::AsmWaiting::MayWait: a
/// branch, a barrier, a sleep). Asm that only computes, shuffles or fences, which CUB's and
/// rocPRIM's primitives are full of, and asm loads outside such loops wait for nobody.
/// Recursion that polls is not seen.
bool mayWaitOnMemory(const clang::FunctionDecl *Kernel);

} // namespace coopcheck::analysis
