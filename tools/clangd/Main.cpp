// coopcheck-clangd: Debian's clangd 22 with the cg-* checks built in. Everything but main() comes
// from clangd's static libraries; users enable the checks in .clangd (see README.md).
#include "checks/CoopcheckModule.h"
#include "tools/clangd/RuleLinks.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace {
coopcheck::checks::FrontDoor clangdDoor() {
  coopcheck::checks::FrontDoor Door;
  Door.NoteLevelAsWarnings = true; // clangd would fold them into the diagnostic before them
  return Door;
}

class ClangdModule : public coopcheck::checks::CoopcheckModule {
public:
  ClangdModule() : CoopcheckModule(clangdDoor()) {}
};
} // namespace

static clang::tidy::ClangTidyModuleRegistry::Add<ClangdModule>
    Registration("coopcheck-module", "Cooperative-groups and warp-synchronous checks.");

namespace clang::clangd {
class SymbolIndex;
int clangdMain(int argc, char *argv[]); // clangd/tool/ClangdMain.h, not installed by Debian

namespace remote {
// Debian's clangd is built with the gRPC remote index, whose libraries do not match bookworm's
// gRPC, so they are not linked. clangdMain asks this for a remote index server
// (--remote-index-address, or Index: External: Server in a config); no index is what clangd's own
// build without gRPC answers (index/remote/unimplemented), and clangd goes on without one.
std::unique_ptr<SymbolIndex> getClient(llvm::StringRef /*Address*/, llvm::StringRef /*IndexRoot*/) {
  return nullptr;
}
} // namespace remote
} // namespace clang::clangd

int main(int argc, char *argv[]) {
  coopcheck::clangd::filterRuleLinks();
  return clang::clangd::clangdMain(argc, argv);
}
