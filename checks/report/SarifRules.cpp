#include "checks/report/SarifRules.h"
#include "checks/report/MarkdownText.h"
#include <cctype>

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

/// GitHub filters alerts by tags; note-level rules are performance advice.
Json ruleTags(const checks::RuleInfo &Rule) {
  Json Tags = Rule.DefaultLevel == checks::RuleLevel::Note
                  ? Json::array({"performance"})
                  : Json::array({"correctness", "concurrency"});
  for (const char *Platform : {"cuda", "hip", "maca"})
    Tags.push_back(Platform);
  return Tags;
}

Json ruleHelp(const checks::RuleInfo &Rule) {
  if (Rule.DocsMarkdown.empty())
    return {{"text", Rule.FullDescription.str()}};
  return {{"text", markdownToText(Rule.DocsMarkdown)}, {"markdown", Rule.DocsMarkdown.str()}};
}

} // namespace

std::string ruleName(llvm::StringRef Id) {
  Id.consume_front("cg-");
  std::string Name;
  bool Upper = true;
  for (char C : Id) {
    if (C == '-') {
      Upper = true;
      continue;
    }
    Name += Upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(C))) : C;
    Upper = false;
  }
  return Name;
}

nlohmann::ordered_json sarifRule(const checks::RuleInfo &Rule, const std::string &DocsBaseUri) {
  return {{"id", Rule.Id.str()},
          {"name", ruleName(Rule.Id)},
          {"shortDescription", {{"text", Rule.ShortDescription.str()}}},
          {"fullDescription", {{"text", Rule.FullDescription.str()}}},
          {"help", ruleHelp(Rule)},
          {"helpUri", checks::ruleDocsUrl(Rule.Id, DocsBaseUri)},
          {"defaultConfiguration", {{"level", checks::ruleLevelName(Rule.DefaultLevel).str()}}},
          {"properties", {{"precision", Rule.Precision.str()}, {"tags", ruleTags(Rule)}}}};
}

} // namespace coopcheck::report
