#include "checks/WarpSizeCheck.h"
#include "analysis/flow/UnitCache.h"
#include "analysis/rules/WarpWidths.h"
#include "checks/BuildTargets.h"
#include <set>

using namespace clang;
using Shape = coopcheck::analysis::WidthAssumption::Shape;

namespace coopcheck::checks {

WarpSizeCheck::WarpSizeCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : CoopcheckCheck(Name, Context), Targets(stringOption("Targets")) {}

void WarpSizeCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Targets", Targets);
}

namespace {

/// What goes wrong with the assumption on a 64-lane warp.
const char *consequence(Shape What) {
  switch (What) {
  case Shape::OffsetsFrom16:
    return "shuffle offsets that start at 16 combine lanes 0-31 and 32-63 separately";
  case Shape::OffsetsTo32:
    return "shuffle offsets that stop below 32 scan lanes 0-31 and 32-63 separately";
  case Shape::LaneOf32:
    return "a lane computed modulo 32 names two threads of each warp alike";
  case Shape::WarpOf32:
    return "a warp computed as 32 threads splits each warp in two";
  }
  return "";
}

/// The 64-lane platforms among the ones the unit is built for (its own at its own width).
std::vector<model::Platform> wideTargets(const BuildTargets &Built, analysis::UnitCache &TU) {
  std::vector<model::Platform> Wide;
  for (model::Platform P : Built.platforms())
    if ((P == TU.platform() ? TU.warpSize() : model::warpSize(P)) == 64)
      Wide.push_back(P);
  return Wide;
}

} // namespace

void WarpSizeCheck::checkTranslationUnit(analysis::UnitCache &TU) {
  BuildTargets Built(TU.platform(), Targets);
  std::vector<model::Platform> Wide = wideTargets(Built, TU);
  if (Wide.empty())
    return;
  // The unit's own width is 64: a warning; CUDA code also built for a 64-lane target: a note.
  bool OwnWidth = TU.warpSize() == 64;
  auto Level = OwnWidth ? DiagnosticIDs::Warning : DiagnosticIDs::Remark;
  std::set<const void *> Seen; // instantiations of a template repeat their places
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions())) {
    std::vector<analysis::WidthAssumption> Found = analysis::widthAssumptions(TU, F);
    llvm::erase_if(Found, [&](const analysis::WidthAssumption &A) {
      SourceLocation Loc = userLocation(TU, A.Where->getBeginLoc());
      return !reportableAt(TU, Loc) || !Seen.insert(Loc.getPtrEncoding()).second;
    });
    if (Found.empty())
      continue;
    // One finding per function, at the first place; the others are its notes.
    const analysis::WidthAssumption &First = Found.front();
    {
      auto D = diag(userLocation(TU, First.Where->getBeginLoc()),
                    "this code assumes 32-lane warps, but warps have 64 lanes%0: %1 (write it "
                    "in terms of warpSize)",
                    Level)
               << Built.onlyOn(Wide) << consequence(First.What)
               << userRange(TU, First.Where->getSourceRange());
      for (const analysis::WidthAssumption &A : Found)
        if (A.Replaced.isValid())
          D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(A.Replaced),
                                            A.Replacement);
    }
    for (size_t I = 1; I < Found.size(); ++I)
      diag(userLocation(TU, Found[I].Where->getBeginLoc()), "%0 here too", DiagnosticIDs::Note)
          << consequence(Found[I].What) << userRange(TU, Found[I].Where->getSourceRange());
  }
}

} // namespace coopcheck::checks
