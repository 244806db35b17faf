#include "tools/coopcheck/FixExport.h"
#include "analysis/support/AtomicWrite.h"
#include "tools/coopcheck/FixApplier.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>

namespace coopcheck::cli {
namespace {

namespace tooling = clang::tooling;

/// The texts of the files the findings point into, read once; nullopt for an unreadable one.
class FileTexts {
public:
  std::optional<unsigned> offset(const std::string &File, unsigned Line, unsigned Column) {
    auto [It, New] = Texts.try_emplace(File);
    if (New)
      if (auto Buffer = llvm::MemoryBuffer::getFile(File))
        It->second = (*Buffer)->getBuffer().str();
    if (!It->second)
      return std::nullopt;
    return byteOffset(*It->second, Line, Column);
  }

private:
  std::map<std::string, std::optional<std::string>> Texts;
};

tooling::Diagnostic::Level diagnosticLevel(report::Level L) {
  switch (L) {
  case report::Level::Error:
    return tooling::Diagnostic::Error;
  case report::Level::Warning:
    return tooling::Diagnostic::Warning;
  case report::Level::Note:
    return tooling::Diagnostic::Remark; // the checks report note-level rules as remarks
  }
  return tooling::Diagnostic::Warning;
}

/// A message at a location, with the location's span as its range as clang-tidy gives the
/// highlighted range; a location in a file that cannot be read keeps its path, offset 0.
tooling::DiagnosticMessage message(const std::string &Text, const report::SourceSpan &At,
                                   FileTexts &Files) {
  tooling::DiagnosticMessage M;
  M.Message = Text;
  M.FilePath = At.File;
  std::optional<unsigned> Begin = Files.offset(At.File, At.Line, At.Column);
  M.FileOffset = Begin.value_or(0);
  std::optional<unsigned> End = Files.offset(At.File, At.EndLine, At.EndColumn);
  if (Begin && End && *End > *Begin) {
    tooling::FileByteRange Range;
    Range.FilePath = At.File;
    Range.FileOffset = *Begin;
    Range.Length = *End - *Begin;
    M.Ranges.push_back(std::move(Range));
  }
  return M;
}

/// The finding's fix-its as replacements, per file; nullopt when one does not match its file.
std::optional<llvm::StringMap<tooling::Replacements>> replacements(const report::Finding &F,
                                                                   FileTexts &Files) {
  llvm::StringMap<tooling::Replacements> Fix;
  for (const report::FixIt &It : F.Fixes) {
    const report::SourceSpan &R = It.Range;
    std::optional<unsigned> Begin = Files.offset(R.File, R.Line, R.Column);
    std::optional<unsigned> End = Files.offset(R.File, R.EndLine, R.EndColumn);
    if (!Begin || !End || *End < *Begin)
      return std::nullopt;
    tooling::Replacement Edit(R.File, *Begin, *End - *Begin, It.Replacement);
    if (llvm::Error Err = Fix[R.File].add(Edit)) {
      llvm::consumeError(std::move(Err)); // the finding's own fix-its overlap: none of them
      return std::nullopt;
    }
  }
  return Fix;
}

} // namespace

llvm::Error exportFixes(const report::Report &Report, const std::string &Path,
                        const FixExportContext &Context) {
  tooling::TranslationUnitDiagnostics Document;
  Document.MainSourceFile = Context.MainSourceFile;
  FileTexts Files;
  unsigned Unmatched = 0;
  for (const report::Finding &F : Report.Findings) {
    if (F.Suppressed)
      continue;
    tooling::Diagnostic D;
    D.DiagnosticName = F.RuleId;
    D.Message = message(F.Message, F.Location, Files);
    if (std::optional<llvm::StringMap<tooling::Replacements>> Fix = replacements(F, Files))
      D.Message.Fix = std::move(*Fix);
    else
      ++Unmatched;
    for (const report::Note &N : F.Notes)
      D.Notes.push_back(message(N.Message, N.Location, Files));
    D.DiagLevel = diagnosticLevel(F.Severity);
    D.BuildDirectory = Context.BuildDirectory;
    Document.Diagnostics.push_back(std::move(D));
  }
  if (Unmatched)
    llvm::errs() << "coopcheck: warning: " << Unmatched << " finding(s) exported without their "
                 << "fix-its: they no longer match the file\n";
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << Document;
  return analysis::writeOutput(Path, Text);
}

} // namespace coopcheck::cli
