// Error-tolerant analysis, as clangd serves a file with errors: a unit with compile errors is still
// analysed. Where the parser recovered with a mark (a RecoveryExpr, an invalid declaration), the
// function keeps its shape and is analysed, the marked parts unknown (UniformValue::Unknown). Where
// it dropped a statement that may have been a branch, a loop or a collective, the body is a guess
// of the parser, so no rule looks at it and its callers see it as a call they know nothing of;
// where the dropped statements were plain (DroppedStatements.h), what they name is unknown.
#pragma once
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <optional>
#include <vector>

namespace coopcheck::analysis {

/// What the compiler rejected in one unit, and the functions that it breaks.
class CompileErrors {
public:
  /// Where the compiler reported errors in one unit (expansion locations), filled as it parses.
  using Log = std::vector<clang::SourceLocation>;

  /// Starts recording where the compiler reports errors in the unit PP preprocesses, into the
  /// log returned: every diagnostic still reaches the consumer the front door installed. Called
  /// once per unit, before parsing.
  static std::shared_ptr<const Log> recordFor(clang::Preprocessor &PP);

  /// The errors of the unit of Ctx in Recorded (none when null: then only the AST's own marks of
  /// errors count).
  CompileErrors(clang::ASTContext &Ctx, const Log *Recorded);

  /// Whether an error breaks F: its body is gone, or an error inside its source range left no
  /// mark in its parameters or body (the parser dropped what was there).
  bool breaks(const clang::FunctionDecl *F) const;
  /// Every function with a body (instantiations and model headers included) that an error is
  /// in, marked or not.
  const std::vector<clang::FunctionDecl *> &functionsWithErrors() const;
  /// The identifiers written in the statements the parser dropped from F's body, which were
  /// plain (DroppedStatements): what they name has a value nobody knows. Null when none.
  const llvm::StringSet<> *namesInDroppedStatements(const clang::FunctionDecl *F) const;
  /// Whether the compiler rejected inline assembly it kept whole (its template or a constraint):
  /// what the statement computes is unknown.
  bool rejects(const clang::GCCAsmStmt *Asm) const;
  /// Whether Loc is inside the body of a function an error breaks.
  bool inBrokenFunction(clang::SourceLocation Loc) const;

  /// User-written functions with a body, those of them an error is in, and those an error breaks
  /// (not analysed).
  struct Counts {
    unsigned Functions = 0;
    unsigned WithErrors = 0;
    unsigned NotAnalysed = 0;
    /// Of the user-written functions, those whose text names a collective or a warp intrinsic,
    /// and those of them not analysed.
    unsigned WithCollectives = 0;
    unsigned WithCollectivesNotAnalysed = 0;
  };
  Counts counts() const;
  bool any() const { return HasErrors; }

private:
  void findBrokenFunctions() const;

  clang::ASTContext &Ctx;
  bool HasErrors;
  Log Reported;
  mutable std::optional<llvm::DenseSet<const clang::FunctionDecl *>> Broken;
  mutable std::vector<clang::SourceRange> BrokenRanges;
  mutable std::vector<clang::FunctionDecl *> WithErrors;
  mutable llvm::DenseMap<const clang::FunctionDecl *, llvm::StringSet<>> DroppedNames;
  mutable llvm::DenseSet<const clang::GCCAsmStmt *> RejectedAsm;
  mutable Counts Totals;
};

} // namespace coopcheck::analysis
