// A short stable name for content: what the caches of parses and results are keyed by.
#pragma once
#include "llvm/ADT/StringRef.h"
#include <string>

namespace coopcheck::analysis {

/// 32 hexadecimal digits of a 128-bit hash of Text (xxh3; for keys, not for security).
std::string digestOf(llvm::StringRef Text);

} // namespace coopcheck::analysis
