#include "checks/report/SourceCache.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace coopcheck::report {
namespace {

std::optional<std::string> readFile(const std::string &Path) {
  // A directory opens as an ifstream on Linux and then reads as empty.
  std::error_code Error;
  if (!std::filesystem::is_regular_file(Path, Error))
    return std::nullopt;
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return std::nullopt;
  std::ostringstream Buffer;
  Buffer << In.rdbuf();
  if (In.bad())
    return std::nullopt;
  return Buffer.str();
}

std::vector<std::string_view> splitLines(std::string_view Text) {
  std::vector<std::string_view> Lines;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r')
      continue;
    Lines.push_back(Text.substr(Start, I - Start));
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    Start = I + 1;
  }
  Lines.push_back(Text.substr(Start));
  return Lines;
}

bool isContinuationByte(char C) { return (static_cast<unsigned char>(C) & 0xC0) == 0x80; }

} // namespace

const SourceCache::File &SourceCache::load(const std::string &Path) {
  auto [It, Inserted] = Files.try_emplace(Path);
  File &F = It->second;
  if (Inserted) {
    F.Text = readFile(Path);
    if (F.Text)
      F.Lines = splitLines(*F.Text);
  }
  return F;
}

const std::string *SourceCache::contents(const std::string &Path) {
  const File &F = load(Path);
  return F.Text ? &*F.Text : nullptr;
}

std::optional<std::string_view> SourceCache::line(const std::string &Path, unsigned Line) {
  const File &F = load(Path);
  if (!F.Text || Line == 0 || Line > F.Lines.size())
    return std::nullopt;
  return F.Lines[Line - 1];
}

unsigned codePointColumn(std::string_view Line, unsigned ByteColumn) {
  if (ByteColumn == 0)
    return 0;
  size_t Bytes = std::min<size_t>(ByteColumn - 1, Line.size());
  unsigned Column = 1;
  for (size_t I = 0; I < Bytes; ++I)
    Column += !isContinuationByte(Line[I]);
  return Column + (ByteColumn - 1 - Bytes);
}

} // namespace coopcheck::report
