// File paths as SARIF URIs: relative to the source root where possible, percent-encoded always.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace coopcheck::report {

/// Percent-encodes every byte of \p Path except RFC 3986 unreserved characters and '/', so that
/// spaces, '%', '#', '?', ':' and non-ASCII bytes (as UTF-8) survive any URI parser.
std::string percentEncodePath(std::string_view Path);

/// The path a URI written by these functions names: "file://" dropped, "%XX" decoded (a '%'
/// without two hex digits after it stays as it is).
std::string pathOfFileUri(std::string_view Uri);

/// "file:///abs/path" for an absolute path; a trailing '/' is kept (directories need it).
std::string fileUri(std::string_view AbsolutePath);

/// \p File relative to \p Root ("src/a.cu") when it lies inside it, both taken lexically after
/// normalization ("." and ".." resolved); nullopt outside \p Root or when either is empty.
std::optional<std::string> pathRelativeTo(std::string_view Root, std::string_view File);

/// "file:///abs/root/" for the %SRCROOT% base: always with the trailing '/' that makes relative
/// URIs resolve inside it.
std::string directoryUri(std::string_view AbsoluteDir);

} // namespace coopcheck::report
