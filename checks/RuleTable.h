// Metadata of every rule, generated from Rules.def: the module registers checks from it, the CLI
// lists it and writes SARIF rules[] from it, and docs/checks/ is indexed from it.
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
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

llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef Id);
llvm::StringRef ruleLevelName(RuleLevel L); ///< "error", "warning", "note"
/// Where the rule's page lives in the repository, relative to its root: docs/checks/<id>.md.
std::string docsPath(llvm::StringRef Id);

} // namespace coopcheck::checks
