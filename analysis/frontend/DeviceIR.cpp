#include "analysis/frontend/DeviceIR.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// CodeGen's module dies with its action, which the tooling layer owns: take it when the action
/// ends.
class EmitDeviceModuleAction : public EmitLLVMOnlyAction {
public:
  EmitDeviceModuleAction(llvm::LLVMContext &Context, std::unique_ptr<llvm::Module> &Out)
      : EmitLLVMOnlyAction(&Context), Out(Out) {}

protected:
  void EndSourceFileAction() override {
    EmitLLVMOnlyAction::EndSourceFileAction();
    Out = takeModule();
  }

private:
  std::unique_ptr<llvm::Module> &Out;
};

/// Keeps the first error, so that a failure is one line.
class FirstError : public DiagnosticConsumer {
public:
  std::string Message;
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || !Message.empty())
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Message = Text.str().str();
  }
};

/// Locals to SSA values, keeping the control flow as written (branches map to source).
void promoteLocals(llvm::Module &M) {
  llvm::PassBuilder Builder;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  Builder.registerModuleAnalyses(MAM);
  Builder.registerCGSCCAnalyses(CGAM);
  Builder.registerFunctionAnalyses(FAM);
  Builder.registerLoopAnalyses(LAM);
  Builder.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  llvm::FunctionPassManager Functions;
  Functions.addPass(llvm::SROAPass(llvm::SROAOptions::PreserveCFG));
  Functions.addPass(llvm::PromotePass());
  llvm::ModulePassManager Passes;
  Passes.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Functions)));
  Passes.run(M, MAM);
}

} // namespace

llvm::Expected<DeviceModule> lowerToDeviceIR(const std::string &File,
                                             const std::vector<std::string> &ParseArguments) {
  std::vector<std::string> CommandLine = {"clang++"};
  CommandLine.insert(CommandLine.end(), ParseArguments.begin(), ParseArguments.end());
  // Value names keep the parameters' source names: witnesses name the inputs by them.
  CommandLine.insert(CommandLine.end(),
                     {"-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
                      "-gline-tables-only", "-w", "-c", File});
  DeviceModule Result;
  Result.Context = std::make_unique<llvm::LLVMContext>();
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), llvm::vfs::getRealFileSystem());
  tooling::ToolInvocation Invocation(
      CommandLine, std::make_unique<EmitDeviceModuleAction>(*Result.Context, Result.Module),
      Files.get());
  FirstError Errors;
  Invocation.setDiagnosticConsumer(&Errors);
  if (!Invocation.run() || !Result.Module)
    return llvm::createStringError(Errors.Message.empty() ? "the device code could not be lowered"
                                                          : Errors.Message);
  promoteLocals(*Result.Module);
  return Result;
}

} // namespace coopcheck::analysis
