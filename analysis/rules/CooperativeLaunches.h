// What can go wrong at a cooperative launch site besides the kernel it launches: an argument
// array that does not match the kernel's parameters (the runtime reads one pointer per parameter,
// unchecked: probe P12), a grid larger than the target holds at once (the launch fails:
// P11), a grid sized from the problem instead of the occupancy API, an error code nobody reads,
// and a unit that never asks whether the device supports cooperative launches.
#pragma once
#include "analysis/launch/LaunchConfig.h"
#include "runtime-model/semantics/Architectures.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

/// An entry of the argument array that points to another type than its parameter has.
struct ArgumentEntryMismatch {
  unsigned Index = 0;
  const clang::Expr *Entry = nullptr;
  clang::QualType Pointee;
  const clang::ParmVarDecl *Parameter = nullptr;
};

/// The `void *args[]` array of a launch against the parameters of its kernel.
struct ArgumentArrayReview {
  const clang::VarDecl *Array = nullptr;
  uint64_t Entries = 0; ///< pointers the runtime can read: entries set, within the allocation
  unsigned Parameters = 0;
  std::vector<ArgumentEntryMismatch> Mismatches;
  bool countMatches() const { return Entries == Parameters; }
};

/// Nullopt when the launch has no argument array, its kernel is unknown, or the array is not
/// built in the launching function (a parameter, a struct member, filled in a loop or by a call).
std::optional<ArgumentArrayReview> reviewArgumentArray(const LaunchSite &Launch,
                                                       LocalValues &Values);

/// A constant grid larger than the most blocks that can be co-resident on any of the parts.
struct GridBeyondCoResidency {
  uint64_t Blocks = 0;
  model::BlockFootprint Block;
  model::CoResidency Limit;
};

std::optional<GridBeyondCoResidency>
gridBeyondCoResidency(const LaunchSite &Launch, LocalValues &Values,
                      llvm::ArrayRef<const model::GpuPart *> Parts);

/// The division that sizes the grid from the problem (`(n + 255) / 256`), when nothing the grid
/// is computed from comes from an occupancy query or the multiprocessor count, no call of
/// unknown effect takes part, and the function does not compare the grid with such a bound
/// before launching; null otherwise, and for a grid that is a constant or a plain parameter.
const clang::Expr *problemSizedGrid(const LaunchSite &Launch, LocalValues &Values);

/// Whether the launch is a statement of its own, its returned error code dropped (a `(void)`
/// cast keeps it deliberately).
bool launchResultIgnored(const LaunchSite &Launch);

/// Whether the unit names a device attribute or property that tells whether the device supports
/// cooperative launches (cudaDevAttrCooperativeLaunch, `prop.cooperativeLaunch`, ...).
bool queriesCooperativeLaunchSupport(clang::ASTContext &Ctx);

/// Bytes of the __shared__ variables the kernel declares (a lower bound of its static shared
/// memory: variables of its callees are not counted).
uint64_t staticSharedMemory(const clang::FunctionDecl *Kernel);

} // namespace coopcheck::analysis
