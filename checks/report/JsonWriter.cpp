#include "checks/report/JsonWriter.h"
#include "checks/report/FindingJson.h"
#include "checks/report/Version.h"

namespace coopcheck::report {
using Json = nlohmann::ordered_json;

nlohmann::ordered_json toJson(const Report &R) {
  Json Out{{"version", JsonFormatVersion},
           {"tool", {{"name", "coopcheck"}, {"version", toolVersion()}}}};
  Out["findings"] = Json::array();
  for (const Finding &F : R.Findings)
    Out["findings"].push_back(findingToJson(F));
  Out["failures"] = Json::array();
  for (const InputFailure &Failure : R.Failures)
    Out["failures"].push_back({{"file", Failure.File}, {"reason", Failure.Reason}});
  Out["partial"] = Json::array();
  for (const PartialAnalysis &Unit : R.Partial)
    Out["partial"].push_back(partialToJson(Unit));
  return Out;
}

void writeJson(std::ostream &OS, const Report &R) {
  // Invalid UTF-8 in a message or path must not make the whole output fail: replace it.
  OS << toJson(R).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace coopcheck::report
