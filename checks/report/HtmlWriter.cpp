#include "checks/report/HtmlWriter.h"
#include "checks/RuleTable.h"
#include "checks/report/MarkdownText.h"
#include "checks/report/SourceCache.h"
#include "checks/report/Uri.h"
#include "checks/report/Version.h"
#include <cstdint>
#include <map>
#include <tuple>

namespace coopcheck::report {
namespace {

#include "HtmlAssets.inc"

/// Lines of source shown above and below a finding's primary line.
constexpr unsigned ContextLines = 3;
/// The legend's colours (report.css .c0 to .c9); more ends than that reuse them.
constexpr size_t Colours = 10;
constexpr const char *ReplacementCharacter = "\xEF\xBF\xBD";

/// The length of the valid UTF-8 sequence that starts at \p I, or 0 where the bytes there are not
/// one (overlong forms, surrogates and code points past U+10FFFF included).
size_t utf8SequenceAt(std::string_view S, size_t I) {
  auto Byte = [&](size_t K) { return static_cast<unsigned char>(S[K]); };
  unsigned char Lead = Byte(I);
  size_t Length = Lead < 0x80           ? 1
                  : (Lead >> 5) == 0x6  ? 2
                  : (Lead >> 4) == 0xE  ? 3
                  : (Lead >> 3) == 0x1E ? 4
                                        : 0;
  if (Length == 0 || I + Length > S.size())
    return 0;
  uint32_t CodePoint = Length == 1 ? Lead : Lead & (0x7Fu >> Length);
  for (size_t K = 1; K < Length; ++K) {
    if ((Byte(I + K) & 0xC0) != 0x80)
      return 0;
    CodePoint = CodePoint << 6 | (Byte(I + K) & 0x3F);
  }
  static constexpr uint32_t Smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  bool Valid = CodePoint >= Smallest[Length] && CodePoint <= 0x10FFFF &&
               (CodePoint < 0xD800 || CodePoint > 0xDFFF);
  return Valid ? Length : 0;
}

void appendEscapedAscii(std::string &Out, char C) {
  switch (C) {
  case '&':
    Out += "&amp;";
    return;
  case '<':
    Out += "&lt;";
    return;
  case '>':
    Out += "&gt;";
    return;
  case '"':
    Out += "&quot;";
    return;
  case '\'':
    Out += "&#39;";
    return;
  case '\t':
  case '\n':
  case '\r':
    Out += C;
    return;
  default:
    // Other control characters are parse errors in HTML (NUL is dropped or replaced by browsers).
    bool Control = static_cast<unsigned char>(C) < 0x20 || C == 0x7F;
    Out += Control ? std::string(ReplacementCharacter) : std::string(1, C);
  }
}

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

/// "0-9 12-63": a group's ranks for the script that draws them.
std::string rankRuns(const std::vector<std::pair<unsigned, unsigned>> &Ranks) {
  std::string Out;
  for (auto [First, Last] : Ranks)
    Out += (Out.empty() ? "" : " ") + std::to_string(First) + "-" + std::to_string(Last);
  return Out;
}

/// "0-9, 12-63": a group's ranks for a reader.
std::string rankText(const std::vector<std::pair<unsigned, unsigned>> &Ranks) {
  std::string Out;
  for (auto [First, Last] : Ranks)
    Out += (Out.empty() ? "" : ", ") + std::to_string(First) +
           (Last > First ? "-" + std::to_string(Last) : "");
  return Out;
}

/// Threads that ended at the same place in the same way, across blocks: one colour of the
/// picture and one entry of its legend.
struct ThreadEnd {
  std::vector<const ThreadGroup *> Groups;
};

std::vector<ThreadEnd> endsOf(const Witness &W) {
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, size_t> Index;
  std::vector<ThreadEnd> Ends;
  for (const ThreadGroup &G : W.Threads) {
    auto [It, New] = Index.try_emplace(
        {G.What, G.Location.File, G.Location.Line, G.Location.Column}, Ends.size());
    if (New)
      Ends.emplace_back();
    Ends[It->second].Groups.push_back(&G);
  }
  return Ends;
}

/// Counts of the findings that are not suppressed, by level.
struct Counts {
  size_t Errors = 0, Warnings = 0, Notes = 0, Confirmed = 0, Suppressed = 0;

  explicit Counts(const std::vector<Finding> &Findings) {
    for (const Finding &F : Findings) {
      if (F.Suppressed) {
        ++Suppressed;
        continue;
      }
      ++(F.Severity == Level::Error ? Errors : F.Severity == Level::Warning ? Warnings : Notes);
      Confirmed += F.Confirmed.value_or(false);
    }
  }
};

class HtmlPage {
public:
  HtmlPage(std::ostream &OS, const Report &R) : OS(OS), R(R) {}

  void write() {
    head();
    summary();
    findings();
    problems();
    rules();
    OS << "<script>" << ReportJs << "</script>\n</body>\n</html>\n";
  }

private:
  static std::string esc(std::string_view Text) { return escapeHtml(Text); }

  std::string displayPath(const std::string &File) const {
    if (File.empty())
      return "(no file)";
    return pathRelativeTo(R.SourceRoot, File).value_or(File);
  }

  std::string where(const SourceSpan &S) const {
    std::string Out = displayPath(S.File);
    if (S.Line)
      Out += ":" + std::to_string(S.Line) + (S.Column ? ":" + std::to_string(S.Column) : "");
    return esc(Out);
  }

  void head() {
    OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       // Nothing may load from anywhere: the page is complete as written.
       << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<title>coopcheck report</title>\n<style>" << ReportCss << "</style>\n</head>\n"
       << "<body>\n<header class=\"page\"><h1>coopcheck report</h1><p class=\"meta\">coopcheck "
       << esc(toolVersion());
    if (!R.SourceRoot.empty())
      OS << " &middot; paths relative to <code>" << esc(R.SourceRoot) << "</code>";
    OS << "</p></header>\n";
  }

  void summary() {
    Counts C(R.Findings);
    OS << "<section id=\"summary\">\n<h2>Summary</h2>\n<p class=\"counts\">";
    count("error", plural(C.Errors, "error"));
    count("warning", plural(C.Warnings, "warning"));
    count("note", plural(C.Notes, "note"));
    count("confirmed", std::to_string(C.Confirmed) + " confirmed by the executor");
    count("suppressed", std::to_string(C.Suppressed) + " suppressed");
    count("failed",
          plural(R.Failures.size() + R.Partial.size(), "input") + " not analysed in full");
    OS << "</p>\n";
    ruleTable();
    OS << "</section>\n";
  }

  void count(const char *Kind, const std::string &Text) {
    OS << "<span class=\"count " << Kind << "\">" << esc(Text) << "</span>";
  }

  /// Reported rules by id: findings shown and suppressed, and what each rule is about.
  void ruleTable() {
    std::map<std::string, std::pair<size_t, size_t>> ByRule;
    for (const Finding &F : R.Findings)
      ++(F.Suppressed ? ByRule[F.RuleId].second : ByRule[F.RuleId].first);
    if (ByRule.empty())
      return;
    OS << "<table class=\"rules\"><thead><tr><th>Rule</th><th>Findings</th><th>Suppressed</th>"
          "<th>What it finds</th></tr></thead><tbody>\n";
    for (auto &[Id, Numbers] : ByRule) {
      const checks::RuleInfo *Rule = checks::findRule(Id);
      OS << "<tr><td><a class=\"rule\" href=\"#rule-" << esc(Id) << "\">" << esc(Id)
         << "</a></td><td>" << Numbers.first << "</td><td>" << Numbers.second << "</td><td>"
         << (Rule ? esc(Rule->ShortDescription.str()) : "") << "</td></tr>\n";
    }
    OS << "</tbody></table>\n";
  }

  void findings() {
    OS << "<main id=\"findings\">\n<h2>Findings</h2>\n";
    if (R.Findings.empty())
      OS << "<p class=\"clean\">No findings.</p>\n";
    // Files in the order of their first finding: the findings arrive sorted by file.
    std::vector<std::pair<std::string, std::vector<const Finding *>>> Files;
    for (const Finding &F : R.Findings) {
      if (Files.empty() || Files.back().first != F.Location.File)
        Files.push_back({F.Location.File, {}});
      Files.back().second.push_back(&F);
    }
    for (size_t I = 0; I < Files.size(); ++I)
      file(I, Files[I].first, Files[I].second);
    OS << "</main>\n";
  }

  void file(size_t Index, const std::string &Path, const std::vector<const Finding *> &Findings) {
    std::vector<const Finding *> Shown, Suppressed;
    for (const Finding *F : Findings)
      (F->Suppressed ? Suppressed : Shown).push_back(F);
    OS << "<section class=\"file\" id=\"file-" << Index << "\">\n<h3 class=\"path\">"
       << esc(displayPath(Path)) << " <span class=\"file-counts\">"
       << esc(plural(Shown.size(), "finding"));
    if (!Suppressed.empty())
      OS << ", " << Suppressed.size() << " suppressed";
    OS << "</span></h3>\n";
    for (const Finding *F : Shown)
      finding(*F);
    if (!Suppressed.empty()) {
      OS << "<details class=\"suppressed\"><summary>"
         << esc(plural(Suppressed.size(), "suppressed finding")) << "</summary>\n";
      for (const Finding *F : Suppressed)
        finding(*F);
      OS << "</details>\n";
    }
    OS << "</section>\n";
  }

  void finding(const Finding &F) {
    const char *LevelName = levelName(F.Severity);
    OS << "<article class=\"finding " << LevelName << (F.Suppressed ? " is-suppressed" : "")
       << "\" id=\"finding-" << ++FindingNumber << "\" data-rule=\"" << esc(F.RuleId)
       << "\" data-line=\"" << F.Location.Line << "\" data-level=\"" << LevelName << "\">\n"
       << "<header><span class=\"level\">" << LevelName << "</span> <a class=\"rule\" href=\"#rule-"
       << esc(F.RuleId) << "\">" << esc(F.RuleId) << "</a> <span class=\"where\">"
       << where(F.Location) << "</span>";
    if (F.Suppressed)
      OS << " <span class=\"badge suppressed\">suppressed (NOLINT)</span>";
    if (F.Confirmed)
      OS << " <span class=\"badge "
         << (*F.Confirmed ? "confirmed\">confirmed"
                          : "unconfirmed\">"
                            "not reproduced")
         << "</span>";
    OS << "</header>\n<p class=\"message\">" << esc(F.Message) << "</p>\n";
    source(F.Location, ContextLines);
    notes(F);
    fixes(F);
    if (F.Witness)
      witness(*F.Witness);
    OS << "</article>\n";
  }

  /// Lines around \p S with line numbers, line S.Line highlighted and its range marked.
  void source(const SourceSpan &S, unsigned Context) {
    if (!S.Line || !Sources.line(S.File, S.Line))
      return;
    OS << "<pre class=\"source\">";
    for (unsigned Line = S.Line > Context ? S.Line - Context : 1; Line <= S.Line + Context;
         ++Line) {
      std::optional<std::string_view> Text = Sources.line(S.File, Line);
      if (!Text)
        break;
      bool Primary = Line == S.Line;
      OS << "<span class=\"line" << (Primary ? " primary" : "") << "\"><span class=\"number\">"
         << Line << "</span>" << (Primary ? marked(*Text, S) : esc(*Text)) << "</span>";
    }
    OS << "</pre>\n";
  }

  /// The line with S's columns (bytes, 1-based; the end exclusive) inside <mark>.
  static std::string marked(std::string_view Text, const SourceSpan &S) {
    size_t Begin = std::min<size_t>(S.Column ? S.Column - 1 : 0, Text.size());
    size_t End = S.EndLine > S.Line                              ? Text.size()
                 : S.EndLine == S.Line && S.EndColumn > S.Column ? S.EndColumn - 1
                                                                 : Begin + 1;
    End = std::clamp(End, Begin, Text.size());
    if (!S.Column)
      return esc(Text);
    return esc(Text.substr(0, Begin)) + "<mark>" + esc(Text.substr(Begin, End - Begin)) +
           "</mark>" + esc(Text.substr(End));
  }

  /// The notes in the order the check gave them: the path to the finding.
  void notes(const Finding &F) {
    if (F.Notes.empty())
      return;
    OS << "<ol class=\"notes\">\n";
    for (const Note &N : F.Notes) {
      OS << "<li data-line=\"" << N.Location.Line << "\"><span class=\"where\">"
         << where(N.Location) << "</span> " << esc(N.Message) << "\n";
      source(N.Location, 0);
      OS << "</li>\n";
    }
    OS << "</ol>\n";
  }

  void fixes(const Finding &F) {
    if (F.Fixes.empty())
      return;
    OS << "<ul class=\"fixes\">\n";
    for (const FixIt &Fix : F.Fixes) {
      OS << "<li>fix-it at <span class=\"where\">" << where(Fix.Range) << "</span>: ";
      if (Fix.Replacement.empty())
        OS << "delete</li>\n";
      else
        OS << "<code>" << esc(Fix.Replacement) << "</code></li>\n";
    }
    OS << "</ul>\n";
  }

  /// The legend and the data the script draws the grid from (data-* attributes).
  void witness(const Witness &W) {
    OS << "<figure class=\"witness\" data-kind=\"" << esc(model::failureKindName(W.Kind))
       << "\" data-blocks=\"" << W.Blocks << "\" data-threads-per-block=\"" << W.ThreadsPerBlock
       << "\" data-warp-size=\"" << W.WarpSize << "\">\n<figcaption>Confirmed "
       << esc(model::failureKindName(W.Kind)) << " on " << esc(W.Grid) << "</figcaption>\n";
    if (!W.Violation.empty())
      OS << "<p class=\"violation\">" << esc(W.Violation) << "</p>\n";
    inputs(W);
    OS << "<div class=\"picture\"><noscript>The picture of the grid needs JavaScript.</noscript>"
          "</div>\n";
    if (!W.Passing.empty()) {
      barrierLegend(W);
      OS << "</figure>\n";
      return;
    }
    OS << "<ul class=\"legend\">\n";
    std::vector<ThreadEnd> Ends = endsOf(W);
    for (size_t I = 0; I < Ends.size(); ++I)
      threadEnd(I, Ends[I]);
    OS << "</ul>\n</figure>\n";
  }

  /// After a barrier mismatch every thread left the kernel: the picture is coloured by which
  /// barriers the threads passed how often, and where they ended is listed below it.
  void barrierLegend(const Witness &W) {
    OS << "<p class=\"legend-title\">Coloured by how often the threads passed each block "
          "barrier:</p>\n<ol class=\"barrier-sites\">\n";
    for (size_t I = 0; I < W.BarrierSites.size(); ++I)
      OS << "<li data-site=\"" << I << "\"><span class=\"where\">" << where(W.BarrierSites[I])
         << "</span>" << lineCode(W.BarrierSites[I]) << "</li>\n";
    OS << "</ol>\n<ul class=\"legend\">\n";
    for (size_t I = 0; I < W.Passing.size(); ++I)
      barrierPassing(I, W, W.Passing[I]);
    OS << "</ul>\n<p class=\"legend-title\">Where the threads ended:</p>\n<ul class=\"ends\">\n";
    for (const ThreadGroup &G : W.Threads) {
      OS << "<li>" << esc(G.Threads) << " " << esc(G.What);
      if (!G.Location.File.empty())
        OS << " at <span class=\"where\">" << where(G.Location) << "</span>";
      OS << "</li>\n";
    }
    OS << "</ul>\n";
  }

  void barrierPassing(size_t Index, const Witness &W, const BarrierPassing &P) {
    std::string Words;
    for (size_t I = 0; I < W.BarrierSites.size() && I < P.Passes.size(); ++I)
      Words += std::string(Words.empty() ? "" : ", ") + (P.Passes[I] ? "passed " : "skipped ") +
               siteName(W.BarrierSites[I]) + (P.Passes[I] ? " " + timesWord(P.Passes[I]) : "");
    OS << "<li class=\"passing c" << Index % Colours << "\" data-end=\"" << Index
       << "\"><span class=\"swatch\"></span><span class=\"what\">" << esc(Words)
       << "</span>\n<ul class=\"groups\">\n";
    for (const BlockRanks &M : P.Members) {
      bool OneThread = M.Ranks.size() == 1 && M.Ranks[0].first == M.Ranks[0].second;
      OS << "<li class=\"group\" data-end=\"" << Index << "\" data-block=\"" << M.Block
         << "\" data-ranks=\"" << rankRuns(M.Ranks) << "\">block " << M.Block
         << (OneThread ? ", thread " : ", threads ") << rankText(M.Ranks) << "</li>\n";
    }
    OS << "</ul></li>\n";
  }

  /// "k.cu:8": a barrier's site as the legend names it.
  std::string siteName(const SourceSpan &S) const {
    return displayPath(S.File) + ":" + std::to_string(S.Line);
  }

  /// " <code>barrier();</code>": the source line at S, trimmed; empty where unreadable.
  std::string lineCode(const SourceSpan &S) {
    std::optional<std::string_view> Line = Sources.line(S.File, S.Line);
    if (!Line)
      return "";
    size_t Start = Line->find_first_not_of(" \t");
    return Start == std::string_view::npos ? "" : " <code>" + esc(Line->substr(Start)) + "</code>";
  }

  void inputs(const Witness &W) {
    if (W.Inputs.empty()) {
      OS << "<p class=\"inputs\">The run needs no particular input values.</p>\n";
      return;
    }
    OS << "<table class=\"inputs\"><caption>Input values of the run</caption>\n";
    for (auto &[Name, Value] : W.Inputs)
      OS << "<tr><th>" << esc(Name) << "</th><td><code>" << esc(Value) << "</code></td></tr>\n";
    OS << "</table>\n";
  }

  void threadEnd(size_t Index, const ThreadEnd &End) {
    const ThreadGroup &First = *End.Groups.front();
    OS << "<li class=\"end c" << Index % Colours << "\" data-end=\"" << Index
       << "\"><span class=\"swatch\"></span><span class=\"what\">" << esc(First.What) << "</span>";
    if (!First.Location.File.empty())
      OS << " at <span class=\"where\">" << where(First.Location) << "</span>";
    OS << lineCode(First.Location);
    OS << "\n<ul class=\"groups\">\n";
    for (const ThreadGroup *G : End.Groups) {
      OS << "<li class=\"group\" data-end=\"" << Index << "\"";
      if (G->Block)
        OS << " data-block=\"" << *G->Block << "\" data-ranks=\"" << rankRuns(G->Ranks) << "\"";
      OS << ">" << esc(G->Threads) << "</li>\n";
    }
    OS << "</ul></li>\n";
  }

  /// Inputs that could not be analysed, and units analysed in part.
  void problems() {
    if (R.Failures.empty() && R.Partial.empty())
      return;
    OS << "<section id=\"problems\">\n<h2>Not analysed in full</h2>\n<ul>\n";
    for (const InputFailure &Failure : R.Failures)
      OS << "<li class=\"failure\"><span class=\"where\">" << esc(displayPath(Failure.File))
         << "</span>: not analysed: " << esc(Failure.Reason) << "</li>\n";
    for (const PartialAnalysis &Unit : R.Partial)
      OS << "<li class=\"partial\"><span class=\"where\">" << esc(displayPath(Unit.File))
         << "</span>: analysed in part: " << esc(Unit.reason()) << "</li>\n";
    OS << "</ul>\n</section>\n";
  }

  /// The documentation of the rules that have findings, which the rule ids link to.
  void rules() {
    std::map<std::string, const checks::RuleInfo *> Reported;
    for (const Finding &F : R.Findings)
      Reported.emplace(F.RuleId, checks::findRule(F.RuleId));
    if (Reported.empty())
      return;
    OS << "<section id=\"rules\">\n<h2>Rules</h2>\n";
    for (auto &[Id, Rule] : Reported) {
      OS << "<article class=\"rule\" id=\"rule-" << esc(Id) << "\"><h3>" << esc(Id) << "</h3>\n";
      if (Rule)
        OS << "<p class=\"short\">" << esc(Rule->ShortDescription.str()) << "</p>\n<p>"
           << esc(Rule->FullDescription.str()) << "</p>\n<details><summary>Documentation ("
           << esc(checks::docsPath(Id)) << ")</summary><pre class=\"docs\">"
           << esc(markdownToText(Rule->DocsMarkdown.str())) << "</pre></details>\n";
      OS << "</article>\n";
    }
    OS << "</section>\n";
  }

  std::ostream &OS;
  const Report &R;
  SourceCache Sources;
  size_t FindingNumber = 0;
};

} // namespace

std::string escapeHtml(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size();) {
    size_t Length = utf8SequenceAt(Text, I);
    if (Length == 0) {
      Out += ReplacementCharacter;
      ++I;
      continue;
    }
    if (Length == 1)
      appendEscapedAscii(Out, Text[I]);
    else
      Out.append(Text.substr(I, Length));
    I += Length;
  }
  return Out;
}

void writeHtml(std::ostream &OS, const Report &R) { HtmlPage(OS, R).write(); }

} // namespace coopcheck::report
