// Fuzz target (c): SARIF text read as a --baseline, then used as the CLI uses it: to remove the
// findings it knows from a new report. The report is fixed, with findings in a file that does
// not exist (so their identities fall back to the start line) and under SourceRoot `/src`, so that
// a mutated log can name them: `"ruleId": "cg-warp-mask"`, `"uri": "k.cu"`,
// `"uriBaseId": "%SRCROOT%"`, `"startLine": 3`.
#include "checks/report/Baseline.h"
#include "checks/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

using namespace coopcheck::report;

namespace {

Finding at(unsigned Line, const char *Rule) {
  Finding F;
  F.RuleId = Rule;
  F.Message = "a finding the baseline may know";
  F.Location = {"/src/k.cu", Line, 5, Line, 16};
  return F;
}

Report newReport() {
  Report R;
  R.SourceRoot = "/src";
  R.Findings = {at(3, "cg-warp-mask"), at(3, "cg-warp-mask"), at(7, "cg-divergent-collective"),
                at(0, "cg-deadlock")};
  R.Findings[2].Suppressed = true;
  R.Findings[3].Location.File = "/elsewhere/h.cuh";
  return R;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<Baseline> B = Baseline::parse(Text, "fuzz.sarif");
  if (!B) {
    llvm::consumeError(B.takeError()); // the CLI's usage error
    return 0;
  }
  Report R = newReport();
  B->removeKnownFindings(R);
  return 0;
}
