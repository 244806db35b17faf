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

namespace {

int hexDigit(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

} // namespace

std::string pathOfFileUri(std::string_view Uri) {
  if (Uri.substr(0, 7) == "file://")
    Uri.remove_prefix(7);
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    int High = Uri[I] == '%' && I + 2 < Uri.size() ? hexDigit(Uri[I + 1]) : -1;
    int Low = High >= 0 ? hexDigit(Uri[I + 2]) : -1;
    if (Low < 0) {
      Path += Uri[I];
      continue;
    }
    Path += static_cast<char>(High * 16 + Low);
    I += 2;
  }
  return Path;
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
