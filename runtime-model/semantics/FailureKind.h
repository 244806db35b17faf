// How a replayed kernel visibly goes wrong: the kind of a confirmed finding's witness
// (docs/architecture.md, "Confirmation"). The executor classifies its failing paths with it and
// every report format spells it with failureKindName. No LLVM here: checks/report includes it.
#pragma once
#include <optional>
#include <string_view>

namespace coopcheck::model {

enum class FailureKind {
  Hang,     ///< threads wait at a collective forever
  Trap,     ///< the kernel traps (grid.sync() without a cooperative launch, a trap)
  Mismatch, ///< the run finished but broke a collective's contract: data may be silently wrong
  Crash,    ///< the host crashes (probe P12); the executor replays device code and never says so
};

/// "hang", "trap", "mismatch", "crash": the spelling of the text, JSON, SARIF and HTML reports.
constexpr const char *failureKindName(FailureKind K) {
  switch (K) {
  case FailureKind::Hang:
    return "hang";
  case FailureKind::Trap:
    return "trap";
  case FailureKind::Mismatch:
    return "mismatch";
  case FailureKind::Crash:
    return "crash";
  }
  return "crash";
}

/// The kind a report spells Name for; nothing for another word.
constexpr std::optional<FailureKind> failureKindNamed(std::string_view Name) {
  for (FailureKind K :
       {FailureKind::Hang, FailureKind::Trap, FailureKind::Mismatch, FailureKind::Crash})
    if (Name == failureKindName(K))
      return K;
  return std::nullopt;
}

} // namespace coopcheck::model
