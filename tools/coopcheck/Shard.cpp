#include "tools/coopcheck/Shard.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace coopcheck::cli {

llvm::Expected<Shard> parseShard(llvm::StringRef Text) {
  auto [K, N] = Text.split('/');
  Shard S;
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) || S.Count == 0 || S.Index == 0 ||
      S.Index > S.Count)
    return llvm::createStringError("--shard must be K/N with 1 <= K <= N (e.g. 2/3), not '" + Text +
                                   "'");
  return S;
}

static llvm::SmallString<256> normalized(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  (void)llvm::sys::fs::make_absolute(Abs); // without a current directory it stays as given
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs;
}

std::string portablePath(llvm::StringRef File, llvm::StringRef Base) {
  llvm::SmallString<256> F = normalized(File), B = normalized(Base);
  auto FileIt = llvm::sys::path::begin(F), FileEnd = llvm::sys::path::end(F);
  auto BaseIt = llvm::sys::path::begin(B), BaseEnd = llvm::sys::path::end(B);
  while (FileIt != FileEnd && BaseIt != BaseEnd && *FileIt == *BaseIt) {
    ++FileIt;
    ++BaseIt;
  }
  llvm::SmallString<256> Relative;
  for (; BaseIt != BaseEnd; ++BaseIt)
    llvm::sys::path::append(Relative, "..");
  for (; FileIt != FileEnd; ++FileIt)
    llvm::sys::path::append(Relative, *FileIt);
  return std::string(Relative);
}

// A unit's shard depends on its own path only: adding or removing other units moves no unit to
// another shard (a sorted round-robin would move every unit after the change), so each runner
// keeps analysing the same files and its result cache stays warm. The path is relative to the
// database's directory, which CMake keeps at the same place relative to the sources on every
// machine, and xxh3 is a fixed function of the bytes: every runner computes the same partition.
bool inShard(llvm::StringRef PortablePath, const Shard &S) {
  return llvm::xxh3_64bits(PortablePath) % S.Count == S.Index - 1;
}

void keepShard(const Shard &S, llvm::StringRef Base, Inputs &In) {
  auto Elsewhere = [&](llvm::StringRef File) { return !inShard(portablePath(File, Base), S); };
  llvm::erase_if(In.Units, [&](const TranslationUnitInput &Unit) {
    return Elsewhere(Unit.OnlyFindingsIn.value_or(Unit.File));
  });
  llvm::erase_if(In.Failures, [&](const report::InputFailure &F) { return Elsewhere(F.File); });
}

} // namespace coopcheck::cli
