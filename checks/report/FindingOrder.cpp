#include "checks/report/FindingOrder.h"
#include "analysis/flow/StableOrder.h"
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
  analysis::stableSort(Findings, before);
  std::vector<Finding> Unique;
  for (Finding &F : Findings)
    if (Unique.empty() || identity(Unique.back()) != identity(F))
      Unique.push_back(std::move(F));
  Findings = std::move(Unique);
}

} // namespace coopcheck::report
