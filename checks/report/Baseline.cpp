#include "checks/report/Baseline.h"
#include "checks/report/SarifWriter.h"
#include "llvm/Support/MemoryBuffer.h"
#include <optional>

namespace coopcheck::report {
namespace {
using Json = nlohmann::ordered_json;

const Json *member(const Json &Object, const char *Key) {
  if (!Object.is_object())
    return nullptr;
  auto It = Object.find(Key);
  return It == Object.end() ? nullptr : &*It;
}

std::string stringAt(const Json *Value) {
  return Value && Value->is_string() ? Value->get<std::string>() : std::string();
}

/// "ruleId|uriBaseId|uri|hash" of a result; nullopt for a result without a rule. The URI is taken
/// as written (relative to %SRCROOT% for files under the directory coopcheck ran in), so the
/// baseline and the new run must run from the same directory. A result without a line hash
/// (its file could not be read) falls back to its start line.
std::optional<std::string> identity(const Json &Result) {
  std::string Rule = stringAt(member(Result, "ruleId"));
  if (Rule.empty())
    return std::nullopt;
  const Json *Location = nullptr, *Artifact = nullptr, *Region = nullptr;
  if (const Json *Locations = member(Result, "locations");
      Locations && Locations->is_array() && !Locations->empty())
    Location = member((*Locations)[0], "physicalLocation");
  if (Location) {
    Artifact = member(*Location, "artifactLocation");
    Region = member(*Location, "region");
  }
  std::string Hash;
  if (const Json *Fingerprints = member(Result, "partialFingerprints"))
    Hash = stringAt(member(*Fingerprints, "primaryLocationLineHash"));
  if (Hash.empty() && Region)
    if (const Json *Line = member(*Region, "startLine"); Line && Line->is_number_unsigned())
      Hash = "line " + std::to_string(Line->get<unsigned>());
  std::string BaseId = Artifact ? stringAt(member(*Artifact, "uriBaseId")) : "";
  std::string Uri = Artifact ? stringAt(member(*Artifact, "uri")) : "";
  return Rule + "|" + BaseId + "|" + Uri + "|" + Hash;
}

llvm::Error invalid(const std::string &Path, const std::string &Why) {
  return llvm::createStringError("baseline '" + Path + "': " + Why);
}

} // namespace

llvm::Expected<Baseline> Baseline::read(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return invalid(Path, "cannot read: " + Buffer.getError().message());
  return parse((*Buffer)->getBuffer(), Path);
}

llvm::Expected<Baseline> Baseline::parse(llvm::StringRef Text, const std::string &Name) {
  Json Log = Json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (Log.is_discarded())
    return invalid(Name, "not JSON");
  const Json *Runs = member(Log, "runs");
  if (stringAt(member(Log, "version")) != "2.1.0" || !Runs || !Runs->is_array())
    return invalid(Name, "not a SARIF 2.1.0 log");
  Baseline B;
  for (const Json &Run : *Runs)
    if (const Json *Results = member(Run, "results"); Results && Results->is_array())
      for (const Json &Result : *Results)
        if (std::optional<std::string> Id = identity(Result))
          ++B.Known[*Id];
  return B;
}

void Baseline::removeKnownFindings(Report &R) const {
  // The identities of the new findings are those the SARIF writer gives them: its results come
  // in the order of R.Findings.
  Json Results = toSarif(R)["runs"][0]["results"];
  std::map<std::string, unsigned> Left = Known;
  std::vector<Finding> New;
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    std::optional<std::string> Id = identity(Results[I]);
    auto It = Id ? Left.find(*Id) : Left.end();
    if (It != Left.end() && It->second > 0) {
      --It->second;
      continue;
    }
    New.push_back(std::move(R.Findings[I]));
  }
  R.Findings = std::move(New);
}

} // namespace coopcheck::report
