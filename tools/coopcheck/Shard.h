// --shard=K/N: one of N CI jobs analyses the K-th part of the run's units, so that a large
// compile database is spread over runners whose reports `coopcheck merge` joins again.
#pragma once
#include "tools/coopcheck/Inputs.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace coopcheck::cli {

struct Shard {
  unsigned Index = 1; ///< K, 1-based as CI matrices count
  unsigned Count = 1; ///< N
};

/// "K/N" with 1 <= K <= N; the error is one line.
llvm::Expected<Shard> parseShard(llvm::StringRef Text);

/// \p File relative to \p Base, with ".." where it lies outside (both made absolute against
/// the current directory and normalized lexically): what a unit is known by on every machine.
std::string portablePath(llvm::StringRef File, llvm::StringRef Base);

/// Whether the unit known by \p PortablePath belongs to shard \p S.
bool inShard(llvm::StringRef PortablePath, const Shard &S);

/// Keeps the units of shard \p S and the failures of the inputs it owns. A unit is known by the
/// file it was named by (a header analysed through a unit that includes it by the header),
/// relative to \p Base: the database's directory with -p, else the current directory.
void keepShard(const Shard &S, llvm::StringRef Base, Inputs &In);

} // namespace coopcheck::cli
