#include "tools/coopcheck/HeaderFilter.h"

namespace coopcheck::cli {

static llvm::Expected<std::shared_ptr<llvm::Regex>> compiled(llvm::StringRef Option,
                                                             llvm::StringRef Pattern) {
  auto R = std::make_shared<llvm::Regex>(Pattern);
  std::string Reason;
  if (!R->isValid(Reason))
    return llvm::createStringError("--" + Option.str() + " '" + Pattern.str() +
                                   "' is not a regular expression: " + Reason);
  return R;
}

llvm::Expected<HeaderFilter> HeaderFilter::create(llvm::StringRef Include,
                                                  llvm::StringRef Exclude) {
  HeaderFilter Filter;
  auto In = compiled("header-filter", Include);
  if (!In)
    return In.takeError();
  Filter.Include = std::move(*In);
  if (!Exclude.empty()) {
    auto Out = compiled("exclude-header-filter", Exclude);
    if (!Out)
      return Out.takeError();
    Filter.Exclude = std::move(*Out);
  }
  return Filter;
}

bool HeaderFilter::shows(llvm::StringRef File, llvm::StringRef UnitFile) const {
  if (File == UnitFile)
    return true;
  return Include->match(File) && !(Exclude && Exclude->match(File));
}

} // namespace coopcheck::cli
