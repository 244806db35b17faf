// Test helper: asks Clang 22's driver whether it accepts a translated command, the way the
// analysis will run it (device side, syntax only, model headers instead of a toolkit).
#pragma once
#include "analysis/frontend/FlagTranslator.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include <string>
#include <vector>

namespace coopcheck::analysis::test {

/// The driver's errors, "; "-separated, for T's arguments with the first GPU architecture (sm_80
/// when there is none) and Input, an existing file; empty when it accepts them.
inline std::string clangDriverErrors(const TranslatedCommand &T, const std::string &Input) {
  std::vector<std::string> Full = {
      "clang++", "-fsyntax-only", "--cuda-device-only", "-nocudainc", "-nocudalib", "-x", "cuda"};
  bool CudaArch = !T.GpuArchs.empty() && llvm::StringRef(T.GpuArchs[0]).starts_with("sm_");
  Full.push_back("--cuda-gpu-arch=" + (CudaArch ? T.GpuArchs[0] : std::string("sm_80")));
  Full.insert(Full.end(), T.Args.begin(), T.Args.end());
  Full.push_back(Input);
  std::vector<const char *> CArgs;
  for (const std::string &A : Full)
    CArgs.push_back(A.c_str());
  clang::DiagnosticOptions DiagOpts;
  auto *Buffer = new clang::TextDiagnosticBuffer;
  auto Diags = llvm::makeIntrusiveRefCnt<clang::DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), DiagOpts, Buffer);
  clang::CreateInvocationOptions Opts;
  Opts.Diags = Diags;
  std::unique_ptr<clang::CompilerInvocation> Invocation = clang::createInvocation(CArgs, Opts);
  std::string Errors;
  for (auto It = Buffer->err_begin(); It != Buffer->err_end(); ++It)
    Errors += It->second + "; ";
  if (!Invocation && Errors.empty())
    Errors = "no invocation";
  return Errors;
}

} // namespace coopcheck::analysis::test
