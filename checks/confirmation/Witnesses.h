// What a failing replay shows, in the report's terms: the witness of a confirmed finding (grid,
// inputs, threads grouped by where they ended), the source lines where the run went wrong, and
// the cg-deadlock finding for a failure that no static rule explains.
#pragma once
#include "checks/report/Finding.h"
#include "runtime-model/executor/Replay.h"
#include <set>
#include <string>
#include <tuple>

namespace coopcheck::confirmation {

/// A place in the source as the executor and the static rules both spell it: the normalised
/// path, the line, and the column (0 where the line tables gave none).
using SourcePlace = std::tuple<std::string, unsigned, unsigned>;

/// File paths as the executor and the static rules both spell them.
std::string normalisedPath(const std::string &File);

/// The collective calls of the run's violations and where its threads got stuck.
std::set<SourcePlace> failurePoints(const model::executor::PathResult &P);

report::Witness witnessOf(const model::executor::PathResult &P, const model::LaunchShape &Shape,
                          const std::string &Grid);

/// A hang (threads wait at a collective forever) or a contract the hardware visibly breaks;
/// nothing for a run that only spins on memory, which the executor cannot tell from a wait for
/// the host.
std::optional<report::Finding> deadlockFinding(const model::executor::PathResult &P,
                                               const model::LaunchShape &Shape,
                                               const std::string &Grid);

} // namespace coopcheck::confirmation
