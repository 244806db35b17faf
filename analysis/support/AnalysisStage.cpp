#include "analysis/support/AnalysisStage.h"

namespace coopcheck::analysis {

AnalysisStage::AnalysisStage(StageRecord &Record, std::string Name)
    : Record(Record), Outer(std::move(Record.Current)) {
  Record.Current = std::move(Name);
}

AnalysisStage::~AnalysisStage() { Record.Current = std::move(Outer); }

} // namespace coopcheck::analysis
