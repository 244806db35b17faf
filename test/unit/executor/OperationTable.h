// Test support: a table of rows, each one line of a kernel that traps when the row does not hold,
// replayed once for the whole table; a trap names the row on its line.
#pragma once
#include "ReplaySource.h"
#include <algorithm>
#include <set>

namespace coopcheck::testing_support {

struct TableRow {
  const char *Name;
  std::string Line; ///< a statement that traps unless the row holds
};

/// Replays Prelude, one line per row and Epilogue on Shape. The rows whose lines trapped, or the
/// outcome and reason of a failure that names no row; empty when every row holds.
inline std::vector<std::string> failingRows(const std::string &Prelude,
                                            const std::vector<TableRow> &Rows,
                                            const std::string &Epilogue, model::LaunchShape Shape) {
  std::string Source = Prelude;
  unsigned FirstLine = 1 + std::count(Prelude.begin(), Prelude.end(), '\n');
  for (const TableRow &Row : Rows)
    Source += Row.Line + "\n";
  Source += Epilogue;
  model::executor::ReplayResult R = replaySource(Source.c_str(), verdictBounds(), Shape);
  EXPECT_TRUE(R.Exhausted || !R.Failures.empty()) << R.BoundHit;
  std::vector<std::string> Failing;
  for (const model::executor::PathResult &P : R.Failures) {
    std::set<unsigned> Lines;
    for (const model::executor::ThreadEnd &T : P.Threads)
      if (T.State != model::ThreadState::Exited) // threads that left are where they left
        Lines.insert(T.At.Line);
    size_t Before = Failing.size();
    for (unsigned I = 0; I < Rows.size(); ++I)
      if (Lines.count(FirstLine + I))
        Failing.push_back(Rows[I].Name);
    if (Failing.size() == Before)
      Failing.push_back(std::string(model::executor::outcomeName(P.Result)) + ": " + P.Reason);
  }
  return Failing;
}

} // namespace coopcheck::testing_support
