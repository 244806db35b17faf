#include "checks/NolintComments.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace coopcheck::checks {
namespace {

/// Whether Text holds Directive (not a longer one: NOLINT is no NOLINTNEXTLINE) naming Check,
/// either with no list (every check) or with a glob list that matches it.
bool names(llvm::StringRef Text, llvm::StringRef Directive, llvm::StringRef Check) {
  for (size_t At = Text.find(Directive); At != llvm::StringRef::npos;
       At = Text.find(Directive, At + 1)) {
    llvm::StringRef Rest = Text.drop_front(At + Directive.size());
    if (!Rest.empty() && (llvm::isAlnum(Rest.front()) || Rest.front() == '_'))
      continue;
    if (!Rest.starts_with("("))
      return true;
    llvm::StringRef Globs = Rest.drop_front().take_until([](char C) { return C == ')'; });
    if (clang::tidy::GlobList(Globs.trim()).contains(Check))
      return true;
  }
  return false;
}

} // namespace

bool nolintCovers(llvm::StringRef Source, unsigned Line, llvm::StringRef Check) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Source.split(Lines, '\n');
  if (Line == 0 || Line > Lines.size())
    return false;
  if (names(Lines[Line - 1], "NOLINT", Check))
    return true;
  if (Line > 1 && names(Lines[Line - 2], "NOLINTNEXTLINE", Check))
    return true;
  // A region covers the line when it opened above and closes below: clang-tidy ignores a
  // NOLINTBEGIN that no NOLINTEND closes.
  int Open = 0;
  for (unsigned I = 0; I + 1 < Line; ++I) {
    Open += names(Lines[I], "NOLINTBEGIN", Check);
    Open -= names(Lines[I], "NOLINTEND", Check) && Open > 0;
  }
  bool ClosedBelow = false;
  for (unsigned I = Line - 1; I < Lines.size() && !ClosedBelow; ++I)
    ClosedBelow = names(Lines[I], "NOLINTEND", Check);
  return Open > 0 && ClosedBelow;
}

} // namespace coopcheck::checks
