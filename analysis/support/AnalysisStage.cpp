#include "analysis/support/AnalysisStage.h"

namespace coopcheck::analysis {
namespace {
const char *const FrontEnd = "clang's front end";
// A string, not a pointer into the stage's owner: after a crash the owner is never destroyed, but
// the name is read on the same thread once recovery has unwound past it.
thread_local std::string Current = FrontEnd;
} // namespace

AnalysisStage::AnalysisStage(std::string Name) : Outer(std::move(Current)) {
  Current = std::move(Name);
}

AnalysisStage::~AnalysisStage() { Current = std::move(Outer); }

const std::string &AnalysisStage::current() { return Current; }

} // namespace coopcheck::analysis
