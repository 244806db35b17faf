#include "analysis/flow/StatementParents.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace coopcheck::analysis {

DynTypedNode StatementParents::parentOf(const DynTypedNode &Node) const {
  if (!Indexed)
    index();
  const void *Key = Node.get<Stmt>() ? static_cast<const void *>(Node.get<Stmt>())
                                     : static_cast<const void *>(Node.get<Decl>());
  auto It = Key ? Parents.find(Key) : Parents.end();
  return It == Parents.end() ? DynTypedNode() : It->second;
}

const Stmt *StatementParents::parentStatement(const Stmt &S) const {
  return parentOf(S).get<Stmt>();
}

void StatementParents::index() const {
  Indexed = true;
  auto Whole = DynTypedNode::create(Function);
  if (const auto *Constructor = dyn_cast<CXXConstructorDecl>(&Function))
    for (const CXXCtorInitializer *Init : Constructor->inits())
      if (const Expr *Value = Init->getInit()) {
        if (record(Value, Whole))
          indexBelow(*Value);
      }
  if (const Stmt *Body = Function.getBody()) {
    record(Body, Whole);
    indexBelow(*Body);
  }
}

void StatementParents::indexBelow(const Stmt &Top) const {
  // A worklist, not recursion: generated code nests expressions thousands deep.
  llvm::SmallVector<const Stmt *, 64> Work{&Top};
  while (!Work.empty()) {
    const Stmt &S = *Work.pop_back_val();
    auto Here = DynTypedNode::create(S);
    const auto *Declaration = dyn_cast<DeclStmt>(&S);
    if (!Declaration) {
      for (const Stmt *Child : S.children())
        if (Child && record(Child, Here))
          Work.push_back(Child);
      continue;
    }
    // A declaration's initializers hang below their variables, as in Clang's parent map: the
    // rules climb from a call to the variable its result initialises.
    for (const Decl *D : Declaration->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit()) {
        record(Var, Here);
        if (record(Var->getInit(), DynTypedNode::create(*Var)))
          Work.push_back(Var->getInit());
      }
  }
}

bool StatementParents::record(const void *Child, DynTypedNode Parent) const {
  // The first parent stays: a node reached twice (the two forms of an initializer list) keeps
  // the one met first, and its children are indexed once.
  return Parents.try_emplace(Child, Parent).second;
}

} // namespace coopcheck::analysis
