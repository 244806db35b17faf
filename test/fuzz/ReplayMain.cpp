// Replays saved inputs through a fuzz target without libFuzzer, so that every build (not only the
// COOPCHECK_FUZZ one) runs the regressions of test/fuzz/regressions/: each argument is a file or a
// directory whose files (not its hidden ones, such as .gitkeep) are passed one by one, in name
// order, to LLVMFuzzerTestOneInput. A crash fails the run; so does an argument that is missing.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

namespace fs = std::filesystem;

namespace {

bool hidden(const fs::path &Path) { return Path.filename().string().rfind('.', 0) == 0; }

/// The files an argument names, or false when it names nothing readable.
bool collect(const fs::path &Arg, std::vector<fs::path> &Files) {
  std::error_code EC;
  if (fs::is_regular_file(Arg, EC)) {
    Files.push_back(Arg);
    return true;
  }
  if (!fs::is_directory(Arg, EC))
    return false;
  std::vector<fs::path> Entries;
  for (const fs::directory_entry &E : fs::directory_iterator(Arg, EC))
    if (E.is_regular_file(EC) && !hidden(E.path()))
      Entries.push_back(E.path());
  std::sort(Entries.begin(), Entries.end());
  Files.insert(Files.end(), Entries.begin(), Entries.end());
  return !EC;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<fs::path> Files;
  for (int I = 1; I < Argc; ++I)
    if (!collect(Argv[I], Files)) {
      std::fprintf(stderr, "replay: cannot read '%s'\n", Argv[I]);
      return 2;
    }
  for (const fs::path &File : Files) {
    std::ifstream In(File, std::ios::binary);
    std::string Data((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
    if (!In.good() && !In.eof()) {
      std::fprintf(stderr, "replay: cannot read '%s'\n", File.c_str());
      return 2;
    }
    std::fprintf(stderr, "replay: %s\n", File.c_str());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(Data.data()), Data.size());
  }
  std::fprintf(stderr, "replay: %zu inputs, none crashed\n", Files.size());
  return 0;
}
