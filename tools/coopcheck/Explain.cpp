#include "tools/coopcheck/Explain.h"
#include "checks/RuleTable.h"
#include <algorithm>
#include <vector>

namespace coopcheck::cli {
namespace {

/// Rule ids within a few edits of \p Id, or containing it ("warp-mask" → "cg-warp-mask"),
/// closest first.
std::vector<llvm::StringRef> closeRuleIds(llvm::StringRef Id) {
  std::vector<std::pair<unsigned, llvm::StringRef>> Close;
  std::string Lower = Id.lower();
  for (const checks::RuleInfo &R : checks::allRules()) {
    unsigned Distance = R.Id.edit_distance(Lower);
    bool Contains = Lower.size() >= 3 && R.Id.contains(Lower);
    if (Contains || Distance <= std::max<size_t>(2, R.Id.size() / 4))
      Close.push_back({Contains ? 0 : Distance, R.Id});
  }
  std::sort(Close.begin(), Close.end());
  std::vector<llvm::StringRef> Ids;
  for (const auto &[Distance, RuleId] : Close)
    Ids.push_back(RuleId);
  return Ids;
}

} // namespace

std::optional<std::string> explainRule(llvm::StringRef Id, llvm::raw_ostream &OS) {
  if (const checks::RuleInfo *Rule = checks::findRule(Id)) {
    if (!Rule->DocsMarkdown.empty())
      OS << Rule->DocsMarkdown;
    else // a rule added without its page still explains itself
      OS << "# " << Rule->Id << "\n\n" << Rule->FullDescription << "\n";
    return std::nullopt;
  }
  std::string Error = "unknown rule '" + Id.str() + "'";
  std::vector<llvm::StringRef> Close = closeRuleIds(Id);
  if (!Close.empty())
    Error += Close.size() == 1 ? "; did you mean " : "; did you mean one of ";
  for (size_t I = 0; I < Close.size(); ++I)
    Error += (I ? ", " : "") + Close[I].str() + (I + 1 == Close.size() ? "?" : "");
  return Error + " (see --list-checks)";
}

} // namespace coopcheck::cli
