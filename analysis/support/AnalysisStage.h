// What the analysis of a unit is doing, so that a crash can say where it happened ("analysis
// crashed in cg-divergent-collective") instead of only that it happened.
#pragma once
#include <string>

namespace coopcheck::analysis {

/// The innermost stage of one unit's analysis. The front door that reports crashes owns it and
/// reads it once a crash has unwound the unit; otherwise the unit's session keeps its own.
class StageRecord {
public:
  /// Outside any stage, clang's front end is parsing the unit.
  const std::string &current() const { return Current; }

private:
  friend class AnalysisStage;
  // A string, not a pointer into the stage's owner: after a crash the owner is never destroyed.
  std::string Current = "clang's front end";
};

/// Names the stage in Record for its lifetime; stages nest (a rule, then the stage it was in).
class AnalysisStage {
public:
  AnalysisStage(StageRecord &Record, std::string Name);
  ~AnalysisStage();
  AnalysisStage(const AnalysisStage &) = delete;
  AnalysisStage &operator=(const AnalysisStage &) = delete;

private:
  StageRecord &Record;
  std::string Outer;
};

} // namespace coopcheck::analysis
