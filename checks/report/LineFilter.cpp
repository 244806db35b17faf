#include "checks/report/LineFilter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"
#include <limits>
#include <optional>

namespace coopcheck::report {
namespace {

llvm::Error invalid(const llvm::Twine &Why) {
  return llvm::createStringError("invalid --line-filter: " + Why);
}

/// A positive line number, as clang-tidy requires.
std::optional<unsigned> lineNumber(const llvm::json::Value &V) {
  std::optional<int64_t> N = V.getAsInteger();
  if (!N || *N <= 0 || *N > std::numeric_limits<unsigned>::max())
    return std::nullopt;
  return static_cast<unsigned>(*N);
}

/// `[[first, last], ...]` of the entry at \p Index.
llvm::Error parseRanges(const llvm::json::Array &Ranges, size_t Index,
                        std::vector<std::pair<unsigned, unsigned>> &Out) {
  for (const llvm::json::Value &Range : Ranges) {
    const llvm::json::Array *Pair = Range.getAsArray();
    std::optional<unsigned> First, Last;
    if (Pair && Pair->size() == 2) {
      First = lineNumber((*Pair)[0]);
      Last = lineNumber((*Pair)[1]);
    }
    if (!First || !Last)
      return invalid("entry " + llvm::Twine(Index) +
                     ": each of \"lines\" must be a pair [first, last] of line numbers from 1");
    Out.emplace_back(*First, *Last);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<LineFilter> LineFilter::parse(llvm::StringRef Json) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed)
    return invalid(llvm::toString(Parsed.takeError()));
  const llvm::json::Array *Entries = Parsed->getAsArray();
  if (!Entries)
    return invalid("expected a JSON array of {\"name\": ..., \"lines\": [[first, last], ...]}");
  LineFilter Filter;
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Object *Entry = (*Entries)[I].getAsObject();
    if (!Entry)
      return invalid("entry " + llvm::Twine(I) + " is not an object");
    for (const auto &Member : *Entry)
      if (Member.first != "name" && Member.first != "lines")
        return invalid("entry " + llvm::Twine(I) + ": unknown key '" + Member.first.str() + "'");
    std::optional<llvm::StringRef> Name = Entry->getString("name");
    if (!Name)
      return invalid("entry " + llvm::Twine(I) + " has no \"name\" string");
    FileLines File{Name->str(), {}};
    if (const llvm::json::Value *Lines = Entry->get("lines")) {
      const llvm::json::Array *Ranges = Lines->getAsArray();
      if (!Ranges)
        return invalid("entry " + llvm::Twine(I) + ": \"lines\" is not an array");
      if (llvm::Error Err = parseRanges(*Ranges, I, File.Lines))
        return std::move(Err);
    }
    Filter.Files.push_back(std::move(File));
  }
  return Filter;
}

bool LineFilter::keeps(llvm::StringRef File, unsigned Line) const {
  if (Files.empty() || File.empty())
    return true;
  for (const FileLines &Entry : Files) {
    if (!File.ends_with(Entry.Name))
      continue;
    if (Entry.Lines.empty())
      return true;
    return llvm::any_of(Entry.Lines, [&](const auto &Range) {
      return Range.first <= Line && Line <= Range.second;
    });
  }
  return false;
}

bool LineFilter::keeps(const Finding &F) const { return keeps(F.Location.File, F.Location.Line); }

void LineFilter::removeFilteredFindings(Report &R) const {
  llvm::erase_if(R.Findings, [&](const Finding &F) { return !keeps(F); });
}

} // namespace coopcheck::report
