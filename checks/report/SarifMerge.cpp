#include "checks/report/SarifMerge.h"
#include "analysis/flow/StableOrder.h"
#include "checks/report/Uri.h"
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

constexpr const char *SrcRoot = "%SRCROOT%";

const Json &member(const Json &Object, const char *Key) {
  static const Json Null;
  if (!Object.is_object())
    return Null;
  auto It = Object.find(Key);
  return It == Object.end() ? Null : *It;
}

const Json &firstOf(const Json &Array) {
  static const Json Null;
  return Array.is_array() && !Array.empty() ? Array[0] : Null;
}

std::string stringAt(const Json &Value) {
  return Value.is_string() ? Value.get<std::string>() : std::string();
}

unsigned numberAt(const Json &Value) {
  return Value.is_number_unsigned() ? Value.get<unsigned>() : 0;
}

llvm::Error invalid(const std::string &Name, const std::string &Why) {
  return llvm::createStringError("'" + Name + "': " + Why);
}

/// One shard's log, checked, with the directory its relative URIs are relative to.
struct ShardLog {
  std::string Name;
  Json Log;
  std::string Root; ///< "/abs/root/" of %SRCROOT%, or empty

  const Json &run() const { return Log["runs"][0]; }
  const Json &driver() const { return member(member(run(), "tool"), "driver"); }
};

llvm::Expected<ShardLog> readShard(const SarifShard &Shard) {
  ShardLog Out{Shard.Name, Json::parse(Shard.Text, nullptr, /*allow_exceptions=*/false), ""};
  if (Out.Log.is_discarded())
    return invalid(Shard.Name, "not JSON");
  const Json &Runs = member(Out.Log, "runs");
  if (stringAt(member(Out.Log, "version")) != "2.1.0" || !Runs.is_array())
    return invalid(Shard.Name, "not a SARIF 2.1.0 log");
  if (Runs.size() != 1)
    return invalid(Shard.Name, "holds " + std::to_string(Runs.size()) +
                                   " runs; coopcheck writes one per report");
  std::string Tool = stringAt(member(Out.driver(), "name"));
  if (Tool != "coopcheck")
    return invalid(Shard.Name, "written by '" + Tool + "', not by coopcheck");
  Out.Root = pathOfFileUri(
      stringAt(member(member(member(Out.run(), "originalUriBaseIds"), SrcRoot), "uri")));
  return Out;
}

/// Shards of one job come from one coopcheck and one category: a report mixing them would
/// claim one tool version for results it did not produce.
llvm::Error checkSameJob(const ShardLog &First, const ShardLog &Shard) {
  auto Version = [](const ShardLog &L) { return stringAt(member(L.driver(), "version")); };
  if (Version(First) != Version(Shard))
    return invalid(Shard.Name, "written by coopcheck " + Version(Shard) + ", '" + First.Name +
                                   "' by coopcheck " + Version(First));
  auto Category = [](const ShardLog &L) {
    return stringAt(member(member(L.run(), "automationDetails"), "id"));
  };
  if (Category(First) != Category(Shard))
    return invalid(Shard.Name, "category '" + Category(Shard) + "' differs from '" +
                                   Category(First) + "' of '" + First.Name + "'");
  return llvm::Error::success();
}

/// The absolute path an artifact location names, with %SRCROOT% taken as \p Root: what
/// Finding::Location.File was in the run that wrote it (shards checked out elsewhere count as
/// checked out where the first one was).
std::string pathOf(const Json &ArtifactLocation, const std::string &Root) {
  std::string Uri = stringAt(member(ArtifactLocation, "uri"));
  if (stringAt(member(ArtifactLocation, "uriBaseId")) == SrcRoot)
    return Root + pathOfFileUri(Uri); // relative: decoded only
  return pathOfFileUri(Uri);
}

/// A result with the fields report/FindingOrder.h orders and deduplicates findings by. Columns
/// are code points where findings count bytes: both grow together along a line.
struct MergedResult {
  std::tuple<std::string, unsigned, unsigned, std::string, unsigned, unsigned, std::string>
      Identity;
  size_t Notes = 0, Fixes = 0;
  const Json *Result = nullptr;
  const ShardLog *Shard = nullptr;
};

MergedResult mergedResult(const Json &Result, const ShardLog &Shard, const std::string &Root) {
  const Json &Location = member(firstOf(member(Result, "locations")), "physicalLocation");
  const Json &Region = member(Location, "region");
  MergedResult Out;
  Out.Identity = {pathOf(member(Location, "artifactLocation"), Root),
                  numberAt(member(Region, "startLine")),
                  numberAt(member(Region, "startColumn")),
                  stringAt(member(Result, "ruleId")),
                  numberAt(member(Region, "endLine")),
                  numberAt(member(Region, "endColumn")),
                  stringAt(member(member(Result, "message"), "text"))};
  Out.Notes = member(Result, "relatedLocations").size();
  for (const Json &Fix : member(Result, "fixes"))
    for (const Json &Change : member(Fix, "artifactChanges"))
      Out.Fixes += member(Change, "replacements").size();
  Out.Result = &Result;
  Out.Shard = &Shard;
  return Out;
}

/// The results of all shards, sorted and deduplicated as one run's findings are: the same
/// finding in a header two shards' units include is kept once, the one with the most notes.
std::vector<MergedResult> orderedResults(const std::vector<ShardLog> &Shards) {
  std::vector<MergedResult> All;
  for (const ShardLog &Shard : Shards)
    for (const Json &Result : member(Shard.run(), "results"))
      All.push_back(mergedResult(Result, Shard, Shards.front().Root));
  analysis::stableSort(All, [](const MergedResult &A, const MergedResult &B) {
    if (A.Identity != B.Identity)
      return A.Identity < B.Identity;
    return std::tie(A.Notes, A.Fixes) > std::tie(B.Notes, B.Fixes);
  });
  std::vector<MergedResult> Unique;
  for (MergedResult &R : All)
    if (Unique.empty() || Unique.back().Identity != R.Identity)
      Unique.push_back(std::move(R));
  return Unique;
}

/// The union of the shards' rules, the first shard's order first.
Json unitedRules(const std::vector<ShardLog> &Shards, std::map<std::string, size_t> &IndexOf) {
  Json Rules = Json::array();
  for (const ShardLog &Shard : Shards)
    for (const Json &Rule : member(Shard.driver(), "rules"))
      if (IndexOf.try_emplace(stringAt(member(Rule, "id")), Rules.size()).second)
        Rules.push_back(Rule);
  return Rules;
}

/// Renumbers artifacts in the order the merged results mention them, as the writer numbers
/// them while it writes its results.
class ArtifactTable {
public:
  void renumber(Json &Value, const ShardLog &Shard) {
    if (Value.is_array()) {
      for (Json &Element : Value)
        renumber(Element, Shard);
      return;
    }
    if (!Value.is_object())
      return;
    for (auto &[Key, Member] : Value.items()) {
      if (Key == "artifactLocation" && Member.contains("index"))
        Member["index"] = indexOf(Member, Shard);
      else
        renumber(Member, Shard);
    }
  }

  Json Artifacts = Json::array();

private:
  size_t indexOf(const Json &Location, const ShardLog &Shard) {
    Json Where = Location;
    Where.erase("index");
    auto [It, Inserted] = Known.try_emplace(Where.dump(), Artifacts.size());
    if (!Inserted)
      return It->second;
    const Json &Old = member(Shard.run(), "artifacts");
    size_t OldIndex = numberAt(member(Location, "index"));
    if (Old.is_array() && OldIndex < Old.size())
      Artifacts.push_back(Old[OldIndex]);
    else
      Artifacts.push_back({{"location", Where}, {"roles", Json::array({"resultFile"})}});
    return It->second;
  }

  std::map<std::string, size_t> Known;
};

/// A result with its ruleIndex pointing into the united rules, the keys in the writer's order.
Json withRuleIndex(const Json &Result, const std::map<std::string, size_t> &IndexOf) {
  Json Out = Json::object();
  for (const auto &[Key, Value] : Result.items()) {
    if (Key == "ruleIndex")
      continue;
    Out[Key] = Value;
    if (Key != "ruleId")
      continue;
    if (auto It = IndexOf.find(stringAt(Value)); It != IndexOf.end())
      Out["ruleIndex"] = It->second;
  }
  return Out;
}

/// One invocation: every shard's notifications, errors (inputs not analysed) before warnings
/// (units analysed in part), each in file order as one run sorts them.
Json mergedInvocation(const std::vector<ShardLog> &Shards) {
  bool Successful = true;
  std::vector<std::pair<std::string, const Json *>> ByLevel[3];
  for (const ShardLog &Shard : Shards)
    for (const Json &Invocation : member(Shard.run(), "invocations")) {
      Successful &= member(Invocation, "executionSuccessful") != Json(false);
      for (const Json &N : member(Invocation, "toolExecutionNotifications")) {
        std::string Level = stringAt(member(N, "level"));
        const Json &Location = member(firstOf(member(N, "locations")), "physicalLocation");
        std::string File =
            Location.is_null() ? "" : pathOf(member(Location, "artifactLocation"), Shards[0].Root);
        ByLevel[Level == "error" ? 0 : Level == "warning" ? 1 : 2].emplace_back(File, &N);
      }
    }
  Json Notifications = Json::array();
  for (auto &Group : ByLevel) {
    analysis::stableSort(Group, [](const auto &A, const auto &B) { return A.first < B.first; });
    for (auto &[File, N] : Group)
      Notifications.push_back(*N);
  }
  Json Out{{"executionSuccessful", Successful}};
  if (!Notifications.empty())
    Out["toolExecutionNotifications"] = std::move(Notifications);
  return Out;
}

Json mergedLog(const std::vector<ShardLog> &Shards) {
  Json Log = Shards.front().Log;
  Json &Run = Log["runs"][0];
  std::map<std::string, size_t> RuleIndex;
  Run["tool"]["driver"]["rules"] = unitedRules(Shards, RuleIndex);
  ArtifactTable Artifacts;
  Json Results = Json::array();
  for (const MergedResult &R : orderedResults(Shards)) {
    Json Result = withRuleIndex(*R.Result, RuleIndex);
    Artifacts.renumber(Result, *R.Shard);
    Results.push_back(std::move(Result));
  }
  Run["artifacts"] = std::move(Artifacts.Artifacts);
  Run["invocations"] = Json::array({mergedInvocation(Shards)});
  Run["results"] = std::move(Results);
  return Log;
}

} // namespace

llvm::Expected<std::string> mergeSarif(const std::vector<SarifShard> &Shards) {
  if (Shards.empty())
    return llvm::createStringError("no SARIF reports to merge");
  std::vector<ShardLog> Logs;
  for (const SarifShard &Shard : Shards) {
    auto Log = readShard(Shard);
    if (!Log)
      return Log.takeError();
    if (!Logs.empty())
      if (llvm::Error Err = checkSameJob(Logs.front(), *Log))
        return std::move(Err);
    Logs.push_back(std::move(*Log));
  }
  return mergedLog(Logs).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace coopcheck::report
