// coopcheck --explain <rule-id>: the rule's documentation, as docs/checks/<id>.md reads (the page
// is embedded in the rule table at build time, so the binary needs no source tree).
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace coopcheck::cli {

/// Prints the page of rule \p Id and returns nullopt, or returns a one-line error for an unknown
/// id that names the rules it is close to.
std::optional<std::string> explainRule(llvm::StringRef Id, llvm::raw_ostream &OS);

} // namespace coopcheck::cli
