// Metadata of every rule, generated from Rules.def: the module registers checks from it, the CLI
// lists it and writes SARIF rules[] from it, and docs/checks/ is indexed from it.
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <string>

namespace coopcheck::checks {

enum class RuleLevel { Error, Warning, Note };

/// What the symbolic executor may do with a rule's error-level findings (docs/architecture.md,
/// "Confirmation").
enum class ExecutorRole {
  None,              ///< nothing: it does not model what the rule finds
  Confirms,          ///< confirm one with a witness when a run goes wrong at its collective call
  ConfirmsOrRefutes, ///< also downgrade one to a note when the program's launches rule it out
};

struct RuleInfo {
  llvm::StringRef Id;
  RuleLevel DefaultLevel;
  llvm::StringRef Precision; ///< SARIF properties.precision: very-high, high, medium, low
  llvm::StringRef ShortDescription;
  llvm::StringRef FullDescription;
  llvm::StringRef DocsMarkdown; ///< docs/checks/<id>.md, embedded at build time
  ExecutorRole Executor = ExecutorRole::None;
};

/// The values a rule option takes: what a configuration may give it.
enum class OptionType {
  Bool,         ///< true, false or a number
  PlatformList, ///< cuda, hip, maca, comma-separated; empty for none
  GpuPart,      ///< a part of runtime-model/semantics/Architectures; empty for none
  Path,         ///< a file; empty for none
};

/// One option of a rule (Rules.def COOPCHECK_RULE_OPTION): checks read it through the table, the
/// CLI maps its flags and checks its values with it.
struct RuleOption {
  llvm::StringRef Rule, Name;
  OptionType Type;
  llvm::StringRef Default;
  llvm::StringRef Flag; ///< the coopcheck flag that sets it ("--strict"); empty for none
  llvm::StringRef Doc;
  /// The clang-tidy option key: "cg-divergent-collective.Strict".
  std::string key() const { return (Rule + llvm::Twine(".") + Name).str(); }
};

llvm::ArrayRef<RuleInfo> allRules();
llvm::ArrayRef<RuleOption> allRuleOptions();
const RuleOption *findRuleOption(llvm::StringRef Rule, llvm::StringRef Name);
const RuleInfo *findRule(llvm::StringRef Id);
llvm::StringRef ruleLevelName(RuleLevel L); ///< "error", "warning", "note"
/// "bool", "platform-list", "gpu-part", "path"
llvm::StringRef optionTypeName(OptionType T);
/// Where the rule's page lives in the repository, relative to its root: docs/checks/<id>.md.
std::string docsPath(llvm::StringRef Id);

/// The base that rule pages are linked under when the environment names none: the repository.
constexpr const char *DefaultDocsBaseUrl = "https://github.com/coopcheck/coopcheck/blob/main/";
/// The base every front door links rule pages under: $COOPCHECK_DOCS_URL when set and not empty
/// (a project's mirror, or file:///usr/share/coopcheck/ for the installed pages), else
/// DefaultDocsBaseUrl.
std::string docsBaseUrl();
/// The page of rule \p Id under \p BaseUrl: BaseUrl + docsPath(Id), with a '/' between them where
/// \p BaseUrl does not end in one. Text, SARIF (helpUri) and LSP links all come from here.
std::string ruleDocsUrl(llvm::StringRef Id, llvm::StringRef BaseUrl);

} // namespace coopcheck::checks
