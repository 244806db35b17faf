#include "tools/coopcheck/FixApplier.h"
#include "analysis/support/AtomicWrite.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace coopcheck::cli {
namespace {

using Edit = std::tuple<unsigned, unsigned, std::string>; // offset, length, text

/// One file's text and the edits taken for it so far.
struct FileEdits {
  std::string Text;
  bool Loaded = false, Readable = false;
  std::set<Edit> Taken;
  clang::tooling::Replacements Replaces;
};

class FixApplier {
public:
  /// Takes all of a finding's fix-its or none of them, per file.
  void take(const report::Finding &F) {
    std::map<std::string, std::vector<Edit>> Wanted;
    for (const report::FixIt &Fix : F.Fixes) {
      std::optional<Edit> E = editOf(Fix);
      if (!E) {
        ++Skipped;
        return;
      }
      Wanted[Fix.Range.File].push_back(std::move(*E));
    }
    for (auto &[Path, List] : Wanted)
      takeEdits(Path, List);
  }

  /// Rewrites every file with edits; false when one could not be rewritten.
  bool write() {
    bool Ok = true;
    for (auto &[Path, Edits] : Files)
      if (!Edits.Replaces.empty())
        Ok &= writeFile(Path, Edits);
    if (Skipped)
      llvm::errs() << "coopcheck: warning: " << Skipped << " finding(s) left unfixed: their "
                   << "fix-its conflict with others or no longer match the file\n";
    return Ok;
  }

private:
  FileEdits &file(const std::string &Path) {
    FileEdits &Edits = Files[Path];
    if (!Edits.Loaded) {
      Edits.Loaded = true;
      if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
        Edits.Text = (*Buffer)->getBuffer().str();
        Edits.Readable = true;
      }
    }
    return Edits;
  }

  /// The fix-it as an edit of its file's text; nullopt when it does not match the file.
  std::optional<Edit> editOf(const report::FixIt &Fix) {
    FileEdits &Edits = file(Fix.Range.File);
    auto Begin = byteOffset(Edits.Text, Fix.Range.Line, Fix.Range.Column);
    auto End = byteOffset(Edits.Text, Fix.Range.EndLine, Fix.Range.EndColumn);
    if (!Edits.Readable || !Begin || !End || *End < *Begin)
      return std::nullopt;
    return Edit(*Begin, *End - *Begin, Fix.Replacement);
  }

  /// Adds a finding's edits of one file unless they conflict with those taken before; edits
  /// taken already (the same fix-it reported again) are not added twice.
  void takeEdits(const std::string &Path, const std::vector<Edit> &List) {
    FileEdits &Edits = Files[Path];
    clang::tooling::Replacements Trial = Edits.Replaces;
    bool AllTaken = true;
    for (const Edit &E : List) {
      if (Edits.Taken.count(E))
        continue;
      AllTaken = false;
      auto [Offset, Length, Text] = E;
      if (llvm::Error Err = Trial.add(clang::tooling::Replacement(Path, Offset, Length, Text))) {
        llvm::consumeError(std::move(Err));
        ++Skipped;
        return;
      }
    }
    if (AllTaken)
      return;
    Edits.Replaces = std::move(Trial);
    Edits.Taken.insert(List.begin(), List.end());
  }

  static bool writeFile(const std::string &Path, const FileEdits &Edits) {
    llvm::Expected<std::string> Fixed =
        clang::tooling::applyAllReplacements(Edits.Text, Edits.Replaces);
    if (!Fixed) {
      llvm::errs() << "coopcheck: error: " << Path
                   << ": cannot apply fix-its: " << llvm::toString(Fixed.takeError()) << "\n";
      return false;
    }
    if (llvm::Error Err = analysis::writeAtomically(Path, *Fixed)) {
      llvm::errs() << "coopcheck: error: " << Path
                   << ": cannot write fix-its: " << llvm::toString(std::move(Err)) << "\n";
      return false;
    }
    return true;
  }

  std::map<std::string, FileEdits> Files;
  unsigned Skipped = 0;
};

} // namespace

std::optional<unsigned> byteOffset(llvm::StringRef Text, unsigned Line, unsigned Column) {
  if (Line == 0 || Column == 0)
    return std::nullopt;
  size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Start = Text.find('\n', Start);
    if (Start == llvm::StringRef::npos)
      return std::nullopt;
    ++Start;
  }
  size_t Offset = Start + Column - 1;
  if (Offset > Text.size())
    return std::nullopt;
  return static_cast<unsigned>(Offset);
}

bool applyFixes(const report::Report &Report) {
  FixApplier Applier;
  for (const report::Finding &F : Report.Findings)
    if (!F.Suppressed && !F.Fixes.empty())
      Applier.take(F);
  return Applier.write();
}

} // namespace coopcheck::cli
