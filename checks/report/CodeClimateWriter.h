// GitLab's Code Quality report (--format=codeclimate), the part of the Code Climate issue format
// that GitLab's merge-request widget reads. It validates against GitLab's schema
// (test/e2e/fixtures/gitlab-codeclimate.json) and what GitLab's parser adds to it: a JSON array,
// one issue per finding that no NOLINT comment suppresses:
//   [{"type": "issue", "check_name": "cg-warp-mask", "description": "...",
//     "categories": ["Bug Risk"],                  // "Performance" for note-level rules
//     "severity": "critical" | "major" | "info",   // error, warning, note
//     "fingerprint": "<32 hex digits>",
//     "location": {"path": "src/k.cu", "lines": {"begin": 12, "end": 13}}}]
// Paths are relative to Report::SourceRoot (run from the repository root, as GitLab wants them); a
// file outside it keeps its absolute path. GitLab keeps one issue per fingerprint and tells new
// ones from old ones by it, so a fingerprint names the finding, not its line number: the rule,
// the path, the line's content hash (Fingerprint.h) and the column after the line's indentation.
// Findings that would share one are told apart by their order.
#pragma once
#include "checks/report/Finding.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace coopcheck::report {

nlohmann::ordered_json toCodeClimate(const Report &R);
/// toCodeClimate(R), indented by two spaces, with a final newline.
void writeCodeClimate(std::ostream &OS, const Report &R);

} // namespace coopcheck::report
