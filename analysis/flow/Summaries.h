// Function summaries, computed on demand bottom-up over the call graph: which collectives a
// function may execute (directly or in callees), on which group — a known one or one of its
// parameters — and whether it may end the calling thread (a trap, asm("exit;")).
// Recursion is solved by iterating until no summary grows (effects are deduplicated, so this
// ends; a safety bound of 16 rounds stops pathological cases with what was found so far).
#pragma once
#include "analysis/flow/Groups.h"
#include "analysis/frontend/CompileErrors.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/iterator.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

/// Which group a collective works on, seen from one function.
struct GroupOrigin {
  enum class Kind { Known, Parameter, Unknown };
  Kind Origin = Kind::Unknown;
  GroupType Type;          ///< when Known
  unsigned ParamIndex = 0; ///< when Parameter
  /// When Known: the expression that made the group (this_grid(), tiled_partition<8>(block)),
  /// after following the variables that hold it; null when only its type is known.
  const clang::Expr *Source = nullptr;

  static GroupOrigin known(GroupType T, const clang::Expr *Source = nullptr) {
    return {Kind::Known, T, 0, Source};
  }
  static GroupOrigin parameter(unsigned I) { return {Kind::Parameter, GroupType{}, I, nullptr}; }
  static GroupOrigin unknown() { return {}; }
  bool isKnown(GroupKind K) const { return Origin == Kind::Known && Type.Kind == K; }
};

/// Resolves the group a group-valued expression in F holds: its own static type when that is
/// specific, else what a thread_group variable was initialised from, or F's parameter.
GroupOrigin resolveGroupOrigin(const clang::Expr *GroupExpr, const clang::FunctionDecl *F);

/// Calls leading from one function into the functions it calls, outermost first. Effects pass
/// up the call graph one call at a time: a chain shares the calls below the one prepended, so
/// effects passed up N calls cost N links in all, not N copies of chains up to N calls long
/// (a call graph a thousand calls deep would otherwise hold a billion calls).
class CallChain {
  struct Link {
    const clang::CallExpr *Call = nullptr;
    std::shared_ptr<const Link> Rest;
    size_t Length = 0;
    const clang::CallExpr *Innermost = nullptr;
  };

public:
  class iterator : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                                     const clang::CallExpr *const> {
  public:
    iterator() = default;
    explicit iterator(const Link *At) : At(At) {}
    const clang::CallExpr *const &operator*() const { return At->Call; }
    iterator &operator++() {
      At = At->Rest.get();
      return *this;
    }
    bool operator==(const iterator &O) const { return At == O.At; }

  private:
    const Link *At = nullptr;
  };

  bool empty() const { return !Head; }
  size_t size() const { return Head ? Head->Length : 0; }
  const clang::CallExpr *front() const { return Head->Call; }
  /// The call into the function that holds the collective.
  const clang::CallExpr *back() const { return Head->Innermost; }
  iterator begin() const { return iterator(Head.get()); }
  iterator end() const { return iterator(); }
  /// Call, then the calls of this chain.
  CallChain prepended(const clang::CallExpr *Call) const {
    CallChain Out;
    Out.Head =
        std::make_shared<const Link>(Link{Call, Head, size() + 1, Head ? Head->Innermost : Call});
    return Out;
  }

private:
  std::shared_ptr<const Link> Head;
};

/// A condition on one parameter of the summarised function that every path to a collective
/// tests: `if (sync) <block barrier>;` runs the barrier only when `sync` holds. A call that
/// passes a constant failing it does not execute the collective.
struct ParameterGuard {
  unsigned ParamIndex = 0;
  bool WhenNonZero = true;
};

/// One collective a function may execute.
struct CollectiveEffect {
  CollectiveKind Kind = CollectiveKind::Barrier;
  GroupOrigin Group;
  const clang::CallExpr *Site = nullptr; ///< the collective call, in whichever function holds it
  std::string Spelling;                  ///< "grid.sync()"
  /// The calls leading from the summarised function to the function that holds Site.
  CallChain Chain;
  /// A parameter test of the summarised function the collective runs only under, if any.
  std::optional<ParameterGuard> Guard;
};

struct FunctionSummary {
  std::vector<CollectiveEffect> Effects;
  /// A trap or asm("exit;") the function may execute (the first one found).
  const clang::Stmt *ThreadExit = nullptr;
  /// An inline-PTX block barrier (`bar.sync`, `barrier.sync`) the function may execute (the
  /// first one found). Not a collective effect (its thread count may name part of the block),
  /// but it orders memory for the threads it waits for.
  const clang::Stmt *BarrierAsm = nullptr;
  /// The block or warp barrier every call of the function executes before it returns: a
  /// library's own wrapper (CUB's CTA_SYNC, whose body is the block barrier), or one around such
  /// a wrapper.
  /// Null when a path may return without it.
  const clang::CallExpr *AlwaysBarrier = nullptr;
  /// The innermost test of a parameter of the function around each call of its body.
  llvm::DenseMap<const clang::CallExpr *, ParameterGuard> CallGuards;
};

/// A callee's guard of a collective seen at one call: whether the collective can run there, and
/// the caller's own parameter test it then runs under, if any.
struct BoundGuard {
  bool Runs = true;
  std::optional<ParameterGuard> Guard;
};

class SummaryTable {
public:
  /// Functions that Errors says contain compile errors are summarised as knowing nothing.
  SummaryTable(clang::ASTContext &Ctx, const CompileErrors *Errors = nullptr)
      : Ctx(Ctx), Errors(Errors) {}

  const FunctionSummary &summaryOf(const clang::FunctionDecl *F);

  /// The collectives a call in Caller executes, with the callee's group parameters bound to the
  /// call's arguments: the collective itself, or what the callee's summary says.
  std::vector<CollectiveEffect> effectsOfCall(const clang::CallExpr *Call,
                                              const clang::FunctionDecl *Caller);

  /// The group an effect of a callee works on, seen from Caller: its own group when known,
  /// else the argument of this call for the callee's group parameter.
  static GroupOrigin bindToCall(const GroupOrigin &InCallee, const clang::CallExpr *Call,
                                const clang::FunctionDecl *Callee,
                                const clang::FunctionDecl *Caller);

  /// InCallee, a guard of a collective of Callee, at Call in Caller: a constant argument that
  /// fails it keeps the collective from running; the caller's unchanged parameter passed for it
  /// makes the test the caller's; else the caller's own test around Call remains.
  BoundGuard bindGuard(const std::optional<ParameterGuard> &InCallee, const clang::CallExpr *Call,
                       const clang::FunctionDecl *Callee, const clang::FunctionDecl *Caller);

  /// The thread exit a call executes (a trap, asm exit, or a callee that may), or null.
  const clang::Stmt *threadExitOfCall(const clang::CallExpr *Call);

  /// The block or warp barrier a call always executes: the barrier itself, or the one its
  /// callee's body executes on every path (a library's wrapper); null otherwise.
  const clang::CallExpr *alwaysBarrierOfCall(const clang::CallExpr *Call);

  /// The inline-PTX block barrier a call's callee may execute, or null.
  const clang::Stmt *barrierAsmOfCall(const clang::CallExpr *Call);

  /// The work done so far: bodies summarised and summaries revisited while recursion settles.
  /// Grows linearly with a unit's functions.
  size_t work() const { return Work; }

private:
  void compute(const clang::FunctionDecl *F, FunctionSummary &Out);
  const clang::CallExpr *barrierOnEveryPath(const clang::FunctionDecl *F);

  clang::ASTContext &Ctx;
  const CompileErrors *Errors;
  /// A std::map: summaries are read by reference while others are added during recursion.
  std::map<const clang::FunctionDecl *, FunctionSummary> Summaries;
  llvm::DenseSet<const clang::FunctionDecl *> Done;
  llvm::DenseSet<const clang::FunctionDecl *> InProgress;
  /// The functions the outermost summaryOf in progress began to summarise, in order.
  std::vector<const clang::FunctionDecl *> Opened;
  bool MetRecursion = false;
  size_t Work = 0;
};

/// The definition to summarise for a callee, or null when there is none in this TU or it is
/// part of the cooperative-groups API itself (classified, not summarised).
const clang::FunctionDecl *summarisableDefinition(const clang::FunctionDecl *F);

/// The ParamIndex that names the object a method is called on (`node` in `node.size()`).
constexpr unsigned ObjectParameter = 63;

/// The argument a call passes for the callee's parameter ParamIndex (the object, for
/// ObjectParameter), or null.
const clang::Expr *argumentForParameter(const clang::CallExpr *Call,
                                        const clang::FunctionDecl *Callee, unsigned ParamIndex);

/// True for inline asm that executes PTX `exit`.
bool isThreadExit(const clang::Stmt *S);

/// True for inline asm that executes a PTX block barrier (`bar.sync`, `barrier.sync`).
bool isBarrierAsm(const clang::Stmt *S);

/// True for the trap intrinsics (the operations table's Trap rows): the thread ends there.
bool isTrapCall(const clang::CallExpr *Call);

} // namespace coopcheck::analysis
