// Statements the parser dropped whole. Where an error makes a statement unparseable (an
// assignment to a variable whose type a missing header declares, a call of a missing function
// with a template argument), the parser leaves no mark in the AST: only a gap between two
// statements of a block that it kept. A gap is plain when its text holds no control flow (no
// branch, loop, jump or inline assembly) and no collective, and calls nothing that may reach
// one: the block keeps its shape, and only what the gap names has a value nobody knows. Any other
// gap may have held a branch or a barrier, so its function is not analysed.
#pragma once
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace coopcheck::analysis {

class DroppedStatements {
public:
  /// Functions: the functions of the unit with a body, those a gap may call.
  DroppedStatements(clang::ASTContext &Ctx, llvm::ArrayRef<clang::FunctionDecl *> Functions);

  /// When the error at At (an expansion location) lies between two statements of a block of
  /// Body, outside both, and the text there is plain: adds the identifiers written there to
  /// Names and returns true.
  bool addPlainGap(const clang::Stmt *Body, clang::SourceLocation At, llvm::StringSet<> &Names);

private:
  /// The text between the statements of the innermost block of Body around At; nullopt when a
  /// statement of that block contains At.
  std::optional<clang::CharSourceRange> gapAround(const clang::Stmt *Body,
                                                  clang::SourceLocation At);
  bool isPlain(clang::CharSourceRange Gap, llvm::StringSet<> &Names);
  /// Whether a function called Name, or one it calls by name, names a collective, writes
  /// inline assembly or invokes a function-like macro (whose expansion is not in the text).
  bool mayReachCollective(llvm::StringRef Name);
  /// Whether the identifier Name, followed by `(`, is a function-like macro.
  bool isMacro(llvm::StringRef Name) const;

  /// What the text of the functions called one name shows: a collective, or the names it calls.
  struct Calls {
    bool Collective = false;
    llvm::SmallVector<llvm::StringRef, 8> Callees;
  };
  const Calls &callsOf(llvm::StringRef Name);

  clang::ASTContext &Ctx;
  llvm::StringMap<llvm::SmallVector<const clang::FunctionDecl *, 1>> ByName;
  llvm::StringMap<Calls> Read;
};

} // namespace coopcheck::analysis
