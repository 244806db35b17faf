#include "checks/report/Uri.h"
#include <filesystem>

namespace coopcheck::report {
namespace fs = std::filesystem;

std::string percentEncodePath(std::string_view Path) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Out;
  for (char Ch : Path) {
    unsigned char C = Ch;
    bool Unreserved = (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') ||
                      C == '-' || C == '.' || C == '_' || C == '~';
    if (Unreserved || C == '/') {
      Out += Ch;
      continue;
    }
    Out += '%';
    Out += Hex[C >> 4];
    Out += Hex[C & 15];
  }
  return Out;
}

std::string fileUri(std::string_view AbsolutePath) {
  return "file://" + percentEncodePath(AbsolutePath);
}

std::string directoryUri(std::string_view AbsoluteDir) {
  std::string Uri = fileUri(AbsoluteDir);
  if (Uri.empty() || Uri.back() != '/')
    Uri += '/';
  return Uri;
}

std::optional<std::string> pathRelativeTo(std::string_view Root, std::string_view File) {
  if (Root.empty() || File.empty())
    return std::nullopt;
  fs::path Relative =
      fs::path(File).lexically_normal().lexically_relative(fs::path(Root).lexically_normal());
  if (Relative.empty() || Relative == "." || *Relative.begin() == "..")
    return std::nullopt;
  return Relative.generic_string();
}

} // namespace coopcheck::report
