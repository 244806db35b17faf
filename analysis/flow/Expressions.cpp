#include "analysis/flow/Expressions.h"

using namespace clang;

namespace coopcheck::analysis {

const Expr *strip(const Expr *E) {
  return E ? E->IgnoreImplicit()->IgnoreParenImpCasts() : nullptr;
}

std::optional<llvm::APSInt> integerValue(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt();
}

std::optional<uint64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> Value = integerValue(E, Ctx);
  return Value ? std::optional<uint64_t>(Value->getExtValue()) : std::nullopt;
}

} // namespace coopcheck::analysis
