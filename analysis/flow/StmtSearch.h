// Searches of a statement's subtree that several analyses need.
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace coopcheck::analysis {

/// Whether S or a statement under it satisfies Matches (false for a null S).
bool anyWithin(const clang::Stmt *S, llvm::function_ref<bool(const clang::Stmt *)> Matches);

/// Whether S refers to one of Variables.
bool mentions(const clang::Stmt *S, const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Variables);

} // namespace coopcheck::analysis
