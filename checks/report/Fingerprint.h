// GitHub code scanning's primaryLocationLineHash, computed the way github/codeql-action's
// fingerprints.ts does, so that results keep their identity across uploads when code moves.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace coopcheck::report {

/// The hash of every line of a file's contents: element i belongs to line i + 1. A line's hash
/// covers the next 100 non-blank characters from its start (spaces and tabs skipped, line ends
/// normalized to '\n'); the suffix ":<n>" counts earlier lines of the file with the same hash.
/// A file ending in a line break has one more (empty) line, as in the reference implementation.
std::vector<std::string> lineHashes(std::string_view Utf8Contents);

} // namespace coopcheck::report
