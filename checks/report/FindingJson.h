// A finding, and a unit analysed in part, as the JSON objects of --format=json, and back: the
// JSON report writes them, and the result cache keeps a unit's findings between runs in the same
// form. Reading back gives what was written, field for field.
#pragma once
#include "checks/report/Finding.h"
#include <nlohmann/json.hpp>
#include <optional>

namespace coopcheck::report {

nlohmann::ordered_json findingToJson(const Finding &F);
/// The finding a findingToJson object describes; nullopt when a field is missing or mistyped.
std::optional<Finding> findingFromJson(const nlohmann::ordered_json &J);

nlohmann::ordered_json partialToJson(const PartialAnalysis &P);
std::optional<PartialAnalysis> partialFromJson(const nlohmann::ordered_json &J);

} // namespace coopcheck::report
