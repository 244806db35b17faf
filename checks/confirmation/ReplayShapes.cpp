#include "checks/confirmation/ReplayShapes.h"
#include "runtime-model/executor/Replay.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"
#include <set>

namespace coopcheck::confirmation {
namespace {

using model::Dim3;
using model::LaunchCooperation;
using model::LaunchShape;

// Larger launches are scaled down to this: a few blocks keep grid barriers and block exits
// visible (probe P7, P21 need 4 blocks of 128 threads) at a replay cost well under a second.
constexpr unsigned MaxReplayBlocks = 4;
constexpr unsigned MaxReplayThreadsPerBlock = 256;
// A kernel launched with many different shapes is replayed on the first few of them.
constexpr size_t MaxLaunchShapes = 3;

LaunchCooperation cooperationOf(analysis::Cooperation C) {
  switch (C) {
  case analysis::Cooperation::None:
    return LaunchCooperation::Standard;
  case analysis::Cooperation::MultiDevice:
    return LaunchCooperation::MultiDevice;
  default:
    return LaunchCooperation::Cooperative;
  }
}

/// Two blocks of two warps, along the axes the kernel's indices use.
LaunchShape defaultShape(const llvm::Function &Kernel, unsigned WarpSize) {
  std::set<std::string> Registers;
  for (const llvm::Instruction *I : kernelInstructions(Kernel))
    if (auto *Call = llvm::dyn_cast<llvm::CallBase>(I))
      if (const llvm::Function *Callee = Call->getCalledFunction()) {
        llvm::StringRef Register = Callee->getName();
        if (Register.consume_front("llvm.nvvm.read.ptx.sreg."))
          Registers.insert(Register.str());
      }
  bool Y = Registers.count("tid.y"), Z = Registers.count("tid.z");
  Dim3 Block{2 * WarpSize, 1, 1};
  if (Y && Z)
    Block = {WarpSize / 2, 2, 2};
  else if (Y || Z)
    Block = {WarpSize, Y ? 2u : 1u, Z ? 2u : 1u};
  Dim3 Grid{2, Registers.count("ctaid.y") ? 2u : 1u, Registers.count("ctaid.z") ? 2u : 1u};
  return {Grid, Block, WarpSize, LaunchCooperation::Cooperative};
}

bool sameShape(const LaunchShape &A, const LaunchShape &B) {
  auto Key = [](const LaunchShape &S) {
    return std::tuple(S.Grid.X, S.Grid.Y, S.Grid.Z, S.Block.X, S.Block.Y, S.Block.Z, S.Cooperation);
  };
  return Key(A) == Key(B);
}

} // namespace

/// The kernel's name without scope, template arguments or parameters, as both the IR (mangled)
/// and the facts (`solve<float>`) can give it.
std::string plainName(llvm::StringRef Name) {
  // The demangler keeps pointing into the mangled name: it must outlive the queries.
  std::string Mangled = Name.str();
  llvm::ItaniumPartialDemangler Demangler;
  if (Name.starts_with("_Z") && !Demangler.partialDemangle(Mangled.c_str()) &&
      Demangler.isFunction()) {
    size_t Size = 0;
    if (char *Base = Demangler.getFunctionBaseName(nullptr, &Size)) {
      std::string Out(Base);
      std::free(Base);
      return Out;
    }
  }
  return Name.substr(0, Name.find('<')).str();
}

std::vector<const llvm::Instruction *> kernelInstructions(const llvm::Function &Kernel) {
  std::vector<const llvm::Instruction *> Out;
  for (const llvm::Function *F : model::executor::reachableFunctions(Kernel))
    for (const llvm::Instruction &I : llvm::instructions(*F))
      Out.push_back(&I);
  return Out;
}

std::vector<ReplayShape> replayShapes(const llvm::Function &Kernel,
                                      llvm::ArrayRef<analysis::LaunchFact> Launches,
                                      unsigned WarpSize) {
  LaunchShape Default = defaultShape(Kernel, WarpSize);
  std::string Name = plainName(Kernel.getName());
  std::vector<ReplayShape> Shapes;
  for (const analysis::LaunchFact &L : Launches) {
    if (plainName(L.KernelName) != Name || (!L.Grid && !L.Block) ||
        Shapes.size() == MaxLaunchShapes)
      continue;
    Dim3 Grid = L.Grid ? *L.Grid : Default.Grid, Block = L.Block ? *L.Block : Default.Block;
    LaunchShape S{model::scaledDown(Grid, MaxReplayBlocks),
                  model::scaledDown(Block, MaxReplayThreadsPerBlock), WarpSize,
                  cooperationOf(L.Coop)};
    if (S.threads() == 0 ||
        llvm::any_of(Shapes, [&](const ReplayShape &R) { return sameShape(R.Shape, S); }))
      continue;
    bool AsLaunched = L.Grid && L.Block && S.blocks() == Grid.count() &&
                      S.threadsPerBlock() == Block.count() &&
                      L.Coop != analysis::Cooperation::Unknown;
    Shapes.push_back({S,
                      "the launch at " + llvm::sys::path::filename(L.Where.File).str() + ":" +
                          std::to_string(L.Where.Line),
                      AsLaunched});
  }
  if (llvm::none_of(Shapes, [&](const ReplayShape &R) { return sameShape(R.Shape, Default); }))
    Shapes.push_back({Default, "the default grid", false, true});
  return Shapes;
}

std::string describeGrid(const LaunchShape &Shape) {
  auto Extents = [](const Dim3 &D) {
    std::string Out = std::to_string(D.X);
    if (D.Y > 1 || D.Z > 1)
      Out += "x" + std::to_string(D.Y);
    if (D.Z > 1)
      Out += "x" + std::to_string(D.Z);
    return Out;
  };
  return Extents(Shape.Grid) + (Shape.blocks() == 1 ? " block of " : " blocks of ") +
         Extents(Shape.Block) + " threads";
}

} // namespace coopcheck::confirmation
