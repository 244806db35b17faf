#include "checks/CooperativeLaunchCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/rules/CooperativeLaunches.h"
#include <map>
#include <memory>

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

std::string quotedParameter(const ParmVarDecl *Parameter) {
  if (Parameter->getName().empty())
    return "#" + std::to_string(Parameter->getFunctionScopeIndex() + 1);
  return "'" + Parameter->getName().str() + "'";
}

std::string counted(uint64_t N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

/// "parameter 'n' has", "parameters 'n', 'm' have": the parameters from First on.
std::string parametersFrom(const FunctionDecl *Kernel, unsigned First) {
  std::string Names;
  for (unsigned I = First; I < Kernel->getNumParams(); ++I)
    Names += (I == First ? "" : ", ") + quotedParameter(Kernel->getParamDecl(I));
  bool One = Kernel->getNumParams() - First == 1;
  return (One ? "parameter " : "parameters ") + Names + (One ? " has" : " have");
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  return T.getAsString(Ctx.getPrintingPolicy());
}

/// " of 1024 threads using 49152 bytes of shared memory", as far as the block is known.
std::string blockDescription(const model::BlockFootprint &Block) {
  std::string Text;
  if (Block.Threads)
    Text += " of " + counted(*Block.Threads, "thread", "threads");
  if (Block.SharedMemoryBytes)
    Text += " using " + counted(Block.SharedMemoryBytes, "byte", "bytes") + " of shared memory";
  return Text;
}

} // namespace

CooperativeLaunchCheck::CooperativeLaunchCheck(llvm::StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : CoopcheckCheck(Name, Context), Arch(stringOption("Arch")),
      ArchPart(model::findGpuPart(Arch)) {}

void CooperativeLaunchCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Arch", Arch);
}

std::vector<const model::GpuPart *> CooperativeLaunchCheck::targetParts(UnitCache &TU) const {
  if (ArchPart)
    return {ArchPart};
  std::optional<unsigned> Capability;
  if (std::optional<unsigned> CudaArch = TU.cudaArch())
    Capability = *CudaArch / 10;
  return model::candidateParts(TU.platform(), Capability);
}

void CooperativeLaunchCheck::checkTranslationUnit(UnitCache &TU) {
  if (!Arch.empty() && !ArchPart && !ArchErrorReported) {
    configurationDiag("cg-cooperative-launch.Arch: unknown part '%0'; known parts: %1")
        << Arch << model::gpuPartIds();
    ArchErrorReported = true;
  }
  std::vector<const model::GpuPart *> Parts = targetParts(TU);
  // A launch in a template is seen in each instantiation: report each location once.
  std::map<const FunctionDecl *, std::unique_ptr<LocalValues>> ValuesOf;
  bool SupportChecked = false;
  for (const LaunchSite &Launch : TU.get<UnitLaunchSites>().sites()) {
    if (Launch.Coop != Cooperation::Single || !Launch.Api || !Launch.Enclosing ||
        !firstUserFindingAt(TU, Launch.Call->getBeginLoc()))
      continue;
    std::unique_ptr<LocalValues> &Values = ValuesOf[Launch.Enclosing];
    if (!Values)
      Values = std::make_unique<LocalValues>(TU, Launch.Enclosing);
    checkLaunch(TU, Launch, *Values, Parts);
    // Once per unit, at its first cooperative launch.
    if (!SupportChecked) {
      SupportChecked = true;
      if (!queriesCooperativeLaunchSupport(TU.context()))
        report(TU, Launch,
               "nothing in this translation unit asks whether the device supports cooperative "
               "launches; on a device without that support the launch fails: check " +
                   model::cooperativeLaunchSupportQuery(*Launch.Api) + " first",
               DiagnosticIDs::Remark);
    }
  }
}

void CooperativeLaunchCheck::checkLaunch(UnitCache &TU, const LaunchSite &Launch,
                                         LocalValues &Values,
                                         llvm::ArrayRef<const model::GpuPart *> Parts) {
  if (std::optional<ArgumentArrayReview> Review = reviewArgumentArray(Launch, Values))
    reportArgumentArray(TU, Launch, *Review);
  if (std::optional<GridBeyondCoResidency> Grid = gridBeyondCoResidency(Launch, Values, Parts))
    reportGrid(TU, Launch, *Grid);
  else if (const Expr *Division = problemSizedGrid(Launch, Values))
    report(TU, Launch,
           "the grid of this cooperative launch is sized from the problem ('" +
               sourceText(Division, TU.context()) +
               "') instead of the occupancy API: once the problem needs more blocks than the "
               "device holds at once, the launch fails with " +
               model::cooperativeLaunchTooLargeError(*Launch.Api) + "; size the grid with " +
               model::occupancyQueryFor(*Launch.Api) + " times the " +
               model::multiprocessorNoun(Launch.Api->Plat).str() +
               " count and loop over the problem in the kernel",
           DiagnosticIDs::Warning);
  if (launchResultIgnored(Launch))
    report(TU, Launch,
           "the error code of " + Launch.Spelling +
               " is ignored: a cooperative launch larger than the device holds at once returns " +
               model::cooperativeLaunchTooLargeError(*Launch.Api) +
               " and the kernel silently never runs",
           DiagnosticIDs::Remark);
}

void CooperativeLaunchCheck::reportArgumentArray(UnitCache &TU, const LaunchSite &Launch,
                                                 const ArgumentArrayReview &Review) {
  const FunctionDecl *Kernel =
      Launch.Kernel->getDefinition() ? Launch.Kernel->getDefinition() : Launch.Kernel;
  std::string Array = Review.Array->getName().str();
  std::string Name = kernelName(Launch.Kernel);
  if (!Review.countMatches()) {
    bool Short = Review.Entries < Review.Parameters;
    std::string Message = "the argument array '" + Array + "' of this cooperative launch holds " +
                          counted(Review.Entries, "entry", "entries") + " but kernel '" + Name +
                          "' has " + counted(Review.Parameters, "parameter", "parameters") + "; ";
    Message += Short ? parametersFrom(Kernel, Review.Entries) +
                           " no entry: the runtime reads past the end of the array, which "
                           "crashes the host or hands the kernel garbage"
                     : "the runtime reads the first " + std::to_string(Review.Parameters) +
                           " only, so the entries are not the arguments the kernel expects";
    report(TU, Launch, Message, DiagnosticIDs::Error);
    if (Short) {
      const ParmVarDecl *Missing = Kernel->getParamDecl(Review.Entries);
      diag(Missing->getLocation(), "parameter %0 of '%1' is declared here", DiagnosticIDs::Note)
          << quotedParameter(Missing) << Name;
    } else {
      diag(Kernel->getLocation(), "'%0' is declared here", DiagnosticIDs::Note) << Name;
    }
  }
  ASTContext &Ctx = TU.context();
  for (const ArgumentEntryMismatch &M : Review.Mismatches) {
    std::string Entry = "'" + Array + "[" + std::to_string(M.Index) + "]'";
    report(TU, Launch,
           Entry + " points to type '" + typeName(M.Pointee, Ctx) + "' but parameter " +
               quotedParameter(M.Parameter) + " of kernel '" + Name + "' has type '" +
               typeName(M.Parameter->getType(), Ctx) +
               "'; the runtime copies the bytes unchecked and the kernel reinterprets them",
           DiagnosticIDs::Error);
    diag(userLocation(TU, M.Entry->getBeginLoc()), "%0 is set here", DiagnosticIDs::Note)
        << Entry << userRange(TU, M.Entry->getSourceRange());
    diag(M.Parameter->getLocation(), "parameter %0 is declared here", DiagnosticIDs::Note)
        << quotedParameter(M.Parameter);
  }
}

void CooperativeLaunchCheck::reportGrid(UnitCache &TU, const LaunchSite &Launch,
                                        const GridBeyondCoResidency &Grid) {
  const model::CoResidency &Limit = Grid.Limit;
  std::string Unit = model::multiprocessorNoun(Limit.Part->Plat).str();
  report(TU, Launch,
         "a cooperative launch of " + counted(Grid.Blocks, "block", "blocks") +
             blockDescription(Grid.Block) + "; at most " + std::to_string(Limit.Blocks) + " (" +
             std::to_string(Limit.BlocksPerMultiprocessor) + " per " + Unit + " x " +
             std::to_string(Limit.Part->Multiprocessors) + " " + Unit +
             "s) can be co-resident on " + Limit.Part->Name.str() + " (" +
             Limit.Part->Target.str() + ")" +
             (Grid.Block.Threads ? "" : " whatever the block size") + "; the launch fails with " +
             model::cooperativeLaunchTooLargeError(*Launch.Api),
         DiagnosticIDs::Error);
}

void CooperativeLaunchCheck::report(UnitCache &TU, const LaunchSite &Launch,
                                    const std::string &Message, DiagnosticIDs::Level Level) {
  diag(userLocation(TU, Launch.Call->getBeginLoc()), "%0", Level)
      << Message << userRange(TU, Launch.Call->getSourceRange());
}

} // namespace coopcheck::checks
