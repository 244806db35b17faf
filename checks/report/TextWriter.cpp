#include "checks/report/TextWriter.h"
#include "analysis/flow/StableOrder.h"
#include "checks/RuleTable.h"
#include "checks/report/SourceCache.h"
#include "checks/report/Uri.h"
#include "llvm/ADT/STLExtras.h"
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

/// \p Text as LLVM's write_escaped writes it, which clang's parseable fix-its use.
std::string escaped(std::string_view Text) {
  std::string Out;
  for (unsigned char C : Text) {
    if (C == '\\' || C == '"')
      Out += {'\\', static_cast<char>(C)};
    else if (C == '\n' || C == '\t')
      Out += C == '\n' ? "\\n" : "\\t";
    else if (C < 0x20 || C == 0x7F)
      Out += {'\\', static_cast<char>('0' + (C >> 6)), static_cast<char>('0' + (C >> 3 & 7)),
              static_cast<char>('0' + (C & 7))};
    else
      Out += static_cast<char>(C);
  }
  return Out;
}

class TextEmitter {
public:
  TextEmitter(std::ostream &OS, bool Color, std::string Root)
      : OS(OS), Color(Color), Root(std::move(Root)) {}

  void finding(const Finding &F) {
    diagnostic(F.Location, F.Severity, F.Message + " [" + F.RuleId + "]", /*BoldMessage=*/true);
    std::vector<const FixIt *> Undrawn;
    for (const FixIt &Fix : F.Fixes)
      Undrawn.push_back(&Fix);
    snippet(F.Location, Undrawn);
    for (const Note &N : F.Notes) {
      diagnostic(N.Location, Level::Note, N.Message, /*BoldMessage=*/false);
      snippet(N.Location, Undrawn);
    }
    // What no snippet could draw (another line, text with line breaks, a removal), as clang's
    // -fdiagnostics-parseable-fixits writes it: every replacement of the fix is shown.
    for (const FixIt *Fix : Undrawn)
      OS << parseableFixIt(*Fix) << '\n';
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

  /// The source line with a line-number margin, the caret line, and the line of the fix-its of
  /// \p Undrawn that it shows (they leave \p Undrawn).
  void snippet(const SourceSpan &S, std::vector<const FixIt *> &Undrawn) {
    std::optional<std::string_view> Line = Sources.line(S.File, S.Line);
    if (!Line || S.Column == 0)
      return;
    std::string Number = std::to_string(S.Line);
    size_t Width = std::max<size_t>(4, Number.size());
    std::string Margin(Width + 2, ' ');
    OS << std::string(Width - Number.size() + 1, ' ') << Number << " | " << expandTabs(*Line)
       << '\n';
    OS << Margin << "| " << paint(CaretColor, caretLine(*Line, S)) << '\n';
    std::string FixIts = fixItLine(*Line, S, Undrawn);
    if (!FixIts.empty())
      OS << Margin << "| " << paint(FixItColor, FixIts) << '\n';
  }

  /// The replacement texts of the fix-its that start on \p S's line, each under the place it
  /// applies to, as clang draws them: one that would overlap the one before starts a space after
  /// it (`shuffle_sync 0xffffffff, `). Those drawn leave \p Undrawn.
  static std::string fixItLine(std::string_view Line, const SourceSpan &S,
                               std::vector<const FixIt *> &Undrawn) {
    std::vector<const FixIt *> OnLine, Rest;
    for (const FixIt *Fix : Undrawn) {
      bool Drawable = Fix->Range.File == S.File && Fix->Range.Line == S.Line &&
                      !Fix->Replacement.empty() &&
                      Fix->Replacement.find_first_of("\r\n") == std::string::npos;
      (Drawable ? OnLine : Rest).push_back(Fix);
    }
    Undrawn = std::move(Rest);
    analysis::stableSort(
        OnLine, [](const FixIt *A, const FixIt *B) { return A->Range.Column < B->Range.Column; });
    std::string Out;
    unsigned End = 0; // the display column after the text drawn so far
    for (const FixIt *Fix : OnLine) {
      unsigned Column = displayColumn(Line, Fix->Range.Column);
      if (Column < End)
        Column = End + 1;
      Out.append(Column - End, ' ');
      Out += Fix->Replacement;
      End = Column + displayColumn(Fix->Replacement, Fix->Replacement.size() + 1);
    }
    return Out;
  }

  /// fix-it:"src/k.cu":{12:3-12:9}:"shuffle_sync"
  std::string parseableFixIt(const FixIt &Fix) const {
    const SourceSpan &R = Fix.Range;
    return "fix-it:\"" + escaped(displayPath(R.File)) + "\":{" + std::to_string(R.Line) + ":" +
           std::to_string(R.Column) + "-" + std::to_string(R.EndLine) + ":" +
           std::to_string(R.EndColumn) + "}:\"" + escaped(Fix.Replacement) + "\"";
  }

  std::ostream &OS;
  bool Color;
  std::string Root;
  SourceCache Sources;
};

/// The page of each rule the output named, once, in the order they first appear, after the
/// summary (as shellcheck lists its wiki pages): where a reader looks up what a rule means and
/// how to fix what it found. Rules the table does not know have no page.
void ruleLinks(std::ostream &OS, const std::vector<std::string> &Rules,
               const std::string &DocsBaseUrl) {
  if (Rules.empty() || DocsBaseUrl.empty())
    return;
  OS << "Rule documentation:\n";
  for (const std::string &Id : Rules)
    OS << "  " << checks::ruleDocsUrl(Id, DocsBaseUrl) << '\n';
}

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

void writeText(std::ostream &OS, const Report &R, bool Color, const std::string &DocsBaseUrl) {
  TextEmitter Emitter(OS, Color, R.SourceRoot);
  size_t Errors = 0, Warnings = 0, Notes = 0;
  std::vector<std::string> Rules;
  for (const Finding &F : R.Findings) {
    if (F.Suppressed)
      continue;
    Emitter.finding(F);
    ++(F.Severity == Level::Error ? Errors : F.Severity == Level::Warning ? Warnings : Notes);
    if (checks::findRule(F.RuleId) && !llvm::is_contained(Rules, F.RuleId))
      Rules.push_back(F.RuleId);
  }
  if (Errors + Warnings + Notes)
    OS << summary(Warnings, Errors, Notes) << '\n';
  ruleLinks(OS, Rules, DocsBaseUrl);
}

} // namespace coopcheck::report
