#include "checks/confirmation/Witnesses.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include <map>
#include <tuple>

namespace coopcheck::confirmation {
namespace {

using namespace model;
using namespace model::executor;

/// Sorted ranks of one block as inclusive runs: {0, 9}, {12, 12}.
std::vector<std::pair<unsigned, unsigned>> runsOf(const std::vector<unsigned> &Ranks) {
  std::vector<std::pair<unsigned, unsigned>> Runs;
  for (unsigned Rank : Ranks)
    if (!Runs.empty() && Runs.back().second + 1 == Rank)
      Runs.back().second = Rank;
    else
      Runs.emplace_back(Rank, Rank);
  return Runs;
}

/// "0-9, 12": ranks of one block.
std::string ranges(const std::vector<std::pair<unsigned, unsigned>> &Runs) {
  std::string Out;
  for (auto [First, Last] : Runs)
    Out += (Out.empty() ? "" : ", ") + std::to_string(First) +
           (Last > First ? "-" + std::to_string(Last) : "");
  return Out;
}

const char *stateWords(ThreadState S) {
  switch (S) {
  case ThreadState::Waiting:
    return "wait here forever";
  case ThreadState::Spinning:
    return "spin here on memory nobody writes";
  case ThreadState::Exited:
    return "left the kernel here";
  case ThreadState::Running:
    return "still run here";
  }
  return "";
}

report::SourceSpan spanAt(const SourcePoint &P) {
  return {P.File, P.Line, P.Column, P.Line, P.Column ? P.Column + 1 : 0};
}

struct EndedAlike {
  report::ThreadGroup Group;
  ThreadState State;
};

/// Threads that ended alike (same state, same line), block by block.
std::vector<EndedAlike> threadGroups(const PathResult &P, const LaunchShape &Shape) {
  std::map<std::tuple<std::string, unsigned, unsigned, int, unsigned>, std::vector<unsigned>>
      Groups;
  for (const ThreadEnd &T : P.Threads)
    Groups[{T.At.File, T.At.Line, T.At.Column, static_cast<int>(T.State), Shape.blockOf(T.Thread)}]
        .push_back(Shape.rankInBlock(T.Thread));
  std::vector<EndedAlike> Out;
  for (auto &[Key, Ranks] : Groups) {
    auto &[File, Line, Column, State, Block] = Key;
    EndedAlike E{{}, static_cast<ThreadState>(State)};
    E.Group.Block = Block;
    E.Group.Ranks = runsOf(Ranks);
    E.Group.Threads = "block " + std::to_string(Block) + ", thread" +
                      (Ranks.size() > 1 ? "s " : " ") + ranges(E.Group.Ranks);
    E.Group.What = stateWords(E.State);
    E.Group.Location = spanAt({File, Line, Column});
    Out.push_back(std::move(E));
  }
  return Out;
}

SourcePlace placeOf(const SourcePoint &P) { return {normalisedPath(P.File), P.Line, P.Column}; }

/// "blocks 0-1, threads 0-15; block 2, thread 7": blocks whose members have the same ranks named
/// together.
std::string membersWords(const std::vector<report::BlockRanks> &Members) {
  std::vector<std::pair<std::vector<std::pair<unsigned, unsigned>>, std::vector<unsigned>>> Alike;
  for (const report::BlockRanks &M : Members) {
    auto Same = llvm::find_if(Alike, [&](const auto &A) { return A.first == M.Ranks; });
    if (Same == Alike.end())
      Alike.push_back({M.Ranks, {M.Block}});
    else
      Same->second.push_back(M.Block);
  }
  std::string Out;
  for (auto &[Ranks, Blocks] : Alike) {
    bool OneThread = Ranks.size() == 1 && Ranks.front().first == Ranks.front().second;
    Out += (Out.empty() ? "" : "; ") + std::string(Blocks.size() > 1 ? "blocks " : "block ") +
           ranges(runsOf(Blocks)) + (OneThread ? ", thread " : ", threads ") + ranges(Ranks);
  }
  return Out;
}

/// On a mismatch of block barriers: each barrier's call site, and every thread grouped by how
/// often it passed each, so that the witness shows who skipped which barrier.
void addBarrierPassing(report::Witness &W, const PathResult &P, const LaunchShape &Shape) {
  // Call sites the line tables put at one place are one barrier of the source.
  std::map<SourcePlace, SourcePoint> Places;
  for (const ThreadEnd &T : P.Threads)
    for (auto [Site, Times] : T.BlockBarrierPasses)
      if (Site < P.Sites.size())
        Places.try_emplace(placeOf(P.Sites[Site]), P.Sites[Site]);
  std::map<SourcePlace, unsigned> Index;
  for (auto &[Place, Point] : Places) {
    Index[Place] = W.BarrierSites.size();
    W.BarrierSites.push_back(spanAt(Point));
  }
  std::map<std::vector<unsigned>, size_t> PassingOf;
  std::vector<std::map<unsigned, std::vector<unsigned>>> RanksByBlock;
  for (const ThreadEnd &T : P.Threads) {
    std::vector<unsigned> Passes(Places.size());
    for (auto [Site, Times] : T.BlockBarrierPasses)
      if (Site < P.Sites.size())
        Passes[Index.at(placeOf(P.Sites[Site]))] += Times;
    auto [It, New] = PassingOf.try_emplace(Passes, W.Passing.size());
    if (New) {
      W.Passing.push_back({"", std::move(Passes), {}});
      RanksByBlock.emplace_back();
    }
    RanksByBlock[It->second][Shape.blockOf(T.Thread)].push_back(Shape.rankInBlock(T.Thread));
  }
  for (size_t I = 0; I < W.Passing.size(); ++I) {
    for (auto &[Block, Ranks] : RanksByBlock[I]) {
      llvm::sort(Ranks);
      W.Passing[I].Members.push_back({Block, runsOf(Ranks)});
    }
    W.Passing[I].Threads = membersWords(W.Passing[I].Members);
  }
}

std::string violationWords(const Violation &V) {
  std::string Collective = collectiveName(V.Op);
  switch (V.Kind) {
  case ViolationKind::BarrierCountMismatch:
    return "threads of one block pass different numbers of block barriers, which pair across call "
           "sites: some threads read what the others have not written yet";
  case ViolationKind::ExitedParticipants:
    return "the " + Collective + " goes on without threads of its group that left the kernel";
  case ViolationKind::MixedSites:
    return "threads of one " + Collective + " arrive from different call sites";
  case ViolationKind::WarpAcrossBarrierSites:
    return "lanes of one warp wait at different call sites of the " + Collective +
           ", which can hang for good on NVIDIA hardware";
  }
  return "";
}

} // namespace

std::string normalisedPath(const std::string &File) {
  llvm::SmallString<256> Path(File);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

std::set<SourcePlace> failurePoints(const PathResult &P) {
  std::set<SourcePlace> Points;
  auto Add = [&](const SourcePoint &At) {
    Points.insert({normalisedPath(At.File), At.Line, At.Column});
  };
  for (const Violation &V : P.Violations)
    for (unsigned Site : V.Sites)
      if (Site < P.Sites.size())
        Add(P.Sites[Site]);
  for (const ThreadEnd &T : P.Threads)
    if (T.State == ThreadState::Waiting || T.State == ThreadState::Spinning)
      Add(T.At);
  return Points;
}

report::Witness witnessOf(const PathResult &P, const LaunchShape &Shape, const std::string &Grid) {
  report::Witness W;
  W.Kind = P.failure().value_or(FailureKind::Mismatch);
  W.Grid = Grid;
  W.Blocks = Shape.blocks();
  W.ThreadsPerBlock = Shape.threadsPerBlock();
  W.WarpSize = Shape.WarpSize;
  W.Inputs = P.Inputs;
  if (W.Kind == FailureKind::Mismatch && !P.Violations.empty())
    W.Violation = violationWords(P.Violations.front());
  for (EndedAlike &E : threadGroups(P, Shape))
    W.Threads.push_back(std::move(E.Group));
  if (W.Kind == FailureKind::Mismatch && !P.Violations.empty() &&
      P.Violations.front().Op == CollectiveOp::BlockBarrier)
    addBarrierPassing(W, P, Shape);
  return W;
}

std::optional<report::Finding> deadlockFinding(const PathResult &P, const LaunchShape &Shape,
                                               const std::string &Grid) {
  report::Finding F;
  F.RuleId = "cg-deadlock";
  F.Severity = report::Level::Error;
  std::vector<EndedAlike> Groups = threadGroups(P, Shape);
  auto Waiting = llvm::find_if(Groups, [](const EndedAlike &E) {
    return E.State == ThreadState::Waiting && !E.Group.Location.File.empty();
  });
  const EndedAlike *Primary = nullptr;
  if (P.Result == Outcome::Hang && Waiting != Groups.end()) {
    Primary = &*Waiting;
    F.Location = Waiting->Group.Location;
    F.Message =
        "deadlock on " + Grid + ": " + Waiting->Group.Threads + " wait at this collective forever";
  } else if (P.Result != Outcome::Trap && !P.Violations.empty() &&
             !P.Violations.front().Sites.empty() &&
             P.Violations.front().Sites.front() < P.Sites.size()) {
    const Violation &V = P.Violations.front();
    F.Location = spanAt(P.Sites[V.Sites.front()]);
    F.Message = "collective mismatch on " + Grid + ": " + violationWords(V);
  } else {
    return std::nullopt;
  }
  for (const EndedAlike &E : Groups)
    if (&E != Primary)
      F.Notes.push_back({E.Group.Location, E.Group.Threads + " " + E.Group.What});
  F.Confirmed = true;
  F.Witness = witnessOf(P, Shape, Grid);
  return F;
}

} // namespace coopcheck::confirmation
