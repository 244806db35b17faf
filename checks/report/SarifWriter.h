// SARIF 2.1.0 output (--format=sarif) for GitHub code scanning and other SARIF viewers. It
// validates against the OASIS schema and passes Microsoft's validator with --rule-kind "Gh;Sarif".
// Locations inside Report::SourceRoot are relative URIs with uriBaseId "%SRCROOT%" (the root is
// in run.originalUriBaseIds); others are absolute file:// URIs. Columns count Unicode code points
// (run.columnKind): Clang's byte columns are converted with the source line when it is readable.
#pragma once
#include "checks/RuleTable.h"
#include "checks/report/Finding.h"
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace coopcheck::report {

constexpr const char *SarifSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char *DefaultInformationUri = "https://github.com/coopcheck/coopcheck";

struct SarifOptions {
  /// tool.driver.informationUri: the project's home page.
  std::string InformationUri = DefaultInformationUri;
  /// The base of the rule pages, for helpUri (checks::ruleDocsUrl); the CLI passes
  /// checks::docsBaseUrl().
  std::string DocsBaseUri = checks::DefaultDocsBaseUrl;
  /// run.automationDetails.id: "category/" or "category/run-id", as GitHub expects.
  std::string AutomationId = "coopcheck/";
};

nlohmann::ordered_json toSarif(const Report &R, const SarifOptions &Options = {});
/// toSarif(R, Options), indented by two spaces, with a final newline.
void writeSarif(std::ostream &OS, const Report &R, const SarifOptions &Options = {});

} // namespace coopcheck::report
