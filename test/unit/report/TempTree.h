// A scratch directory for the report tests: source files that the writers read for snippets and
// fingerprints. Removed when the test ends.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace coopcheck::report::test {

class TempTree {
public:
  TempTree() {
    std::string Pattern =
        (std::filesystem::temp_directory_path() / "coopcheck-report-XXXXXX").string();
    Root = mkdtemp(Pattern.data());
  }
  ~TempTree() {
    std::error_code Ignored;
    std::filesystem::remove_all(Root, Ignored);
  }
  TempTree(const TempTree &) = delete;
  TempTree &operator=(const TempTree &) = delete;

  /// Writes \p Contents to \p Relative under the root and returns the absolute path.
  std::string write(const std::string &Relative, const std::string &Contents) const {
    std::filesystem::path Path = std::filesystem::path(Root) / Relative;
    std::filesystem::create_directories(Path.parent_path());
    std::ofstream(Path, std::ios::binary) << Contents;
    return Path.string();
  }
  std::string path(const std::string &Relative) const {
    return (std::filesystem::path(Root) / Relative).string();
  }
  const std::string &root() const { return Root; }

private:
  std::string Root;
};

} // namespace coopcheck::report::test
