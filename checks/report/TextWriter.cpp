#include "checks/report/TextWriter.h"
#include "checks/report/SourceCache.h"
#include "checks/report/Uri.h"
#include <algorithm>

namespace coopcheck::report {
namespace {

// The escape sequences clang-22 itself writes, so that coopcheck's output looks the same.
constexpr const char *Reset = "\033[0m";
constexpr const char *Bold = "\033[1m";
constexpr const char *CaretColor = "\033[0;1;32m";
constexpr const char *FixItColor = "\033[0;32m";
constexpr unsigned TabStop = 8;

const char *levelColor(Level L) {
  switch (L) {
  case Level::Error:
    return "\033[0;1;31m";
  case Level::Warning:
    return "\033[0;1;35m";
  case Level::Note:
    return "\033[0;1;36m";
  }
  return Bold;
}

/// The display column (0-based) where byte column \p ByteColumn (1-based) of \p Line starts,
/// with tabs expanded to TabStop as in the printed source line.
unsigned displayColumn(std::string_view Line, unsigned ByteColumn) {
  unsigned Column = 0;
  size_t End = ByteColumn ? ByteColumn - 1 : 0;
  for (size_t I = 0; I < End; ++I) {
    char C = I < Line.size() ? Line[I] : ' ';
    if (C == '\t')
      Column += TabStop - Column % TabStop;
    else if ((static_cast<unsigned char>(C) & 0xC0) != 0x80)
      ++Column;
  }
  return Column;
}

std::string expandTabs(std::string_view Line) {
  std::string Out;
  unsigned Column = 0;
  for (char C : Line) {
    if (C == '\t') {
      unsigned Width = TabStop - Column % TabStop;
      Out.append(Width, ' ');
      Column += Width;
      continue;
    }
    Out += C;
    Column += (static_cast<unsigned char>(C) & 0xC0) != 0x80;
  }
  return Out;
}

/// "^" under the start of \p S, "~" under the rest of its range on that line.
std::string caretLine(std::string_view Line, const SourceSpan &S) {
  unsigned Start = displayColumn(Line, S.Column);
  unsigned End = Start + 1;
  if (S.EndLine == S.Line && S.EndColumn > S.Column)
    End = std::max(End, displayColumn(Line, S.EndColumn));
  else if (S.EndLine > S.Line)
    End = std::max(End, displayColumn(Line, Line.size() + 1));
  std::string Out(Start, ' ');
  Out += '^';
  Out.append(End - Start - 1, '~');
  return Out;
}

class TextEmitter {
public:
  TextEmitter(std::ostream &OS, bool Color, std::string Root)
      : OS(OS), Color(Color), Root(std::move(Root)) {}

  void finding(const Finding &F) {
    diagnostic(F.Location, F.Severity, F.Message + " [" + F.RuleId + "]", /*BoldMessage=*/true);
    snippet(F.Location, fixItLine(F));
    for (const Note &N : F.Notes) {
      diagnostic(N.Location, Level::Note, N.Message, /*BoldMessage=*/false);
      snippet(N.Location, "");
    }
    if (F.Witness)
      witness(*F.Witness, F.Location.File);
  }

private:
  /// The compact witness: what the executor saw, one line per group of threads.
  void witness(const Witness &W, const std::string &FindingFile) {
    OS << "  " << paint(Bold, "confirmed (" + std::string(model::failureKindName(W.Kind)) + ")")
       << " on " << W.Grid;
    for (size_t I = 0; I < W.Inputs.size(); ++I)
      OS << (I ? ", " : " with ") << W.Inputs[I].first << " = " << W.Inputs[I].second;
    OS << ":\n";
    if (!W.Violation.empty())
      OS << "    " << W.Violation << "\n";
    // After a barrier mismatch every thread left the kernel: who passed which barrier is what
    // tells the threads apart.
    if (!W.Passing.empty()) {
      for (const BarrierPassing &P : W.Passing)
        OS << "    " << P.Threads << " " << passingWords(W, P, FindingFile) << "\n";
      return;
    }
    for (const ThreadGroup &G : W.Threads)
      OS << "    " << G.Threads << " " << G.What << " (line " << G.Location.Line << ")\n";
  }

  /// "skipped the barrier at line 8 and passed the barrier at line 10 once"
  std::string passingWords(const Witness &W, const BarrierPassing &P,
                           const std::string &FindingFile) const {
    std::string Skipped, Passed;
    for (size_t I = 0; I < W.BarrierSites.size() && I < P.Passes.size(); ++I) {
      const SourceSpan &Site = W.BarrierSites[I];
      std::string Place = Site.File == FindingFile
                              ? "line " + std::to_string(Site.Line)
                              : displayPath(Site.File) + ":" + std::to_string(Site.Line);
      if (P.Passes[I] == 0)
        Skipped += (Skipped.empty() ? "skipped the barrier at " : " and the one at ") + Place;
      else
        Passed += (Passed.empty() ? "passed " : " and ") + ("the barrier at " + Place + " ") +
                  timesWord(P.Passes[I]);
    }
    return Skipped + (Skipped.empty() || Passed.empty() ? "" : " and ") + Passed;
  }

  std::string paint(const char *Style, const std::string &Text) const {
    return Color ? Style + Text + Reset : Text;
  }

  std::string displayPath(const std::string &File) const {
    return pathRelativeTo(Root, File).value_or(File);
  }

  void diagnostic(const SourceSpan &S, Level L, const std::string &Message, bool BoldMessage) {
    std::string Where = S.File.empty() ? "coopcheck" : displayPath(S.File);
    if (!S.File.empty() && S.Line)
      Where += ":" + std::to_string(S.Line) + ":" + std::to_string(S.Column);
    OS << paint(Bold, Where + ": ") << paint(levelColor(L), std::string(levelName(L)) + ": ")
       << (BoldMessage ? paint(Bold, Message) : Message) << '\n';
  }

  /// The source line with a line-number margin, the caret line, and the fix-it text if any.
  void snippet(const SourceSpan &S, const std::string &FixIts) {
    std::optional<std::string_view> Line = Sources.line(S.File, S.Line);
    if (!Line || S.Column == 0)
      return;
    std::string Number = std::to_string(S.Line);
    size_t Width = std::max<size_t>(4, Number.size());
    std::string Margin(Width + 2, ' ');
    OS << std::string(Width - Number.size() + 1, ' ') << Number << " | " << expandTabs(*Line)
       << '\n';
    OS << Margin << "| " << paint(CaretColor, caretLine(*Line, S)) << '\n';
    if (!FixIts.empty())
      OS << Margin << "| " << paint(FixItColor, FixIts) << '\n';
  }

  /// Clang shows the replacement text of fix-its on the diagnostic's line under the place they
  /// apply to; fix-its elsewhere or spanning lines are applied by --fix but not drawn.
  std::string fixItLine(const Finding &F) {
    std::optional<std::string_view> Line = Sources.line(F.Location.File, F.Location.Line);
    if (!Line)
      return "";
    std::vector<const FixIt *> OnLine;
    for (const FixIt &Fix : F.Fixes)
      if (Fix.Range.File == F.Location.File && Fix.Range.Line == F.Location.Line &&
          Fix.Replacement.find_first_of("\r\n") == std::string::npos)
        OnLine.push_back(&Fix);
    std::sort(OnLine.begin(), OnLine.end(),
              [](const FixIt *A, const FixIt *B) { return A->Range.Column < B->Range.Column; });
    std::string Out;
    for (const FixIt *Fix : OnLine) {
      unsigned Column = displayColumn(*Line, Fix->Range.Column);
      if (Column < Out.size())
        continue; // overlaps the previous one: clang draws only the first
      Out.append(Column - Out.size(), ' ');
      Out += Fix->Replacement;
    }
    return Out;
  }

  std::ostream &OS;
  bool Color;
  std::string Root;
  SourceCache Sources;
};

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

/// clang's "1 warning and 2 errors generated.", with note-level findings counted last.
std::string summary(size_t Warnings, size_t Errors, size_t Notes) {
  std::vector<std::string> Parts;
  if (Warnings)
    Parts.push_back(plural(Warnings, "warning"));
  if (Errors)
    Parts.push_back(plural(Errors, "error"));
  if (Notes)
    Parts.push_back(plural(Notes, "note"));
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Parts.size() ? " and " : ", ") + Parts[I];
  return Out + " generated.";
}

} // namespace

void writeText(std::ostream &OS, const Report &R, bool Color) {
  TextEmitter Emitter(OS, Color, R.SourceRoot);
  size_t Errors = 0, Warnings = 0, Notes = 0;
  for (const Finding &F : R.Findings) {
    if (F.Suppressed)
      continue;
    Emitter.finding(F);
    ++(F.Severity == Level::Error ? Errors : F.Severity == Level::Warning ? Warnings : Notes);
  }
  if (Errors + Warnings + Notes)
    OS << summary(Warnings, Errors, Notes) << '\n';
}

} // namespace coopcheck::report
