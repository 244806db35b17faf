#include "tools/report/FindingOrder.h"
#include <algorithm>
#include <numeric>
#include <tuple>

namespace coopcheck::report {
namespace {

auto identity(const Finding &F) {
  const SourceSpan &L = F.Location;
  return std::tie(L.File, L.Line, L.Column, F.RuleId, L.EndLine, L.EndColumn, F.Message);
}

/// Richer duplicates first, so that deduplication keeps them.
bool before(const Finding &A, const Finding &B) {
  if (identity(A) != identity(B))
    return identity(A) < identity(B);
  return std::make_tuple(A.Notes.size(), A.Fixes.size()) >
         std::make_tuple(B.Notes.size(), B.Fixes.size());
}

} // namespace

void sortAndDedupe(std::vector<Finding> &Findings) {
  // Sorting indices keeps equal findings in input order without std::stable_sort, whose
  // libstdc++ 12 implementation trips clang 22's deprecation warnings.
  std::vector<size_t> Order(Findings.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (before(Findings[A], Findings[B]) || before(Findings[B], Findings[A]))
      return before(Findings[A], Findings[B]);
    return A < B;
  });
  std::vector<Finding> Sorted;
  for (size_t I : Order)
    if (Sorted.empty() || identity(Sorted.back()) != identity(Findings[I]))
      Sorted.push_back(std::move(Findings[I]));
  Findings = std::move(Sorted);
}

} // namespace coopcheck::report
