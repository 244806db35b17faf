// Stable sorting without std::stable_sort: libstdc++ 12's implementation calls the deprecated
// std::get_temporary_buffer, which clang 22 reports under -Wdeprecated-declarations. Equal items
// keep their input order, so findings and notes come out the same on every run.
#pragma once
#include <algorithm>
#include <numeric>
#include <vector>

namespace coopcheck::analysis {

template <class T, class Less> void stableSort(std::vector<T> &Items, Less Before) {
  std::vector<size_t> Order(Items.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Before(Items[A], Items[B]) || Before(Items[B], Items[A]))
      return Before(Items[A], Items[B]);
    return A < B;
  });
  std::vector<T> Sorted;
  Sorted.reserve(Items.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(Items[I]));
  Items = std::move(Sorted);
}

} // namespace coopcheck::analysis
