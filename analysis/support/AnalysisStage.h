// What the current thread's analysis of a unit is doing, so that a crash can say where it
// happened ("analysis crashed in cg-divergent-collective") instead of only that it happened.
#pragma once
#include <string>

namespace coopcheck::analysis {

/// Names the stage for its lifetime on this thread; stages nest (a rule, then the stage it was in).
class AnalysisStage {
public:
  explicit AnalysisStage(std::string Name);
  ~AnalysisStage();
  AnalysisStage(const AnalysisStage &) = delete;
  AnalysisStage &operator=(const AnalysisStage &) = delete;

  /// The innermost stage of this thread; outside any, clang's front end is parsing the unit.
  static const std::string &current();

private:
  std::string Outer;
};

} // namespace coopcheck::analysis
