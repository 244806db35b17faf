// Lane sets: which lanes of a warp satisfy a condition, reach a statement or name a value. Integer
// expressions are evaluated concretely for every thread of the first warps of a block
// (threadIdx.x = 0 .. Warps * warpSize - 1, threadIdx.y = threadIdx.z = 0), for two block sizes
// that are multiples of the warp size (a kernel launched only with rows narrower than a warp: its
// one launched block); an expression whose value depends on anything else
// (kernel parameters, blockIdx, loads, variables with several reaching definitions) or differs
// between the two block sizes is not lane-evaluable. Shared by cg-warp-mask (which lanes reach a
// warp intrinsic, which lanes its mask names) and cg-missing-syncwarp (which lane reads the
// element another lane writes).
#pragma once
#include "analysis/flow/Branches.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

/// The counter a loop's initialisation sets (`int k = 16` or `k = 16`), with the expression it
/// starts from.
std::optional<std::pair<const clang::VarDecl *, const clang::Expr *>>
counterStart(const clang::Stmt *Init);

class UnitCache;

class LaneSets {
public:
  /// The warps of a block whose lanes are evaluated.
  static constexpr unsigned Warps = 4;
  using PerWarp = std::array<uint64_t, Warps>;

  /// What one call of a device function tells about its lanes: the lanes of each warp that make
  /// the call, and the value, thread by thread, of each argument the caller evaluates for a
  /// parameter the function never changes (`wr(s, tid)` called under `tid < 32`).
  struct CallContext {
    const clang::CallExpr *Call = nullptr;
    PerWarp Entry{};
    /// The caller's innermost condition that keeps lanes from the call, or null.
    const clang::Expr *Limiting = nullptr;
    /// When a condition only the run decides (a bounds check, loaded data) lets lanes make the
    /// call or not: that condition, and Entry is every lane.
    const clang::Expr *DataDependentGuard = nullptr;
    llvm::DenseMap<const clang::ParmVarDecl *, std::vector<int64_t>> Arguments;
    /// The lanes the caller's blocks do not have (a kernel launched only with blocks narrower
    /// than a warp): absent in the callee too.
    PerWarp Absent{};
  };
  /// The contexts of the calls of the device function F in the unit whose callers' lanes are
  /// known or decided by data, in the order of the calls; at most MaxCallContexts of them, which
  /// bounds the work a helper called all over a unit costs.
  static constexpr unsigned MaxCallContexts = 8;
  static std::vector<CallContext> contextsOf(UnitCache &TU, const clang::FunctionDecl *F);

  /// The lanes of F on their own (every lane enters it) or, with Context, as one call makes them.
  LaneSets(UnitCache &TU, const clang::FunctionDecl *F,
           std::optional<CallContext> Context = std::nullopt);
  const std::optional<CallContext> &context() const { return Context; }

  unsigned warpSize() const { return WarpSize; }
  /// Every lane of a warp.
  uint64_t allLanes() const;
  /// For each warp, the lanes that exist: every lane, but for a kernel whose every launch has
  /// fewer threads in a block than the warps evaluated (`<<<1, 1>>>`: one lane), and in a call
  /// from such a kernel (CallContext::Absent). The hardware
  /// treats absent lanes as exited (probe P13): they reach nothing and no mask waits for them.
  PerWarp present() const;

  /// The value of E for threads 0 .. Warps * warpSize - 1 (index: the thread), or null when E is
  /// not lane-evaluable.
  const std::vector<int64_t> *values(const clang::Expr *E);
  /// The value E has in every evaluated thread, when it is the same everywhere.
  std::optional<int64_t> constant(const clang::Expr *E);
  /// For each warp, the lanes where Cond holds (is non-zero).
  std::optional<PerWarp> lanesWhere(const clang::Expr *Cond);

  /// For each warp, the lanes that reach S, from the branches S is control-dependent on: the
  /// conditions of if/&&/||/?: and early returns with their polarity. Conditions that are the
  /// same for all lanes of a warp and not lane-evaluable are skipped (whole warps reach S or
  /// none); exits from the kernel are skipped (lanes that left are cg-warp-mask's warning);
  /// branches for which Skip holds are skipped. Nullopt when some lane-varying condition is not
  /// lane-evaluable (a data-dependent branch, a loop trip count).
  /// Limiting, when given, receives the innermost condition that removes lanes.
  std::optional<PerWarp> lanesReaching(const clang::Stmt *S,
                                       llvm::function_ref<bool(const BranchShape &)> Skip = nullptr,
                                       const clang::Expr **Limiting = nullptr);

  /// The innermost condition that decides whether S runs, may differ between lanes of a warp and
  /// is not lane-evaluable (a bounds check on a parameter, loaded data, a loop whose trips vary
  /// between lanes), or null. Kernel exits and branches for which Skip holds are not counted,
  /// nor conditions that split no warp when every row of a block holds whole warps.
  const clang::Expr *
  dataDependentGuard(const clang::Stmt *S,
                     llvm::function_ref<bool(const BranchShape &)> Skip = nullptr);

  /// Which lanes of each aligned group an exit from the kernel lets stay.
  enum class StayingLanes {
    Any,     ///< no order is known
    Lowest,  ///< those below a bound (`if (tid >= n) return;` for `tid = threadIdx.x`)
    Highest, ///< those at or above a bound (`if (tid < first) return;`)
  };
  struct LaneVaryingExit {
    /// The condition of the first such exit, or null when no exit splits a group.
    const clang::Expr *Condition = nullptr;
    /// What every such exit lets stay, taken together.
    StayingLanes Staying = StayingLanes::Any;
  };
  /// The exits from the kernel taken before S (`if (i >= n) return;`) whose conditions may
  /// differ between the lanes of an aligned group of Group lanes (a warp by default).
  LaneVaryingExit laneVaryingExit(const clang::Stmt *S, unsigned Group = 0);

  /// The statement giving the variable E names its value, when exactly one reaches E.
  const clang::Expr *singleDefinitionValue(const clang::Expr *E);

  /// A loop `for (k = C0; k < C1; k *= 2)` whose counter takes the same constant values in every
  /// thread and is changed only by its step: the counter and its values, trip by trip.
  struct CountedLoop {
    const clang::VarDecl *Counter = nullptr;
    std::vector<int64_t> Values;
  };
  std::optional<CountedLoop> countedLoop(const clang::ForStmt *Loop);
  /// The innermost counted loop around E.
  std::optional<CountedLoop> enclosingCountedLoop(const clang::Expr *E);
  /// From now on the counter of a counted loop evaluates to Value (one trip of the loop), or,
  /// with nullopt, through its definitions again.
  void bindCounter(const clang::VarDecl *Counter, std::optional<int64_t> Value);

private:
  /// Whether Cond may hold for some lanes of a warp and not for others, under any launch written
  /// for warps: not uniform in the warp, not even with rows of whole warps, and not a condition
  /// that, evaluated for each block size, keeps or removes whole warps.
  bool mayDifferInAWarp(const clang::Expr *Cond);
  /// E for every evaluated thread of a block of BlockDim threads; nullopt when some thread's
  /// value is not lane-evaluable.
  std::optional<std::vector<int64_t>> valuesFor(const clang::Expr *E, unsigned BlockDim);
  std::optional<int64_t> eval(const clang::Expr *E, unsigned Tid, unsigned BlockDim,
                              unsigned Depth);
  /// What Clang's constant evaluator makes of E, the same in every thread: asked once per
  /// expression, not once per thread. Nullopt: not a constant; a nullopt Constant: a constant
  /// wider than 64 bits, which is not evaluated.
  using Constant = std::optional<int64_t>;
  std::optional<Constant> constantOf(const clang::Expr *E);
  /// singleDefinitionValue, once per use of a variable rather than once per thread.
  const clang::Expr *definitionValue(const clang::DeclRefExpr *DRE);
  // eval by kind of expression: E's value for thread Tid of a block of BlockDim threads.
  std::optional<int64_t> evalCast(const clang::CastExpr *CE, unsigned Tid, unsigned BlockDim,
                                  unsigned Depth);
  std::optional<int64_t> evalCall(const clang::CallExpr *Call, unsigned Tid, unsigned BlockDim);
  /// A variable, through the one definition that reaches it.
  std::optional<int64_t> evalVariable(const clang::DeclRefExpr *DRE, unsigned Tid,
                                      unsigned BlockDim, unsigned Depth);
  /// A variable whose one reaching definition copies `%laneid` in inline PTX: thread Tid's lane.
  std::optional<int64_t> laneFromAsm(const clang::DeclRefExpr *DRE, unsigned Tid);
  std::optional<int64_t> evalUnary(const clang::UnaryOperator *UO, unsigned Tid, unsigned BlockDim,
                                   unsigned Depth);
  std::optional<int64_t> evalConditional(const clang::ConditionalOperator *CO, unsigned Tid,
                                         unsigned BlockDim, unsigned Depth);
  std::optional<int64_t> evalBinary(const clang::BinaryOperator *BO, unsigned Tid,
                                    unsigned BlockDim, unsigned Depth);
  /// Arithmetic, bitwise and shift operators on evaluated operands, the result fitted to T.
  std::optional<int64_t> arithmetic(clang::BinaryOperatorKind Op, int64_t L, int64_t R,
                                    bool Unsigned, clang::QualType T) const;
  /// Narrows Reaching, per warp, to the lanes where a condition holds (Holds) or does not, given
  /// the lanes Where it holds; whether that removed any lane.
  bool keepLanes(PerWarp &Reaching, const PerWarp &Where, bool Holds) const;
  int64_t fit(int64_t V, clang::QualType T) const;
  /// threadIdx (ThreadIndex) or blockDim along the accessor's axis for thread Tid of a kernel
  /// with NarrowRows; nullopt without it.
  std::optional<int64_t> narrowRowsIndex(bool ThreadIndex, llvm::StringRef Accessor,
                                         unsigned Tid) const;

  UnitCache &TU;
  const clang::FunctionDecl *Function;
  std::optional<CallContext> Context;
  clang::ASTContext &Ctx;
  unsigned WarpSize;
  /// The block a kernel launched only with rows narrower than a warp always gets
  /// (`dim3(16, 4, 4)`): its warps span rows, so thread indices are evaluated from it. Such a
  /// kernel launched with several blocks has no evaluable thread index.
  std::optional<model::Dim3> NarrowRows;
  bool RowsHoldWarps;
  /// Node-based: values() hands out pointers into it, which later insertions must not move.
  std::map<const clang::Expr *, std::optional<std::vector<int64_t>>> Cache;
  llvm::DenseMap<const clang::VarDecl *, int64_t> BoundCounters;
  llvm::DenseMap<const clang::Expr *, std::optional<Constant>> Constants;
  llvm::DenseMap<const clang::DeclRefExpr *, const clang::Expr *> DefinitionValues;
  unsigned Steps = 0; ///< of eval for one thread: long definition chains give up
};

/// Lanes of a mask as the user reads them: "16-31", "0, 2, 4-7".
std::string laneRanges(uint64_t Mask);
/// A mask in hex: 0xffffffff.
std::string hexMask(uint64_t Mask);

} // namespace coopcheck::analysis
