// The HTML report (--format=html): one self-contained page, its style sheet and script inline,
// that loads nothing from the network (its Content-Security-Policy forbids it). It shows a
// summary, the findings by file with their source lines and notes (suppressed ones folded), the
// inputs not analysed in full, the reported rules' documentation, and each confirmed finding's
// witness: a legend of where each group of threads ended, which the script draws as the grid's
// blocks and warps. Every text from the report or the sources is escaped, invalid UTF-8 replaced;
// the same report gives the same bytes.
#pragma once
#include "checks/report/Finding.h"
#include <ostream>
#include <string>
#include <string_view>

namespace coopcheck::report {

/// Writes \p R to \p OS as one page. Source lines are read from disk; a file that cannot be read
/// just has no source lines.
void writeHtml(std::ostream &OS, const Report &R);

/// \p Text escaped for HTML text and quoted attribute values: & < > " ' as references, bytes that
/// are not valid UTF-8 and control characters other than tab and line breaks as U+FFFD.
std::string escapeHtml(std::string_view Text);

} // namespace coopcheck::report
