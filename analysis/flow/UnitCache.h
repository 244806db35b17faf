// The per-unit cache: everything the rules ask about one translation unit, computed once and
// shared by every check: the platform, function summaries, per-function CFGs and uniformity, and
// any analysis built on them (divergence, launch sites), made on first use by get<Analysis>().
// Analyses above the flow engine register themselves through get<>(), so this header depends
// on none of them.
#pragma once
#include "analysis/flow/FunctionCFG.h"
#include "analysis/flow/Summaries.h"
#include "analysis/flow/Uniformity.h"
#include "analysis/frontend/CompileErrors.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "runtime-model/semantics/Platform.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/iterator.h"
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace coopcheck::analysis {

class UnitCache {
public:
  /// The blocks a kernel of the unit is launched with, when every launch gives a constant one.
  using LaunchedBlocksOf = std::function<std::optional<std::vector<model::Dim3>>(
      UnitCache &, const clang::FunctionDecl *)>;
  /// What each argument every launch of a kernel in the unit passes is a multiple of (1: not
  /// known), by parameter; empty when the kernel has no launch in the unit.
  using LaunchedMultiplesOf =
      std::function<std::vector<uint64_t>(UnitCache &, const clang::FunctionDecl *)>;
  /// What the unit is analysed for and within, given by its session (UnitSession).
  struct Setup {
    model::Platform Platform = model::Platform::Cuda;
    bool HipWave32 = false;
    std::optional<unsigned> CudaArch;
    /// Where the compiler reported errors while parsing the unit; null when nothing recorded them.
    const CompileErrors::Log *ReportedErrors = nullptr;
    /// Bounds blockDim.x in kernels by their launches; unset: only by __launch_bounds__.
    LaunchedBlocksOf LaunchedBlocks;
    /// Makes a kernel's parameters multiples of what its launches assert; unset: of nothing.
    LaunchedMultiplesOf LaunchedMultiples;
    /// LaunchedMultiples by kernel, read once for each of its views.
    llvm::DenseMap<const clang::FunctionDecl *, std::vector<uint64_t>> ArgumentMultiples;
    /// When the analysis stops (outOfTime); none by default.
    std::optional<std::chrono::steady_clock::time_point> Deadline;
  };
  UnitCache(clang::ASTContext &Ctx, const Setup &S);
  ~UnitCache();

  clang::ASTContext &context() { return Ctx; }
  model::Platform platform() const { return Plat; }
  /// Lanes in a warp of the target: 32 on CUDA, 64 on MXMACA and HIP (32 for wave32 targets).
  unsigned warpSize() const { return model::warpSize(Plat, HipWave32); }
  /// The value of __CUDA_ARCH__ in the device-side parse of a CUDA unit (600 for sm_60), the
  /// same target on the host side, or nullopt when neither side names one.
  std::optional<unsigned> cudaArch() const { return CudaArch; }
  SummaryTable &summaries() { return Summaries; }
  /// Kernels (__global__ functions with a body) written by the user.
  const std::vector<const clang::FunctionDecl *> &kernels();
  /// Null when the function has no body or no CFG.
  FunctionCFG *cfgOf(const clang::FunctionDecl *F);
  Uniformity &uniformityOf(const clang::FunctionDecl *F);
  /// F's uniformity when every row of a block holds whole warps (RowsOfWholeWarps): what differs
  /// between lanes of a warp there differs under every launch written for warps. The same as
  /// uniformityOf for a kernel whose rows are all narrower than a warp (maxBlockWidth).
  Uniformity &rowsOfWholeWarpsUniformityOf(const clang::FunctionDecl *F);
  /// The most threads along x that a block running F can have: what its __launch_bounds__ and
  /// the unit's launches of it allow, for a kernel; for a helper only this unit calls, the
  /// widest of its callers'; a block's limit otherwise.
  unsigned maxBlockWidth(const clang::FunctionDecl *F);
  /// What the extents of every block the unit launches kernel F with are multiples of, per axis
  /// (UniformityContext::BlockMultiples), for a helper those of the kernels reaching it; 0
  /// where not known.
  model::Dim3 blockMultiples(const clang::FunctionDecl *F);
  /// The one block every launch of kernel F in the unit gives, when they all give the same
  /// constant one (for a helper only this unit calls, of the kernels reaching it); nullopt
  /// otherwise.
  std::optional<model::Dim3> launchedBlock(const clang::FunctionDecl *F);
  /// What a call of F returns, as uniform as the parameters in its Params; nullopt when F
  /// returns nothing or its summary is being computed (recursion).
  std::optional<UniformValue> returnValueOf(const clang::FunctionDecl *F);
  /// F's uniformity as its callers see it (memory they may have written), for its summaries.
  Uniformity *callerViewOf(const clang::FunctionDecl *F);
  /// Whether a call of F only reads through its pointer parameter P (leavesPointeeBe); false
  /// while it is being decided (recursion).
  bool leavesPointeeBe(const clang::FunctionDecl *F, unsigned P);

  struct CallSite {
    const clang::FunctionDecl *Caller;
    const clang::CallExpr *Call;
  };
  /// The calls of F (a device function of the unit with a definition) in the unit's device code.
  llvm::ArrayRef<CallSite> callSitesOf(const clang::FunctionDecl *F);

  /// Every call of the device function Def, when they are all in this unit: no other unit can
  /// call it and its address is not taken; nullopt otherwise or when it is not called.
  std::optional<llvm::ArrayRef<CallSite>> everyCallOf(const clang::FunctionDecl *Def);

  /// Whether a return from F ends the thread: F is a kernel, or a helper no other unit can call
  /// whose every call is the last action of a function whose returns end the thread.
  bool returnsEndThread(const clang::FunctionDecl *F);

  /// The unit's instance of Analysis, constructed from this cache on first use: any class with
  /// a constructor taking UnitCache & (DivergenceAnalysis, UnitLaunchSites, ...).
  template <class Analysis> Analysis &get() {
    std::unique_ptr<CachedAnalysis> &Slot = Analyses[&AnalysisKey<Analysis>];
    if (!Slot)
      Slot = std::make_unique<Cached<Analysis>>(*this);
    return static_cast<Cached<Analysis> &>(*Slot).Value;
  }
  /// Functions with a body that run on the device (__device__, __global__), written by the user.
  const std::vector<const clang::FunctionDecl *> &deviceFunctions();

  /// Whether the unit's deadline (Setup::Deadline) has passed. The first check that finds it
  /// so marks the unit as analysed in part (stoppedEarly) and the remaining checks do not run.
  bool outOfTime();
  bool stoppedEarly() const { return StoppedEarly; }

  /// Functions (kernels(), deviceFunctions()) one after another while the unit's time bound has
  /// not passed: a check that walks them stops at the bound, in a unit of thousands of functions
  /// too, and reports the findings of the functions it finished.
  class FunctionsInTime {
  public:
    class iterator : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                                       const clang::FunctionDecl *const> {
    public:
      iterator(UnitCache &Unit, const clang::FunctionDecl *const *At,
               const clang::FunctionDecl *const *End)
          : Unit(&Unit), At(At), End(End) {
        stopAtTheBound();
      }
      const clang::FunctionDecl *const &operator*() const { return *At; }
      iterator &operator++() {
        ++At;
        stopAtTheBound();
        return *this;
      }
      bool operator==(const iterator &O) const { return At == O.At; }

    private:
      void stopAtTheBound() {
        if (At != End && Unit->outOfTime())
          At = End;
      }
      UnitCache *Unit;
      const clang::FunctionDecl *const *At;
      const clang::FunctionDecl *const *End;
    };
    FunctionsInTime(UnitCache &Unit, llvm::ArrayRef<const clang::FunctionDecl *> Functions)
        : Unit(Unit), Functions(Functions) {}
    iterator begin() const { return iterator(Unit, Functions.begin(), Functions.end()); }
    iterator end() const { return iterator(Unit, Functions.end(), Functions.end()); }

  private:
    UnitCache &Unit;
    llvm::ArrayRef<const clang::FunctionDecl *> Functions;
  };
  FunctionsInTime inTime(llvm::ArrayRef<const clang::FunctionDecl *> Functions) {
    return FunctionsInTime(*this, Functions);
  }

  bool isUserCode(clang::SourceLocation Loc) const;
  /// The row of the intrinsic a call calls when the toolkit or the model headers declare it, not
  /// a project's own function of that name; null otherwise.
  const model::Operation *toolkitIntrinsicOf(const clang::CallExpr *Call) const;
  /// Whether a finding at Loc may be reported: user code outside the functions that compile
  /// errors break.
  bool isAnalysable(clang::SourceLocation Loc) const {
    return isUserCode(Loc) && !Errors.inBrokenFunction(Loc);
  }
  const CompileErrors &compileErrors() const { return Errors; }

private:
  struct CachedAnalysis {
    virtual ~CachedAnalysis() = default;
  };
  template <class Analysis> struct Cached final : CachedAnalysis {
    explicit Cached(UnitCache &Unit) : Value(Unit) {}
    Analysis Value;
  };
  /// One address per analysis type: the key of its slot (the build has no RTTI).
  template <class Analysis> static inline const char AnalysisKey = 0;

  clang::ASTContext &Ctx;
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  bool StoppedEarly = false;
  model::Platform Plat;
  bool HipWave32;
  std::optional<unsigned> CudaArch;
  LaunchedBlocksOf LaunchedBlocks;
  LaunchedMultiplesOf LaunchedMultiples;
  /// LaunchedMultiples by kernel, read once for each of its views.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<uint64_t>> ArgumentMultiples;
  /// launchedBlocks by kernel: a unit's launches are read once for each.
  std::map<const clang::FunctionDecl *, std::optional<std::vector<model::Dim3>>> Launched;
  /// The constant blocks every launch of kernel F gives (LaunchedBlocks); nullopt when one is not
  /// constant, F has no launch in the unit, or F is no kernel.
  const std::optional<std::vector<model::Dim3>> &launchedBlocks(const clang::FunctionDecl *F);
  CompileErrors Errors;
  SummaryTable Summaries;
  std::optional<std::vector<const clang::FunctionDecl *>> Kernels;
  std::optional<std::vector<const clang::FunctionDecl *>> DeviceFunctions;
  std::map<const void *, std::unique_ptr<CachedAnalysis>> Analyses;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionCFG>> Cfgs;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Uniformity>> Uniformities;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Uniformity>> RowsOfWholeWarpsViews;
  /// Each function seen from its callers (MemoryView::CallerMayWrite), for its return value.
  std::map<const clang::FunctionDecl *, std::unique_ptr<Uniformity>> CallerViews;
  /// leavesPointeeBe by function and parameter; nullopt while being decided.
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, std::optional<bool>> PointeeLeftBe;
  /// The calls of each device function of the unit, and the functions whose address is taken.
  std::optional<std::map<const clang::FunctionDecl *, std::vector<CallSite>>> CallSites;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  /// The blocks each function runs in, as far as the unit's launches tell.
  struct RunningBlocks {
    unsigned MaxWidth = UniformityContext().MaxBlockWidth;
    model::Dim3 Multiples{0, 0, 0};
    std::optional<model::Dim3> Only; ///< the one block of every launch, when there is one
  };
  RunningBlocks kernelBlocks(const clang::FunctionDecl *Kernel);
  const RunningBlocks &blocksRunning(const clang::FunctionDecl *F);
  std::map<const clang::FunctionDecl *, RunningBlocks> Running;
  std::map<const clang::FunctionDecl *, bool> EndsThread;
  llvm::DenseSet<const clang::FunctionDecl *> DecidingEndsThread;
  void collectCallSites();
  UniformityContext contextFor(const clang::FunctionDecl *F);
};

} // namespace coopcheck::analysis
