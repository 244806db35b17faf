#include "tools/clangd/RuleLinks.h"
#include "checks/RuleTable.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace coopcheck::clangd {

namespace {

constexpr llvm::StringLiteral ClangTidyPages = "https://clang.llvm.org/extra/clang-tidy/checks/cg/";

bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t Written = ::write(Fd, Data.data(), Data.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return false;
    Data = Data.drop_front(Written);
  }
  return true;
}

/// Copies LSP messages from In to Out, each with its links rewritten; anything that is not a
/// message (no Content-Length) is copied as it is.
void relayMessages(int In, int Out, std::string DocsBaseUrl) {
  std::string Pending;
  char Chunk[65536];
  for (;;) {
    ssize_t Read = ::read(In, Chunk, sizeof(Chunk));
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read <= 0)
      break;
    Pending.append(Chunk, Read);
    for (;;) {
      size_t HeaderEnd = Pending.find("\r\n\r\n");
      if (HeaderEnd == std::string::npos)
        break;
      llvm::StringRef Headers = llvm::StringRef(Pending).take_front(HeaderEnd);
      size_t At = Headers.find("Content-Length:");
      size_t Length = 0;
      if (At == llvm::StringRef::npos ||
          Headers.drop_front(At + 15).split("\r\n").first.trim().getAsInteger(10, Length)) {
        writeAll(Out, Pending.substr(0, HeaderEnd + 4));
        Pending.erase(0, HeaderEnd + 4);
        continue;
      }
      if (Pending.size() < HeaderEnd + 4 + Length)
        break;
      std::string Body = withRuleLinks(Pending.substr(HeaderEnd + 4, Length), DocsBaseUrl);
      writeAll(Out, "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body);
      Pending.erase(0, HeaderEnd + 4 + Length);
    }
  }
  writeAll(Out, Pending);
}

std::thread Relay;

} // namespace

std::string withRuleLinks(std::string Body, const std::string &DocsBaseUrl) {
  for (size_t At = Body.find(ClangTidyPages.data()); At != std::string::npos;
       At = Body.find(ClangTidyPages.data(), At)) {
    size_t End = Body.find(".html", At);
    if (End == std::string::npos)
      break;
    std::string Rule =
        "cg-" + Body.substr(At + ClangTidyPages.size(), End - At - ClangTidyPages.size());
    std::string Page = checks::ruleDocsUrl(Rule, DocsBaseUrl);
    Body.replace(At, End + 5 - At, Page);
    At += Page.size();
  }
  return Body;
}

/// At exit: the server's last output reaches the relay, which writes it and ends at the end of
/// its input.
static void finishRelay() {
  llvm::outs().flush();
  std::fflush(stdout);
  ::close(STDOUT_FILENO);
  Relay.join();
}

void filterRuleLinks() {
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return;
  int Editor = ::dup(STDOUT_FILENO);
  if (Editor < 0 || ::dup2(Pipe[1], STDOUT_FILENO) < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return;
  }
  ::close(Pipe[1]);
  Relay = std::thread(relayMessages, Pipe[0], Editor, checks::docsBaseUrl());
  // llvm::outs() made first is destroyed after finishRelay runs, which still flushes it.
  llvm::outs();
  std::atexit(finishRelay);
}

} // namespace coopcheck::clangd
