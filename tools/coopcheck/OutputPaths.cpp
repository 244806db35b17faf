#include "tools/coopcheck/OutputPaths.h"
#include "llvm/Support/FileSystem.h"

namespace coopcheck::cli {

std::optional<std::string> inputNamedBy(llvm::StringRef Output,
                                        llvm::ArrayRef<std::string> Inputs) {
  llvm::sys::fs::UniqueID Written;
  if (Output == "-" || llvm::sys::fs::getUniqueID(Output, Written))
    return std::nullopt;
  for (const std::string &Input : Inputs) {
    llvm::sys::fs::UniqueID Read;
    if (!llvm::sys::fs::getUniqueID(Input, Read) && Read == Written)
      return Input;
  }
  return std::nullopt;
}

} // namespace coopcheck::cli
