#include "checks/report/FindingJson.h"

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

/// A block-barrier mismatch's call sites and who passed each how often.
Json barriersJson(const Witness &W) {
  Json Out{{"sites", Json::array()}, {"passing", Json::array()}};
  for (const SourceSpan &Site : W.BarrierSites) {
    Json Item = Json::object();
    addSpan(Item, Site);
    Out["sites"].push_back(std::move(Item));
  }
  for (const BarrierPassing &P : W.Passing) {
    Json Members = Json::array();
    for (const BlockRanks &M : P.Members)
      Members.push_back({{"block", M.Block}, {"ranks", M.Ranks}});
    Out["passing"].push_back(
        {{"threads", P.Threads}, {"passes", P.Passes}, {"members", std::move(Members)}});
  }
  return Out;
}

Json witnessJson(const Witness &W) {
  Json Out{{"kind", model::failureKindName(W.Kind)}, {"grid", W.Grid}, {"inputs", Json::object()}};
  for (auto &[Name, Value] : W.Inputs)
    Out["inputs"][Name] = Value;
  if (!W.Violation.empty())
    Out["violation"] = W.Violation;
  if (W.Blocks)
    Out["shape"] = {
        {"blocks", W.Blocks}, {"threadsPerBlock", W.ThreadsPerBlock}, {"warpSize", W.WarpSize}};
  Out["threads"] = Json::array();
  for (const ThreadGroup &G : W.Threads) {
    Json Item{{"threads", G.Threads}, {"what", G.What}};
    addSpan(Item, G.Location);
    if (G.Block)
      Item["block"] = *G.Block;
    if (!G.Ranks.empty())
      Item["ranks"] = G.Ranks;
    Out["threads"].push_back(std::move(Item));
  }
  if (!W.BarrierSites.empty())
    Out["barriers"] = barriersJson(W);
  return Out;
}

/// Reading fails by exception (a missing key, a wrong type); the public readers turn that into
/// nullopt.
SourceSpan spanOf(const Json &J) {
  return {J.at("file").get<std::string>(), J.at("line").get<unsigned>(),
          J.at("column").get<unsigned>(), J.at("endLine").get<unsigned>(),
          J.at("endColumn").get<unsigned>()};
}

Level levelOf(const std::string &Name) {
  for (Level L : {Level::Error, Level::Warning, Level::Note})
    if (Name == levelName(L))
      return L;
  throw std::invalid_argument("unknown level " + Name);
}

void readBarriers(const Json &J, Witness &W) {
  for (const Json &Site : J.at("sites"))
    W.BarrierSites.push_back(spanOf(Site));
  for (const Json &P : J.at("passing")) {
    BarrierPassing Passing{
        P.at("threads").get<std::string>(), P.at("passes").get<std::vector<unsigned>>(), {}};
    if (Passing.Passes.size() != W.BarrierSites.size())
      throw std::invalid_argument("barrier passes do not match the sites");
    for (const Json &M : P.at("members"))
      Passing.Members.push_back({M.at("block").get<unsigned>(),
                                 M.at("ranks").get<std::vector<std::pair<unsigned, unsigned>>>()});
    W.Passing.push_back(std::move(Passing));
  }
}

Witness witnessOf(const Json &J) {
  Witness W;
  std::optional<model::FailureKind> Kind = model::failureKindNamed(J.at("kind").get<std::string>());
  if (!Kind)
    throw std::invalid_argument("unknown witness kind");
  W.Kind = *Kind;
  W.Grid = J.at("grid").get<std::string>();
  for (auto &[Name, Value] : J.at("inputs").items())
    W.Inputs.emplace_back(Name, Value.get<std::string>());
  W.Violation = J.value("violation", "");
  if (J.contains("shape")) {
    const Json &Shape = J.at("shape");
    W.Blocks = Shape.at("blocks").get<unsigned>();
    W.ThreadsPerBlock = Shape.at("threadsPerBlock").get<unsigned>();
    W.WarpSize = Shape.at("warpSize").get<unsigned>();
  }
  for (const Json &G : J.at("threads")) {
    ThreadGroup Group{G.at("threads").get<std::string>(), G.at("what").get<std::string>(),
                      spanOf(G)};
    if (G.contains("block"))
      Group.Block = G.at("block").get<unsigned>();
    if (G.contains("ranks"))
      Group.Ranks = G.at("ranks").get<std::vector<std::pair<unsigned, unsigned>>>();
    W.Threads.push_back(std::move(Group));
  }
  if (J.contains("barriers"))
    readBarriers(J.at("barriers"), W);
  return W;
}

template <typename Read> auto readOrNothing(Read R) -> std::optional<decltype(R())> {
  try {
    return R();
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

} // namespace

Json findingToJson(const Finding &F) {
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

std::optional<Finding> findingFromJson(const Json &J) {
  return readOrNothing([&] {
    Finding F;
    F.RuleId = J.at("rule").get<std::string>();
    F.Severity = levelOf(J.at("level").get<std::string>());
    F.Message = J.at("message").get<std::string>();
    F.Location = spanOf(J);
    for (const Json &N : J.at("notes"))
      F.Notes.push_back({spanOf(N), N.at("message").get<std::string>()});
    for (const Json &Fix : J.at("fixes"))
      F.Fixes.push_back({spanOf(Fix), Fix.at("replacement").get<std::string>()});
    F.Suppressed = J.at("suppressed").get<bool>();
    if (J.contains("confirmed"))
      F.Confirmed = J.at("confirmed").get<bool>();
    if (J.contains("witness"))
      F.Witness = witnessOf(J.at("witness"));
    return F;
  });
}

Json partialToJson(const PartialAnalysis &P) {
  Json Out{{"file", P.File},
           {"reason", P.reason()},
           {"compileErrors", P.CompileErrors},
           {"firstError", P.FirstError},
           {"functionsNotAnalysed", P.FunctionsNotAnalysed},
           {"functions", P.Functions},
           {"collectiveFunctionsNotAnalysed", P.CollectiveFunctionsNotAnalysed},
           {"collectiveFunctions", P.CollectiveFunctions},
           {"incomplete", P.StoppedAfterSeconds.has_value()}};
  if (P.StoppedAfterSeconds)
    Out["stoppedAfterSeconds"] = *P.StoppedAfterSeconds;
  return Out;
}

std::optional<PartialAnalysis> partialFromJson(const Json &J) {
  return readOrNothing([&] {
    PartialAnalysis P;
    P.File = J.at("file").get<std::string>();
    P.CompileErrors = J.at("compileErrors").get<unsigned>();
    P.FirstError = J.at("firstError").get<std::string>();
    P.FunctionsNotAnalysed = J.at("functionsNotAnalysed").get<unsigned>();
    P.Functions = J.at("functions").get<unsigned>();
    P.CollectiveFunctionsNotAnalysed = J.value("collectiveFunctionsNotAnalysed", 0u);
    P.CollectiveFunctions = J.value("collectiveFunctions", 0u);
    if (J.contains("stoppedAfterSeconds"))
      P.StoppedAfterSeconds = J.at("stoppedAfterSeconds").get<unsigned>();
    return P;
  });
}

} // namespace coopcheck::report
