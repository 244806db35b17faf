// A unit's session: everything one translation unit's analysis keeps, owned by one object that
// is created for the unit and dropped with it: the errors the compiler reported while parsing it,
// its analysis (UnitCache) and that analysis's deadline, and the stage the analysis is in. The
// checks of a unit and the front door that runs them reach it through UnitSessions, by the unit's
// preprocessor; a test that parses a unit owns its session directly.
#pragma once
#include "analysis/flow/UnitCache.h"
#include "analysis/frontend/CompileErrors.h"
#include "analysis/support/AnalysisStage.h"
#include "clang/Lex/Preprocessor.h"
#include <chrono>
#include <memory>
#include <optional>

namespace coopcheck::analysis {

/// What the front door sets for each unit.
struct SessionOptions {
  /// The time the analysis may take from its first check; none by default. The last safety
  /// net of a run (analyses are linear in the size of the code): a unit that reaches it
  /// reports the findings of the checks that finished.
  std::optional<std::chrono::milliseconds> TimeLimit;
  /// Where the stage is recorded, for the front door's crash reports; the session's own when
  /// null.
  StageRecord *Stages = nullptr;
  /// The blocks a kernel is launched with in the unit, when its launches say (launchedBlocks,
  /// from the launch analysis above this one); none when unset.
  UnitCache::LaunchedBlocksOf LaunchedBlocks;
  /// What the arguments a kernel's launches pass are multiples of (launchedArgumentMultiples).
  UnitCache::LaunchedMultiplesOf LaunchedMultiples;
};

class UnitSession {
public:
  /// Starts the session of the unit PP preprocesses: from now on the compiler's errors are
  /// recorded (PP's diagnostics still reach the consumer the front door installed).
  explicit UnitSession(clang::Preprocessor &PP, SessionOptions Opts = {});
  ~UnitSession();
  UnitSession(const UnitSession &) = delete;
  UnitSession &operator=(const UnitSession &) = delete;

  /// The unit's analysis, made on first use, once Ctx holds the parsed unit; the deadline runs
  /// from then.
  UnitCache &analysis(clang::ASTContext &Ctx);
  StageRecord &stages() { return Opts.Stages ? *Opts.Stages : OwnStages; }
  /// Where the compiler has reported errors in the unit so far.
  const CompileErrors::Log &compileErrors() const { return *ReportedErrors; }

private:
  clang::Preprocessor &PP;
  SessionOptions Opts;
  StageRecord OwnStages;
  std::shared_ptr<const CompileErrors::Log> ReportedErrors;
  std::unique_ptr<UnitCache> Analysis;
};

struct SessionDirectory;

/// The sessions of the units being parsed, each found by its unit's preprocessor: the checks of
/// a unit, created one by one, and the front door that runs them share one session. A session
/// belongs to its preprocessor and is dropped with it, so a later unit never meets an earlier
/// one's state, on the same thread or at the same address. Safe on several threads at once:
/// clangd builds units in parallel with one set of check factories.
class UnitSessions {
public:
  UnitSessions();
  ~UnitSessions();

  /// The session of PP's unit, started with Opts when it has none.
  UnitSession &sessionOf(clang::Preprocessor &PP, const SessionOptions &Opts = {});

private:
  std::shared_ptr<SessionDirectory> Directory;
};

} // namespace coopcheck::analysis
