#include "checks/FindingAnchor.h"

namespace coopcheck::checks {

const clang::StreamingDiagnostic &operator<<(const clang::StreamingDiagnostic &D, AnchorCall A) {
  return D << static_cast<const clang::Expr *>(A.Call);
}

const clang::CallExpr *anchorCallOf(const clang::Diagnostic &Info) {
  for (unsigned I = Info.getNumArgs(); I-- > 0;)
    if (Info.getArgKind(I) == clang::DiagnosticsEngine::ak_expr)
      return llvm::dyn_cast<clang::CallExpr>(
          reinterpret_cast<const clang::Expr *>(Info.getRawArg(I)));
  return nullptr;
}

clang::SourceLocation anchorLocation(const clang::SourceManager &SM, const clang::CallExpr &Call) {
  return SM.getExpansionLoc(Call.getExprLoc());
}

} // namespace coopcheck::checks
