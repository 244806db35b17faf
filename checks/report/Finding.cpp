#include "checks/report/Finding.h"

namespace coopcheck::report {

const char *levelName(Level L) {
  switch (L) {
  case Level::Error:
    return "error";
  case Level::Warning:
    return "warning";
  case Level::Note:
    return "note";
  }
  return "warning";
}

std::string timesWord(unsigned Times) {
  return Times == 1 ? "once" : Times == 2 ? "twice" : std::to_string(Times) + " times";
}

std::string PartialAnalysis::reason() const {
  std::string Text;
  if (CompileErrors) {
    Text =
        std::to_string(CompileErrors) + (CompileErrors == 1 ? " compile error" : " compile errors");
    if (!FirstError.empty())
      Text += " (first: " + FirstError + ")";
    Text += "; " + std::to_string(FunctionsNotAnalysed) + " of " + std::to_string(Functions) +
            " functions not analysed";
  }
  if (StoppedAfterSeconds)
    Text += std::string(Text.empty() ? "" : "; ") +
            "analysis stopped at --unit-time-limit=" + std::to_string(*StoppedAfterSeconds) +
            " (the safety net in wall-clock time, so this report depends on the machine's "
            "speed and load): some checks did not run";
  return Text;
}

} // namespace coopcheck::report
