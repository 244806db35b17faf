// The headers a unit reads before its own first line (its -include headers: the model headers,
// or with a real toolkit clang's CUDA wrapper and the toolkit's runtime headers it pulls in) are
// most of its parse, and the same for every unit parsed with the same options. They are
// precompiled once into a directory shared by runs and processes, and each such unit loads them
// instead of parsing them again.
#pragma once
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace coopcheck::analysis {

class PrecompiledPrefixes {
public:
  /// Directory holds the precompiled prefixes (created when first needed). A prefix is built for
  /// the first unit that needs it when ManyUnits (a run of many units will likely need it again),
  /// else for the second, in this run or a later one: a prefix that serves a single unit costs
  /// more to build than it saves.
  PrecompiledPrefixes(std::string Directory, bool ManyUnits);
  ~PrecompiledPrefixes();

  /// Makes Unit load its precompiled prefix instead of its -include headers, building the prefix
  /// first if no current one is stored. False, and Unit unchanged, when the unit has no prefix,
  /// when the prefix does not compile on its own (its errors are then the unit's), when one of
  /// the unit's own include directories could change what the prefix includes, or when the
  /// directory cannot be written. WorkingDirectory: the unit's, for relative paths. FilesRead
  /// gets the files the prefix was built from: the unit's parse reads them through it.
  bool use(clang::CompilerInvocation &Unit, llvm::StringRef WorkingDirectory,
           std::vector<std::string> &FilesRead);

  struct Stored; ///< one prefix: its files, and what it was built from

private:
  const Stored *stored(const clang::CompilerInvocation &Unit, llvm::StringRef WorkingDirectory);

  std::string Directory;
  bool ManyUnits;
  /// A prefix of this run, locked while it is looked up or built: the units that need it wait,
  /// the others go on.
  struct Slot {
    std::mutex Lock;
    std::unique_ptr<Stored> Prefix;
  };
  std::mutex KnownLock; ///< held only to find a slot
  std::map<std::string, Slot> Known;
};

} // namespace coopcheck::analysis
