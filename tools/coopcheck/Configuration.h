// The rules each unit runs and their options, read as clang-tidy reads them: the nearest
// .clang-tidy up from the source (InheritParentConfig merging it with the one above), or
// --config / --config-file instead, with coopcheck's own flags on top. One .clang-tidy thus
// configures the CLI, the clang-tidy plugin and coopcheck-clangd alike. Only cg-* checks and
// their options matter here; everything else in the files is left to clang-tidy. A file's Checks
// that names no cg- rule (`-*,modernize-*`) leaves the CLI's default, every rule: the plugin
// keeps clang-tidy's meaning, none.
#pragma once
#include "tools/coopcheck/Inputs.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::cli {

/// The command-line flags that configure the rules. They win over the files (flag > file >
/// default).
struct ConfigurationFlags {
  std::optional<std::string> Checks;     ///< --checks, when given
  bool Strict = false;                   ///< --strict
  std::string Targets;                   ///< --targets
  std::string Arch;                      ///< --arch
  std::optional<std::string> ConfigFile; ///< --config-file
  std::optional<std::string> Config;     ///< --config
};

/// What one unit runs: the enabled rules and the options of cg-* checks.
struct UnitConfiguration {
  std::vector<std::string> Rules = defaultRules();
  std::map<std::string, std::string> CheckOptions;

  /// Every rule of the rule table: what runs when nothing says otherwise.
  static std::vector<std::string> defaultRules();
  bool enables(llvm::StringRef Rule) const;
  /// The rules as a clang-tidy check list ("-*,cg-a,cg-b").
  std::string checkList() const;
};

/// The check options the flags stand for (--strict, --targets, --arch).
std::map<std::string, std::string> flagCheckOptions(const ConfigurationFlags &Flags);

/// The clang-tidy check list for a --checks value, which is appended after a file's Checks as
/// clang-tidy appends its --checks: a list that starts with a rule ("cg-warp-mask,...") names the
/// rules to run and replaces the file's, one that starts with a negative glob ("-cg-deadlock")
/// changes them. An error when a glob is invalid or a positive one matches no rule.
llvm::Expected<std::string> checksFromFlag(llvm::StringRef Globs);

/// The rules a clang-tidy glob list matches ("cg-*,-cg-warp-size"), as clang-tidy reads
/// --warnings-as-errors.
std::vector<std::string> rulesMatching(llvm::StringRef Globs);

/// Config as .clang-tidy YAML (--dump-config): its Checks, and every option of its rules with the
/// value it has, the default where nothing sets one.
std::string configurationYaml(const UnitConfiguration &Config);

/// The configuration of each unit, looked up for the file whose findings it reports.
class Configurations {
public:
  static llvm::Expected<std::unique_ptr<Configurations>> create(const ConfigurationFlags &Flags);
  ~Configurations();

  /// The configuration of a source; an error on one line when a file that applies to it is
  /// malformed or gives a cg-* option a value it cannot have.
  llvm::Expected<UnitConfiguration> forFile(llvm::StringRef Path);

private:
  struct State;
  explicit Configurations(std::unique_ptr<State> S);
  std::unique_ptr<State> S;
};

/// The file a unit's configuration is looked up for: the header it reports on, else its source
/// (as clangd looks up a header's configuration for the header).
const std::string &configurationPath(const TranslationUnitInput &Unit);

/// The configuration of every unit, by configurationPath.
llvm::Expected<std::map<std::string, UnitConfiguration>>
configureUnits(const std::vector<TranslationUnitInput> &Units, Configurations &Configs);

/// A warning when the configuration enables no rule for some units (a project's .clang-tidy with
/// "-cg-*"): they are analysed for nothing but the cross-unit facts.
std::optional<std::string>
unitsWithoutRules(const std::map<std::string, UnitConfiguration> &ByFile);

} // namespace coopcheck::cli
