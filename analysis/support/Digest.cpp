#include "analysis/support/Digest.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

namespace coopcheck::analysis {

std::string digestOf(llvm::StringRef Text) {
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Text));
  std::string High = llvm::utohexstr(H.high64, /*LowerCase=*/true, 16);
  std::string Low = llvm::utohexstr(H.low64, /*LowerCase=*/true, 16);
  return High + Low;
}

} // namespace coopcheck::analysis
