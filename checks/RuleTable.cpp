#include "checks/RuleTable.h"
#include <cstdlib>
#include <string>

namespace coopcheck::checks {
namespace {

struct RuleDoc {
  const char *Id;
  const char *Markdown;
};

const RuleDoc Docs[] = {
#include "RuleDocs.inc"
    {nullptr, nullptr}};

llvm::StringRef docsFor(llvm::StringRef Id) {
  for (const RuleDoc &D : Docs)
    if (D.Id && Id == D.Id)
      return D.Markdown;
  return {};
}

std::vector<RuleInfo> buildTable() {
  std::vector<RuleInfo> Rules;
#define COOPCHECK_RULE(Id, CheckClass, Level, Precision, Executor, Short, Full)                    \
  Rules.push_back(                                                                                 \
      {Id, RuleLevel::Level, Precision, Short, Full, docsFor(Id), ExecutorRole::Executor});
#define COOPCHECK_EXECUTOR_RULE(Id, Level, Precision, Executor, Short, Full)                       \
  COOPCHECK_RULE(Id, void, Level, Precision, Executor, Short, Full)
#include "checks/Rules.def"
  return Rules;
}

std::vector<RuleOption> buildOptions() {
  std::vector<RuleOption> Options;
#define COOPCHECK_RULE(Id, CheckClass, Level, Precision, Executor, Short, Full)
#define COOPCHECK_RULE_OPTION(Rule, Name, Type, Default, Flag, Doc)                                \
  Options.push_back({Rule, Name, OptionType::Type, Default, Flag, Doc});
#include "checks/Rules.def"
  return Options;
}

} // namespace

llvm::ArrayRef<RuleInfo> allRules() {
  static const std::vector<RuleInfo> Table = buildTable();
  return Table;
}

llvm::ArrayRef<RuleOption> allRuleOptions() {
  static const std::vector<RuleOption> Table = buildOptions();
  return Table;
}

const RuleOption *findRuleOption(llvm::StringRef Rule, llvm::StringRef Name) {
  for (const RuleOption &O : allRuleOptions())
    if (O.Rule == Rule && O.Name == Name)
      return &O;
  return nullptr;
}

const RuleInfo *findRule(llvm::StringRef Id) {
  for (const RuleInfo &R : allRules())
    if (R.Id == Id)
      return &R;
  return nullptr;
}

llvm::StringRef ruleLevelName(RuleLevel L) {
  switch (L) {
  case RuleLevel::Error:
    return "error";
  case RuleLevel::Warning:
    return "warning";
  case RuleLevel::Note:
    return "note";
  }
  return "warning";
}

llvm::StringRef optionTypeName(OptionType T) {
  switch (T) {
  case OptionType::Bool:
    return "bool";
  case OptionType::PlatformList:
    return "platform-list";
  case OptionType::GpuPart:
    return "gpu-part";
  case OptionType::Path:
    return "path";
  }
  return "path";
}

std::string docsPath(llvm::StringRef Id) { return "docs/checks/" + Id.str() + ".md"; }

std::string docsBaseUrl() {
  const char *FromEnvironment = std::getenv("COOPCHECK_DOCS_URL");
  return FromEnvironment && *FromEnvironment ? FromEnvironment : DefaultDocsBaseUrl;
}

std::string ruleDocsUrl(llvm::StringRef Id, llvm::StringRef BaseUrl) {
  std::string Url = BaseUrl.str();
  if (!Url.empty() && Url.back() != '/')
    Url += '/';
  return Url + docsPath(Id);
}

} // namespace coopcheck::checks
