#include "tools/coopcheck/Configuration.h"
#include "checks/RuleTable.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "runtime-model/semantics/Architectures.h"
#include "runtime-model/semantics/Platform.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace clang::tidy;

namespace coopcheck::cli {
namespace {

llvm::Error failure(const llvm::Twine &Reason) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Reason);
}

/// Parses configuration text with clang-tidy's own parser, keeping the first error with where it
/// is ("FILE:LINE:COL: unknown key 'Chekcs'") instead of letting it reach stderr.
class ParseErrors {
public:
  llvm::ErrorOr<ClangTidyOptions> parse(llvm::MemoryBufferRef Text) {
    std::string Where;
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfigurationWithDiags(Text, [&](const llvm::SMDiagnostic &D) {
          if (Where.empty())
            Where = (D.getFilename() + ":" + llvm::Twine(D.getLineNo()) + ":" +
                     llvm::Twine(D.getColumnNo() + 1) + ": " + D.getMessage())
                        .str();
        });
    if (Parsed)
      return Parsed;
    if (First.empty())
      First = Where.empty()
                  ? (Text.getBufferIdentifier() + ": " + Parsed.getError().message()).str()
                  : Where;
    // No error code: clang-tidy's provider then skips the file without a message of its own. The
    // run stops on First before any unit is analysed.
    return std::error_code();
  }
  std::string First;
};

/// One of clang-tidy's providers, reading .clang-tidy files through ParseErrors.
template <typename Provider> class Checked : public Provider {
public:
  template <typename... Args>
  explicit Checked(ParseErrors &Errors, Args &&...A) : Provider(std::forward<Args>(A)...) {
    this->ConfigHandlers = {
        {".clang-tidy", [&Errors](llvm::MemoryBufferRef Text) { return Errors.parse(Text); }}};
  }
};

/// Where a value came from, as a user names it.
std::string sourceName(llvm::StringRef Source, llvm::StringRef ConfigName) {
  if (Source == ClangTidyOptionsProvider::OptionsSourceTypeConfigCommandLineOption)
    return ConfigName.str();
  if (Source == ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption)
    return "the command line";
  return Source.str();
}

bool isBool(llvm::StringRef Value) {
  long long Number;
  return Value == "true" || Value == "false" || !Value.getAsInteger(10, Number);
}

/// Why a cg-* option's value cannot be used, or an empty string (also for a key that names no
/// option of the rule table: clang-tidy ignores those).
std::string badValue(llvm::StringRef Key, llvm::StringRef Value) {
  auto [Rule, Name] = Key.rsplit('.');
  const checks::RuleOption *Option = checks::findRuleOption(Rule, Name);
  if (!Option)
    return "";
  switch (Option->Type) {
  case checks::OptionType::GpuPart:
    if (!Value.empty() && !model::findGpuPart(Value))
      return "unknown part '" + Value.str() + "'; known parts: " + model::gpuPartIds();
    return "";
  case checks::OptionType::PlatformList:
    if (!Value.empty() && !model::parsePlatformList(Value))
      return "unknown platform in '" + Value.str() + "'; known: cuda, hip, maca";
    return "";
  case checks::OptionType::Bool:
    return isBool(Value) ? "" : "'" + Value.str() + "' is not true or false";
  case checks::OptionType::Path:
    return "";
  }
  return "";
}

/// The options every cg-* check reads, as the checks themselves declare them.
const ClangTidyOptions::OptionMap &knownOptions() {
  static const ClangTidyOptions::OptionMap Known = [] {
    ClangTidyOptions All = ClangTidyOptions::getDefaults();
    All.Checks = "-*,cg-*";
    return getCheckOptions(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false,
                           /*ExperimentalCustomChecks=*/false);
  }();
  return Known;
}

bool isRuleOption(llvm::StringRef Key) {
  return Key.starts_with("cg-") && checks::findRule(Key.split('.').first);
}

/// Whether a Checks list has a cg- entry (`cg-warp-mask`, `-cg-*`); `*` and `-*` are none.
bool namesCoopcheckRule(llvm::StringRef Globs) {
  std::string Separated = Globs.str(); // clang-tidy separates globs by commas and newlines
  llvm::replace(Separated, '\n', ',');
  return llvm::any_of(llvm::split(Separated, ','), [](llvm::StringRef Glob) {
    Glob = Glob.trim();
    Glob.consume_front("-");
    return Glob.starts_with("cg-");
  });
}

/// The Checks of the merged sources, as clang-tidy concatenates them, leaving out a file's (or
/// --config's) that has no cg- entry: a project's `-*,modernize-*` is written for clang-tidy's
/// other checks, and someone who runs coopcheck asked for its rules. The plugin keeps
/// clang-tidy's meaning (no rule).
std::string checksOf(const std::vector<ClangTidyOptionsProvider::OptionsSource> &Sources) {
  std::string Checks;
  for (const auto &[Options, Source] : Sources) {
    bool FromProject = Source != ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary &&
                       Source != ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption;
    if (Options.Checks && (!FromProject || namesCoopcheckRule(*Options.Checks)))
      Checks += (Checks.empty() ? "" : ",") + *Options.Checks;
  }
  return Checks;
}

} // namespace

std::vector<std::string> UnitConfiguration::defaultRules() {
  std::vector<std::string> Rules;
  for (const checks::RuleInfo &R : checks::allRules())
    Rules.push_back(R.Id.str());
  llvm::sort(Rules); // one order, whatever the files' globs: the cache keys by it
  return Rules;
}

bool UnitConfiguration::enables(llvm::StringRef Rule) const {
  return llvm::is_contained(Rules, Rule);
}

std::string UnitConfiguration::checkList() const {
  std::string List = "-*";
  for (const std::string &Rule : Rules)
    List += "," + Rule;
  return List;
}

std::map<std::string, std::string> flagCheckOptions(const ConfigurationFlags &Flags) {
  // The flag's value as a value of the options it sets; empty when the flag is not given.
  auto ValueOf = [&](llvm::StringRef Flag) -> std::string {
    if (Flag == "--strict")
      return Flags.Strict ? "true" : "";
    if (Flag == "--targets")
      return Flags.Targets;
    if (Flag == "--arch")
      return Flags.Arch;
    return "";
  };
  std::map<std::string, std::string> Map;
  for (const checks::RuleOption &Option : checks::allRuleOptions())
    if (std::string Value = ValueOf(Option.Flag); !Value.empty())
      Map[Option.key()] = Value;
  return Map;
}

llvm::Expected<std::string> checksFromFlag(llvm::StringRef Globs) {
  std::string List;
  for (llvm::StringRef Glob : llvm::split(Globs, ',')) {
    Glob = Glob.trim();
    if (Glob.empty())
      continue;
    bool Negative = Glob.consume_front("-");
    auto Pattern = llvm::GlobPattern::create(Glob);
    if (!Pattern)
      return failure("invalid --checks glob '" + Glob + "'");
    bool Matches = false;
    for (const checks::RuleInfo &R : checks::allRules())
      Matches |= Pattern->match(R.Id);
    if (!Matches && !Negative && Glob != "*")
      return failure("--checks: no rule matches '" + Glob + "' (see --list-checks)");
    // A list that starts with a rule names the rules to run, whatever a file enabled.
    if (List.empty() && !Negative)
      List = "-*";
    List += (List.empty() ? "" : ",") + std::string(Negative ? "-" : "") + Glob.str();
  }
  return List;
}

std::vector<std::string> rulesMatching(llvm::StringRef Globs) {
  GlobList Matching(Globs);
  std::vector<std::string> Rules;
  for (const checks::RuleInfo &R : checks::allRules())
    if (Matching.contains(R.Id))
      Rules.push_back(R.Id.str());
  return Rules;
}

/// A YAML single-quoted scalar: every character as it is, a quote doubled.
static std::string singleQuoted(llvm::StringRef Text) {
  std::string Quoted = "'";
  for (char C : Text)
    Quoted += C == '\'' ? std::string("''") : std::string(1, C);
  return Quoted + "'";
}

std::string configurationYaml(const UnitConfiguration &Config) {
  std::string Yaml = "---\nChecks: " + singleQuoted(Config.checkList()) + "\nCheckOptions:\n";
  for (const checks::RuleOption &Option : checks::allRuleOptions()) {
    if (!Config.enables(Option.Rule))
      continue;
    auto Set = Config.CheckOptions.find(Option.key());
    Yaml += "  " + Option.key() + ": " +
            singleQuoted(Set != Config.CheckOptions.end() ? Set->second : Option.Default.str()) +
            "\n";
  }
  return Yaml + "...\n";
}

struct Configurations::State {
  ParseErrors Errors; // before Provider, whose handlers refer to it
  std::unique_ptr<ClangTidyOptionsProvider> Provider;
  std::string ConfigName; ///< how --config or --config-file is named in errors
};

Configurations::Configurations(std::unique_ptr<State> S) : S(std::move(S)) {}
Configurations::~Configurations() = default;

llvm::Expected<std::unique_ptr<Configurations>>
Configurations::create(const ConfigurationFlags &Flags) {
  auto S = std::make_unique<State>();
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,cg-*";
  ClangTidyOptions Overrides;
  if (Flags.Checks) {
    llvm::Expected<std::string> Checks = checksFromFlag(*Flags.Checks);
    if (!Checks)
      return Checks.takeError();
    Overrides.Checks = *Checks;
  }
  for (const auto &[Key, Value] : flagCheckOptions(Flags))
    Overrides.CheckOptions[Key] = ClangTidyOptions::ClangTidyValue(Value);
  if (Flags.Config && Flags.ConfigFile)
    return failure("--config and --config-file exclude each other");
  if (!Flags.Config && !Flags.ConfigFile) {
    S->Provider = std::make_unique<Checked<FileOptionsProvider>>(
        S->Errors, ClangTidyGlobalOptions(), Defaults, Overrides, /*FS=*/nullptr);
    return std::unique_ptr<Configurations>(new Configurations(std::move(S)));
  }
  std::string Text;
  if (Flags.ConfigFile) {
    auto Read = llvm::MemoryBuffer::getFile(*Flags.ConfigFile);
    if (!Read)
      return failure("cannot read --config-file '" + *Flags.ConfigFile +
                     "': " + Read.getError().message());
    Text = (*Read)->getBuffer().str();
    S->ConfigName = *Flags.ConfigFile;
  } else {
    Text = *Flags.Config;
    S->ConfigName = "--config";
  }
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      S->Errors.parse(llvm::MemoryBufferRef(Text, S->ConfigName));
  if (!Parsed)
    return failure(S->Errors.First);
  S->Provider = std::make_unique<Checked<ConfigOptionsProvider>>(
      S->Errors, ClangTidyGlobalOptions(), Defaults, *Parsed, Overrides, /*FS=*/nullptr);
  return std::unique_ptr<Configurations>(new Configurations(std::move(S)));
}

llvm::Expected<UnitConfiguration> Configurations::forFile(llvm::StringRef Path) {
  std::vector<ClangTidyOptionsProvider::OptionsSource> Sources = S->Provider->getRawOptions(Path);
  if (!S->Errors.First.empty())
    return failure(S->Errors.First);
  // Merged as ClangTidyOptionsProvider::getOptions merges them, remembering who set each option.
  ClangTidyOptions Merged;
  std::map<std::string, std::string> SetBy;
  unsigned Priority = 0;
  for (const auto &[Options, Source] : Sources) {
    Merged.mergeWith(Options, ++Priority);
    for (const auto &Entry : Options.CheckOptions)
      SetBy[Entry.getKey().str()] = sourceName(Source, S->ConfigName);
  }
  UnitConfiguration Config;
  GlobList Enabled(checksOf(Sources));
  llvm::erase_if(Config.Rules, [&](const std::string &Rule) { return !Enabled.contains(Rule); });
  for (const auto &Entry : Merged.CheckOptions) {
    llvm::StringRef Key = Entry.getKey();
    if (!isRuleOption(Key))
      continue; // another tool's option: clang-tidy's business
    if (!knownOptions().count(Key))
      return failure(SetBy[Key.str()] + ": " + Key + ": no such option of " + Key.split('.').first +
                     " (see docs/checks/" + Key.split('.').first + ".md)");
    std::string Bad = badValue(Key, Entry.getValue().Value);
    if (!Bad.empty())
      return failure(SetBy[Key.str()] + ": " + Key + ": " + Bad);
    Config.CheckOptions[Key.str()] = Entry.getValue().Value;
  }
  return Config;
}

const std::string &configurationPath(const TranslationUnitInput &Unit) {
  return Unit.OnlyFindingsIn ? *Unit.OnlyFindingsIn : Unit.File;
}

llvm::Expected<std::map<std::string, UnitConfiguration>>
configureUnits(const std::vector<TranslationUnitInput> &Units, Configurations &Configs) {
  std::map<std::string, UnitConfiguration> ByFile;
  for (const TranslationUnitInput &Unit : Units) {
    const std::string &Path = configurationPath(Unit);
    if (ByFile.count(Path))
      continue;
    llvm::Expected<UnitConfiguration> Config = Configs.forFile(Path);
    if (!Config)
      return Config.takeError();
    ByFile.emplace(Path, std::move(*Config));
  }
  return ByFile;
}

std::optional<std::string>
unitsWithoutRules(const std::map<std::string, UnitConfiguration> &ByFile) {
  size_t Without = 0;
  const std::string *Example = nullptr;
  for (const auto &[File, Config] : ByFile)
    if (Config.Rules.empty() && ++Without == 1)
      Example = &File;
  if (!Without)
    return std::nullopt;
  return "no cg- rule is enabled for " +
         (Without == 1 ? *Example : std::to_string(Without) + " files (" + *Example + ", ...)") +
         " by its .clang-tidy or --config; name the rules in Checks: or --checks";
}

} // namespace coopcheck::cli
