#include "analysis/frontend/LineVisibility.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <iterator>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// The lines after the one at Offset, up to line Last, that hold more than blanks or a line
/// comment. Line: the number of the line at Offset.
std::vector<unsigned> codeLinesAfter(llvm::StringRef Text, unsigned Offset, unsigned Line,
                                     unsigned Last) {
  std::vector<unsigned> Lines;
  llvm::StringRef Rest = Text.drop_front(Offset).split('\n').second;
  for (++Line; !Rest.empty() && Line <= Last; ++Line) {
    auto [Current, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef Code = Current.trim();
    if (!Code.empty() && !Code.starts_with("//"))
      Lines.push_back(Line);
  }
  return Lines;
}

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, LineVisibility &Out) : SM(SM), Out(Out) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID Entered = SM.getFileID(Loc);
    if (OptionalFileEntryRef File = SM.getFileEntryRefForID(Entered))
      Inclusions.try_emplace(Entered, Inclusion{realPath(*File), {}});
  }

  /// Range runs from the directive that began the skipped branch to the one that ended it: the
  /// lines between them are the branch's code.
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    auto Found = Inclusions.find(SM.getFileID(Range.getBegin()));
    if (Found == Inclusions.end())
      return;
    unsigned Directive = SM.getSpellingLineNumber(Range.getBegin());
    unsigned End = SM.getSpellingLineNumber(Range.getEnd());
    std::vector<unsigned> Lines = codeLinesAfter(
        SM.getBufferData(Found->first), SM.getFileOffset(Range.getBegin()), Directive, End - 1);
    std::vector<unsigned> &Skipped = Found->second.Skipped;
    Skipped.insert(Skipped.end(), Lines.begin(), Lines.end());
  }

  void EndOfMainFile() override {
    for (auto &[ID, Entered] : Inclusions) {
      llvm::sort(Entered.Skipped);
      Out.SkippedPerInclusion[Entered.Path].push_back(std::move(Entered.Skipped));
    }
    Inclusions.clear();
  }

private:
  static std::string realPath(FileEntryRef File) {
    llvm::StringRef Real = File.getFileEntry().tryGetRealPathName();
    return (Real.empty() ? File.getName() : Real).str();
  }

  struct Inclusion {
    std::string Path;
    std::vector<unsigned> Skipped;
  };
  const SourceManager &SM;
  LineVisibility &Out;
  llvm::DenseMap<FileID, Inclusion> Inclusions;
};

/// The lines every inclusion skipped.
std::vector<unsigned> skippedEveryTime(const std::vector<std::vector<unsigned>> &Inclusions) {
  std::vector<unsigned> Always = Inclusions.front();
  for (const std::vector<unsigned> &Skipped : Inclusions) {
    std::vector<unsigned> Both;
    std::set_intersection(Always.begin(), Always.end(), Skipped.begin(), Skipped.end(),
                          std::back_inserter(Both));
    Always = std::move(Both);
  }
  return Always;
}

} // namespace

std::unique_ptr<PPCallbacks> recordLineVisibility(const SourceManager &SM, LineVisibility &Out) {
  return std::make_unique<Recorder>(SM, Out);
}

bool seesLinesHiddenFrom(const LineVisibility &Other, const LineVisibility &Seen) {
  for (const auto &[File, OtherInclusions] : Other.SkippedPerInclusion) {
    auto Found = Seen.SkippedPerInclusion.find(File);
    if (Found == Seen.SkippedPerInclusion.end() || Found->second.empty())
      return true;
    std::vector<unsigned> Hidden = skippedEveryTime(Found->second);
    for (const std::vector<unsigned> &Skipped : OtherInclusions)
      if (!std::includes(Skipped.begin(), Skipped.end(), Hidden.begin(), Hidden.end()))
        return true;
  }
  return false;
}

} // namespace coopcheck::analysis
