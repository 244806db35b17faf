// Ranges of integer values in terms of a function's parameters, for conditions that callers
// decide: `flat_tid * ITEMS > size` never holds at a call that passes a thread index bounded by
// the block and the block's item count for size. Parameters stay symbolic in the function and
// are replaced by the ranges of each call's arguments, call after call up the call graph.
#pragma once
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <utility>

namespace coopcheck::analysis {

/// What an integer value can be: a sum of parameters of the function and of the thread's
/// coordinates with positive coefficients, plus a number in [Low, High]. A range with terms is
/// built only by sums and by products with non-negative constants of non-negative parts, so
/// that once its terms are bound to non-negative ranges, no value computed on the way exceeds
/// the final one: a final range that fits an int rules out wrap-around anywhere in it.
/// Thread coordinates stay terms through calls (a helper's `return threadIdx.x;` is the
/// caller's thread's), bounded by the blocks of the function where a comparison is decided.
struct ValueRange {
  /// The term indices of threadIdx.x and of the lane; parameters are numbered below them.
  static constexpr unsigned ThreadX = 64, Lane = 65;
  /// (term index, coefficient), ordered by index; coefficients are positive.
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Terms;
  int64_t Low = 0;
  int64_t High = 0;

  static ValueRange between(int64_t Low, int64_t High) { return {{}, Low, High}; }
  static ValueRange term(unsigned Index) { return {{{Index, 1}}, 0, 0}; }
  bool hasTerms() const { return !Terms.empty(); }
  /// Whether a parameter is among the terms: only a caller can bind it.
  bool namesParameters() const { return hasTerms() && Terms.front().first < ThreadX; }
  bool operator==(const ValueRange &O) const {
    return Terms == O.Terms && Low == O.Low && High == O.High;
  }
};

std::optional<ValueRange> sumOf(const ValueRange &A, const ValueRange &B);
/// A minus B: only of ranges without parameters.
std::optional<ValueRange> differenceOf(const ValueRange &A, const ValueRange &B);
/// A times the constant C (non-negative where A has parameters).
std::optional<ValueRange> productOf(const ValueRange &A, int64_t C);
/// What `A Op C` gives for a positive constant C, Op one of / >> % &, of a range without
/// parameters; A null stands for any value of a type, Unsigned or not.
std::optional<ValueRange> constantOperation(clang::BinaryOperatorKind Op,
                                            const std::optional<ValueRange> &A, int64_t C,
                                            bool Unsigned);
/// The smallest range holding both A and B, which must have the same parameter terms.
std::optional<ValueRange> hullOf(const ValueRange &A, const ValueRange &B);
/// R with each parameter replaced by Argument(index), the range its caller passes (which must
/// be non-negative); nullopt when an argument's range is not known. Thread terms stay.
std::optional<ValueRange>
boundToCall(const ValueRange &R, llvm::function_ref<std::optional<ValueRange>(unsigned)> Argument);
/// R with its thread terms replaced by their ranges in blocks of at most MaxBlockWidth threads
/// along x and warps of WarpSize lanes.
std::optional<ValueRange> withinBlock(const ValueRange &R, unsigned MaxBlockWidth,
                                      unsigned WarpSize);
/// Whether `L Op R` holds for every value of the two ranges (true), for none (false), or depends
/// (nullopt). Decided only for ranges without parameters within [0, INT_MAX], which every
/// integer type of 32 bits or more compares as numbers.
std::optional<bool> comparisonOutcome(clang::BinaryOperatorKind Op, const ValueRange &L,
                                      const ValueRange &R);
/// Whether a value of type T always holds every value of R (the whole range, or, with
/// parameters, values as large as an int: the final range is checked where it is decided).
bool fitsType(const ValueRange &R, clang::QualType T, const clang::ASTContext &Ctx);

/// A condition built of comparisons with && || and !, with the operands of each comparison as
/// ranges of the function it is written in (nullopt where not known).
struct RangedCondition {
  struct Comparison {
    const clang::BinaryOperator *At = nullptr;
    std::optional<ValueRange> LHS, RHS;
    bool operator==(const Comparison &O) const {
      return At == O.At && LHS == O.LHS && RHS == O.RHS;
    }
  };
  const clang::Expr *Condition = nullptr;
  llvm::SmallVector<Comparison, 2> Comparisons;

  /// Whether a caller may still decide it: a comparison with both operands' ranges known names
  /// a parameter.
  bool callersMayDecide() const;
  /// Whether the condition holds in every thread of blocks at most MaxBlockWidth wide (true),
  /// in none (false), or depends (nullopt).
  std::optional<bool> outcome(const clang::ASTContext &Ctx, unsigned MaxBlockWidth,
                              unsigned WarpSize) const;
  /// The condition with its parameters bound to a call's arguments.
  RangedCondition
  boundToCall(llvm::function_ref<std::optional<ValueRange>(unsigned)> Argument) const;
  bool operator==(const RangedCondition &O) const {
    return Condition == O.Condition && Comparisons == O.Comparisons;
  }
};

/// Condition as comparisons of ranges, Range giving each operand's; nullopt when it is not
/// made of comparisons, constants, && || and ! alone.
std::optional<RangedCondition>
rangedCondition(const clang::Expr *Condition, const clang::ASTContext &Ctx,
                llvm::function_ref<std::optional<ValueRange>(const clang::Expr *)> Range);

} // namespace coopcheck::analysis
