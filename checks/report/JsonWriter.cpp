#include "checks/report/JsonWriter.h"
#include "checks/report/Version.h"

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

void addSpan(Json &Object, const SourceSpan &S) {
  Object["file"] = S.File;
  Object["line"] = S.Line;
  Object["column"] = S.Column;
  Object["endLine"] = S.EndLine;
  Object["endColumn"] = S.EndColumn;
}

Json witnessJson(const Witness &W) {
  Json Out{{"kind", W.Kind}, {"grid", W.Grid}, {"inputs", Json::object()}};
  for (auto &[Name, Value] : W.Inputs)
    Out["inputs"][Name] = Value;
  if (!W.Violation.empty())
    Out["violation"] = W.Violation;
  Out["threads"] = Json::array();
  for (const ThreadGroup &G : W.Threads) {
    Json Item{{"threads", G.Threads}, {"what", G.What}};
    addSpan(Item, G.Location);
    Out["threads"].push_back(std::move(Item));
  }
  return Out;
}

Json findingJson(const Finding &F) {
  Json Out{{"rule", F.RuleId}, {"level", levelName(F.Severity)}, {"message", F.Message}};
  addSpan(Out, F.Location);
  Out["notes"] = Json::array();
  for (const Note &N : F.Notes) {
    Json Item{{"message", N.Message}};
    addSpan(Item, N.Location);
    Out["notes"].push_back(std::move(Item));
  }
  Out["fixes"] = Json::array();
  for (const FixIt &Fix : F.Fixes) {
    Json Item{{"replacement", Fix.Replacement}};
    addSpan(Item, Fix.Range);
    Out["fixes"].push_back(std::move(Item));
  }
  Out["suppressed"] = F.Suppressed;
  if (F.Confirmed)
    Out["confirmed"] = *F.Confirmed;
  if (F.Witness)
    Out["witness"] = witnessJson(*F.Witness);
  return Out;
}

} // namespace

nlohmann::ordered_json toJson(const Report &R) {
  Json Out{{"version", JsonFormatVersion},
           {"tool", {{"name", "coopcheck"}, {"version", toolVersion()}}}};
  Out["findings"] = Json::array();
  for (const Finding &F : R.Findings)
    Out["findings"].push_back(findingJson(F));
  Out["failures"] = Json::array();
  for (const InputFailure &Failure : R.Failures)
    Out["failures"].push_back({{"file", Failure.File}, {"reason", Failure.Reason}});
  Out["partial"] = Json::array();
  for (const PartialAnalysis &Unit : R.Partial)
    Out["partial"].push_back({{"file", Unit.File},
                              {"reason", Unit.reason()},
                              {"compileErrors", Unit.CompileErrors},
                              {"functionsNotAnalysed", Unit.FunctionsNotAnalysed},
                              {"functions", Unit.Functions},
                              {"incomplete", Unit.StoppedAfterSeconds.has_value()}});
  return Out;
}

void writeJson(std::ostream &OS, const Report &R) {
  // Invalid UTF-8 in a message or path must not make the whole output fail: replace it.
  OS << toJson(R).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace coopcheck::report
