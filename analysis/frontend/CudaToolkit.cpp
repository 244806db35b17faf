#include "analysis/frontend/CudaToolkit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <cstring>
#include <vector>

namespace coopcheck::analysis {

/// Whether Root holds a CUDA toolkit's headers.
static bool isCudaToolkit(llvm::StringRef Root) {
  return !Root.empty() && llvm::sys::fs::is_regular_file(Root + "/include/cuda_runtime.h");
}

/// The toolkit of the file the compiler finally is: PATH looked up for a bare name, symlinks
/// followed (/usr/bin/nvcc → /usr/local/cuda-13.0/bin/nvcc).
static std::optional<std::string> toolkitOfResolvedCompiler(llvm::StringRef Compiler) {
  if (Compiler.empty())
    return std::nullopt;
  std::string Found = Compiler.str();
  if (!llvm::sys::path::has_parent_path(Compiler)) {
    llvm::ErrorOr<std::string> OnPath = llvm::sys::findProgramByName(Compiler);
    if (!OnPath)
      return std::nullopt;
    Found = *OnPath;
  }
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Found, Real))
    return std::nullopt;
  return toolkitOfCompilerPath(Real);
}

std::optional<std::string> findCudaToolkit(const TranslatedCommand &Command) {
  std::vector<std::optional<std::string>> Candidates = {
      Command.CudaPath, toolkitOfResolvedCompiler(Command.Compiler),
      llvm::sys::Process::GetEnv("CUDA_PATH"), llvm::sys::Process::GetEnv("CUDA_HOME"),
      std::string("/usr/local/cuda")};
  for (const std::optional<std::string> &Root : Candidates)
    if (Root && isCudaToolkit(*Root))
      return Root;
  return std::nullopt;
}

std::optional<CudaVersion> cudaToolkitVersion(llvm::StringRef Root) {
  auto Header = llvm::MemoryBuffer::getFile(Root + "/include/cuda.h");
  if (!Header)
    return std::nullopt;
  llvm::StringRef Text = (*Header)->getBuffer();
  for (size_t At = Text.find("#define CUDA_VERSION"); At != llvm::StringRef::npos;
       At = Text.find("#define CUDA_VERSION", At + 1)) {
    llvm::StringRef Value = Text.drop_front(At + strlen("#define CUDA_VERSION"));
    if (Value.empty() || !llvm::isSpace(Value.front())) // CUDA_VERSION_..., another macro
      continue;
    unsigned Number;
    if (Value.trim().take_while(llvm::isDigit).getAsInteger(10, Number))
      return std::nullopt;
    return CudaVersion{Number / 1000, Number % 1000 / 10};
  }
  return std::nullopt;
}

} // namespace coopcheck::analysis
