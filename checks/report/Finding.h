// What the CLI reports: findings with their notes and fix-its, and inputs that could not be
// analysed. Independent of Clang so that the writers and their tests need no AST.
#pragma once
#include "runtime-model/semantics/FailureKind.h"
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::report {

enum class Level { Error, Warning, Note };

const char *levelName(Level L); ///< "error", "warning", "note" (also the SARIF level)

/// A source range, 1-based lines and columns; EndColumn is exclusive as in SARIF.
struct SourceSpan {
  std::string File; ///< absolute path
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
};

/// A place in a source file, 1-based; Column 0 where the place has no column.
struct SourcePosition {
  std::string File; ///< absolute path
  unsigned Line = 0, Column = 0;
};

/// An ordered note: the divergent condition, the exit, the barrier inside a callee, the launch
/// site.
struct Note {
  SourceSpan Location;
  std::string Message;
};

struct FixIt {
  SourceSpan Range;
  std::string Replacement;
};

/// Threads that behaved alike on the executor's failing run, and where they ended.
struct ThreadGroup {
  std::string Threads; ///< "block 1, threads 0-63"
  std::string What;    ///< "wait at grid.sync()", "left the kernel"
  SourceSpan Location;
  /// The same threads for drawing them: the block's linear index and the threads' ranks in it, as
  /// inclusive ranges. Unset and empty where the executor did not say.
  std::optional<unsigned> Block = std::nullopt;
  std::vector<std::pair<unsigned, unsigned>> Ranks = {};
};

/// Threads of one block: its linear index and the threads' ranks in it, as inclusive ranges.
struct BlockRanks {
  unsigned Block = 0;
  std::vector<std::pair<unsigned, unsigned>> Ranks;
};

/// On a block-barrier mismatch: threads that passed each barrier call site the same number of
/// times, one colour of the picture.
struct BarrierPassing {
  std::string Threads; ///< "blocks 0-1, threads 0-15"
  /// Times passed, one per site of Witness::BarrierSites in its order; 0 where they skipped it.
  std::vector<unsigned> Passes;
  std::vector<BlockRanks> Members; ///< the same threads for drawing them
};

/// "once", "twice", "3 times": how often threads passed a barrier.
std::string timesWord(unsigned Times);

/// How the symbolic executor reproduced a finding (SARIF properties.witness and codeFlows).
struct Witness {
  model::FailureKind Kind = model::FailureKind::Hang;
  std::string Grid;                                        ///< "2 blocks of 64 threads"
  std::vector<std::pair<std::string, std::string>> Inputs; ///< input and the value that leads there
  std::vector<ThreadGroup> Threads;
  /// For a mismatch: the collective contract the run broke (empty for a hang or a trap).
  std::string Violation;
  /// The replayed launch counted along all axes, for drawing the grid; 0 where not known.
  unsigned Blocks = 0, ThreadsPerBlock = 0, WarpSize = 0;
  /// For a mismatch of block barriers: their call sites in source order, and every thread of the
  /// grid grouped by how often it passed each. Empty for other witnesses.
  std::vector<SourceSpan> BarrierSites = {};
  std::vector<BarrierPassing> Passing = {};
};

struct Finding {
  std::string RuleId; ///< "cg-early-exit-before-sync"
  Level Severity = Level::Error;
  std::string Message;
  SourceSpan Location;
  std::vector<Note> Notes;
  std::vector<FixIt> Fixes;
  /// Set when a NOLINT comment covers the finding; SARIF keeps it with a suppression.
  bool Suppressed = false;
  /// Set by the executor: true with a witness when it reproduced the finding.
  std::optional<bool> Confirmed;
  std::optional<report::Witness> Witness;
  /// The collective call the finding is about, where Clang's line tables place it (the `sync` of
  /// `g.sync()`): confirmation matches the executor's failure sites to it. Set by the CLI from the
  /// check's diagnostic (checks/FindingAnchor.h), for the rules the executor may confirm; no
  /// report shows it.
  std::optional<SourcePosition> Anchor = std::nullopt;
};

/// An input that could not be analysed: missing, unreadable, not source, compile errors.
struct InputFailure {
  std::string File;
  std::string Reason; ///< one line
};

/// A unit analysed in part: compile errors broke some of its functions, which no rule looked at,
/// or it reached the per-unit time bound.
struct PartialAnalysis {
  std::string File;
  unsigned CompileErrors = 0;
  std::string FirstError; ///< "12:5: use of undeclared identifier 'x'"
  unsigned FunctionsNotAnalysed = 0;
  unsigned Functions = 0;
  /// Of them, those whose text names a collective or a warp intrinsic, and those not analysed.
  unsigned CollectiveFunctionsNotAnalysed = 0;
  unsigned CollectiveFunctions = 0;
  /// Set when the unit reached its time bound: the checks that had not run yet did not run.
  std::optional<unsigned> StoppedAfterSeconds;
  /// "3 compile errors (first: 12:5: ...); 2 of 40 functions not analysed", and/or "analysis
  /// stopped at the per-unit bound of 120 s: some checks did not run"
  std::string reason() const;
};

struct Report {
  std::vector<Finding> Findings;
  std::vector<InputFailure> Failures;
  /// The directory that SARIF URIs are relative to (%SRCROOT%): the current directory of the run.
  std::string SourceRoot;
  std::vector<PartialAnalysis> Partial = {};
};

} // namespace coopcheck::report
