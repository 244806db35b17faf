#include "analysis/frontend/DeviceIR.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Parses the bodies of device functions and kernels only. Device code cannot call a host
/// function, so the device IR is the same without the host bodies; what it loses is the
/// template kernels that only a host function's launch instantiates.
class DeviceBodiesOnly : public MultiplexConsumer {
public:
  using MultiplexConsumer::MultiplexConsumer;
  bool shouldSkipFunctionBody(Decl *D) override {
    const FunctionDecl *F = D->getAsFunction();
    return F && !F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAGlobalAttr>();
  }
};

/// How much of the unit CodeGen sees.
enum class HostBodies { Parsed, Skipped };

/// CodeGen's module dies with its action, which the tooling layer owns: take it when the action
/// ends.
class EmitDeviceModuleAction : public EmitLLVMOnlyAction {
public:
  EmitDeviceModuleAction(llvm::LLVMContext &Context, std::unique_ptr<llvm::Module> &Out,
                         HostBodies Host)
      : EmitLLVMOnlyAction(&Context), Out(Out), Host(Host) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::unique_ptr<ASTConsumer> CodeGen = EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!CodeGen || Host == HostBodies::Parsed)
      return CodeGen;
    CI.getFrontendOpts().SkipFunctionBodies = true;
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::move(CodeGen));
    return std::make_unique<DeviceBodiesOnly>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    EmitLLVMOnlyAction::EndSourceFileAction();
    Out = takeModule();
  }

private:
  std::unique_ptr<llvm::Module> &Out;
  HostBodies Host;
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

/// One lowering; the error is Clang's first.
llvm::Expected<DeviceModule> lower(const std::vector<std::string> &CommandLine, HostBodies Host) {
  DeviceModule Result;
  Result.Context = std::make_unique<llvm::LLVMContext>();
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), llvm::vfs::getRealFileSystem());
  tooling::ToolInvocation Invocation(
      CommandLine, std::make_unique<EmitDeviceModuleAction>(*Result.Context, Result.Module, Host),
      Files.get());
  FirstError Errors;
  Invocation.setDiagnosticConsumer(&Errors);
  if (!Invocation.run() || !Result.Module)
    return llvm::createStringError(Errors.Message.empty() ? "the device code could not be lowered"
                                                          : Errors.Message);
  promoteLocals(*Result.Module);
  return Result;
}

} // namespace

llvm::Expected<DeviceModule> lowerToDeviceIR(const std::string &File,
                                             const std::vector<std::string> &ParseArguments) {
  std::vector<std::string> CommandLine = {"clang++"};
  CommandLine.insert(CommandLine.end(), ParseArguments.begin(), ParseArguments.end());
  // Value names keep the parameters' source names: witnesses name the inputs by them. Nothing
  // is printed: no carets also means no "N errors generated" line on stderr.
  CommandLine.insert(CommandLine.end(),
                     {"-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
                      "-gline-tables-only", "-w", "-fno-caret-diagnostics", "-c", File});
  llvm::Expected<DeviceModule> Whole = lower(CommandLine, HostBodies::Parsed);
  if (Whole)
    return Whole;
  // Host code the model headers do not carry (a helper header that tests the toolkit's own
  // include guards) fails the unit; its device code may still lower on its own.
  llvm::Expected<DeviceModule> DeviceOnly = lower(CommandLine, HostBodies::Skipped);
  if (DeviceOnly) {
    llvm::consumeError(Whole.takeError());
    return DeviceOnly;
  }
  llvm::consumeError(DeviceOnly.takeError());
  return Whole;
}

} // namespace coopcheck::analysis
