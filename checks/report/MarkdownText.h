// A plain-text rendering of the rule pages (docs/checks/*.md) for SARIF's help.text, which
// viewers show verbatim where they cannot render help.markdown.
#pragma once
#include <string>
#include <string_view>

namespace coopcheck::report {

/// Drops heading marks, code-fence lines, backticks and "**"; writes links as "text (url)";
/// indents code blocks by four spaces. Single '*' and '_' are kept: CUDA names such as
/// the intrinsics are full of them.
std::string markdownToText(std::string_view Markdown);

} // namespace coopcheck::report
