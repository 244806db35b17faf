#include "checks/report/CodeClimateWriter.h"
#include "checks/RuleTable.h"
#include "checks/report/Fingerprint.h"
#include "checks/report/Uri.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MD5.h"

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

const char *severity(Level L) {
  switch (L) {
  case Level::Error:
    return "critical";
  case Level::Warning:
    return "major";
  case Level::Note:
    return "info";
  }
  return "major";
}

/// Note-level rules are performance advice (as the SARIF tags say); the others find bugs.
const char *category(const std::string &RuleId) {
  const checks::RuleInfo *Rule = checks::findRule(RuleId);
  return Rule && Rule->DefaultLevel == checks::RuleLevel::Note ? "Performance" : "Bug Risk";
}

class IssueBuilder {
public:
  explicit IssueBuilder(const Report &R) : R(R) {}

  Json issue(const Finding &F) {
    std::string Path = pathRelativeTo(R.SourceRoot, F.Location.File).value_or(F.Location.File);
    unsigned Begin = std::max(F.Location.Line, 1u);
    return {{"type", "issue"},
            {"check_name", F.RuleId},
            {"description", F.Message},
            {"categories", Json::array({category(F.RuleId)})},
            {"severity", severity(F.Severity)},
            {"fingerprint", fingerprint(F, Path)},
            {"location",
             {{"path", Path},
              {"lines", {{"begin", Begin}, {"end", std::max(F.Location.EndLine, Begin)}}}}}};
  }

private:
  std::string fingerprint(const Finding &F, const std::string &Path) {
    std::string Key = F.RuleId + '\0' + Path + '\0' + place(F.Location);
    if (unsigned Earlier = Seen[Key]++)
      Key += '\0' + std::to_string(Earlier);
    llvm::MD5::MD5Result Digest =
        llvm::MD5::hash({reinterpret_cast<const uint8_t *>(Key.data()), Key.size()});
    return Digest.digest().str().str();
  }

  /// Where in its file the finding is, in terms that lines added or removed elsewhere do not
  /// change: the line's content hash and the column counted from its indentation (so that
  /// re-indenting keeps it too); the line number where the file cannot be read.
  std::string place(const SourceSpan &S) {
    std::optional<std::string> Hash = Hashes.lineHash(S.File, S.Line);
    std::optional<std::string_view> Line = Sources.line(S.File, S.Line);
    if (!Hash || !Line)
      return "line " + std::to_string(S.Line) + ":" + std::to_string(S.Column);
    size_t Indent = std::min(Line->find_first_not_of(" \t"), Line->size());
    size_t Column = S.Column > Indent ? S.Column - 1 - Indent : 0;
    return *Hash + ":" + std::to_string(Column);
  }

  const Report &R;
  SourceCache Sources;
  LineHashCache Hashes{Sources};
  std::map<std::string, unsigned> Seen;
};

} // namespace

nlohmann::ordered_json toCodeClimate(const Report &R) {
  IssueBuilder Builder(R);
  Json Issues = Json::array();
  for (const Finding &F : R.Findings)
    if (!F.Suppressed) // GitLab has no suppressed issue: it would show it as any other
      Issues.push_back(Builder.issue(F));
  return Issues;
}

void writeCodeClimate(std::ostream &OS, const Report &R) {
  OS << toCodeClimate(R).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace coopcheck::report
