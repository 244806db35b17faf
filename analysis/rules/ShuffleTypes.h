// Tile and coalesced-group shuffles (shfl, shfl_up, shfl_down, shfl_xor) of values they cannot
// move, for cg-shuffle-type: types that are not trivially copyable (the shuffle copies bytes to
// another thread and calls no constructor) or larger than model::MaxShuffleBytes.
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <string>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct BadShuffle {
  const clang::CallExpr *Call = nullptr;
  /// "tile.shfl_down()"
  std::string Spelling;
  /// The type of the shuffled value, as written.
  clang::QualType Type;
  uint64_t Bytes = 0;
  bool TriviallyCopyable = true;
  /// When not trivially copyable: the member that makes it so (a user-provided copy or move
  /// operation or destructor, a virtual function, a field of such a type), if one is found.
  const clang::NamedDecl *NonTrivialMember = nullptr;
};

/// The shuffles in F whose value type a tile or coalesced-group shuffle cannot move, in source
/// order.
std::vector<BadShuffle> badShuffles(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
