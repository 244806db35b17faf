// Exchanges through memory between lanes of one warp, for cg-missing-syncwarp: a lane reads an
// element of a shared array that another lane of its warp writes, before or after the read, with
// no warp or block barrier on the way between them. Elements are named through the array or
// through a local pointer into it (`int *row = s + warp * 32`); an element several lanes write at
// once is a data race of another kind, not an exchange.
#pragma once
#include "clang/AST/Expr.h"
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct WarpRace {
  /// The element read (`s[lane + 1]`) and the element written.
  const clang::ArraySubscriptExpr *Read;
  const clang::ArraySubscriptExpr *Write;
  /// The array or pointer: a __shared__ array, a pointer parameter or a global variable.
  const clang::ValueDecl *Array;
  /// A lane that reads the element that Writer, another lane of its warp, writes.
  unsigned Reader;
  unsigned Writer;
  /// Whether the write comes before the read (else it overwrites after it).
  bool WriteFirst;
  /// Whether the read is of a volatile element (volatile does not order lanes).
  bool Volatile;
  /// The call into the function, in one of its callers, whose lanes and arguments make the race
  /// (`if (tid < 32) warpReduce(s, tid)`), or null when the function's own code does.
  const clang::CallExpr *Via = nullptr;
};

/// The first racing read of each array in F, in source order, with a write it races with; in a
/// device function also those that its lanes and indices make in one of its calls.
std::vector<WarpRace> warpRaces(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
