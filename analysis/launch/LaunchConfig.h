// The configuration a launch site passes: grid and block dimensions and the dynamic shared
// memory, as written at the launch (<<<...>>>, dim3 arguments of runtime launches, the scalars of
// driver launches) or in the fields of a configuration built in the launching function
// (cudaLaunchKernelEx), and their values where they are compile-time constants once local
// variables are followed to their definitions.
#pragma once
#include "analysis/launch/LaunchSites.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <cstdint>
#include <map>
#include <optional>

namespace coopcheck::analysis {

class UnitCache;

/// E without parentheses, casts and the implicit nodes around temporaries.
const clang::Expr *strippedValue(const clang::Expr *E);

/// The operand of `&x` (casts looked through), or null for any other expression.
const clang::Expr *addressedOperand(const clang::Expr *E);

/// The local variable, parameters included, that E names (casts looked through), or null.
const clang::VarDecl *namedLocal(const clang::Expr *E);

/// The entries a function stores into a local array or malloc'ed pointer array one by one or
/// with an initializer: `void *args[] = {&a, &x};`, `args[2] = &n;`.
struct ArrayEntries {
  std::map<uint64_t, const clang::Expr *> ByIndex;
  /// Elements the array has room for: its declared size, or a constant allocation
  /// (`malloc(3 * sizeof(void *))`, `new void *[3]`).
  std::optional<uint64_t> Capacity;
};

/// What a host function gives its local variables: the values of the definitions reaching a use,
/// the fields of local structs and the elements of local arrays it assigns one by one, and the
/// calls it hands their addresses to.
/// The values a launch dimension may take, at most MaxChoices of them.
constexpr size_t MaxChoices = 8;
using ValueChoices = llvm::SmallVector<uint64_t, 2>;
using Dim3Choices = llvm::SmallVector<model::Dim3, 2>;

class LocalValues {
public:
  LocalValues(UnitCache &TU, const clang::FunctionDecl *F);

  /// The values (initializers, right sides of `=`) of the definitions of the local variable Use
  /// names that reach Use; nullopt when it is no local variable, a reaching definition is no
  /// plain one (`+=`, `++`), it is assigned as a whole object or field by field, or its
  /// address is handed to a call.
  std::optional<llvm::SmallVector<const clang::Expr *, 2>>
  valuesReaching(const clang::DeclRefExpr *Use);

  /// The one value given to field Field of the local struct Record, by a single assignment
  /// `Record.Field = e;` or else by its initializer list; null otherwise.
  const clang::Expr *fieldValue(const clang::VarDecl *Record, llvm::StringRef Field);

  /// The entries of a local array or pointer; nullopt when none is known, an element is stored
  /// at an index that is no constant (a loop fills it) or the array is handed to a call.
  std::optional<ArrayEntries> entriesOf(const clang::VarDecl *Array);

  /// The calls that may store into Var: given its address (`query(&Var, ...)`), or an array or
  /// pointer variable itself (`fill(args)`); launches and free() excluded.
  llvm::ArrayRef<const clang::CallExpr *> callsStoringInto(const clang::VarDecl *Var) const;

  /// The value of an integer expression, following the definitions of local variables that
  /// reach it; for a dim3 the product of its dimensions (the blocks of a grid). Nullopt unless
  /// every way there gives the same value.
  std::optional<uint64_t> constantOf(const clang::Expr *E, unsigned Depth = 0);

  /// The values an integer expression takes on the ways there (each arm of `c ? 768 : 1024`,
  /// each definition that reaches a use); nullopt when one is unknown or there are more than
  /// MaxChoices.
  std::optional<ValueChoices> choicesOf(const clang::Expr *E, unsigned Depth = 0);

  /// The product of constant dimensions (one dim3, or the three scalars of a driver launch).
  std::optional<uint64_t> productOf(llvm::ArrayRef<const clang::Expr *> Dimensions);

  /// Constant extents along x, y and z (one dim3 or integer, or a driver's three scalars).
  std::optional<model::Dim3> extentsOf(llvm::ArrayRef<const clang::Expr *> Dimensions);

  /// The extents the dimensions take, every combination of each axis's choices.
  std::optional<Dim3Choices> extentChoices(llvm::ArrayRef<const clang::Expr *> Dimensions);

  const clang::FunctionDecl *function() const { return Function; }
  clang::ASTContext &context() const;

private:
  std::optional<Dim3Choices> dim3Choices(const clang::Expr *E, unsigned Depth);
  std::optional<ValueChoices> constructedProducts(const clang::CXXConstructExpr *Construct,
                                                  unsigned Depth);
  std::optional<ValueChoices> arithmetic(const clang::BinaryOperator *BO, unsigned Depth);
  std::optional<uint64_t> allocatedElements(const clang::Expr *Init) const;

  /// Var keeps the value of its initializer wherever it is used: an integer local that no
  /// assignment, increment or non-const reference changes, whose address goes at most into
  /// argument arrays that only launches read (`int n = 5 * 1024; void *args[] = {&n};`).
  bool initializedOnly(const clang::VarDecl *Var) const;

  friend class LocalStores;
  UnitCache &TU;
  const clang::FunctionDecl *Function;
  /// Fields assigned one by one, by variable and field; null values for partial or compound
  /// writes (`config.gridDim.x = 4`, `config.sharedMemBytes += 16`).
  llvm::DenseMap<const clang::VarDecl *, llvm::StringMap<llvm::SmallVector<const clang::Expr *, 1>>>
      FieldStores;
  llvm::DenseMap<const clang::VarDecl *, std::map<uint64_t, const clang::Expr *>> ElementStores;
  llvm::DenseSet<const clang::VarDecl *> StoredAtVariableIndex;
  /// Class-type variables given a new value by operator= (`grid = dim3(n);`), which the
  /// definitions of local variables do not show.
  llvm::DenseSet<const clang::VarDecl *> AssignedAsObjects;
  /// Locals assigned, incremented or bound to a non-const reference anywhere in the function.
  llvm::DenseSet<const clang::VarDecl *> Modified;
  /// How often each local's address is taken, and the local arrays initialized with it.
  llvm::DenseMap<const clang::VarDecl *, unsigned> AddressTaken;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::VarDecl *, 1>>
      AddressInArrays;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::CallExpr *, 1>>
      StoringCalls;
};

/// The grid, block and dynamic shared-memory expressions of a launch; empty or null where the
/// launch takes them from a configuration built elsewhere.
struct LaunchDimensions {
  llvm::SmallVector<const clang::Expr *, 3> Grid; ///< one dim3, or a driver's three scalars
  llvm::SmallVector<const clang::Expr *, 3> Block;
  const clang::Expr *DynamicSharedMemory = nullptr;
};

LaunchDimensions launchDimensions(const LaunchSite &Launch, LocalValues &Values);

/// Threads per block of a launch when they are a compile-time constant.
std::optional<uint64_t> constantBlockThreads(UnitCache &TU, const LaunchSite &Launch);

/// Blocks of a launch's grid when they are a compile-time constant.
std::optional<uint64_t> constantGridBlocks(UnitCache &TU, const LaunchSite &Launch);

/// The grid and block of a launch where every extent is a compile-time constant.
struct ConstantLaunchShape {
  std::optional<model::Dim3> Grid, Block;
};
ConstantLaunchShape constantLaunchShape(UnitCache &TU, const LaunchSite &Launch);

/// What each argument that every launch of Kernel in the unit passes is a multiple of, by
/// parameter (1: not known): a constant's magnitude, or what the launching function's guards
/// before the launch make a variable it never assigns (`GGML_ASSERT(n % 128 == 0);`). Empty
/// when Kernel has no launch in the unit; all 1 when one launch is no `<<<...>>>`.
std::vector<uint64_t> launchedArgumentMultiples(UnitCache &TU, const clang::FunctionDecl *Kernel);

/// The blocks the unit launches Kernel with, when every launch of it the unit shows gives a
/// constant block and none launches an unknown kernel; nullopt otherwise (empty: no launch).
std::optional<std::vector<model::Dim3>> launchedBlocks(UnitCache &TU,
                                                       const clang::FunctionDecl *Kernel);

} // namespace coopcheck::analysis
