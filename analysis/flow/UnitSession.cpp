#include "analysis/flow/UnitSession.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"
#include <cassert>
#include <mutex>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// __CUDA_ARCH__ on the device side; on the host side, where it is not defined, the first target
/// of __CUDA_ARCH_LIST__ (`800,900`), so that both sides see the same target.
std::optional<unsigned> cudaArchOf(Preprocessor &PP) {
  for (const char *Macro : {"__CUDA_ARCH__", "__CUDA_ARCH_LIST__"}) {
    const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Macro));
    if (!MI || MI->getNumTokens() == 0 || !MI->getReplacementToken(0).is(tok::numeric_constant))
      continue;
    unsigned Arch;
    if (!llvm::StringRef(PP.getSpelling(MI->getReplacementToken(0))).getAsInteger(10, Arch))
      return Arch;
  }
  return std::nullopt;
}

} // namespace

UnitSession::UnitSession(Preprocessor &PP, SessionOptions Opts)
    : PP(PP), Opts(Opts), ReportedErrors(CompileErrors::recordFor(PP)) {}

UnitSession::~UnitSession() = default;

UnitCache &UnitSession::analysis(ASTContext &Ctx) {
  if (!Analysis) {
    UnitCache::Setup Unit;
    Unit.Platform = detectPlatform(PP);
    Unit.HipWave32 = PP.isMacroDefined("__COOPCHECK_HIP_WAVE32__");
    if (Unit.Platform == model::Platform::Cuda)
      Unit.CudaArch = cudaArchOf(PP);
    Unit.ReportedErrors = ReportedErrors.get();
    Unit.LaunchedBlocks = Opts.LaunchedBlocks;
    Unit.LaunchedMultiples = Opts.LaunchedMultiples;
    if (Opts.TimeLimit)
      Unit.Deadline = std::chrono::steady_clock::now() + *Opts.TimeLimit;
    Analysis = std::make_unique<UnitCache>(Ctx, Unit);
  }
  assert(&Analysis->context() == &Ctx && "a session belongs to one unit");
  return *Analysis;
}

struct SessionDirectory {
  std::mutex Lock;
  llvm::DenseMap<const Preprocessor *, UnitSession *> Live;
};

namespace {

/// Owns a unit's session for its preprocessor, which destroys its callbacks with itself.
class SessionOwner final : public PPCallbacks {
public:
  SessionOwner(std::shared_ptr<SessionDirectory> Directory, const Preprocessor &PP,
               std::unique_ptr<UnitSession> Session)
      : Directory(std::move(Directory)), Key(&PP), Session(std::move(Session)) {}
  ~SessionOwner() override {
    std::lock_guard<std::mutex> Guard(Directory->Lock);
    Directory->Live.erase(Key);
  }

private:
  std::shared_ptr<SessionDirectory> Directory;
  const Preprocessor *Key; // the preprocessor being destroyed
  std::unique_ptr<UnitSession> Session;
};

} // namespace

UnitSessions::UnitSessions() : Directory(std::make_shared<SessionDirectory>()) {}

UnitSessions::~UnitSessions() = default;

UnitSession &UnitSessions::sessionOf(Preprocessor &PP, const SessionOptions &Opts) {
  std::lock_guard<std::mutex> Guard(Directory->Lock);
  UnitSession *&Live = Directory->Live[&PP];
  if (!Live) {
    auto Session = std::make_unique<UnitSession>(PP, Opts);
    Live = Session.get();
    PP.addPPCallbacks(std::make_unique<SessionOwner>(Directory, PP, std::move(Session)));
  }
  return *Live;
}

} // namespace coopcheck::analysis
