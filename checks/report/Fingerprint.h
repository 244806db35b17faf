// GitHub code scanning's primaryLocationLineHash, computed the way github/codeql-action's
// fingerprints.ts does, so that results keep their identity across uploads when code moves.
#pragma once
#include "checks/report/SourceCache.h"
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace coopcheck::report {

/// The hash of every line of a file's contents: element i belongs to line i + 1. A line's hash
/// covers the next 100 non-blank characters from its start (spaces and tabs skipped, line ends
/// normalized to '\n'); the suffix ":<n>" counts earlier lines of the file with the same hash.
/// A file ending in a line break has one more (empty) line, as in the reference implementation.
std::vector<std::string> lineHashes(std::string_view Utf8Contents);

/// The line hashes of the files a writer reports on: each file is hashed once, its text read
/// through the writer's SourceCache.
class LineHashCache {
public:
  explicit LineHashCache(SourceCache &Sources) : Sources(Sources) {}
  /// The hash of line \p Line of \p File; nullopt where the file cannot be read or has no such
  /// line.
  std::optional<std::string> lineHash(const std::string &File, unsigned Line);

private:
  SourceCache &Sources;
  std::map<std::string, std::vector<std::string>> Hashes;
};

} // namespace coopcheck::report
