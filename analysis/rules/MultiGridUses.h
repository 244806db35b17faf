// Uses of the multi-device grid of cooperative groups (multi_grid_group, this_multi_grid()), which
// CUDA deprecated in 11.3 and removed in 13.
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace coopcheck::analysis {

struct MultiGridUse {
  enum Kind {
    HandleCreation, ///< this_multi_grid()
    Operation,      ///< multi_grid.sync(), grid_rank(), cg::sync(multi_grid), ...
    Parameter,      ///< a parameter of type multi_grid_group
  };
  Kind What;
  clang::SourceLocation Loc;
  clang::SourceRange Range;
  /// For calls, the call; null for parameters.
  const clang::CallExpr *Call = nullptr;
};

/// Every use in F: its parameters, then its body in source order.
std::vector<MultiGridUse> multiGridUses(const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
