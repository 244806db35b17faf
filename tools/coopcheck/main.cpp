// coopcheck: finds synchronization bugs in CUDA, HIP and MXMACA code that uses cooperative
// groups and warp-synchronous primitives. Exit codes: 0 clean, 1 findings at or above
// --fail-level, 2 bad usage or input that could not be analysed.
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/ParseSetup.h"
#include "analysis/support/AtomicWrite.h"
#include "checks/RuleTable.h"
#include "checks/report/Baseline.h"
#include "checks/report/CodeClimateWriter.h"
#include "checks/report/HtmlWriter.h"
#include "checks/report/JsonWriter.h"
#include "checks/report/LineFilter.h"
#include "checks/report/SarifWriter.h"
#include "checks/report/TextWriter.h"
#include "checks/report/Version.h"
#include "runtime-model/semantics/Architectures.h"
#include "runtime-model/semantics/Platform.h"
#include "tools/coopcheck/Driver.h"
#include "tools/coopcheck/Explain.h"
#include "tools/coopcheck/FixApplier.h"
#include "tools/coopcheck/FixExport.h"
#include "tools/coopcheck/MergeReports.h"
#include "tools/coopcheck/OutputPaths.h"
#include "tools/coopcheck/Shard.h"
#include "tools/coopcheck/UnitIsolation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <iostream>
#include <sstream>
#include <tuple>

using namespace llvm;
using namespace coopcheck;

extern volatile int CoopcheckModuleAnchorSource;
static int KeepModule = CoopcheckModuleAnchorSource;

namespace {

cl::OptionCategory Category("coopcheck options");

cl::list<std::string> Files(cl::Positional, cl::desc("<source files>"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the rules and exit"), cl::cat(Category));
cl::opt<std::string> Explain("explain", cl::desc("Print the documentation of a rule and exit"),
                             cl::value_desc("rule-id"), cl::cat(Category));
cl::opt<std::string> BaselineFile("baseline",
                                  cl::desc("Report only findings that are not in this SARIF "
                                           "report of an earlier run"),
                                  cl::value_desc("sarif"), cl::cat(Category));
cl::opt<std::string> Checks("checks",
                            cl::desc("Rules to run, as clang-tidy globs, after those of the "
                                     ".clang-tidy files (default cg-*): a list that starts with a "
                                     "rule replaces them, one that starts with '-' changes them "
                                     "(--checks=-cg-deadlock)"),
                            cl::value_desc("globs"), cl::cat(Category));
cl::opt<std::string> ConfigFile("config-file",
                                cl::desc("Read the checks and their options from this file, in "
                                         ".clang-tidy format, instead of the .clang-tidy files "
                                         "above each source"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Config("config",
                            cl::desc("Checks and options as .clang-tidy YAML, instead of the "
                                     ".clang-tidy files above each source (with "
                                     "InheritParentConfig: true, on top of them), e.g. "
                                     "--config='{Checks: \"-*,cg-warp-mask\"}'"),
                            cl::value_desc("yaml"), cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory with compile_commands.json"),
                               cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> Format("format",
                            cl::desc("Output format: text, json, sarif, codeclimate (GitLab Code "
                                     "Quality) or html (one self-contained page: findings by "
                                     "file with their source, witnesses drawn; markdown or json "
                                     "with --list-checks)"),
                            cl::init("text"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to this file"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> PlatformName("platform", cl::desc("cuda, hip or maca (default: detected)"),
                                  cl::cat(Category));
cl::opt<std::string> CudaPath("cuda-path", cl::desc("Parse CUDA sources against this toolkit"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> HipWave32("hip-wave32", cl::desc("HIP targets have 32-lane wavefronts"),
                        cl::cat(Category));
cl::opt<bool> Strict("strict",
                     cl::desc("Also report what works on NVIDIA hardware but breaks "
                              "the programming model (wins over the Strict options of "
                              ".clang-tidy)"),
                     cl::cat(Category));
cl::opt<std::string> TargetNames("targets",
                                 cl::desc("Platforms the code is also built for, comma-separated "
                                          "(cuda,hip: CUDA code also built for AMD GPUs gets "
                                          "AMD's barrier rules; wins over the Targets options of "
                                          ".clang-tidy)"),
                                 cl::value_desc("list"), cl::cat(Category));
cl::opt<std::string> ArchName("arch",
                              cl::desc("The GPU part cooperative launches are checked against "
                                       "(h100-sxm, a100-80gb, mi300x, ...; default: "
                                       "cg-cooperative-launch.Arch of .clang-tidy, else the "
                                       "largest part of the unit's architecture)"),
                              cl::value_desc("part"), cl::cat(Category));
cl::opt<bool> NoConfirm("no-confirm",
                        cl::desc("Do not replay kernels with error findings in the symbolic "
                                 "executor"),
                        cl::cat(Category));
cl::opt<std::string> ModelName("model",
                               cl::desc("The executor's semantics: hw (as NVIDIA GPUs behave, "
                                        "default) or spec (every partial participation breaks "
                                        "the contract)"),
                               cl::init("hw"), cl::cat(Category));
cl::opt<std::string> ReplayGrid("grid",
                                cl::desc("Replay kernels on this grid only, instead of the "
                                         "shapes of their launch sites and the default 2 blocks "
                                         "of 2 warps"),
                                cl::value_desc("blocksxthreads"), cl::cat(Category));
cl::opt<bool> Verbose("verbose", cl::desc("Print executor statistics on stderr"),
                      cl::cat(Category));
cl::opt<unsigned> Jobs("jobs", cl::desc("Translation units analysed in parallel"), cl::init(1),
                       cl::cat(Category));
cl::opt<std::string> FailLevel("fail-level",
                               cl::desc("Lowest level that makes the exit code 1: error, "
                                        "warning or note (default warning)"),
                               cl::init("warning"), cl::cat(Category));
cl::opt<unsigned> UnitTimeLimit("unit-time-limit",
                                cl::desc("Seconds the checks of one unit may take; a unit that "
                                         "reaches it reports the findings of the checks that "
                                         "finished, with a warning (default 300, 0: no limit)"),
                                cl::init(300), cl::value_desc("seconds"), cl::cat(Category));
cl::opt<bool> FailOnCompileErrors("fail-on-compile-errors",
                                  cl::desc("Exit with 2 when a unit has compile errors (by default "
                                           "such a unit is analysed except the functions with "
                                           "errors, with a warning on stderr)"),
                                  cl::cat(Category));
cl::opt<std::string> ExportFacts("export-facts",
                                 cl::desc("Write the kernels and launches of all units as JSON, "
                                          "for cg-non-cooperative-launch.FactsFile"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ShardSpec("shard",
                               cl::desc("Analyse the K-th of N parts of the units (1-based), for N "
                                        "CI jobs whose reports `coopcheck merge` joins"),
                               cl::value_desc("K/N"), cl::cat(Category));
cl::list<std::string> FactsFiles("facts",
                                 cl::desc("Join the facts of --export-facts of other runs (the "
                                          "other shards) with this run's, for launches of "
                                          "kernels defined there (repeatable)"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> FactsOnly("facts-only",
                        cl::desc("With --export-facts: only collect the units' kernels and "
                                 "launches (no rules, no report), the first pass of a sharded "
                                 "job"),
                        cl::cat(Category));
cl::opt<std::string> CacheDir("cache-dir",
                              cl::desc("Keep precompiled headers and each unit's results here, "
                                       "to reuse while nothing they depend on changes (default "
                                       "$XDG_CACHE_HOME/coopcheck, else ~/.cache/coopcheck)"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Parse and analyse every unit from scratch, keeping nothing"),
                      cl::cat(Category));
cl::opt<bool> FixInPlace("fix", cl::desc("Apply fix-its in place"), cl::cat(Category));
cl::opt<std::string> ExportFixesFile("export-fixes",
                                     cl::desc("Write the reported findings and their fix-its as "
                                              "clang-tidy does, for clang-apply-replacements"),
                                     cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> LineFilterJson(
    "line-filter",
    cl::desc("Report only findings whose primary location is on these lines, "
             "as clang-tidy: '[{\"name\":\"file.cu\",\"lines\":[[1,3],[5,7]]},"
             "{\"name\":\"all.cuh\"}]' (a name matches the end of a path; a file not listed "
             "is left out, one without \"lines\" kept whole; the units are still analysed whole)"),
    cl::value_desc("json"), cl::cat(Category));
cl::opt<bool> Quiet("quiet",
                    cl::desc("Print only the report and errors: no progress, no warnings about "
                             "units analysed in part, no summary of warnings treated as errors"),
                    cl::cat(Category));
cl::opt<bool> ShowProgress("progress",
                           cl::desc("Print [n/N] file on stderr as each unit starts (default: "
                                    "when stderr is a terminal and there are several units)"),
                           cl::cat(Category));
cl::opt<std::string> WarningsAsErrors("warnings-as-errors",
                                      cl::desc("Report the warnings of these rules as errors "
                                               "(clang-tidy globs, e.g. 'cg-*')"),
                                      cl::value_desc("globs"), cl::cat(Category));
cl::opt<cl::boolOrDefault> UseColor("use-color",
                                    cl::desc("Colour the text report (default: when it goes to a "
                                             "terminal and NO_COLOR is not set)"),
                                    cl::cat(Category));
cl::list<std::string> ExtraArgsAfter("extra-arg",
                                     cl::desc("Add this Clang argument after every unit's own "
                                              "(repeatable)"),
                                     cl::value_desc("arg"), cl::cat(Category));
cl::list<std::string> ExtraArgsBefore("extra-arg-before",
                                      cl::desc("Add this Clang argument before every unit's own "
                                               "(repeatable)"),
                                      cl::value_desc("arg"), cl::cat(Category));
cl::opt<std::string> HeaderFilterRegex(
    "header-filter",
    cl::desc("Report findings in headers only when the header's path matches this regular "
             "expression (default '.*': every header that is not a system header); findings in "
             "a unit's own source are always reported"),
    cl::value_desc("regex"), cl::init(".*"), cl::cat(Category));
cl::opt<std::string> ExcludeHeaderFilterRegex(
    "exclude-header-filter",
    cl::desc("Leave out findings in headers whose path matches this regular expression"),
    cl::value_desc("regex"), cl::cat(Category));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the configuration of the first source (or of the current "
                                  "directory) as .clang-tidy YAML, defaults included, and exit"),
                         cl::cat(Category));
cl::opt<std::string> ExportCompileCommands(
    "export-compile-commands",
    cl::desc("Write DIR/compile_commands.json with the Clang command each unit is parsed with, "
             "for Clang tools that cannot read nvcc's or hipcc's commands, and exit"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> PrintParseArgs("print-parse-args",
                             cl::desc("Print the Clang arguments each file is parsed with (to "
                                      "pass to clang-tidy-22 after --) and exit"),
                             cl::cat(Category));

[[noreturn]] void usageError(const Twine &Message) {
  errs() << "coopcheck: error: " << Message << "\n";
  std::exit(2);
}

/// The rules with their options as JSON, for scripts (the check tests map coopcheck's flags to
/// the options of the plugin and clangd with it).
void listChecksAsJson() {
  json::Array Rules;
  for (const checks::RuleInfo &R : checks::allRules()) {
    json::Array Options;
    for (const checks::RuleOption &O : checks::allRuleOptions())
      if (O.Rule == R.Id)
        Options.push_back(json::Object{{"key", O.key()},
                                       {"name", O.Name},
                                       {"type", checks::optionTypeName(O.Type)},
                                       {"default", O.Default},
                                       {"flag", O.Flag},
                                       {"doc", O.Doc}});
    Rules.push_back(json::Object{{"id", R.Id},
                                 {"level", checks::ruleLevelName(R.DefaultLevel)},
                                 {"short", R.ShortDescription},
                                 {"options", std::move(Options)}});
  }
  outs() << formatv("{0:2}", json::Value(std::move(Rules))) << "\n";
}

/// The rules, one per line, or with --format=markdown the index of docs/checks/, or with
/// --format=json the rules and their options.
int listChecks() {
  if (Format == "json") {
    listChecksAsJson();
    return 0;
  }
  if (Format == "markdown") {
    outs() << "# coopcheck rules\n\nGenerated by `coopcheck --list-checks --format=markdown` from "
              "`checks/Rules.def`.\n\n| Rule | Level | What it finds |\n|---|---|---|\n";
    for (const checks::RuleInfo &R : checks::allRules())
      outs() << "| [" << R.Id << "](" << R.Id << ".md) | " << checks::ruleLevelName(R.DefaultLevel)
             << " | " << R.ShortDescription << " |\n";
    return 0;
  }
  for (const checks::RuleInfo &R : checks::allRules())
    outs() << R.Id << " (" << checks::ruleLevelName(R.DefaultLevel) << "): " << R.ShortDescription
           << "\n";
  return 0;
}

report::Level failLevel() {
  if (FailLevel == "error")
    return report::Level::Error;
  if (FailLevel == "warning")
    return report::Level::Warning;
  if (FailLevel == "note")
    return report::Level::Note;
  usageError("--fail-level must be error, warning or note");
}

bool atOrAbove(report::Level L, report::Level Threshold) {
  return static_cast<int>(L) <= static_cast<int>(Threshold);
}

/// --cache-dir, else the user's cache directory; none with --no-cache or without a home.
std::optional<std::string> cacheDirectory() {
  if (NoCache) {
    if (CacheDir.getNumOccurrences())
      usageError("--no-cache and --cache-dir exclude each other");
    return std::nullopt;
  }
  SmallString<256> Dir(CacheDir);
  if (Dir.empty()) {
    if (!sys::path::cache_directory(Dir))
      return std::nullopt;
    sys::path::append(Dir, "coopcheck");
  }
  if (std::error_code EC = sys::fs::make_absolute(Dir))
    usageError("--cache-dir '" + CacheDir + "': " + EC.message());
  return std::string(Dir);
}

/// --facts, --facts-only: the facts a sharded job passes between its shards.
void factsOptions(cli::RunOptions &Options) {
  auto Facts = cli::readFactsFiles(FactsFiles);
  if (!Facts)
    usageError(toString(Facts.takeError()));
  Options.OtherFacts = std::move(*Facts);
  if (!FactsOnly)
    return;
  if (ExportFacts.empty())
    usageError("--facts-only needs --export-facts=<file>");
  // No rule runs (Driver) and nothing is replayed.
  Options.Confirm = false;
  Options.FactsOnly = true;
}

cli::RunOptions runOptions() {
  cli::RunOptions Options;
  if (!PlatformName.empty()) {
    Options.Parse.PlatformOverride = model::parsePlatform(PlatformName);
    if (!Options.Parse.PlatformOverride)
      usageError("--platform must be cuda, hip or maca");
  }
  if (!CudaPath.empty()) {
    if (!sys::fs::is_directory(CudaPath + "/include"))
      usageError("--cuda-path '" + CudaPath + "' has no include/ directory");
    Options.Parse.CudaPath = CudaPath.getValue();
  }
  Options.Parse.HipWave32 = HipWave32;
  if (!TargetNames.empty() && !model::parsePlatformList(TargetNames))
    usageError("unknown platform in --targets '" + TargetNames + "'; known: cuda, hip, maca");
  if (!ArchName.empty() && !model::findGpuPart(ArchName))
    usageError("unknown --arch '" + ArchName + "'; known parts: " + model::gpuPartIds());
  if (ModelName != "hw" && ModelName != "spec")
    usageError("--model must be hw or spec");
  Options.Confirm = !NoConfirm;
  Options.UnitTimeLimitSeconds = UnitTimeLimit;
  Options.Confirmation.Model =
      ModelName == "spec" ? model::Semantics::Specification : model::Semantics::Hardware;
  Options.Confirmation.Verbose = Verbose;
  if (!ReplayGrid.empty()) {
    unsigned Blocks = 0, Threads = 0;
    llvm::StringRef B, T;
    std::tie(B, T) = llvm::StringRef(ReplayGrid).split('x');
    if (B.getAsInteger(10, Blocks) || T.getAsInteger(10, Threads) || !Blocks || !Threads ||
        Blocks * Threads > 65536)
      usageError("--grid must be <blocks>x<threads>, at most 65536 threads in all (e.g. 4x128)");
    Options.Confirmation.Grid = model::Dim3{Blocks, 1, 1};
    Options.Confirmation.Block = model::Dim3{Threads, 1, 1};
  }
  if (Jobs == 0)
    usageError("--jobs must be at least 1");
  Options.Jobs = Jobs;
  if (!ExportFacts.empty())
    Options.ExportFacts = ExportFacts.getValue();
  factsOptions(Options);
  Options.CacheDirectory = cacheDirectory();
  return Options;
}

report::SarifOptions sarifOptions(const std::string &DocsBaseUrl) {
  report::SarifOptions Options;
  Options.DocsBaseUri = DocsBaseUrl;
  return Options;
}

/// --use-color, else LLVM's own --color, else NO_COLOR (https://no-color.org), else a terminal.
bool colorText() {
  if (UseColor != cl::BOU_UNSET)
    return UseColor == cl::BOU_TRUE;
  auto LLVMColor = cl::getRegisteredOptions().find("color");
  if (LLVMColor != cl::getRegisteredOptions().end() && LLVMColor->second->getNumOccurrences()) {
    auto *Given = static_cast<cl::opt<cl::boolOrDefault> *>(LLVMColor->second);
    if (Given->getValue() != cl::BOU_UNSET)
      return Given->getValue() == cl::BOU_TRUE;
  }
  if (std::optional<std::string> NoColor = sys::Process::GetEnv("NO_COLOR");
      NoColor && !NoColor->empty())
    return false;
  return OutputFile.empty() && sys::Process::StandardOutIsDisplayed();
}

void writeReport(const report::Report &Report) {
  std::ostringstream Text;
  bool Color = colorText();
  std::string DocsBaseUrl = checks::docsBaseUrl();
  if (Format == "text")
    report::writeText(Text, Report, Color, DocsBaseUrl);
  else if (Format == "json")
    report::writeJson(Text, Report);
  else if (Format == "html")
    report::writeHtml(Text, Report);
  else if (Format == "codeclimate")
    report::writeCodeClimate(Text, Report);
  else
    report::writeSarif(Text, Report, sarifOptions(DocsBaseUrl));
  if (OutputFile.empty()) {
    std::cout << Text.str();
    return;
  }
  if (Error Err = analysis::writeOutput(OutputFile, Text.str()))
    usageError("cannot write '" + OutputFile + "': " + toString(std::move(Err)));
}

/// Splits off everything after `--`: it goes to the compiler.
std::vector<std::string> compilerArguments(int &Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I)
    if (StringRef(Argv[I]) == "--") {
      std::vector<std::string> Extra(Argv + I + 1, Argv + Argc);
      Argc = I;
      return Extra;
    }
  return {};
}

/// LLVM's first line without the program name it starts with ("coopcheck: "); a response file
/// that cannot be expanded is named after the reason ("recursive expansion of: 'a.rsp'").
std::string commandLineError(StringRef Errors) {
  StringRef Line = Errors.trim().split('\n').first;
  Line.consume_front("coopcheck: ");
  Line.consume_front("error: ");
  return Line.trim().str();
}

/// Options LLVM's parser adds itself when it runs.
constexpr StringRef LLVMOptions[] = {
    "h",       "help",  "help-hidden",   "help-list",        "help-list-hidden",
    "version", "color", "print-options", "print-all-options"};

/// LLVM's parser takes an unknown option that starts like one it knows for that one: --hxyz prints
/// the help and exits 0, and a CI job passes having analysed nothing. Every option must be one
/// that exists, spelled whole.
void rejectUnknownOptions(int Argc, const char **Argv) {
  const auto &Known = cl::getRegisteredOptions();
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (!Arg.starts_with("-") || Arg == "-")
      continue;
    StringRef Name = Arg.ltrim('-').split('=').first;
    auto It = Known.find(Name);
    if (It == Known.end()) {
      if (!llvm::is_contained(LLVMOptions, Name))
        usageError("unknown option '" + Arg + "' (coopcheck --help lists them)");
      continue;
    }
    // A value given as the next argument is no option, whatever it starts with.
    if (!Arg.contains('=') && It->second->getValueExpectedFlag() == cl::ValueRequired)
      ++I;
  }
}

void parseCommandLine(int Argc, const char **Argv) {
  cl::HideUnrelatedOptions(Category);
  rejectUnknownOptions(Argc, Argv);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "coopcheck " << report::toolVersion() << "\n"; });
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "coopcheck: cooperative-groups and "
                                   "warp-synchronization checks for CUDA, HIP and MXMACA\n\n"
                                   "  coopcheck merge -o OUT IN...: merges the reports of "
                                   "--shard runs (coopcheck merge --help)\n",
                                   &ErrorStream)) {
    // An option's bad value is already on stderr, on LLVM's one line.
    std::string Reason = commandLineError(Errors);
    if (Reason.empty())
      std::exit(2);
    usageError(Reason);
  }
}

std::optional<report::Baseline> baseline() {
  if (!BaselineFile.getNumOccurrences())
    return std::nullopt;
  auto Loaded = report::Baseline::read(BaselineFile);
  if (!Loaded)
    usageError(toString(Loaded.takeError()));
  return std::move(*Loaded);
}

std::optional<report::LineFilter> lineFilter() {
  if (!LineFilterJson.getNumOccurrences())
    return std::nullopt;
  auto Parsed = report::LineFilter::parse(LineFilterJson);
  if (!Parsed)
    usageError(toString(Parsed.takeError()));
  return std::move(*Parsed);
}

/// --export-fixes: clang-tidy's MainSourceFile is its first source, made absolute.
void exportFixes(const report::Report &Report,
                 const std::optional<std::vector<analysis::CompileEntry>> &Database) {
  cli::FixExportContext Context{"", Report.SourceRoot};
  SmallString<256> Main(Files.empty() ? "" : Files.front());
  if (Main.empty() && Database && !Database->empty())
    Main = Database->front().File;
  if (!Main.empty())
    (void)sys::fs::make_absolute(Main);
  Context.MainSourceFile = std::string(Main);
  if (Error Err = cli::exportFixes(Report, ExportFixesFile, Context))
    usageError("cannot write '" + ExportFixesFile + "': " + toString(std::move(Err)));
}

std::optional<std::vector<analysis::CompileEntry>> compileDatabase() {
  if (BuildPath.empty())
    return std::nullopt;
  auto Loaded = analysis::loadCompileDatabase(BuildPath);
  if (!Loaded)
    usageError(toString(Loaded.takeError()));
  return std::move(*Loaded);
}

/// The rules' configuration: .clang-tidy files, or --config / --config-file, under the flags.
std::unique_ptr<cli::Configurations> configurations() {
  cli::ConfigurationFlags Flags;
  if (Checks.getNumOccurrences())
    Flags.Checks = Checks.getValue();
  Flags.Strict = Strict;
  Flags.Targets = TargetNames.getValue();
  Flags.Arch = ArchName.getValue();
  if (ConfigFile.getNumOccurrences())
    Flags.ConfigFile = ConfigFile.getValue();
  if (Config.getNumOccurrences())
    Flags.Config = Config.getValue();
  auto Configs = cli::Configurations::create(Flags);
  if (!Configs)
    usageError(toString(Configs.takeError()));
  return std::move(*Configs);
}

std::optional<cli::Shard> shard() {
  if (!ShardSpec.getNumOccurrences())
    return std::nullopt;
  auto Shard = cli::parseShard(ShardSpec);
  if (!Shard)
    usageError(toString(Shard.takeError()));
  return *Shard;
}

/// With --shard, the units of this shard: database entries by their path relative to the
/// database's directory, files on the command line relative to it too (or to the current
/// directory without -p).
void keepShard(const std::optional<cli::Shard> &Shard, cli::Inputs &In) {
  if (!Shard)
    return;
  SmallString<256> Base(BuildPath);
  if (!Base.empty() && !sys::fs::is_directory(Base)) // -p names the database file itself
    sys::path::remove_filename(Base);
  if (Base.empty())
    Base = ".";
  cli::keepShard(*Shard, Base, In);
}

/// --print-parse-args: one line of Clang arguments per unit.
int printParseArguments(const cli::Inputs &In, const cli::RunOptions &Options) {
  for (const cli::TranslationUnitInput &Unit : In.Units) {
    for (const std::string &Arg : cli::unitArguments(Unit, Options, /*HostSide=*/false))
      outs() << Arg << " ";
    outs() << "\n";
  }
  return In.Failures.empty() ? 0 : 2;
}

/// --export-compile-commands: DIR/compile_commands.json with each unit's Clang command.
int exportCompileCommands(const cli::Inputs &In, const cli::RunOptions &Options) {
  json::Array Entries;
  for (const cli::TranslationUnitInput &Unit : In.Units) {
    json::Array Arguments{"clang++"};
    for (const std::string &Arg : cli::unitArguments(Unit, Options, /*HostSide=*/false))
      Arguments.push_back(Arg);
    Arguments.push_back(Unit.File);
    Entries.push_back(json::Object{
        {"directory", Unit.Directory}, {"file", Unit.File}, {"arguments", std::move(Arguments)}});
  }
  if (std::error_code EC = sys::fs::create_directories(ExportCompileCommands))
    usageError("cannot create '" + ExportCompileCommands + "': " + EC.message());
  std::string Path = ExportCompileCommands + "/compile_commands.json";
  if (Error Err = analysis::writeAtomically(
          Path, formatv("{0:2}", json::Value(std::move(Entries))).str() + "\n"))
    usageError("cannot write '" + Path + "': " + toString(std::move(Err)));
  for (const report::InputFailure &F : In.Failures)
    errs() << "coopcheck: error: " << F.File << ": " << F.Reason << "\n";
  return In.Failures.empty() ? 0 : 2;
}

/// --dump-config: the configuration of the first source, or of a file in the current directory.
int dumpConfig(cli::Configurations &Configs) {
  SmallString<256> Path(Files.empty() ? "coopcheck-dump-config.cu" : Files.front());
  (void)sys::fs::make_absolute(Path);
  auto Config = Configs.forFile(Path);
  if (!Config)
    usageError(toString(Config.takeError()));
  outs() << cli::configurationYaml(*Config);
  return 0;
}

/// --warnings-as-errors: the matching rules' warnings become errors.
void warningsAsErrors(report::Report &Report) {
  if (WarningsAsErrors.empty())
    return;
  std::vector<std::string> Rules = cli::rulesMatching(WarningsAsErrors);
  unsigned Raised = 0;
  for (report::Finding &F : Report.Findings)
    if (F.Severity == report::Level::Warning && !F.Suppressed &&
        llvm::is_contained(Rules, F.RuleId)) {
      F.Severity = report::Level::Error;
      ++Raised;
    }
  if (Raised && !Quiet)
    errs() << "coopcheck: " << Raised << " warning" << (Raised == 1 ? "" : "s")
           << " treated as error" << (Raised == 1 ? "" : "s") << "\n";
}

std::optional<cli::HeaderFilter> headerFilter() {
  if (!HeaderFilterRegex.getNumOccurrences() && !ExcludeHeaderFilterRegex.getNumOccurrences())
    return std::nullopt;
  auto Filter = cli::HeaderFilter::create(HeaderFilterRegex, ExcludeHeaderFilterRegex);
  if (!Filter)
    usageError(toString(Filter.takeError()));
  return std::move(*Filter);
}

/// -o, --export-fixes and --export-facts never write over a file the run reads.
void refuseOverwritingInputs(const cli::Inputs &In) {
  std::vector<std::string> Read(Files.begin(), Files.end());
  for (const cli::TranslationUnitInput &Unit : In.Units)
    Read.push_back(Unit.File);
  if (!BuildPath.empty())
    Read.push_back(sys::fs::is_directory(BuildPath) ? BuildPath + "/compile_commands.json"
                                                    : BuildPath.getValue());
  for (const std::string *Named : {&ConfigFile.getValue(), &BaselineFile.getValue()})
    if (!Named->empty())
      Read.push_back(*Named);
  Read.insert(Read.end(), FactsFiles.begin(), FactsFiles.end());
  std::pair<StringRef, const std::string *> Outputs[] = {
      {"-o", &OutputFile.getValue()},
      {"--export-fixes", &ExportFixesFile.getValue()},
      {"--export-facts", &ExportFacts.getValue()}};
  for (const auto &[Option, Path] : Outputs)
    if (std::optional<std::string> Input = cli::inputNamedBy(*Path, Read))
      usageError(Option + " '" + *Path + "' is the input '" + *Input +
                 "': refusing to write over it");
}

/// 2 when an input could not be analysed (or, with --fail-on-compile-errors, had compile errors)
/// or a fix-it not written, 1 for findings at or above --fail-level, else 0.
int exitCode(const report::Report &Report, bool FixesWritten, report::Level Threshold) {
  for (const report::InputFailure &F : Report.Failures)
    errs() << "coopcheck: error: " << F.File << ": " << F.Reason << "\n";
  for (const report::PartialAnalysis &Unit : Report.Partial)
    if (!Quiet)
      errs() << "coopcheck: warning: " << Unit.File << ": " << Unit.reason() << "\n";
  if (!Report.Failures.empty() || !FixesWritten || (FailOnCompileErrors && !Report.Partial.empty()))
    return 2;
  for (const report::Finding &F : Report.Findings)
    if (!F.Suppressed && atOrAbove(F.Severity, Threshold))
      return 1;
  return 0;
}

} // namespace

int main(int argc, const char **argv) {
  (void)KeepModule;
  if (argc > 1 && StringRef(argv[1]) == "merge")
    return cli::mergeCommand(std::vector<std::string>(argv + 2, argv + argc));
  std::vector<std::string> ExtraArgs = compilerArguments(argc, argv);
  parseCommandLine(argc, argv);
  if (ListChecks)
    return listChecks();
  if (Explain.getNumOccurrences()) {
    if (std::optional<std::string> Error = cli::explainRule(Explain, outs()))
      usageError(*Error);
    return 0;
  }
  if (Format != "text" && Format != "json" && Format != "sarif" && Format != "html" &&
      Format != "codeclimate")
    usageError("--format must be text, json, sarif, codeclimate or html");
  cli::RunOptions Options = runOptions();
  Options.Parse.ExtraArgs = ExtraArgs;
  Options.Parse.ArgsBefore = ExtraArgsBefore;
  Options.Parse.ArgsAfter = ExtraArgsAfter;
  Options.Headers = headerFilter();
  std::unique_ptr<cli::Configurations> Configs = configurations();
  if (DumpConfig)
    return dumpConfig(*Configs);
  report::Level Threshold = failLevel(); // a bad one is a usage error before any analysis
  std::optional<report::Baseline> Baseline = baseline();
  std::optional<report::LineFilter> Lines = lineFilter();
  std::optional<cli::Shard> Shard = shard();
  std::optional<std::vector<analysis::CompileEntry>> Database = compileDatabase();
  if (Files.empty() && !Database)
    usageError("no input files (give source files, or -p <build dir>)");

  // Every parse reads the model headers of the binary's own prefix (support/InstallLayout.h).
  if (!sys::fs::is_directory(analysis::modelIncludeDir()))
    usageError("no model headers at " + analysis::modelIncludeDir() +
               ": coopcheck reads them from share/coopcheck/include of the prefix its bin/ is in");
  cli::Inputs In = cli::gatherInputs(Files, Database ? &*Database : nullptr);
  keepShard(Shard, In);
  refuseOverwritingInputs(In);
  for (const std::string &Warning : In.Warnings)
    if (!Quiet)
      errs() << "coopcheck: warning: " << Warning << "\n";
  if (PrintParseArgs)
    return printParseArguments(In, Options);
  if (ExportCompileCommands.getNumOccurrences())
    return exportCompileCommands(In, Options);
  auto Rules = cli::configureUnits(In.Units, *Configs);
  if (!Rules)
    usageError(toString(Rules.takeError()));
  if (std::optional<std::string> Warning = cli::unitsWithoutRules(*Rules); Warning && !Quiet)
    errs() << "coopcheck: warning: " << *Warning << "\n";
  Options.RulesByFile = std::move(*Rules);
  Options.Progress =
      !Quiet && (ShowProgress || (In.Units.size() > 1 && sys::Process::StandardErrIsDisplayed()));

  cli::enableCrashRecovery();
  report::Report Report = cli::analyse(std::move(In), Options);
  SmallString<256> Cwd;
  (void)sys::fs::current_path(Cwd); // empty when unknown: SARIF URIs are then absolute
  Report.SourceRoot = std::string(Cwd);
  // Known findings and those off the --line-filter leave the report, so the exit code, --fix and
  // --export-fixes see only the new ones on the lines asked for.
  if (Lines)
    Lines->removeFilteredFindings(Report);
  if (Baseline)
    Baseline->removeKnownFindings(Report);
  warningsAsErrors(Report);
  if (!FactsOnly)
    writeReport(Report);
  if (ExportFixesFile.getNumOccurrences())
    exportFixes(Report, Database);
  // The report describes the findings as found; the fixes are applied after it is written.
  bool FixesWritten = !FixInPlace || cli::applyFixes(Report);
  return exitCode(Report, FixesWritten, Threshold);
}
