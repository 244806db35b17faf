#include "tools/coopcheck/MergeReports.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/support/AtomicWrite.h"
#include "checks/report/SarifMerge.h"
#include "tools/coopcheck/OutputPaths.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <nlohmann/json.hpp>
#include <set>

namespace coopcheck::cli {
namespace {

constexpr const char *Usage =
    "usage: coopcheck merge [-o OUT] IN...\n"
    "\n"
    "Merges the SARIF reports of the shards of one job (coopcheck --shard=K/N --format=sarif)\n"
    "into the report one run over all the units writes: one run, one rules[], results in file\n"
    "order, each once. Given facts files (--export-facts), merges them into one for --facts.\n"
    "Without -o the result goes to standard output.\n";

struct MergeArgs {
  std::string Output;
  std::vector<std::string> Inputs;
};

llvm::Expected<MergeArgs> parseMergeArgs(const std::vector<std::string> &Args) {
  MergeArgs Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == "-o" || Arg == "--output") {
      if (++I == Args.size())
        return llvm::createStringError("merge: " + Arg + " needs a file");
      Out.Output = Args[I];
    } else if (Arg.consume_front("--output=") || Arg.consume_front("-o")) {
      Out.Output = Arg.str();
    } else if (Arg.starts_with("-") && Arg != "-") {
      return llvm::createStringError("merge: unknown option '" + Arg +
                                     "' (see coopcheck merge --help)");
    } else {
      Out.Inputs.push_back(Arg.str());
    }
  }
  if (Out.Inputs.empty())
    return llvm::createStringError("merge: no input reports (see coopcheck merge --help)");
  return Out;
}

llvm::Expected<std::string> readInput(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError("'" + Path + "': cannot read: " + Buffer.getError().message());
  return (*Buffer)->getBuffer().str();
}

/// A facts file is a JSON object with "units"; anything else goes to the SARIF merge, which
/// says what is wrong with it.
bool isFacts(const std::string &Text) {
  auto Json = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  return Json.is_object() && Json.contains("units") && !Json.contains("runs");
}

llvm::Expected<std::string> mergedFacts(const std::vector<std::string> &Paths) {
  auto Units = readFactsFiles(Paths);
  if (!Units)
    return Units.takeError();
  analysis::stableSort(*Units, [](const analysis::UnitFacts &A, const analysis::UnitFacts &B) {
    return A.File < B.File;
  });
  analysis::CrossUnitFacts Index;
  for (analysis::UnitFacts &Unit : *Units)
    Index.add(std::move(Unit));
  return Index.toJson();
}

llvm::Expected<std::string> merged(const std::vector<std::string> &Paths) {
  std::vector<report::SarifShard> Shards;
  std::vector<bool> Facts;
  for (const std::string &Path : Paths) {
    auto Text = readInput(Path);
    if (!Text)
      return Text.takeError();
    Facts.push_back(isFacts(*Text));
    Shards.push_back({Path, std::move(*Text)});
  }
  if (llvm::all_of(Facts, [](bool F) { return F; }))
    return mergedFacts(Paths);
  // The first input says what is merged; an input of the other kind is the error.
  for (size_t I = 1; I < Paths.size(); ++I)
    if (Facts[I] != Facts[0])
      return llvm::createStringError("'" + Paths[I] + "': " +
                                     (Facts[0] ? "not a facts file (--export-facts), as '"
                                               : "a facts file, not a SARIF report as '") +
                                     Paths[0] + "' is");
  return report::mergeSarif(Shards);
}

} // namespace

llvm::Expected<std::vector<analysis::UnitFacts>>
readFactsFiles(const std::vector<std::string> &Paths) {
  std::vector<analysis::UnitFacts> Units;
  std::set<std::string> Seen;
  for (const std::string &Path : Paths) {
    auto Index = analysis::CrossUnitFacts::load(Path);
    if (!Index)
      return Index.takeError();
    std::set<std::string> Here;
    for (const analysis::UnitFacts &Unit : Index->units())
      if (!Seen.count(Unit.File)) {
        Units.push_back(Unit);
        Here.insert(Unit.File);
      }
    Seen.insert(Here.begin(), Here.end());
  }
  return Units;
}

int mergeCommand(const std::vector<std::string> &Args) {
  if (llvm::is_contained(Args, "--help") || llvm::is_contained(Args, "-help")) {
    llvm::outs() << Usage;
    return 0;
  }
  auto Parsed = parseMergeArgs(Args);
  llvm::Expected<std::string> Text =
      Parsed ? merged(Parsed->Inputs) : llvm::Expected<std::string>(Parsed.takeError());
  if (Text && Parsed->Output.empty()) {
    llvm::outs() << *Text;
    return 0;
  }
  if (Text)
    if (std::optional<std::string> Input = inputNamedBy(Parsed->Output, Parsed->Inputs))
      Text = llvm::createStringError("-o '" + Parsed->Output + "' is the input '" + *Input +
                                     "': refusing to write over it");
  if (Text) {
    llvm::Error Err = analysis::writeOutput(Parsed->Output, *Text);
    if (!Err)
      return 0;
    Text = llvm::createStringError("cannot write '" + Parsed->Output +
                                   "': " + llvm::toString(std::move(Err)));
  }
  llvm::Error Err = Text.takeError();
  llvm::errs() << "coopcheck: error: " << llvm::toString(std::move(Err)) << "\n";
  return 2;
}

} // namespace coopcheck::cli
