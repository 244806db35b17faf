// An output that names one of the run's inputs is refused: `-o kernel.cu` would replace the source
// with the report. clang-tidy and clangd never write over what they read.
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace coopcheck::cli {

/// The input that Output names (the same file, through whatever path or link), or nullopt. "-"
/// and a file that does not exist yet name none.
std::optional<std::string> inputNamedBy(llvm::StringRef Output, llvm::ArrayRef<std::string> Inputs);

} // namespace coopcheck::cli
