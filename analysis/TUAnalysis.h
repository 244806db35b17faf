// Everything the rules ask about one translation unit, computed once and shared by every check:
// the platform, function summaries, launch sites, and per-function CFGs and uniformity.
#pragma once
#include "analysis/Divergence.h"
#include "analysis/FunctionCFG.h"
#include "analysis/LaunchSites.h"
#include "analysis/Summaries.h"
#include "analysis/Uniformity.h"
#include "runtime-model/Platform.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include <map>
#include <memory>
#include <optional>

namespace coopcheck::analysis {

class TUAnalysis {
public:
  TUAnalysis(clang::ASTContext &Ctx, model::Platform P, bool HipWave32 = false,
             std::optional<unsigned> CudaArch = std::nullopt);
  ~TUAnalysis();

  clang::ASTContext &context() { return Ctx; }
  model::Platform platform() const { return Plat; }
  /// Lanes in a warp of the target: 32 on CUDA, 64 on MXMACA and HIP (32 for wave32 targets).
  unsigned warpSize() const { return model::warpSize(Plat, HipWave32); }
  /// The value of __CUDA_ARCH__ in the device-side parse of a CUDA unit (600 for sm_60), the
  /// same target on the host side, or nullopt when neither side names one.
  std::optional<unsigned> cudaArch() const { return CudaArch; }
  SummaryTable &summaries() { return Summaries; }
  const std::vector<LaunchSite> &launchSites();
  /// Kernels (__global__ functions with a body) written by the user.
  const std::vector<const clang::FunctionDecl *> &kernels();
  /// Null when the function has no body or no CFG.
  FunctionCFG *cfgOf(const clang::FunctionDecl *F);
  Uniformity &uniformityOf(const clang::FunctionDecl *F);
  DivergenceAnalysis &divergence();
  /// Functions with a body that run on the device (__device__, __global__), written by the user.
  const std::vector<const clang::FunctionDecl *> &deviceFunctions();

  bool isUserCode(clang::SourceLocation Loc) const;

private:
  clang::ASTContext &Ctx;
  model::Platform Plat;
  bool HipWave32;
  std::optional<unsigned> CudaArch;
  SummaryTable Summaries;
  std::optional<std::vector<LaunchSite>> Launches;
  std::optional<std::vector<const clang::FunctionDecl *>> Kernels;
  std::optional<std::vector<const clang::FunctionDecl *>> DeviceFunctions;
  std::unique_ptr<DivergenceAnalysis> Divergence;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionCFG>> Cfgs;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Uniformity>> Uniformities;
};

/// The analysis of the translation unit being checked on this thread; created on first use for
/// a new TU. Every front door starts a TU by calling forgetTUAnalysis() first (clang-tidy reuses
/// memory between TUs, so an ASTContext address alone does not identify one).
TUAnalysis &analysisFor(clang::ASTContext &Ctx, clang::Preprocessor *PP);
void forgetTUAnalysis();

} // namespace coopcheck::analysis
