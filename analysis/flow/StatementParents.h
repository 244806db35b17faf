// The parents of the statements of one function, for the rules that read a statement's
// surroundings (the condition around a `&&` operand, the loop a condition belongs to, the variable
// a call's result initialises).
#pragma once
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

namespace coopcheck::analysis {

/// Indexes one function's declaration (its body, its member initializers) the first time a parent
/// is asked for. Clang's own parent map (ASTContext::getParents) indexes every declaration of the
/// unit, every header's host code included: on template libraries it was a third of coopcheck's
/// memory over the parse, for parents asked of a few hundred device functions.
class StatementParents {
public:
  explicit StatementParents(const clang::FunctionDecl &F) : Function(F) {}

  /// The node that holds Node: a statement, the variable whose initializer Node is, or the
  /// function itself. An empty node when Node is not within the function.
  clang::DynTypedNode parentOf(const clang::DynTypedNode &Node) const;
  template <typename T> clang::DynTypedNode parentOf(const T &Node) const {
    return parentOf(clang::DynTypedNode::create(Node));
  }
  /// parentOf(S) when that is a statement, else null.
  const clang::Stmt *parentStatement(const clang::Stmt &S) const;

private:
  void index() const;
  void indexBelow(const clang::Stmt &S) const;
  /// False when Child already has a parent.
  bool record(const void *Child, clang::DynTypedNode Parent) const;

  const clang::FunctionDecl &Function;
  mutable bool Indexed = false;
  mutable llvm::DenseMap<const void *, clang::DynTypedNode> Parents;
};

} // namespace coopcheck::analysis
