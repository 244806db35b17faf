// SARIF reportingDescriptors (tool.driver.rules[]) made from the rule table in checks/.
#pragma once
#include "checks/RuleTable.h"
#include <nlohmann/json.hpp>
#include <string>

namespace coopcheck::report {

/// "cg-early-exit-before-sync" -> "EarlyExitBeforeSync": SARIF's rule name, a readable
/// identifier that viewers show beside the id.
std::string ruleName(llvm::StringRef Id);

/// One rules[] entry: id, name, descriptions, help (text and markdown from docs/checks/ or the
/// full description), helpUri (the rule's page under \p DocsBaseUri), default level, precision
/// and tags.
nlohmann::ordered_json sarifRule(const checks::RuleInfo &Rule, const std::string &DocsBaseUri);

} // namespace coopcheck::report
