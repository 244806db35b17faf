// clangd links every clang-tidy check to https://clang.llvm.org/extra/clang-tidy/checks/<module>/
// <check>.html (getDiagnosticDocURI in clangd's Diagnostics.cpp, with no option to change it), a
// page that does not exist for coopcheck's rules. coopcheck-clangd passes what clangd writes to the
// editor through a filter that points those links at the rule's own page
// (checks::ruleDocsUrl under checks::docsBaseUrl, as the CLI's text and SARIF link it).
#pragma once
#include <string>

namespace coopcheck::clangd {

/// Body with every clangd link to a cg- rule replaced by the rule's page under DocsBaseUrl.
std::string withRuleLinks(std::string Body, const std::string &DocsBaseUrl);

/// Routes the process's standard output through withRuleLinks, one LSP message at a time (each
/// message's Content-Length rewritten), until the process exits (also through exit(), as after
/// --help). Without a pipe clangd writes to stdout directly.
void filterRuleLinks();

} // namespace coopcheck::clangd
