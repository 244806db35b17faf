// Scope-relative uniformity: how widely the value of an expression is shared. Every thread of
// one block, grid or multi-grid instance computes the same value, or, below a block, every
// aligned run of Granule consecutive threads does (32: each warp; 8: each 8-thread tile).
// Sources: thread ranks vary per thread (arithmetic on them gives granules: tid / 32, tid < 8);
// blockIdx varies across the grid only; kernel parameters and launch dimensions are uniform in
// the grid; results of collectives are uniform in their group; loads are uniform where nothing
// writes the memory, or where a barrier of the scope orders every write before the load.
// A device function's parameters are unknown: values depending on them carry the parameters,
// and the caller decides with its arguments; the same holds for what a device function returns
// (returnValue), so a call is as uniform as the arguments its result depends on. Objects are
// followed field by field: a method's fields carry the fields of the caller's object (Fields),
// met with what the method and the methods it calls on its object store there; a local object's
// field is what its constructor, initializer list, stores and method calls reaching a use leave.
//
// The values are a fixpoint over three kinds of node: each definition of a local variable, each
// use of one, and each condition of a branch that decides a definition. A node is evaluated from
// its expression, reading other nodes' current values; it is re-evaluated only when a node it
// read changes. Every node starts optimistic (shared everywhere) and only narrows, so circular
// reasoning (`x = x + 1` in a uniform loop) settles; a node that keeps changing is made
// per-thread, which is always sound. One UniformValue answers every scope at once (its Level
// and Granule), so the work grows with the number of nodes, not with the paths between them.
#pragma once
#include "analysis/flow/FunctionCFG.h"
#include "analysis/flow/ValueRanges.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "runtime-model/semantics/Operations.h"
#include "runtime-model/semantics/Scope.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace coopcheck::analysis {

class SummaryTable;
struct GroupType;

/// The thread coordinates a value is linear in: X·threadIdx.x + Lane·lane. threadIdx.x is the
/// warp's first x plus the lane, so a form whose coefficients cancel (X + Lane == 0) is shared by
/// each warp, and one without coefficients is as shared as the rest of the value.
struct ThreadTerms {
  int32_t X = 0;
  int32_t Lane = 0;
  bool any() const { return X || Lane; }
  /// Only multiples of the warp's first x (`i - lane`): the same in every lane of a warp.
  bool warpBase() const { return any() && X + Lane == 0; }
  bool operator==(const ThreadTerms &O) const { return X == O.X && Lane == O.Lane; }
  bool operator!=(const ThreadTerms &O) const { return !(*this == O); }
};

struct UniformValue {
  /// Thread (then see Granule), Block, Cluster, Grid or MultiGrid.
  model::Scope Level = model::Scope::Thread;
  /// Below a block: the length of the aligned runs of consecutive threads that share the value.
  unsigned Granule = 1;
  /// The value is the thread's rank within aligned runs (threadIdx.x, tid % 32, thread_rank()):
  /// comparing or dividing it by constants gives granules.
  bool Rank = false;
  /// The value is as uniform as these parameters of the function (bit i: parameter i; bit
  /// ObjectParameter: the address of the object of a method).
  uint64_t Params = 0;
  /// The value is as uniform as the memory these parameters point or refer to, as the caller
  /// has it at the call (bit i: parameter i; bit ObjectParameter: the object of a method).
  uint64_t Reads = 0;
  /// The value is a whole warp's reduction of these parameters (wholeWarpResult): the caller's
  /// arguments decide whether each warp's or the block's.
  uint64_t ReducedParams = 0;
  /// The value is as uniform as these fields of the object of a method, as the caller's object
  /// holds them (bit i: the class's field of index i): a per-thread context object with fields
  /// copied from kernel parameters is not per-thread as a whole.
  uint64_t Fields = 0;
  /// Below a block: lanes at the same place of every warp hold the same value (a value of the
  /// lane alone, `buf[lane]` loaded after a block barrier), so what a whole warp reduces it to
  /// is the block's.
  bool SameInEachWarp = false;
  /// With Terms, the value is Terms plus a rest shared as RestLevel and RestGranule say (its
  /// parameters among Params): kept through +, - and products with constants, so that thread
  /// coordinates cancel (`t < end + tid` for `t = start + tid`, `i - lane`).
  ThreadTerms Terms;
  model::Scope RestLevel = model::Scope::MultiGrid;
  unsigned RestGranule = 1;
  /// The optimistic start of a value not evaluated yet: a join or sum with it is the other side,
  /// so that a loop-carried value keeps its terms.
  bool Pending = false;
  /// Computed from code the compiler rejected (a missing header's type, an undeclared call):
  /// nothing is known of it, so no finding may rest on it (decidable()).
  bool Unknown = false;

  static UniformValue everywhere() { return at(model::Scope::MultiGrid); }
  static UniformValue at(model::Scope S) {
    UniformValue V;
    V.Level = S;
    return V;
  }
  static UniformValue granule(unsigned G) {
    UniformValue V;
    V.Granule = G;
    return V;
  }
  static UniformValue rank() {
    UniformValue V;
    V.Rank = true;
    return V;
  }
  static UniformValue perThread() { return UniformValue(); }
  /// What an expression the compiler rejected holds: taken as uniform, marked Unknown.
  static UniformValue unknown() {
    UniformValue V = everywhere();
    V.Unknown = true;
    return V;
  }
  static UniformValue pending() {
    UniformValue V = everywhere();
    V.Pending = true;
    return V;
  }
  /// threadIdx.x, and the lane index: ranks with their one term.
  static UniformValue threadX() {
    UniformValue V = rank();
    V.Terms.X = 1;
    return V;
  }
  static UniformValue lane() {
    UniformValue V = rank();
    V.Terms.Lane = 1;
    V.SameInEachWarp = true;
    return V;
  }
  /// Whether every warp holds the value alike, lane by lane (block-wide values do).
  bool sameInEachWarp() const { return Level != model::Scope::Thread || SameInEachWarp; }
  bool operator==(const UniformValue &O) const {
    return Level == O.Level && Granule == O.Granule && Rank == O.Rank && Params == O.Params &&
           Reads == O.Reads && ReducedParams == O.ReducedParams && Fields == O.Fields &&
           SameInEachWarp == O.SameInEachWarp && Terms == O.Terms && RestLevel == O.RestLevel &&
           RestGranule == O.RestGranule && Pending == O.Pending && Unknown == O.Unknown;
  }
};

/// The value of an operation on two values: shared as narrowly as the narrower of the two.
UniformValue meet(UniformValue A, UniformValue B);

/// What a reduction, vote or ballot over a whole warp of WarpSize lanes gives for A: the warp's,
/// and the block's (or wider) where every warp holds A alike; for a parameter's value, as the
/// caller's argument decides (ReducedParams).
UniformValue wholeWarpResult(UniformValue A, unsigned WarpSize);

/// A callee's value with its parameters replaced by the caller's arguments: Argument(P) is how
/// uniform the argument for parameter P is (nullopt: none). Memory read through parameters
/// (Reads) is the caller's to bind.
UniformValue bindParameters(UniformValue InCallee,
                            llvm::function_ref<std::optional<UniformValue>(unsigned)> Argument,
                            unsigned WarpSize);

/// The value a variable holds where the definitions A and B both reach: as meet, but thread
/// terms both have alike are kept (their rests meet).
UniformValue join(UniformValue A, UniformValue B);

/// V without its thread terms: what its rest shares (V itself when it has none).
UniformValue restOf(UniformValue V);

/// V as a whole, its terms forgotten (after an operation that is not linear).
UniformValue withoutTerms(UniformValue V);

/// Terms plus a rest shared as Rest: the rest alone when the terms are gone, each warp's when
/// only the warp's first x is left. Whole is the value the operation gives when terms are not
/// looked at; it stands where the terms are still per lane.
UniformValue withTerms(ThreadTerms Terms, UniformValue Rest, UniformValue Whole, unsigned WarpSize);

/// What a collective needs its conditions to be uniform over: every thread of a Level instance,
/// or, for tiles and warps (Level Thread), aligned runs of Granule threads.
struct UniformRequirement {
  model::Scope Level = model::Scope::Block;
  unsigned Granule = 0;
  static UniformRequirement scope(model::Scope S) { return {S, 0}; }
  static UniformRequirement tile(unsigned Size) { return {model::Scope::Thread, Size}; }
};

/// Whether V meets R when its parameters are uniform.
bool satisfies(UniformValue V, UniformRequirement R);

/// How a Uniformity reads memory that outlives the function (parameters' pointees, globals,
/// shared variables) when nothing in the function writes it.
enum class MemoryView {
  /// As the launch or the caller left it: as uniform as the address (a function's own view).
  AsLeft,
  /// Possibly written per thread by a caller just before the call: it varies. For what a
  /// function returns to its callers, which the function alone cannot see.
  CallerMayWrite,
};

/// What a method leaves in a field of its object: whether it, or a method it calls on the
/// object, stores there at all, and what the field holds anywhere in it (Value).
struct StoredField {
  bool Written = false;
  UniformValue Value;
};

/// Facts about other functions of the unit that one function's uniformity depends on.
struct UniformityContext {
  /// The value a call of the function returns, its parameters as Params; nullopt when unknown.
  std::function<std::optional<UniformValue>(const clang::FunctionDecl *)> ReturnValueOf;
  /// What a field holds in the object the function returns by value
  /// (Uniformity::returnedFieldValue); nullopt when unknown.
  std::function<std::optional<UniformValue>(const clang::FunctionDecl *, const clang::FieldDecl *)>
      ReturnedFieldOf;
  /// What a call of the function leaves in the variable it is given for its reference
  /// parameter (Uniformity::storedValue); nullopt when unknown.
  std::function<std::optional<UniformValue>(const clang::FunctionDecl *, const clang::VarDecl *)>
      StoredValueOf;
  /// What a call of the method leaves in a field of its object (Uniformity::storedFieldValue);
  /// nullopt when unknown.
  std::function<std::optional<StoredField>(const clang::FunctionDecl *, const clang::FieldDecl *)>
      StoredFieldOf;
  /// The range of what a call of the function returns, in its parameters
  /// (Uniformity::returnRange); nullopt when unknown.
  std::function<std::optional<ValueRange>(const clang::FunctionDecl *)> ReturnRangeOf;
  /// Whether a call of the function only reads through its pointer parameter P
  /// (leavesPointeeBe); null: any call given a pointer to non-const may store through it.
  std::function<bool(const clang::FunctionDecl *, unsigned)> LeavesPointeeBe;
  /// Whether a return from the function ends the thread (a kernel, or a helper that kernels
  /// call only as their last action).
  bool ReturnsEndThread = false;
  /// When non-zero, blocks are taken to hold whole warps of this many lanes in each row
  /// (blockDim.x a multiple of it, as warp-per-row code launches them): threadIdx.y and .z are
  /// then shared by each warp. For rules that report what differs between the lanes of a warp
  /// under every launch the code is written for.
  unsigned RowsOfWholeWarps = 0;
  /// The identifiers written in statements the compiler dropped from the function
  /// (CompileErrors::namesInDroppedStatements): a variable or field so named may have been
  /// given a value there, so it is unknown wherever it is read. Null when none.
  const llvm::StringSet<> *DroppedNames = nullptr;
  /// Whether the compiler rejected inline assembly it kept (CompileErrors::rejects): its outputs
  /// are unknown. Null: it rejected none.
  std::function<bool(const clang::GCCAsmStmt *)> RejectedAsm;
  /// Lanes in a warp of the unit's platform: a warp operation whose mask names all of them gives
  /// every lane the same result where its row says so (votes, reductions, broadcasts).
  unsigned WarpSize = 32;
  /// The most threads along x a block running the function can have (`threadIdx.x` stays
  /// below it): a block's limit, or less where the kernel's launch bounds or launches say.
  unsigned MaxBlockWidth = 1024;
  /// What the extents of every block running the function are multiples of along x, y and z,
  /// as the launches the unit shows say (0: not known): blockDim.z is a multiple of 8 for blocks
  /// launched {4, 8, 24} or {4, 8, 32}, and each z-plane of them holds whole warps.
  model::Dim3 BlockMultiples{0, 0, 0};
  /// For a kernel, what each parameter is a multiple of at every launch the unit shows (1: not
  /// known): the launching function leaves unless `n % 128 == 0` before `k<<<...>>>(n)`.
  std::vector<uint64_t> ParameterMultiples;
};

class Uniformity {
public:
  /// Cfg may be null; then definitions are not weighed by the branches they depend on.
  /// Summaries, when given, tell which calls are barriers (for loads ordered by a barrier).
  Uniformity(const clang::FunctionDecl *F, FunctionCFG *Cfg, clang::ASTContext &Ctx,
             SummaryTable *Summaries = nullptr, UniformityContext Unit = {},
             MemoryView Memory = MemoryView::AsLeft);

  UniformValue valueOf(const clang::Expr *E);

  /// What the function returns, as uniform as the parameters in its Params: the meet of the
  /// returned values and, when several returns may be taken, of the branches choosing between
  /// them. Nullopt for a function that returns nothing. Asked again while it is being computed (a
  /// recursive call), as uniform as everything the call passes.
  std::optional<UniformValue> returnValue();
  /// What Field holds in the object the function returns by value, as uniform as the parameters
  /// in its Params: the meet over the returns, as returnValue, of what each builds there (an
  /// initializer list, a constructor) or what the local object it copies holds there. Nullopt
  /// while it is being computed.
  std::optional<UniformValue> returnedFieldValue(const clang::FieldDecl *Field);

  /// What the function leaves in Target, a reference parameter of its own or, for a lambda, a
  /// variable it captures by reference, as uniform as the parameters in its Params (the closure
  /// as the object): the meet of the values stored to it whole, of the branches deciding them,
  /// and of the value it had at the call where some path stores nothing or only parts of it
  /// (fields, elements: then also as uniform as the indices choosing them). Nullopt when memory
  /// it points to is written or it is handed on to another call.
  std::optional<UniformValue> storedValue(const clang::VarDecl *Target);

  /// What the method leaves in Field of its object, or holds there anywhere in its body (its
  /// fields' values are not followed statement by statement): the meet of the value the caller
  /// gave it (Fields), of what the method and the methods it calls on its object store there,
  /// and of the branches deciding those stores. A constructor starts from its initializers.
  /// Nullopt when the field is not one a method's object is followed by.
  std::optional<StoredField> storedFieldValue(const clang::FieldDecl *Field);

  /// What the object Call passes to Callee holds in the fields named by Fields (a callee's
  /// UniformValue::Fields): this function's own object or a local object field by field, any
  /// other object as a whole, as the callee's view of memory reads it.
  UniformValue objectFieldsValue(uint64_t Fields, const clang::CallExpr *Call,
                                 const clang::FunctionDecl *Callee, MemoryView CalleeView);

  /// E as a range in this function's parameters (ValueRange), when E is built from constants,
  /// integer parameters the function never changes, thread coordinates (bounded by the block's
  /// width and the warp), sums and products with constants, divisions, shifts, remainders and
  /// masks by constants, calls of functions whose returns are such, and local variables defined
  /// from those; nullopt otherwise. `tid / 32 / WARPS_N` is 0 in a kernel whose
  /// __launch_bounds__ is WARPS_N * 32; `flat_tid * ITEMS` stays below the block's items.
  std::optional<ValueRange> rangeOf(const clang::Expr *E);
  /// The range of what the function returns: the hull of its returns' ranges, which must name
  /// the same parameters; nullopt otherwise, and while it is being computed (recursion).
  std::optional<ValueRange> returnRange();
  /// The range of the argument Call passes for Callee's parameter P, when its values fit it.
  std::optional<ValueRange> argumentRange(const clang::CallExpr *Call,
                                          const clang::FunctionDecl *Callee, unsigned P);

  /// How many times a node was evaluated so far: grows linearly with the function, whatever
  /// the shape of its def-use chains (the stress test bounds it).
  unsigned evaluations() const { return Evaluations; }

  /// Whether E is uniform at R, its parameters taken as uniform; a value computed from code the
  /// compiler rejected counts as uniform, so that no finding rests on it.
  bool isUniformAt(const clang::Expr *E, UniformRequirement R) {
    UniformValue V = valueOf(E);
    return V.Unknown || satisfies(V, R);
  }
  bool isUniformAt(const clang::Expr *E, model::Scope S) {
    return isUniformAt(E, UniformRequirement::scope(S));
  }

  /// The statements (initializer, assignment, ++) that give the local variable Use names the
  /// value it has there; nullopt when Use names no local variable of this function, its address
  /// escapes, or a parameter may still hold the caller's value there.
  std::optional<llvm::SmallVector<const clang::Stmt *, 2>>
  definitionsReaching(const clang::DeclRefExpr *Use);

private:
  enum class NodeKind { Definition, StoredByCall, Use, Condition, Field };
  /// A statement's value of one kind; a call's StoredByCall node also names the variable, and a
  /// Definition node without a statement is what a thread's own variable holds in its parts. A
  /// Field node is what a field holds: of the method's object (no variable) anywhere in the
  /// function, of a local object at its statement (the stores that reach it).
  using Node = std::tuple<llvm::PointerIntPair<const clang::Stmt *, 3, NodeKind>,
                          const clang::VarDecl *, const clang::FieldDecl *>;
  static Node node(const clang::Stmt *S, NodeKind Kind, const clang::VarDecl *Var = nullptr) {
    return {{S, Kind}, Var, nullptr};
  }
  static Node fieldNode(const clang::VarDecl *Object, const clang::FieldDecl *Field,
                        const clang::Stmt *At) {
    return {{Object ? At : nullptr, NodeKind::Field}, Object, Field};
  }
  /// A field's own storage that E names: of the method's object (Object null) or of a local
  /// object of this function, through members and array elements of it (`this->k[i].x`).
  struct FieldAccess {
    const clang::VarDecl *Object = nullptr;
    const clang::FieldDecl *Field = nullptr;
    const clang::Expr *Part = nullptr; ///< E itself, for the indices choosing the element
  };
  std::optional<FieldAccess> fieldAccess(const clang::Expr *E) const;
  /// Whether a statement the compiler dropped from the function names D (its value there is
  /// unknown).
  bool namedInDroppedStatement(const clang::NamedDecl *D) const;
  /// Whether the fields of Record are followed one by one for Object (null: the method's own).
  bool followsFields(const clang::VarDecl *Object, const clang::RecordDecl *Record) const;
  /// What Field of Object holds at At: for the method's object (Object null), anywhere in this
  /// function; for a local object, what the stores to the field that reach At leave there.
  UniformValue fieldValue(const clang::VarDecl *Object, const clang::FieldDecl *Field,
                          const clang::Stmt *At);
  /// What one statement that writes Object (null: the method's object) leaves in Field;
  /// nullopt when it leaves the field be (a store to another field, or through its pointer).
  std::optional<UniformValue> fieldStoreValue(const clang::VarDecl *Object,
                                              const clang::FieldDecl *Field,
                                              const clang::Stmt *Write);
  /// The statements of Set that reach At with no other between: a walk back for the first few
  /// questions about Set (counted in Walks), then one index over the CFG answers them all.
  llvm::SmallPtrSet<const clang::Stmt *, 4>
  nearestAmong(llvm::ArrayRef<const clang::Stmt *> Set, const clang::Stmt *At, unsigned &Walks,
               std::unique_ptr<NearestBeforeIndex> &Index);
  /// The statements that store to Field of the local Object (fieldStoreValue gives them a value).
  const std::vector<const clang::Stmt *> &fieldStores(const clang::VarDecl *Object,
                                                      const clang::FieldDecl *Field);
  /// Of those, the ones that reach At with no other between.
  llvm::SmallPtrSet<const clang::Stmt *, 4> fieldStoresReaching(const clang::VarDecl *Object,
                                                                const clang::FieldDecl *Field,
                                                                const clang::Stmt *At);
  /// What a constructor call or initializer list that builds a local object puts in Field.
  UniformValue fieldInitValue(const clang::Expr *Init, const clang::FieldDecl *Field);
  /// What a call of a method on an object this function follows field by field leaves in Field;
  /// nullopt when the method stores nothing there.
  std::optional<UniformValue> fieldByCall(const clang::CallExpr *Call,
                                          const clang::FieldDecl *Field);
  /// What the memory reached through a temporary object's fields holds at At: what the pointers,
  /// arrays and references its construction Built is given point to.
  UniformValue constructionPointees(const clang::Expr *Built, const clang::Stmt *At);
  /// objectFieldsValue within the fixpoint.
  UniformValue objectFieldsAt(uint64_t Fields, const clang::CallExpr *Call,
                              const clang::FunctionDecl *Callee, MemoryView CalleeView);
  struct NodeState {
    UniformValue Value = UniformValue::pending();
    unsigned Changes = 0;
    bool Queued = false;
  };
  /// The current value of N, recording that the node being evaluated reads it. A node not seen
  /// before is queued, starting optimistic.
  UniformValue read(Node N);
  UniformValue evaluate(Node N);
  /// As uniform as every parameter, the object and the memory they point to.
  UniformValue everythingPassed() const;
  /// What Evaluate gives once every node it reads has settled (outside the fixpoint).
  UniformValue settle(llvm::function_ref<UniformValue()> Evaluate);
  /// Evaluates queued nodes until none changes.
  void solve();
  /// The branches (block, condition) that decide whether Def runs, kernel exits left out.
  llvm::ArrayRef<std::pair<const clang::CFGBlock *, const clang::Expr *>>
  branchesOf(const clang::Stmt *Def);
  /// Whether a parameter may still hold the caller's value at Use.
  bool holdsIncoming(const clang::Stmt *Use, const clang::VarDecl *Var);
  UniformValue exprValue(const clang::Expr *E);
  std::optional<UniformValue> dependentValue(const clang::Expr *E);
  UniformValue exprValueAt(const clang::Expr *E);
  /// A variable, parameter, enumerator or function that an expression names.
  UniformValue namedValue(const clang::DeclRefExpr *DRE);
  UniformValue unaryValue(const clang::UnaryOperator *UO);
  UniformValue binaryValue(const clang::BinaryOperator *BO);
  /// `LHS Op RHS` for an arithmetic or comparison operator, thread terms followed.
  UniformValue arithmeticValue(clang::BinaryOperatorKind Op, const clang::Expr *LHS,
                               const clang::Expr *RHS);
  /// The same without terms: ranks compared with or divided by constants give granules.
  /// A rank within aligned runs of Run threads (`tid % 16`, `tid & 15`).
  UniformValue rankWithin(uint64_t Run, bool ThreadX) const;
  UniformValue rankArithmetic(clang::BinaryOperatorKind Op, UniformValue L, UniformValue R,
                              const clang::Expr *LHS, const clang::Expr *RHS);
  /// `i - start` for a counter that starts at `start` and only takes steps: as uniform as the
  /// steps and the branches deciding them; nullopt for any other subtraction.
  std::optional<UniformValue> offsetFromStart(const clang::BinaryOperator *Sub);
  /// What the part of E beside its thread terms is known to be a multiple of: 0 when that part
  /// is zero (threadIdx.x, the lane), 1 when nothing is known. A counter is a multiple of what
  /// its start and its every step are (`col = blockIdx.x * 32 + lane; ...; col += 32 * n`).
  struct MultipleSearch {
    llvm::SmallPtrSet<const clang::Stmt *, 8> Path; ///< the definitions being followed
    unsigned Steps = 0;
  };
  uint64_t restMultiple(const clang::Expr *E, MultipleSearch &Search);
  std::optional<ValueRange> rangeOf(const clang::Expr *E, MultipleSearch &Search);
  std::optional<ValueRange> binaryRange(const clang::BinaryOperator *BO, MultipleSearch &Search);
  std::optional<ValueRange> variableRange(const clang::Expr *Use, const clang::VarDecl *Var,
                                          MultipleSearch &Search);
  std::optional<ValueRange> callRange(const clang::CallExpr *Call, MultipleSearch &Search);
  std::optional<ValueRange> argumentRange(const clang::CallExpr *Call,
                                          const clang::FunctionDecl *Callee, unsigned P,
                                          MultipleSearch &Search);
  /// R with its thread coordinates bounded by the blocks running the function.
  std::optional<ValueRange> withinBlocks(const std::optional<ValueRange> &R) const;
  /// Whether `LHS Op RHS` comes out alike in every thread because the ranges of its operands
  /// decide it (`tid * 4 < 4 * BLOCK` in blocks of at most BLOCK threads).
  bool decidedByRanges(clang::BinaryOperatorKind Op, const clang::Expr *LHS,
                       const clang::Expr *RHS);
  /// What the parameter Var is a multiple of where Use reads it: by the guards at the top of the
  /// function (`if (C % 256)` around a trap gives 256), and by what every launch passes for it
  /// (UniformityContext::ParameterMultiples).
  uint64_t guardedMultiple(const clang::VarDecl *Var, const clang::Expr *Use) const;
  /// The threads over which `LHS Op RHS`, whose thread terms differ by Terms, comes out alike.
  enum class AlikeOver { None, Warp, All };
  /// All: the rests are multiples of a step the terms never reach (`lane < 32 * k` for every
  /// lane). Warp: in blocks of whole warps per row, a warp's first x joins the rests, and the
  /// terms within a warp never reach their step (`tid * 4 < n` with n a multiple of 128).
  AlikeOver termsWithinStep(clang::BinaryOperatorKind Op, ThreadTerms Terms, const clang::Expr *LHS,
                            const clang::Expr *RHS);
  /// Which element a store to a part of a variable picks: as uniform as the indices on the way
  /// (`t.k[i]`: i; `t.x`: everywhere).
  UniformValue partSelectorValue(const clang::Expr *Part);
  /// An object built from Parts (constructor arguments, initializer list items).
  UniformValue partsValue(llvm::ArrayRef<const clang::Expr *> Parts);
  UniformValue declRefValue(const clang::ValueDecl *D);
  UniformValue callValue(const clang::CallExpr *Call);
  /// The result of a warp intrinsic: shared by the whole warp when its mask is the full warp and
  /// its row's result is the mask group's, or a broadcast from a lane every lane names alike.
  UniformValue warpOperationValue(const clang::CallExpr *Call, const model::Operation &Op);
  /// What a warp operation of row Op gives, from what its call or instruction passes: the member
  /// mask, the value, and (asked only for a broadcast) the source lane's value and the segment
  /// width; nullopt where not known.
  UniformValue warpResult(const model::Operation &Op, std::optional<uint64_t> Mask,
                          const clang::Expr *Value,
                          llvm::function_ref<std::optional<UniformValue>()> Lane,
                          llvm::function_ref<std::optional<unsigned>()> Width);
  /// A call of a function of the unit: what it returns, bound to the call's arguments.
  std::optional<UniformValue> userCallValue(const clang::CallExpr *Call);
  /// The callee of Call whose summaries bind to it: a body of the unit, not a kernel launch nor a
  /// virtual call (which may run another body); null otherwise.
  const clang::FunctionDecl *summarisedCallee(const clang::CallExpr *Call) const;
  /// What Field holds in the object Call returns by value, its callee's summary bound to it.
  std::optional<UniformValue> calledFieldValue(const clang::CallExpr *Call,
                                               const clang::FieldDecl *Field);
  /// What the return R puts in Field of the object it returns.
  UniformValue returnedField(const clang::ReturnStmt *R, const clang::FieldDecl *Field);
  /// When Copy copies a local object this function follows field by field (`q = p`,
  /// `return p;`): what that object holds in Field at At.
  std::optional<UniformValue> copiedField(const clang::Expr *Copy, const clang::FieldDecl *Field,
                                          const clang::Stmt *At);
  /// The returns some path reaches, and the meet of Value over them and, when there are several,
  /// of the branches choosing between them (threads that took different ones return different
  /// values).
  UniformValue overReturns(llvm::function_ref<UniformValue(const clang::ReturnStmt *)> Value);
  /// What a call stores in Var, a local it is given by reference or that the closure it calls
  /// captures by reference and changes, bound to its arguments.
  UniformValue storedByCall(const clang::CallExpr *Call, const clang::VarDecl *Var);
  /// The variables of this function a call of a closure changes (defined by the call).
  llvm::SmallVector<const clang::VarDecl *, 4> changedByClosureCall(const clang::CallExpr *Call);
  /// A callee's summary value with its parameters and what they point to read at Call.
  UniformValue bindToCall(UniformValue InCallee, const clang::CallExpr *Call,
                          const clang::FunctionDecl *Callee);
  /// What a lambda's summary reads through its closure (Params and Reads at ObjectParameter),
  /// as a call of it here sees the variables and memory it captured.
  UniformValue closureValue(UniformValue InCallee, const clang::CallExpr *Call,
                            const clang::LambdaExpr *Closure);
  UniformValue loadValue(const clang::Expr *Access);
  /// What memory under Root holds at At, read at an address as uniform as Address.
  UniformValue memoryValue(const clang::Decl *Root, UniformValue Address, const clang::Stmt *At);
  /// What a thread's own variable (an array, an object) holds in any of its parts.
  UniformValue privateMemoryValue(const clang::VarDecl *Var);
  /// How uniform the address of the object an lvalue names is (`nodes[blockIdx.x]`).
  UniformValue addressValue(const clang::Expr *LValue);
  /// What a callee reads through the pointer, reference or object Arg, as this call sees it.
  UniformValue pointeeValue(const clang::Expr *Arg, const clang::Stmt *At);
  /// The conditions of the branches that decide whether Def runs but not whether Use does.
  UniformValue branchValue(const clang::Stmt *Def, const clang::Stmt *Use);
  /// The value Var has at Use (a use of it, or a call of a closure that reads it).
  UniformValue useValue(const clang::Stmt *Use, const clang::VarDecl *Var);
  /// The node of the value Def gives Var: a call that Var is given to by reference is a node of
  /// its own, apart from the value the call returns.
  Node definitionNode(const clang::VarDecl *Var, const clang::Stmt *Def);
  UniformValue definitionValue(const clang::Stmt *Def);
  /// What inline assembly writes: a special register's value, or what its arithmetic and loads
  /// compute from its inputs and the memory they point to.
  UniformValue asmValue(const clang::GCCAsmStmt *Asm);
  /// What a warp vote, reduction or shuffle of inline PTX gives its one output; nullopt for any
  /// other assembly.
  std::optional<UniformValue> asmWarpOperationValue(const clang::GCCAsmStmt *Asm);
  llvm::ArrayRef<const clang::Stmt *> reachingDefinitions(const clang::Stmt *Use,
                                                          const clang::VarDecl *Var);
  /// The definitions of Var among Defs that reach Use with no other between.
  llvm::SmallPtrSet<const clang::Stmt *, 4>
  nearestDefinitions(const clang::Stmt *Use, const clang::VarDecl *Var,
                     llvm::ArrayRef<const clang::Stmt *> Defs);
  /// The statements that may write the memory at Root.
  llvm::SmallVector<const clang::Stmt *, 2> writesTo(const clang::Decl *Root) const;
  /// The widest scope whose barriers order every write of the memory at Root before Load.
  std::optional<model::Scope> orderedByBarrier(const clang::Decl *Root, const clang::Stmt *Load);
  /// Whether a warp barrier waits for every lane of the warp: a full mask, or a tile of a warp.
  bool holdsWholeWarp(const clang::CallExpr *WarpBarrier, GroupType Group) const;
  /// Whether Call comes right after a barrier of the whole warp or block, with no branch and no
  /// other call between: the lanes active there are every lane that has not left.
  bool followsWholeWarpBarrier(const clang::CallExpr *Call) const;
  /// What a load ordered at Order gives: the same value in every thread of it.
  UniformValue orderedValue(model::Scope Order) const;
  void collectDefinitions();
  /// Whether the function reaches a barrier (itself or through a call): what its reference
  /// parameters refer to may then be shared memory other threads write before it.
  bool callsBarrier() const;

  const clang::FunctionDecl *Function;
  FunctionCFG *Cfg;
  clang::ASTContext &Ctx;
  SummaryTable *Summaries;
  UniformityContext Unit;
  MemoryView Memory;
  bool IsKernel;
  /// Reference parameters are given values in turn like locals: in functions without barriers.
  bool OwnsReferenceParameters = false;
  /// Each local variable with the statements that give it a value (init, assignment, ++).
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Stmt *, 4>> Definitions;
  /// Variables whose address escapes: any thread may change them, they vary.
  llvm::DenseSet<const clang::VarDecl *> Escaped;
  /// Roots (parameters, globals, shared arrays) of memory the function writes, with the
  /// statements that write them (assignments, atomics, calls given a pointer to them).
  llvm::DenseMap<const clang::Decl *, llvm::SmallVector<const clang::Stmt *, 2>> Writes;
  /// The return statements of the function (not of its lambdas).
  llvm::SmallVector<const clang::ReturnStmt *, 2> Returns;
  /// The definitions of a variable that reach each use of it (flow-sensitive: a later assignment of
  /// a broadcast value replaces a per-thread one). This and DecidingBranches are node-based:
  /// their entries are handed out as ArrayRefs that must outlive later insertions (returnValue
  /// evaluates conditions while it walks branchesOf).
  /// Keyed by the use and the variable: a call of a closure uses all it captures.
  std::map<std::pair<const clang::Stmt *, const clang::VarDecl *>,
           llvm::SmallVector<const clang::Stmt *, 2>>
      Reaching;
  /// Per variable: how many of its uses walked back to their definitions, and once enough
  /// have, where its definitions reach for all of its uses.
  llvm::DenseMap<const clang::VarDecl *, unsigned> Walks;
  llvm::DenseMap<const clang::VarDecl *, std::unique_ptr<NearestBeforeIndex>> DefinitionIndex;
  /// Per field of a local object: the statements storing to it (node-based: handed out by
  /// reference), how many uses walked back to them, and then where they reach.
  using ObjectField = std::pair<const clang::VarDecl *, const clang::FieldDecl *>;
  std::map<ObjectField, std::vector<const clang::Stmt *>> FieldStores;
  llvm::DenseMap<ObjectField, unsigned> FieldWalks;
  llvm::DenseMap<ObjectField, std::unique_ptr<NearestBeforeIndex>> FieldStoreIndex;
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::VarDecl *>, bool> Incoming;
  std::map<const clang::Stmt *,
           llvm::SmallVector<std::pair<const clang::CFGBlock *, const clang::Expr *>, 2>>
      DecidingBranches;
  llvm::DenseMap<const clang::Stmt *, std::optional<model::Scope>> LoadOrder;
  /// The fixpoint: every node's value, who reads it, and what is left to evaluate.
  llvm::DenseMap<Node, NodeState> Nodes;
  llvm::DenseMap<Node, llvm::SmallVector<Node, 2>> Readers;
  llvm::DenseSet<std::pair<Node, Node>> ReadEdges;
  std::deque<Node> Work;
  std::optional<Node> Evaluating;
  bool MetNewNode = false;
  unsigned Evaluations = 0;
  /// Values of whole expressions asked for once the nodes they read had settled.
  llvm::DenseMap<const clang::Expr *, UniformValue> Settled;
  std::optional<std::optional<UniformValue>> ReturnSummary;
  llvm::DenseMap<const clang::FieldDecl *, UniformValue> ReturnedFields;
  /// Fields of the method's object that some statement of the function stores to.
  llvm::DenseSet<const clang::FieldDecl *> WrittenFields;
  bool Summarising = false;
  std::optional<std::optional<ValueRange>> ReturnRangeSummary;
  bool RangingReturns = false;
  unsigned Depth = 0; ///< of exprValue's recursion
};

/// The value Definition, one of Uniformity::definitionsReaching's, gives Var: its initializer,
/// or the right side of a plain `=`; null for compound assignments and increments.
const clang::Expr *definedValue(const clang::VarDecl *Var, const clang::Stmt *Definition);

/// The declaration memory reached through E is rooted at (a parameter, a local or global
/// variable, a field of the object of a method, that object's class), looking through
/// subscripts, element operators, member accesses, pointer arithmetic and casts, and local
/// pointers to their initializers; a local pointer set from a call roots its own memory.
/// Steps, when given, receives the subscripts, pointer arithmetic and local pointer variables
/// passed on the way, outermost first: they select which part of the root E reaches.
const clang::Decl *memoryRoot(const clang::Expr *E,
                              llvm::SmallVectorImpl<const clang::Expr *> *Steps = nullptr);

} // namespace coopcheck::analysis
