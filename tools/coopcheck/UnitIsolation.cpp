#include "tools/coopcheck/UnitIsolation.h"
#include "clang/Basic/Stack.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/thread.h"
#include <csignal>
#include <optional>
#include <vector>

namespace coopcheck::cli {
namespace {

/// Clang's parser and Sema recurse once per nesting level; thousands of levels of parentheses or
/// nested statements need far more than the 8 MiB of a main thread. Only touched pages are used.
constexpr unsigned UnitStackBytes = 512u << 20;

/// The signal handler of a stack overflow cannot run on the exhausted stack: it runs here.
constexpr size_t SignalStackBytes = 256u << 10;

/// An alternate signal stack for the calling thread while it lives.
class SignalStack {
public:
  SignalStack() : Memory(SignalStackBytes) {
    stack_t Stack{};
    Stack.ss_sp = Memory.data();
    Stack.ss_size = Memory.size();
    sigaltstack(&Stack, &Previous);
  }
  ~SignalStack() { sigaltstack(&Previous, nullptr); }

private:
  std::vector<char> Memory;
  stack_t Previous{};
};

} // namespace

void enableCrashRecovery() {
  llvm::CrashRecoveryContext::Enable();
  // LLVM installs its handlers without SA_ONSTACK, so a stack overflow would kill the process
  // before recovery could run; the handlers stay the same, only where they run changes.
  for (int Signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
    struct sigaction Action{};
    if (sigaction(Signal, nullptr, &Action) == 0 && Action.sa_handler != SIG_DFL &&
        Action.sa_handler != SIG_IGN) {
      Action.sa_flags |= SA_ONSTACK;
      sigaction(Signal, &Action, nullptr);
    }
  }
}

bool runIsolated(llvm::function_ref<void()> Work) {
  bool Finished = false;
  llvm::thread Unit(std::optional<unsigned>(UnitStackBytes), [&] {
    SignalStack AlternateStack;
    clang::noteBottomOfStack(/*ForceSet=*/true);
    llvm::CrashRecoveryContext Recovery;
    Finished = Recovery.RunSafely(Work);
  });
  Unit.join();
  return Finished;
}

} // namespace coopcheck::cli
