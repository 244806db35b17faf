// Divergent collectives: for each collective a function can execute (directly or in callees),
// the branches that decide whether a thread entering the function reaches it, and whether they
// can split the collective's group. Control dependence (post-dominance frontier) on the CFG gives
// the branches; uniformity decides them. Callee guards that depend on parameters are decided at
// each call with its arguments, so a finding is reported in the function where the divergence
// happens, once.
#pragma once
#include "analysis/flow/Branches.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/Uniformity.h"
#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

/// The group a requirement speaks of in messages: "block", "grid", "tile" ...
llvm::StringRef groupNoun(UniformRequirement R);

/// The threads a collective needs: every thread of a block, grid... or of a tile. None for
/// coalesced groups (made of the threads that are there), warp intrinsics with masks
/// (cg-warp-mask) and groups this function does not know.
std::optional<UniformRequirement> requirementOf(const CollectiveEffect &E, unsigned WarpSize);

/// Whether threads that ended before the collective E leave the others able to complete it with
/// no finding of any rule by default, as after a kernel's own early exit: block barriers on CUDA
/// and MXMACA (exited threads stop counting; --strict's cg-early-exit-before-sync) and
/// collectives that are not barriers (exited lanes at warp intrinsics are cg-warp-mask's).
/// Grid, multi-grid and multi-warp-tile barriers, and block barriers on HIP, are
/// cg-early-exit-before-sync errors in a kernel; after an exit in a helper they stay divergent.
bool exitExcuses(const CollectiveEffect &E, model::Platform P, unsigned WarpSize);

/// A branch on the way to a collective whose condition compares values of the function's
/// parameters (`flat_tid * ITEMS > size` before an early return): each caller binds the
/// parameters to the ranges of its arguments, and a call that decides the condition alike for
/// every thread (the block's item count, a thread index bounded by the block) leaves it
/// splitting nothing there.
struct CarriedCondition {
  DivergentBranch Branch;
  RangedCondition Condition;
  /// How uniformly the threads decide it, as Guard.
  UniformValue Value;
};

struct GuardedEffect {
  CollectiveEffect Effect;
  /// How uniformly the threads entering the function reach it: the meet of the conditions of
  /// the branches on the way, with the callee's own guards bound to this call's arguments.
  UniformValue Guard = UniformValue::everywhere();
  /// The branches on the way that callers may still decide with their arguments: not in Guard.
  std::vector<CarriedCondition> Carried;
  /// The branch to name in a message: the innermost one that splits the group, else the
  /// innermost that depends on a parameter.
  std::optional<DivergentBranch> Branch;
  /// The collective is reached by part of its group because of a branch in this function (or an
  /// argument of this function's call): the finding belongs here.
  bool Divergent = false;
  /// A finding in a callee covers it already.
  bool ReportedBelow = false;
};

class DivergenceAnalysis {
public:
  explicit DivergenceAnalysis(UnitCache &TU) : TU(TU) {}

  const std::vector<GuardedEffect> &effectsOf(const clang::FunctionDecl *F);

  /// Whether every branch deciding if a thread of F reaches the statement S is uniform in each
  /// warp of the platform, so that whole warps reach it or none (kernel exits excluded; a device
  /// function's parameters are taken as uniform).
  bool reachedByWholeWarps(const clang::FunctionDecl *F, const clang::Stmt *S);

private:
  struct Guard {
    const clang::Expr *Condition;
    DivergentBranch::Shape Form;
    UniformValue Value;
    /// The branch only lets threads end (a return of a helper whose returns end the thread):
    /// it splits only collectives that exited threads do not release (exitExcuses).
    bool EndsThreads = false;
  };
  /// The guards that can split the group of E: those not excused as thread exits.
  std::vector<Guard> guardsFor(const CollectiveEffect &E, const std::vector<Guard> &Local) const;
  std::vector<Guard> guardsOf(const clang::FunctionDecl *F, const clang::CFGBlock *Block,
                              const clang::Stmt *Target);
  /// The branches of F whose condition the values decide, each with the side every thread
  /// takes (true: the first successor).
  const llvm::DenseMap<const clang::CFGBlock *, bool> &
  decidedBranches(const clang::FunctionDecl *F);
  void decide(const clang::FunctionDecl *F, GuardedEffect &G, const std::vector<Guard> &Local);
  /// Adds a guard of the function to G: to Carried when a caller may decide it, else to Guard.
  void addGuard(GuardedEffect &G, const Guard &L, Uniformity &Uniform);
  /// Adds the conditions a callee carries to G, bound to the arguments of Call in Def: those the
  /// call decides drop out, those still on the caller's parameters stay carried, the rest join
  /// Guard.
  void addCarried(GuardedEffect &G, const GuardedEffect &In, const clang::FunctionDecl *Def,
                  const clang::CallExpr *Call, const clang::FunctionDecl *Callee,
                  Uniformity &Uniform);
  /// Whether every thread entering F creates a handle of the group kind K before it returns, at
  /// one site or another (directly or in a callee that always does).
  bool createsHandleOnEveryPath(const clang::FunctionDecl *F, GroupKind K);
  /// Handle creations of Def that every thread reaches at some site: no finding, and no guard
  /// for the callers (a handle is made, not waited on, so two sites are one creation).
  void excuseHandlesMadeEverywhere(const clang::FunctionDecl *Def,
                                   std::vector<GuardedEffect> &Effects);
  /// The collective Call in block B of Def, with the guards of Def that decide whether it runs.
  GuardedEffect collectiveAt(const clang::FunctionDecl *Def, const clang::CFGBlock *B,
                             const clang::CallExpr *Call);
  /// Appends to Result the collectives Inner of Call's callee (Def itself for a recursive call),
  /// reached through Call in block B of Def.
  void addCalleeEffects(const clang::FunctionDecl *Def, const clang::CFGBlock *B,
                        const clang::CallExpr *Call, const clang::FunctionDecl *Callee,
                        std::vector<GuardedEffect> Inner, Uniformity &Uniform,
                        std::vector<GuardedEffect> &Result);

  UnitCache &TU;
  std::map<const clang::FunctionDecl *, std::vector<GuardedEffect>> Memo;
  std::set<const clang::FunctionDecl *> InProgress;
  std::map<const clang::FunctionDecl *, llvm::DenseMap<const clang::CFGBlock *, bool>> Decided;
  /// createsHandleOnEveryPath's answers; false while a function's own answer is being found.
  std::map<std::pair<const clang::FunctionDecl *, GroupKind>, bool> HandleOnEveryPath;
  bool CutRecursion = false;          ///< a recursive call was cut below the current one
  std::vector<GuardedEffect> Scratch; ///< a result not memoised (computed across a cut)
};

} // namespace coopcheck::analysis
