#include "tools/coopcheck/Configuration.h"
#include "test/unit/report/TempTree.h"
#include <gtest/gtest.h>

using namespace coopcheck::cli;
using coopcheck::report::test::TempTree;

// The checks' own option declarations (storeOptions) say which cg-* options exist.
extern volatile int CoopcheckModuleAnchorSource;
static int KeepModule = CoopcheckModuleAnchorSource;

namespace {

std::string errorOf(llvm::Error E) { return E ? llvm::toString(std::move(E)) : ""; }

UnitConfiguration configOf(const ConfigurationFlags &Flags, const std::string &File) {
  auto Configs = Configurations::create(Flags);
  EXPECT_TRUE(bool(Configs)) << (Configs ? "" : errorOf(Configs.takeError()));
  auto Config = (*Configs)->forFile(File);
  EXPECT_TRUE(bool(Config)) << (Config ? "" : errorOf(Config.takeError()));
  return Config ? *Config : UnitConfiguration();
}

/// The one-line error of configuring File, or "" when it configures.
std::string configError(const ConfigurationFlags &Flags, const std::string &File) {
  auto Configs = Configurations::create(Flags);
  if (!Configs)
    return errorOf(Configs.takeError());
  auto Config = (*Configs)->forFile(File);
  return Config ? "" : errorOf(Config.takeError());
}

std::string option(const UnitConfiguration &C, const std::string &Key) {
  auto It = C.CheckOptions.find(Key);
  return It == C.CheckOptions.end() ? "<unset>" : It->second;
}

const char *ProjectConfig = "Checks: '-*,cg-warp-mask,cg-cooperative-launch,bugprone-*'\n"
                            "CheckOptions:\n"
                            "  cg-cooperative-launch.Arch: h100-sxm\n"
                            "  readability-function-size.StatementThreshold: 60\n";

TEST(Configuration, NoFileRunsEveryRuleWithoutOptions) {
  TempTree Tree;
  UnitConfiguration C = configOf({}, Tree.write("k.cu", ""));
  EXPECT_EQ(C.Rules, UnitConfiguration::defaultRules());
  EXPECT_TRUE(C.CheckOptions.empty());
}

TEST(Configuration, NearestFileGivesRulesAndCgOptionsOnly) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  UnitConfiguration C = configOf({}, Tree.write("src/deep/k.cu", ""));
  EXPECT_EQ(C.checkList(), "-*,cg-cooperative-launch,cg-warp-mask");
  EXPECT_EQ(C.CheckOptions,
            (std::map<std::string, std::string>{{"cg-cooperative-launch.Arch", "h100-sxm"}}));
}

TEST(Configuration, NearestFileWinsWholeWithoutInheritParentConfig) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  Tree.write("sub/.clang-tidy", "Checks: '-*,cg-tile-size'\n");
  UnitConfiguration C = configOf({}, Tree.write("sub/k.cu", ""));
  EXPECT_EQ(C.checkList(), "-*,cg-tile-size");
  EXPECT_EQ(option(C, "cg-cooperative-launch.Arch"), "<unset>");
}

TEST(Configuration, InheritParentConfigAddsToTheParent) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  Tree.write("sub/.clang-tidy", "InheritParentConfig: true\nChecks: '-cg-warp-mask,cg-tile-size'\n"
                                "CheckOptions: {cg-early-exit-before-sync.Strict: true}\n");
  UnitConfiguration C = configOf({}, Tree.write("sub/k.cu", ""));
  EXPECT_EQ(C.checkList(), "-*,cg-cooperative-launch,cg-tile-size");
  EXPECT_EQ(option(C, "cg-cooperative-launch.Arch"), "h100-sxm");
  EXPECT_EQ(option(C, "cg-early-exit-before-sync.Strict"), "true");
}

// A project's .clang-tidy written for clang-tidy's other checks does not turn coopcheck off; one
// that names a cg- rule is read as clang-tidy reads it, -cg-* included.
TEST(Configuration, FileWithoutCgEntryLeavesEveryRule) {
  TempTree Tree;
  Tree.write("lib/.clang-tidy", "Checks: '-*,modernize-*,\n  readability-*'\n"
                                "CheckOptions: {cg-cooperative-launch.Arch: h100-sxm}\n");
  UnitConfiguration C = configOf({}, Tree.write("lib/k.cu", ""));
  EXPECT_EQ(C.Rules, UnitConfiguration::defaultRules());
  EXPECT_EQ(option(C, "cg-cooperative-launch.Arch"), "h100-sxm");
  Tree.write("one/.clang-tidy", "Checks: '-*,modernize-*,cg-tile-size'\n");
  EXPECT_EQ(configOf({}, Tree.write("one/k.cu", "")).checkList(), "-*,cg-tile-size");
  Tree.write("off/.clang-tidy", "Checks: '-cg-*,bugprone-*'\n");
  EXPECT_TRUE(configOf({}, Tree.write("off/k.cu", "")).Rules.empty());
  Tree.write("lib/sub/.clang-tidy", "InheritParentConfig: true\nChecks: '-cg-warp-mask'\n");
  EXPECT_FALSE(configOf({}, Tree.write("lib/sub/k.cu", "")).enables("cg-warp-mask"));
  ConfigurationFlags Flags;
  Flags.Checks = "cg-warp-mask";
  EXPECT_EQ(configOf(Flags, Tree.path("off/k.cu")).checkList(), "-*,cg-warp-mask");
}

TEST(Configuration, FlagsWinOverFiles) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  std::string File = Tree.write("k.cu", "");
  ConfigurationFlags Flags;
  Flags.Arch = "mi300x";
  Flags.Checks = "-cg-warp-mask";
  UnitConfiguration C = configOf(Flags, File);
  EXPECT_EQ(C.checkList(), "-*,cg-cooperative-launch");
  EXPECT_EQ(option(C, "cg-cooperative-launch.Arch"), "mi300x");
  Flags.Checks = "cg-tile-size"; // a list that starts with a rule replaces the file's
  EXPECT_EQ(configOf(Flags, File).checkList(), "-*,cg-tile-size");
}

TEST(Configuration, ChecksFlagNamesOrChangesRules) {
  EXPECT_EQ(*checksFromFlag("cg-warp-mask"), "-*,cg-warp-mask");
  EXPECT_EQ(*checksFromFlag("-*,cg-*"), "-*,cg-*");
  EXPECT_EQ(*checksFromFlag("-cg-deadlock"), "-cg-deadlock");
  EXPECT_EQ(errorOf(checksFromFlag("cg-nonexistent").takeError()),
            "--checks: no rule matches 'cg-nonexistent' (see --list-checks)");
}

TEST(Configuration, ConfigReplacesFilesUnlessItInherits) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  std::string File = Tree.write("k.cu", "");
  ConfigurationFlags Flags;
  Flags.Config = "{Checks: '-*,cg-shuffle-type'}";
  UnitConfiguration C = configOf(Flags, File);
  EXPECT_EQ(C.checkList(), "-*,cg-shuffle-type");
  EXPECT_TRUE(C.CheckOptions.empty());
  Flags.Config = "{InheritParentConfig: true, Checks: 'cg-shuffle-type'}";
  C = configOf(Flags, File);
  EXPECT_EQ(C.checkList(), "-*,cg-cooperative-launch,cg-shuffle-type,cg-warp-mask");
  EXPECT_EQ(option(C, "cg-cooperative-launch.Arch"), "h100-sxm");
}

TEST(Configuration, ConfigFileReplacesFiles) {
  TempTree Tree;
  Tree.write(".clang-tidy", ProjectConfig);
  ConfigurationFlags Flags;
  Flags.ConfigFile = Tree.write("elsewhere/team.yaml", "Checks: '-*,cg-tile-size'\n");
  EXPECT_EQ(configOf(Flags, Tree.write("k.cu", "")).checkList(), "-*,cg-tile-size");
}

TEST(Configuration, MalformedFileIsOneLineNamingIt) {
  TempTree Tree;
  std::string Config = Tree.write(".clang-tidy", "Checks: '-*,cg-warp-mask'\nChekcs: x\n");
  std::string Error = configError({}, Tree.write("k.cu", ""));
  EXPECT_EQ(Error, Config + ":2:1: unknown key 'Chekcs'");
  Tree.write(".clang-tidy", "Checks: [unclosed\n");
  Error = configError({}, Tree.path("k.cu"));
  EXPECT_EQ(Error.rfind(Config + ":", 0), 0u) << Error;
  EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
}

TEST(Configuration, BadCgOptionNamesWhereItWasSet) {
  TempTree Tree;
  std::string Config =
      Tree.write(".clang-tidy", "CheckOptions: {cg-cooperative-launch.Arch: gtx9000}\n");
  std::string File = Tree.write("k.cu", "");
  EXPECT_EQ(configError({}, File).rfind(Config + ": cg-cooperative-launch.Arch: unknown part "
                                                 "'gtx9000'; known parts: ",
                                        0),
            0u)
      << configError({}, File);
  Tree.write(".clang-tidy", "CheckOptions: {cg-warp-mask.Arch: h100-sxm}\n");
  EXPECT_EQ(configError({}, File), Config + ": cg-warp-mask.Arch: no such option of cg-warp-mask "
                                            "(see docs/checks/cg-warp-mask.md)");
  Tree.write(".clang-tidy", "CheckOptions: {cg-divergent-collective.Strict: maybe}\n");
  EXPECT_EQ(configError({}, File),
            Config + ": cg-divergent-collective.Strict: 'maybe' is not true or false");
  ConfigurationFlags Flags;
  Flags.Config = "{CheckOptions: {cg-early-exit-before-sync.Targets: 'cuda,opencl'}}";
  EXPECT_EQ(configError(Flags, File), "--config: cg-early-exit-before-sync.Targets: unknown "
                                      "platform in 'cuda,opencl'; known: cuda, hip, maca");
}

TEST(Configuration, ConfigAndConfigFileExcludeEachOther) {
  ConfigurationFlags Flags;
  Flags.Config = "{}";
  Flags.ConfigFile = "/nonexistent";
  EXPECT_EQ(configError(Flags, "/k.cu"), "--config and --config-file exclude each other");
  Flags.Config.reset();
  EXPECT_EQ(configError(Flags, "/k.cu").rfind("cannot read --config-file '/nonexistent': ", 0), 0u);
  Flags.ConfigFile.reset();
  Flags.Config = "{Checks: [}";
  EXPECT_EQ(configError(Flags, "/k.cu").rfind("--config:1:", 0), 0u) << configError(Flags, "/k.cu");
}

TEST(Configuration, UnitsWithoutRulesAreNamed) {
  UnitConfiguration None;
  None.Rules.clear();
  EXPECT_FALSE(unitsWithoutRules({{"/p/a.cu", UnitConfiguration()}}));
  EXPECT_EQ(unitsWithoutRules({{"/p/a.cu", UnitConfiguration()}, {"/p/b.cu", None}}).value_or(""),
            "no cg- rule is enabled for /p/b.cu by its .clang-tidy or --config; name the rules in "
            "Checks: or --checks");
  EXPECT_EQ(unitsWithoutRules({{"/p/b.cu", None}, {"/p/c.cu", None}}).value_or("").substr(0, 48),
            "no cg- rule is enabled for 2 files (/p/b.cu, ...");
}

} // namespace
