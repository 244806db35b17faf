#include "checks/RuleTable.h"
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

} // namespace

llvm::ArrayRef<RuleInfo> allRules() {
  static const std::vector<RuleInfo> Table = buildTable();
  return Table;
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

std::string docsPath(llvm::StringRef Id) { return "docs/checks/" + Id.str() + ".md"; }

} // namespace coopcheck::checks
