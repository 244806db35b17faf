// Kernel launch sites of a translation unit: <<<...>>>, the runtime and driver launch APIs of
// every platform, cudaLaunchKernelEx with its attributes, and multi-device parameter lists, each
// mapped to the kernel it launches where that can be resolved.
#pragma once
#include "runtime-model/semantics/LaunchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <string>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

enum class Cooperation {
  None,        ///< a standard launch: grid.sync() traps
  Single,      ///< a cooperative launch on one device
  MultiDevice, ///< cudaLaunchCooperativeKernelMultiDevice and equivalents
  Unknown,     ///< decided by values this analysis cannot see (attributes built elsewhere)
};

llvm::StringRef cooperationName(Cooperation C);

struct LaunchSite {
  const clang::Expr *Call = nullptr;           ///< the CUDAKernelCallExpr or the API call
  const clang::FunctionDecl *Kernel = nullptr; ///< null when not resolvable (CUfunction handles)
  const model::LaunchApi *Api = nullptr;       ///< null for <<<...>>>
  Cooperation Coop = Cooperation::None;
  const clang::FunctionDecl *Enclosing = nullptr;
  /// The launch as messages name it: "<<<...>>>", "cudaLaunchKernel".
  std::string Spelling;
  /// For a helper that launches the kernel it is given (a function-pointer or template
  /// parameter): the call that passes this kernel to it, directly or through other such helpers.
  const clang::Expr *PassedBy = nullptr;

  /// Where a finding about the launch of this kernel belongs: the call that chose the kernel.
  const clang::Expr *reportedAt() const { return PassedBy ? PassedBy : Call; }
};

/// Every launch site in functions written by the user (system headers skipped).
std::vector<LaunchSite> findLaunchSites(clang::ASTContext &Ctx);

/// The launch sites of one unit that can run, found once per unit:
/// `Unit.get<UnitLaunchSites>().sites()`.
class UnitLaunchSites {
public:
  explicit UnitLaunchSites(UnitCache &Unit);
  const std::vector<LaunchSite> &sites() const { return Sites; }

private:
  std::vector<LaunchSite> Sites;
};

/// A kernel's name as messages show it, with template arguments: "solve<float>".
std::string kernelName(const clang::FunctionDecl *Kernel);

/// The kernel an expression names: `k`, `(void *)k`, `&k`, `reinterpret_cast<void *>(k)`,
/// `k<float>`, or a local variable initialised from one of those. Null otherwise.
const clang::FunctionDecl *resolveKernel(const clang::Expr *E);

} // namespace coopcheck::analysis
