// compile_commands.json for clang-tidy as coopcheck reads it: an nvcc, hipcc or mxcc command
// becomes the Clang command coopcheck parses the file with (analysis/frontend/ClangReadyCommand.h),
// so `run-clang-tidy-22 -load=libcoopcheck-tidy.so -p build` works on the database every CMake CUDA
// project writes. Other commands (clang, host compilers) reach clang-tidy as its own loader gives
// them.
#include "analysis/frontend/ClangReadyCommand.h"
#include "clang/Tooling/CompilationDatabasePluginRegistry.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace {

using clang::tooling::CompilationDatabase;

/// Loads compile_commands.json as Clang's own JSON plugin does (response files expanded, headers
/// given a neighbour's command), then makes its GPU commands Clang-ready.
class GpuCompileDatabasePlugin : public clang::tooling::CompilationDatabasePlugin {
  std::unique_ptr<CompilationDatabase> loadFromDirectory(llvm::StringRef Directory,
                                                         std::string &ErrorMessage) override {
    llvm::SmallString<256> Path(Directory);
    llvm::sys::path::append(Path, "compile_commands.json");
    auto Base = clang::tooling::JSONCompilationDatabase::loadFromFile(
        Path, ErrorMessage, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Base)
      return nullptr;
    return coopcheck::analysis::clangReadyDatabase(
        clang::tooling::inferTargetAndDriverMode(clang::tooling::inferMissingCompileCommands(
            clang::tooling::expandResponseFiles(std::move(Base), llvm::vfs::getRealFileSystem()))));
  }
};

// clang-tidy asks the database plugins in the order they registered and keeps the first database
// one loads. Clang's JSON plugin registers when clang-tidy starts, this plugin only when -load
// opens it, and llvm::Registry only appends, so it must put itself at the head of the list.
// Registry keeps the head and the links private; the explicit instantiations below name them,
// which C++ allows in explicit instantiations only (access is not checked there).
using PluginRegistry = clang::tooling::CompilationDatabasePluginRegistry;
using PluginNode = PluginRegistry::node;

template <class Tag, typename Tag::Type Member> struct Expose {
  friend typename Tag::Type member(Tag) { return Member; }
};
struct RegistryHead {
  using Type = PluginNode **;
  friend Type member(RegistryHead);
};
struct NodeNext {
  using Type = PluginNode *PluginNode::*;
  friend Type member(NodeNext);
};
template struct Expose<RegistryHead, &PluginRegistry::Head>;
template struct Expose<NodeNext, &PluginNode::Next>;

const PluginRegistry::entry
    Entry("coopcheck-gpu-compile-commands",
          "compile_commands.json with nvcc, hipcc and mxcc commands made Clang-ready", [] {
            return std::unique_ptr<clang::tooling::CompilationDatabasePlugin>(
                std::make_unique<GpuCompileDatabasePlugin>());
          });
PluginNode First(Entry);

const bool Registered = [] {
  PluginNode *&Head = *member(RegistryHead{});
  if (!Head) {
    PluginRegistry::add_node(&First);
    return true;
  }
  First.*member(NodeNext{}) = Head;
  Head = &First;
  return true;
}();

} // namespace
