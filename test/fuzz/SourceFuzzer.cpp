// Fuzz target (a): source text through the whole static pipeline as the CLI runs it. The input is
// written to a .cu file and analysed by cli::analyse (hermetic parse with the model headers, every
// cg-* rule, the cross-unit facts), without the executor (DeviceIRFuzzer covers it). The report
// then goes through the text, JSON and SARIF writers, serves as its own --baseline, and its
// fix-its are applied to the file as --fix does.
//
// A first line `//fuzz: WORD...` selects CLI options, so that the fuzzer reaches the code behind
// them: `strict` (--strict), `hip` (--targets=cuda,hip), `wave32` (--hip-wave32), and
// `platform=cuda|hip|maca` (--platform).
#include "checks/report/Baseline.h"
#include "checks/report/JsonWriter.h"
#include "checks/report/SarifWriter.h"
#include "checks/report/TextWriter.h"
#include "runtime-model/semantics/Platform.h"
#include "tools/coopcheck/Driver.h"
#include "tools/coopcheck/FixApplier.h"
#include "tools/coopcheck/Inputs.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace coopcheck;

// The module registers the checks from a static library: as in main.cpp, this reference keeps it.
extern volatile int CoopcheckModuleAnchorSource;
static int KeepModule = CoopcheckModuleAnchorSource;

namespace {

/// A directory of this process for the input file, removed at exit.
const std::string &workDirectory() {
  static const std::string Dir = [] {
    llvm::SmallString<128> Path;
    if (llvm::sys::fs::createUniqueDirectory("coopcheck-fuzz-source", Path)) {
      std::fprintf(stderr, "SourceFuzzer: cannot create a temporary directory\n");
      std::abort();
    }
    std::string Created(Path);
    static std::string ToRemove = Created;
    std::atexit([] { (void)llvm::sys::fs::remove_directories(ToRemove); });
    return Created;
  }();
  return Dir;
}

cli::RunOptions optionsOf(llvm::StringRef Source) {
  cli::RunOptions Options;
  Options.Confirm = false;
  Options.UnitTimeLimitSeconds = 0; // a slow input is a finding: libFuzzer's -timeout reports it
  llvm::StringRef First = Source.split('\n').first;
  if (!First.consume_front("//fuzz:"))
    return Options;
  llvm::SmallVector<llvm::StringRef> Words;
  First.split(Words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  cli::ConfigurationFlags Flags;
  for (llvm::StringRef Word : Words) {
    Word = Word.trim();
    if (Word == "strict")
      Flags.Strict = true;
    else if (Word == "hip")
      Flags.Targets = "cuda,hip";
    else if (Word == "wave32")
      Options.Parse.HipWave32 = true;
    else if (Word.consume_front("platform="))
      Options.Parse.PlatformOverride = model::parsePlatform(Word);
  }
  Options.Rules.CheckOptions = cli::flagCheckOptions(Flags);
  return Options;
}

[[noreturn]] void fail(const char *What) {
  std::fprintf(stderr, "SourceFuzzer: %s\n", What);
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  (void)KeepModule;
  std::string Source(reinterpret_cast<const char *>(Data), Size);
  std::string Path = workDirectory() + "/input.cu";
  {
    std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
    Out << Source;
    if (!Out)
      fail("cannot write the input file");
  }

  // The CLI's own path from a file name to the report (a binary input is refused there).
  cli::Inputs In = cli::gatherInputs({Path}, nullptr);
  report::Report Report = cli::analyse(std::move(In), optionsOf(Source));
  Report.SourceRoot = workDirectory();
  for (const report::InputFailure &F : Report.Failures)
    if (llvm::StringRef(F.Reason).contains("crashed"))
      fail(F.Reason.c_str());

  std::ostringstream Text, ColorText, Json, Sarif;
  report::writeText(Text, Report, /*Color=*/false);
  report::writeText(ColorText, Report, /*Color=*/true);
  report::writeJson(Json, Report);
  report::writeSarif(Sarif, Report);

  // A report taken as its own baseline leaves no finding new.
  llvm::Expected<report::Baseline> Baseline = report::Baseline::parse(Sarif.str(), "self");
  if (!Baseline)
    fail(llvm::toString(Baseline.takeError()).c_str());
  report::Report Again = Report;
  Baseline->removeKnownFindings(Again);
  if (!Again.Findings.empty())
    fail("a finding is not in the SARIF report of its own run");

  // --fix, after the report was written (it describes the code before the fixes).
  (void)cli::applyFixes(Report);
  return 0;
}
