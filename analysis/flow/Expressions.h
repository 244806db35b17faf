// Two readings of an expression that most analyses need: the expression a reader sees, without
// the parentheses and implicit conversions Clang wraps it in, and its integer value when it is a
// constant expression.
#pragma once
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"
#include <cstdint>
#include <optional>

namespace coopcheck::analysis {

/// E without parentheses, implicit casts and other implicit nodes (null for a null E).
const clang::Expr *strip(const clang::Expr *E);

/// E's value when E is an integer constant expression (not for a null or value-dependent E).
std::optional<llvm::APSInt> integerValue(const clang::Expr *E, const clang::ASTContext &Ctx);

/// E's constant value as 64 bits (a negative value wraps).
std::optional<uint64_t> constantOf(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace coopcheck::analysis
