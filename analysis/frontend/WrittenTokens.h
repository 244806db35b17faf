// Code as written, read token by token: what the parser may have dropped is still in the text.
#pragma once
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace coopcheck::analysis {

/// Calls Visit with each token of Range as written (raw: identifiers and keywords alike are
/// raw_identifier) and the kind of the token before it; Visit returns false to stop.
void forEachWrittenToken(
    clang::CharSourceRange Range, const clang::SourceManager &SM, const clang::LangOptions &Opts,
    llvm::function_ref<bool(const clang::Token &, clang::tok::TokenKind)> Visit);

/// Whether T, after a token of kind Before, names a collective: an intrinsic, a group's method
/// after `.` or `->`, a cooperative_groups function after `::`.
bool namesCollective(const clang::Token &T, clang::tok::TokenKind Before);

} // namespace coopcheck::analysis
