// Cross-translation-unit facts: the kernels a TU defines (and the grid barriers they can execute)
// and the launches it makes. Each TU's facts are written as JSON; a run joins those of all its TUs,
// so a launch in one file is checked against a kernel defined in another.
#pragma once
#include "analysis/flow/UnitCache.h"
#include "analysis/launch/LaunchSites.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

struct SourcePoint {
  std::string File; ///< absolute path
  unsigned Line = 0, Column = 0;
};

SourcePoint sourcePoint(clang::SourceLocation Loc, const clang::SourceManager &SM);

struct BarrierFact {
  std::string Spelling; ///< "grid.sync()"
  SourcePoint Where;
};

struct KernelFact {
  std::string Usr, Name;
  SourcePoint Where;
  std::optional<BarrierFact> GridBarrier, MultiGridBarrier;
  std::vector<std::string> ParamTypes;
  /// It can wait on memory another thread writes (analysis/flow/MemoryWaits.h).
  bool MayWaitOnMemory = true;
};

struct LaunchFact {
  std::string KernelUsr, KernelName;
  SourcePoint Where;
  std::string Api; ///< "<<<...>>>", "cudaLaunchKernel"
  Cooperation Coop = Cooperation::None;
  bool KernelDefinedHere = false;
  /// The grid and block when they are constants: the executor replays the kernel on them.
  std::optional<model::Dim3> Grid, Block;
};

struct UnitFacts {
  std::string File;
  std::vector<KernelFact> Kernels;
  std::vector<LaunchFact> Launches;
};

/// The Unified Symbol Resolution of a declaration: the same for a kernel in every TU.
std::string usrOf(const clang::Decl *D);

UnitFacts collectUnitFacts(UnitCache &TU, llvm::StringRef MainFile);

/// Adds what another parse of the same unit found (the host side next to the device side):
/// kernels by USR, launches by location, each once.
void mergeFacts(UnitFacts &Into, const UnitFacts &From);

/// The facts of every TU of a run, joined by kernel USR.
class CrossUnitFacts {
public:
  void add(UnitFacts Facts);
  const KernelFact *kernel(llvm::StringRef Usr) const;
  const std::vector<UnitFacts> &units() const { return Units; }

  /// TUs that launch a kernel defined only in another TU whose grid barriers their launch does
  /// not allow: the ones to analyse again with the joined facts.
  std::vector<std::string> filesWithCrossUnitLaunchProblems() const;

  std::string toJson() const;
  static llvm::Expected<CrossUnitFacts> fromJson(llvm::StringRef Text);
  static llvm::Expected<CrossUnitFacts> load(llvm::StringRef Path);

private:
  std::vector<UnitFacts> Units;
  std::map<std::string, std::pair<size_t, size_t>, std::less<>> KernelsByUsr;
};

} // namespace coopcheck::analysis
