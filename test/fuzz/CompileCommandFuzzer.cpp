// Fuzz target (b): a compile command through the flag translator, as `-p` reads a database entry.
// The first line is the command, split like a shell would (CompileDatabase's "command"); the rest
// of the input is what every response file it names (@F, --options-file F, -optf F) contains, so
// nesting and cycles are reached too (an empty rest: the files cannot be read). The translated
// command then becomes the Clang arguments of both sides of a unit (ParseSetup).
//
// Beyond not crashing, the arguments must leave the unit's file the input: the CLI appends it
// after them, and an option left without its value would take the file as that value.
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/FlagTranslator.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace coopcheck;

namespace {

constexpr const char *File = "/coopcheck-fuzz/src/kernel.cu";

/// Whether Clang's driver reads File as the one input after Args, every option with its value.
bool fileStaysTheInput(const std::vector<std::string> &Args) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  Argv.push_back(File);
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, llvm::opt::Visibility(clang::options::ClangOption));
  if (MissingCount)
    return false;
  std::optional<std::string> LastInput;
  for (const llvm::opt::Arg *A : Parsed.filtered(clang::options::OPT_INPUT))
    LastInput = A->getValue();
  return LastInput && *LastInput == File;
}

void check(const std::vector<std::string> &Args, const char *Side) {
  if (fileStaysTheInput(Args))
    return;
  std::fprintf(stderr, "CompileCommandFuzzer: the %s arguments do not keep the file as input:\n",
               Side);
  for (const std::string &A : Args)
    std::fprintf(stderr, " [%s]", A.c_str());
  std::fprintf(stderr, "\n");
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  // An argument cannot hold a NUL byte: Clang would read it cut short.
  if (Input.contains('\0'))
    return 0;
  llvm::StringRef Line, ResponseFile;
  std::tie(Line, ResponseFile) = Input.split('\n');
  std::vector<std::string> Argv = analysis::splitShellCommand(Line);
  analysis::ResponseFileReader Reader = [&](llvm::StringRef) -> std::optional<std::string> {
    if (ResponseFile.empty())
      return std::nullopt;
    return ResponseFile.str();
  };
  analysis::TranslatedCommand Command = analysis::translateCompileCommand(Argv, Reader);
  (void)analysis::toolkitOfCompilerPath(Command.Compiler);

  // Both sides, hermetic: a toolkit the command names is looked for, but the model headers
  // stand in when it is not there.
  analysis::ParseOptions Options;
  model::Platform P = analysis::detectPlatform(File, "", &Command, Options);
  check(analysis::parseArguments(P, Options, &Command), "device-side");
  Options.HostSide = true;
  check(analysis::parseArguments(P, Options, &Command), "host-side");
  return 0;
}
