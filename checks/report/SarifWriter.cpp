#include "checks/report/SarifWriter.h"
#include "checks/RuleTable.h"
#include "checks/report/Fingerprint.h"
#include "checks/report/SarifRules.h"
#include "checks/report/SourceCache.h"
#include "checks/report/Uri.h"
#include "checks/report/Version.h"
#include <map>

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

constexpr const char *SrcRoot = "%SRCROOT%";

/// Builds one run. Artifacts get their index in the order results first mention them.
class SarifBuilder {
public:
  SarifBuilder(const Report &R, const SarifOptions &Options) : R(R), Options(Options) {}

  Json run() {
    Json Results = Json::array();
    for (const Finding &F : R.Findings)
      Results.push_back(result(F));
    Json Run{{"tool", {{"driver", driver()}}},
             {"automationDetails", {{"id", Options.AutomationId}}}};
    if (!R.SourceRoot.empty())
      Run["originalUriBaseIds"] = {{SrcRoot, {{"uri", directoryUri(R.SourceRoot)}}}};
    Run["artifacts"] = std::move(Artifacts);
    Run["invocations"] = Json::array({invocation()});
    Run["results"] = std::move(Results);
    Run["columnKind"] = "unicodeCodePoints";
    return Run;
  }

private:
  Json driver() {
    Json Rules = Json::array();
    for (const checks::RuleInfo &Rule : checks::allRules())
      Rules.push_back(sarifRule(Rule, Options.DocsBaseUri));
    return {{"name", "coopcheck"},
            {"version", toolVersion()},
            {"semanticVersion", toolVersion()},
            {"informationUri", Options.InformationUri},
            {"rules", std::move(Rules)}};
  }

  Json result(const Finding &F) {
    Json Out{{"ruleId", F.RuleId}};
    if (std::optional<size_t> Index = ruleIndex(F.RuleId))
      Out["ruleIndex"] = *Index;
    Out["level"] = levelName(F.Severity);
    Out["message"] = {{"text", F.Message}};
    Out["locations"] = Json::array({{{"physicalLocation", physicalLocation(F.Location)}}});
    if (!F.Notes.empty())
      Out["relatedLocations"] = relatedLocations(F);
    if (std::optional<std::string> Hash = Hashes.lineHash(F.Location.File, F.Location.Line))
      Out["partialFingerprints"] = {{"primaryLocationLineHash", *Hash}};
    if (!F.Fixes.empty())
      Out["fixes"] = Json::array({fix(F)});
    if (F.Suppressed)
      Out["suppressions"] = Json::array({{{"kind", "inSource"}}});
    if (F.Witness)
      Out["codeFlows"] = Json::array({codeFlow(*F.Witness)});
    if (F.Confirmed)
      Out["properties"]["confirmed"] = *F.Confirmed;
    if (F.Witness)
      Out["properties"]["witness"] = witness(*F.Witness);
    return Out;
  }

  /// One thread flow per group of threads that behaved alike, ending where they ended.
  Json codeFlow(const Witness &W) {
    Json Flows = Json::array();
    for (const ThreadGroup &G : W.Threads)
      Flows.push_back(
          {{"message", {{"text", G.Threads}}},
           {"locations", Json::array({{{"location",
                                        {{"physicalLocation", physicalLocation(G.Location)},
                                         {"message", {{"text", G.Threads + " " + G.What}}}}}}})}});
    return {{"message", {{"text", model::failureKindName(W.Kind) + (" on " + W.Grid)}}},
            {"threadFlows", std::move(Flows)}};
  }

  static Json witness(const Witness &W) {
    Json Inputs = Json::object();
    for (auto &[Name, Value] : W.Inputs)
      Inputs[Name] = Value;
    Json Threads = Json::array();
    for (const ThreadGroup &G : W.Threads)
      Threads.push_back({{"threads", G.Threads}, {"what", G.What}, {"line", G.Location.Line}});
    Json Out{{"kind", model::failureKindName(W.Kind)},
             {"grid", W.Grid},
             {"inputs", Inputs},
             {"threads", Threads}};
    if (!W.Violation.empty())
      Out["violation"] = W.Violation;
    return Out;
  }

  static std::optional<size_t> ruleIndex(const std::string &Id) {
    llvm::ArrayRef<checks::RuleInfo> Rules = checks::allRules();
    for (size_t I = 0; I < Rules.size(); ++I)
      if (Rules[I].Id == Id)
        return I;
    return std::nullopt;
  }

  Json relatedLocations(const Finding &F) {
    Json Out = Json::array();
    for (size_t I = 0; I < F.Notes.size(); ++I)
      Out.push_back({{"id", I + 1},
                     {"physicalLocation", physicalLocation(F.Notes[I].Location)},
                     {"message", {{"text", F.Notes[I].Message}}}});
    return Out;
  }

  /// All fix-its of a finding form one fix: clang applies them together.
  Json fix(const Finding &F) {
    std::map<std::string, Json> ByFile;
    for (const FixIt &Fix : F.Fixes)
      ByFile[Fix.Range.File].push_back({{"deletedRegion", region(Fix.Range, /*WithSnippet=*/false)},
                                        {"insertedContent", {{"text", Fix.Replacement}}}});
    Json Changes = Json::array();
    for (auto &[File, Replacements] : ByFile)
      Changes.push_back(
          {{"artifactLocation", artifactLocation(File)}, {"replacements", Replacements}});
    return {{"description", {{"text", "Apply the fix-its of " + F.RuleId}}},
            {"artifactChanges", std::move(Changes)}};
  }

  Json physicalLocation(const SourceSpan &S) {
    Json Out{{"artifactLocation", artifactLocation(S.File)}};
    if (S.Line)
      Out["region"] = region(S, /*WithSnippet=*/true);
    return Out;
  }

  Json region(const SourceSpan &S, bool WithSnippet) {
    Json Out{{"startLine", S.Line}};
    if (S.Column)
      Out["startColumn"] = column(S.File, S.Line, S.Column);
    if (S.EndLine >= S.Line && S.EndColumn) {
      Out["endLine"] = S.EndLine;
      Out["endColumn"] = column(S.File, S.EndLine, S.EndColumn);
    }
    if (std::optional<std::string> Text = WithSnippet ? regionText(S) : std::nullopt)
      Out["snippet"] = {{"text", *Text}};
    return Out;
  }

  unsigned column(const std::string &File, unsigned Line, unsigned ByteColumn) {
    std::optional<std::string_view> Text = Sources.line(File, Line);
    return Text ? codePointColumn(*Text, ByteColumn) : ByteColumn;
  }

  /// The source text the region covers, lines joined by '\n'; nullopt when it cannot be read
  /// or the region is empty.
  std::optional<std::string> regionText(const SourceSpan &S) {
    if (!S.Column || S.EndLine < S.Line || !S.EndColumn)
      return std::nullopt;
    std::string Text;
    for (unsigned L = S.Line; L <= S.EndLine; ++L) {
      std::optional<std::string_view> Line = Sources.line(S.File, L);
      if (!Line)
        return std::nullopt;
      size_t Begin = L == S.Line ? std::min<size_t>(S.Column - 1, Line->size()) : 0;
      size_t End = L == S.EndLine ? std::min<size_t>(S.EndColumn - 1, Line->size()) : Line->size();
      Text += std::string(Line->substr(Begin, End > Begin ? End - Begin : 0));
      if (L != S.EndLine)
        Text += '\n';
    }
    if (Text.empty())
      return std::nullopt;
    return Text;
  }

  Json artifactLocation(const std::string &File) {
    Json Out = uriOf(File);
    Out["index"] = artifactIndex(File, Out);
    return Out;
  }

  Json uriOf(const std::string &File) const {
    if (std::optional<std::string> Relative = pathRelativeTo(R.SourceRoot, File))
      return {{"uri", percentEncodePath(*Relative)}, {"uriBaseId", SrcRoot}};
    if (!File.empty() && File.front() == '/')
      return {{"uri", fileUri(File)}};
    return {{"uri", percentEncodePath(File)}};
  }

  size_t artifactIndex(const std::string &File, const Json &Location) {
    auto [It, Inserted] = ArtifactIndex.try_emplace(File, ArtifactIndex.size());
    // The role also keeps the validator's SARIF2004 from calling the array redundant.
    if (Inserted)
      Artifacts.push_back({{"location", Location}, {"roles", Json::array({"resultFile"})}});
    return It->second;
  }

  Json invocation() {
    Json Notifications = Json::array();
    for (const InputFailure &Failure : R.Failures)
      Notifications.push_back(notification(Failure));
    for (const PartialAnalysis &Unit : R.Partial)
      Notifications.push_back(notification(Unit));
    Json Out{{"executionSuccessful", R.Failures.empty()}};
    if (!Notifications.empty())
      Out["toolExecutionNotifications"] = std::move(Notifications);
    return Out;
  }

  Json notification(const InputFailure &Failure) const {
    if (Failure.File.empty())
      return {{"level", "error"}, {"message", {{"text", Failure.Reason}}}};
    Json Location{{"physicalLocation", {{"artifactLocation", uriOf(Failure.File)}}}};
    return {{"level", "error"},
            {"message", {{"text", Failure.File + ": " + Failure.Reason}}},
            {"locations", Json::array({Location})}};
  }

  /// A unit with compile errors, analysed except for the functions they break: a warning, so
  /// that code scanning shows the run did not look at everything.
  Json notification(const PartialAnalysis &Unit) const {
    Json Location{{"physicalLocation", {{"artifactLocation", uriOf(Unit.File)}}}};
    return {{"level", "warning"},
            {"message", {{"text", Unit.File + ": " + Unit.reason()}}},
            {"locations", Json::array({Location})}};
  }

  const Report &R;
  const SarifOptions &Options;
  SourceCache Sources;
  LineHashCache Hashes{Sources};
  std::map<std::string, size_t> ArtifactIndex;
  Json Artifacts = Json::array();
};

} // namespace

nlohmann::ordered_json toSarif(const Report &R, const SarifOptions &Options) {
  return {{"$schema", SarifSchemaUri},
          {"version", "2.1.0"},
          {"runs", Json::array({SarifBuilder(R, Options).run()})}};
}

void writeSarif(std::ostream &OS, const Report &R, const SarifOptions &Options) {
  OS << toSarif(R, Options).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace coopcheck::report
