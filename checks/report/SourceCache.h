// Source files read from disk for snippets, carets and fingerprints. A file that cannot be read
// is remembered as such: the writers then leave out what needs its text, they never fail.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace coopcheck::report {

class SourceCache {
public:
  /// The whole file, or nullptr when it cannot be read.
  const std::string *contents(const std::string &Path);
  /// Line \p Line (1-based) without its line break; nullopt past the end or when unreadable.
  /// Line breaks are "\n", "\r\n" and a lone "\r", as Clang counts them.
  std::optional<std::string_view> line(const std::string &Path, unsigned Line);

private:
  struct File {
    std::optional<std::string> Text;
    std::vector<std::string_view> Lines;
  };
  const File &load(const std::string &Path);

  std::map<std::string, File> Files;
};

/// Converts a 1-based byte column of \p Line into a 1-based column counted in Unicode code
/// points; a column past the end of the line keeps its distance to the end.
unsigned codePointColumn(std::string_view Line, unsigned ByteColumn);

} // namespace coopcheck::report
