#include "analysis/flow/ValueRanges.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <climits>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Far from int64_t's limits, so that sums and products of two such values are exact.
constexpr int64_t Limit = int64_t(1) << 62;

std::optional<int64_t> checkedSum(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_add_overflow(A, B, &R) || R >= Limit || R <= -Limit)
    return std::nullopt;
  return R;
}

std::optional<int64_t> checkedProduct(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R) || R >= Limit || R <= -Limit)
    return std::nullopt;
  return R;
}

bool nonNegative(const ValueRange &R) { return R.Low >= 0; }

/// Blocks and warps, for deciding comparisons.
struct Extent {
  unsigned MaxBlockWidth, WarpSize;
};

std::optional<bool> outcomeOf(const Expr *E, const RangedCondition &C, const ASTContext &Ctx,
                              Extent Bounds) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot) {
    std::optional<bool> Inner = outcomeOf(Not->getSubExpr(), C, Ctx, Bounds);
    return Inner ? std::optional(!*Inner) : std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isLogicalOp()) {
      std::optional<bool> L = outcomeOf(BO->getLHS(), C, Ctx, Bounds);
      std::optional<bool> R = outcomeOf(BO->getRHS(), C, Ctx, Bounds);
      bool Decisive = BO->getOpcode() == BO_LOr; // what one operand alone decides
      if (L == Decisive || R == Decisive)
        return Decisive;
      return L && R ? std::optional(!Decisive) : std::nullopt;
    }
    if (BO->isComparisonOp()) {
      const auto *Found = llvm::find_if(
          C.Comparisons, [&](const RangedCondition::Comparison &K) { return K.At == BO; });
      if (Found == C.Comparisons.end() || !Found->LHS || !Found->RHS)
        return std::nullopt;
      std::optional<ValueRange> L = withinBlock(*Found->LHS, Bounds.MaxBlockWidth, Bounds.WarpSize);
      std::optional<ValueRange> R = withinBlock(*Found->RHS, Bounds.MaxBlockWidth, Bounds.WarpSize);
      return L && R ? comparisonOutcome(BO->getOpcode(), *L, *R) : std::nullopt;
    }
  }
  bool Value = false;
  if (!E->isValueDependent() && E->EvaluateAsBooleanCondition(Value, Ctx))
    return Value;
  return std::nullopt;
}

bool collectComparisons(const Expr *E, const ASTContext &Ctx, RangedCondition &Out,
                        llvm::function_ref<std::optional<ValueRange>(const Expr *)> Range) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot)
    return collectComparisons(Not->getSubExpr(), Ctx, Out, Range);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isLogicalOp())
      return collectComparisons(BO->getLHS(), Ctx, Out, Range) &&
             collectComparisons(BO->getRHS(), Ctx, Out, Range);
    if (BO->isComparisonOp()) {
      Out.Comparisons.push_back({BO, Range(BO->getLHS()), Range(BO->getRHS())});
      return true;
    }
  }
  bool Value = false;
  return !E->isValueDependent() && E->EvaluateAsBooleanCondition(Value, Ctx);
}

} // namespace

std::optional<ValueRange> sumOf(const ValueRange &A, const ValueRange &B) {
  if ((A.hasTerms() || B.hasTerms()) && !(nonNegative(A) && nonNegative(B)))
    return std::nullopt;
  std::optional<int64_t> Low = checkedSum(A.Low, B.Low), High = checkedSum(A.High, B.High);
  if (!Low || !High)
    return std::nullopt;
  ValueRange R = ValueRange::between(*Low, *High);
  R.Terms = A.Terms;
  for (const auto &[Index, Coefficient] : B.Terms) {
    auto *At =
        llvm::lower_bound(R.Terms, Index, [](const auto &T, unsigned I) { return T.first < I; });
    if (At != R.Terms.end() && At->first == Index) {
      std::optional<int64_t> Sum = checkedSum(At->second, Coefficient);
      if (!Sum)
        return std::nullopt;
      At->second = *Sum;
    } else {
      R.Terms.insert(At, {Index, Coefficient});
    }
  }
  return R;
}

std::optional<ValueRange> differenceOf(const ValueRange &A, const ValueRange &B) {
  if (A.hasTerms() || B.hasTerms())
    return std::nullopt;
  std::optional<int64_t> Low = checkedSum(A.Low, -B.High), High = checkedSum(A.High, -B.Low);
  if (!Low || !High)
    return std::nullopt;
  return ValueRange::between(*Low, *High);
}

std::optional<ValueRange> productOf(const ValueRange &A, int64_t C) {
  if (A.hasTerms() && C < 0)
    return std::nullopt;
  std::optional<int64_t> Low = checkedProduct(A.Low, C), High = checkedProduct(A.High, C);
  if (!Low || !High)
    return std::nullopt;
  ValueRange R = ValueRange::between(std::min(*Low, *High), std::max(*Low, *High));
  if (C == 0)
    return R;
  for (const auto &[Index, Coefficient] : A.Terms) {
    std::optional<int64_t> Scaled = checkedProduct(Coefficient, C);
    if (!Scaled)
      return std::nullopt;
    R.Terms.push_back({Index, *Scaled});
  }
  return R;
}

std::optional<ValueRange> constantOperation(BinaryOperatorKind Op,
                                            const std::optional<ValueRange> &A, int64_t C,
                                            bool Unsigned) {
  if (C <= 0 || (A && A->hasTerms()))
    return std::nullopt;
  // Any value of the type: a remainder of a signed one may be negative; a mask keeps [0, C].
  if (!A) {
    if (Op == BO_Rem)
      return ValueRange::between(Unsigned ? 0 : 1 - C, C - 1);
    return Op == BO_And ? std::optional(ValueRange::between(0, C)) : std::nullopt;
  }
  switch (Op) {
  case BO_Div: // rounding toward zero keeps the order
    return ValueRange::between(A->Low / C, A->High / C);
  case BO_Shr:
    if (C >= 63)
      return std::nullopt;
    return ValueRange::between(A->Low >> C, A->High >> C);
  case BO_Rem:
    if (A->Low >= 0)
      return A->High < C ? *A : ValueRange::between(0, C - 1);
    return ValueRange::between(std::max(A->Low, 1 - C), std::min(A->High, C - 1));
  case BO_And:
    return ValueRange::between(0, A->Low >= 0 ? std::min(A->High, C) : C);
  default:
    return std::nullopt;
  }
}

std::optional<ValueRange> hullOf(const ValueRange &A, const ValueRange &B) {
  if (A.Terms != B.Terms)
    return std::nullopt;
  ValueRange R = A;
  R.Low = std::min(A.Low, B.Low);
  R.High = std::max(A.High, B.High);
  return R;
}

/// R with each term replaced by Replacement(index) times its coefficient; nullopt where a
/// replacement is not known or may be negative.
static std::optional<ValueRange>
substituted(const ValueRange &R,
            llvm::function_ref<std::optional<ValueRange>(unsigned)> Replacement) {
  std::optional<ValueRange> Result = ValueRange::between(R.Low, R.High);
  for (const auto &[Index, Coefficient] : R.Terms) {
    std::optional<ValueRange> Value = Replacement(Index);
    std::optional<ValueRange> Term =
        Value && nonNegative(*Value) ? productOf(*Value, Coefficient) : std::nullopt;
    Result = Term ? sumOf(*Result, *Term) : std::nullopt;
    if (!Result)
      return std::nullopt;
  }
  return Result;
}

std::optional<ValueRange>
boundToCall(const ValueRange &R, llvm::function_ref<std::optional<ValueRange>(unsigned)> Argument) {
  return substituted(R, [&](unsigned Index) -> std::optional<ValueRange> {
    return Index >= ValueRange::ThreadX ? ValueRange::term(Index) : Argument(Index);
  });
}

std::optional<ValueRange> withinBlock(const ValueRange &R, unsigned MaxBlockWidth,
                                      unsigned WarpSize) {
  return substituted(R, [&](unsigned Index) -> std::optional<ValueRange> {
    if (Index < ValueRange::ThreadX)
      return std::nullopt;
    unsigned Extent = Index == ValueRange::ThreadX ? MaxBlockWidth : WarpSize;
    return ValueRange::between(0, int64_t(Extent) - 1);
  });
}

std::optional<bool> comparisonOutcome(BinaryOperatorKind Op, const ValueRange &L,
                                      const ValueRange &R) {
  auto Numbers = [](const ValueRange &V) {
    return !V.hasTerms() && V.Low >= 0 && V.High <= INT_MAX;
  };
  if (!Numbers(L) || !Numbers(R))
    return std::nullopt;
  switch (Op) {
  case BO_LT:
    return L.High < R.Low ? std::optional(true)
                          : (L.Low >= R.High ? std::optional(false) : std::nullopt);
  case BO_GT:
    return comparisonOutcome(BO_LT, R, L);
  case BO_LE: {
    std::optional<bool> Greater = comparisonOutcome(BO_LT, R, L);
    return Greater ? std::optional(!*Greater) : std::nullopt;
  }
  case BO_GE:
    return comparisonOutcome(BO_LE, R, L);
  case BO_EQ:
  case BO_NE: {
    std::optional<bool> Equal;
    if (L.High < R.Low || R.High < L.Low)
      Equal = false;
    else if (L.Low == L.High && R.Low == R.High)
      Equal = true;
    return Equal ? std::optional(*Equal == (Op == BO_EQ)) : std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

bool fitsType(const ValueRange &R, QualType T, const ASTContext &Ctx) {
  if (!T->isIntegerType() || T->isBooleanType())
    return false;
  uint64_t Bits = Ctx.getIntWidth(T);
  if (R.hasTerms())
    return Bits >= 32;
  bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
  if (Bits >= 63)
    return !Unsigned || R.Low >= 0;
  int64_t Min = Unsigned ? 0 : -(int64_t(1) << (Bits - 1));
  int64_t Max = Unsigned ? (int64_t(1) << Bits) - 1 : (int64_t(1) << (Bits - 1)) - 1;
  return R.Low >= Min && R.High <= Max;
}

bool RangedCondition::callersMayDecide() const {
  return llvm::any_of(Comparisons, [](const Comparison &C) {
    return C.LHS && C.RHS && (C.LHS->namesParameters() || C.RHS->namesParameters());
  });
}

std::optional<bool> RangedCondition::outcome(const ASTContext &Ctx, unsigned MaxBlockWidth,
                                             unsigned WarpSize) const {
  return outcomeOf(Condition, *this, Ctx, {MaxBlockWidth, WarpSize});
}

RangedCondition RangedCondition::boundToCall(
    llvm::function_ref<std::optional<ValueRange>(unsigned)> Argument) const {
  RangedCondition Bound{Condition, {}};
  auto Bind = [&](const std::optional<ValueRange> &R) -> std::optional<ValueRange> {
    return R ? analysis::boundToCall(*R, Argument) : std::nullopt;
  };
  for (const Comparison &C : Comparisons)
    Bound.Comparisons.push_back({C.At, Bind(C.LHS), Bind(C.RHS)});
  return Bound;
}

std::optional<RangedCondition>
rangedCondition(const Expr *Condition, const ASTContext &Ctx,
                llvm::function_ref<std::optional<ValueRange>(const Expr *)> Range) {
  RangedCondition Out{Condition, {}};
  if (!Condition || !collectComparisons(Condition, Ctx, Out, Range))
    return std::nullopt;
  return Out;
}

} // namespace coopcheck::analysis
