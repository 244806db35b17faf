#include "analysis/launch/CrossUnitFacts.h"
#include "analysis/flow/MemoryWaits.h"
#include "analysis/launch/GridBarriers.h"
#include "analysis/launch/LaunchConfig.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>

using namespace clang;
using nlohmann::json;

namespace coopcheck::analysis {

SourcePoint sourcePoint(SourceLocation Loc, const SourceManager &SM) {
  SourcePoint P;
  SourceLocation File = SM.getFileLoc(Loc);
  PresumedLoc Presumed = SM.getPresumedLoc(File);
  if (Presumed.isInvalid())
    return P;
  llvm::SmallString<256> Path(Presumed.getFilename());
  (void)llvm::sys::fs::make_absolute(Path); // without a current directory it stays as given
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  P.File = std::string(Path);
  P.Line = Presumed.getLine();
  P.Column = Presumed.getColumn();
  return P;
}

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Usr;
  if (index::generateUSRForDecl(D, Usr))
    return {};
  return std::string(Usr);
}

static std::optional<BarrierFact> barrierFact(const std::optional<CollectiveEffect> &E,
                                              const SourceManager &SM) {
  if (!E)
    return std::nullopt;
  return BarrierFact{E->Spelling, sourcePoint(E->Site->getBeginLoc(), SM)};
}

UnitFacts collectUnitFacts(UnitCache &TU, llvm::StringRef MainFile) {
  UnitFacts Facts;
  Facts.File = MainFile.str();
  const SourceManager &SM = TU.context().getSourceManager();
  for (const FunctionDecl *K : TU.kernels()) {
    KernelFact KF{usrOf(K), kernelName(K),     sourcePoint(K->getLocation(), SM), {}, {},
                  {},       mayWaitOnMemory(K)};
    KernelGridBarriers Barriers = gridBarriersOf(TU.summaries(), K);
    KF.GridBarrier = barrierFact(Barriers.Grid, SM);
    KF.MultiGridBarrier = barrierFact(Barriers.MultiGrid, SM);
    for (const ParmVarDecl *P : K->parameters())
      KF.ParamTypes.push_back(P->getType().getAsString());
    Facts.Kernels.push_back(std::move(KF));
  }
  for (const LaunchSite &L : TU.get<UnitLaunchSites>().sites()) {
    if (!L.Kernel || !TU.isAnalysable(L.Call->getBeginLoc()))
      continue;
    ConstantLaunchShape Shape = constantLaunchShape(TU, L);
    Facts.Launches.push_back({usrOf(L.Kernel), kernelName(L.Kernel),
                              sourcePoint(L.Call->getBeginLoc(), SM), L.Spelling, L.Coop,
                              L.Kernel->isDefined(), Shape.Grid, Shape.Block});
  }
  return Facts;
}

void mergeFacts(UnitFacts &Into, const UnitFacts &From) {
  auto SamePoint = [](const SourcePoint &A, const SourcePoint &B) {
    return A.File == B.File && A.Line == B.Line && A.Column == B.Column;
  };
  for (const KernelFact &K : From.Kernels)
    if (llvm::none_of(Into.Kernels, [&](const KernelFact &Known) { return Known.Usr == K.Usr; }))
      Into.Kernels.push_back(K);
  for (const LaunchFact &L : From.Launches)
    if (llvm::none_of(Into.Launches,
                      [&](const LaunchFact &Known) { return SamePoint(Known.Where, L.Where); }))
      Into.Launches.push_back(L);
}

void CrossUnitFacts::add(UnitFacts Facts) {
  size_t Unit = Units.size();
  for (size_t I = 0; I < Facts.Kernels.size(); ++I)
    KernelsByUsr.try_emplace(Facts.Kernels[I].Usr, Unit, I);
  Units.push_back(std::move(Facts));
}

const KernelFact *CrossUnitFacts::kernel(llvm::StringRef Usr) const {
  auto It = KernelsByUsr.find(Usr);
  if (It == KernelsByUsr.end())
    return nullptr;
  return &Units[It->second.first].Kernels[It->second.second];
}

std::vector<std::string> CrossUnitFacts::filesWithCrossUnitLaunchProblems() const {
  std::vector<std::string> Files;
  for (const UnitFacts &Unit : Units)
    for (const LaunchFact &L : Unit.Launches) {
      const KernelFact *K = L.KernelDefinedHere ? nullptr : kernel(L.KernelUsr);
      if (K && launchProblem(K->GridBarrier.has_value(), K->MultiGridBarrier.has_value(), L.Coop) !=
                   LaunchProblem::None) {
        Files.push_back(Unit.File);
        break;
      }
    }
  return Files;
}

// JSON shape: {"units": [{"file", "kernels": [...], "launches": [...]}]}.
namespace {

json pointJson(const SourcePoint &P) {
  return {{"file", P.File}, {"line", P.Line}, {"column", P.Column}};
}

SourcePoint pointFrom(const json &J) {
  return {J.value("file", ""), J.value("line", 0u), J.value("column", 0u)};
}

json barrierJson(const std::optional<BarrierFact> &B) {
  if (!B)
    return nullptr;
  return {{"spelling", B->Spelling}, {"at", pointJson(B->Where)}};
}

std::optional<BarrierFact> barrierFrom(const json &J) {
  if (!J.is_object())
    return std::nullopt;
  return BarrierFact{J.value("spelling", ""), pointFrom(J.at("at"))};
}

/// [x, y, z], or null when the extents are not constants.
json extentsJson(const std::optional<model::Dim3> &D) {
  if (!D)
    return nullptr;
  return json::array({D->X, D->Y, D->Z});
}

std::optional<model::Dim3> extentsFrom(const json &J) {
  if (!J.is_array() || J.size() != 3)
    return std::nullopt;
  return model::Dim3{J[0].get<unsigned>(), J[1].get<unsigned>(), J[2].get<unsigned>()};
}

Cooperation cooperationFrom(const std::string &Name) {
  for (Cooperation C : {Cooperation::None, Cooperation::Single, Cooperation::MultiDevice})
    if (cooperationName(C) == Name)
      return C;
  return Cooperation::Unknown;
}

} // namespace

std::string CrossUnitFacts::toJson() const {
  json Out = {{"version", 1}, {"units", json::array()}};
  for (const UnitFacts &U : Units) {
    json Kernels = json::array(), Launches = json::array();
    for (const KernelFact &K : U.Kernels)
      Kernels.push_back({{"usr", K.Usr},
                         {"name", K.Name},
                         {"at", pointJson(K.Where)},
                         {"gridBarrier", barrierJson(K.GridBarrier)},
                         {"multiGridBarrier", barrierJson(K.MultiGridBarrier)},
                         {"parameterTypes", K.ParamTypes},
                         {"mayWaitOnMemory", K.MayWaitOnMemory}});
    for (const LaunchFact &L : U.Launches)
      Launches.push_back({{"kernelUsr", L.KernelUsr},
                          {"kernel", L.KernelName},
                          {"at", pointJson(L.Where)},
                          {"api", L.Api},
                          {"cooperation", cooperationName(L.Coop).str()},
                          {"kernelDefinedHere", L.KernelDefinedHere},
                          {"grid", extentsJson(L.Grid)},
                          {"block", extentsJson(L.Block)}});
    Out["units"].push_back({{"file", U.File}, {"kernels", Kernels}, {"launches", Launches}});
  }
  // A path that is not UTF-8 must not stop the run: its bytes are replaced.
  return Out.dump(1, ' ', false, json::error_handler_t::replace);
}

llvm::Expected<CrossUnitFacts> CrossUnitFacts::fromJson(llvm::StringRef Text) {
  try {
    json In = json::parse(Text.begin(), Text.end());
    CrossUnitFacts Index;
    for (const json &U : In.at("units")) {
      UnitFacts Facts;
      Facts.File = U.value("file", "");
      for (const json &K : U.at("kernels"))
        Facts.Kernels.push_back({K.at("usr").get<std::string>(), K.value("name", ""),
                                 pointFrom(K.at("at")), barrierFrom(K.value("gridBarrier", json())),
                                 barrierFrom(K.value("multiGridBarrier", json())),
                                 K.value("parameterTypes", std::vector<std::string>()),
                                 K.value("mayWaitOnMemory", true)});
      for (const json &L : U.at("launches"))
        Facts.Launches.push_back(
            {L.at("kernelUsr").get<std::string>(), L.value("kernel", ""), pointFrom(L.at("at")),
             L.value("api", ""), cooperationFrom(L.value("cooperation", "")),
             L.value("kernelDefinedHere", false), extentsFrom(L.value("grid", json())),
             extentsFrom(L.value("block", json()))});
      Index.add(std::move(Facts));
    }
    return Index;
  } catch (const json::exception &E) {
    return llvm::createStringError("malformed facts: %s", E.what());
  }
}

llvm::Expected<CrossUnitFacts> CrossUnitFacts::load(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError("cannot read facts file '%s': %s", Path.str().c_str(),
                                   Buffer.getError().message().c_str());
  auto Index = fromJson((*Buffer)->getBuffer());
  if (!Index)
    return llvm::createStringError("facts file '%s': %s", Path.str().c_str(),
                                   llvm::toString(Index.takeError()).c_str());
  return Index;
}

} // namespace coopcheck::analysis
