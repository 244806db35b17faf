#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/CompileErrors.h"
#include "runtime-model/semantics/DeviceModuleMarks.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"
#include <functional>

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Holds CodeGen back until the unit is parsed, then gives it what it would have seen, less the
/// bodies that compile errors are in. CodeGen emits nothing once the unit has an error, and a body
/// the parser recovered in has expressions it cannot lower; the valid functions still can be, and
/// those with errors become declarations (marked, so that the executor knows it cannot follow a
/// call of them).
class ValidCodeOnly : public ASTConsumer {
public:
  ValidCodeOnly(std::unique_ptr<ASTConsumer> CodeGen, std::shared_ptr<const CompileErrors::Log> Log,
                DiagnosticsEngine &Diags, std::vector<std::string> &Dropped)
      : CodeGen(std::move(CodeGen)), Log(std::move(Log)), Diags(Diags), Dropped(Dropped) {}

  void Initialize(ASTContext &Ctx) override { CodeGen->Initialize(Ctx); }
  bool HandleTopLevelDecl(DeclGroupRef D) override {
    later([this, D] {
      for (Decl *Each : D)
        if (lowerable(Each))
          CodeGen->HandleTopLevelDecl(DeclGroupRef(Each));
    });
    return true;
  }
  void HandleInlineFunctionDefinition(FunctionDecl *D) override {
    later(&ASTConsumer::HandleInlineFunctionDefinition, D);
  }
  void HandleInterestingDecl(DeclGroupRef D) override {
    later([this, D] {
      for (Decl *Each : D)
        if (lowerable(Each))
          CodeGen->HandleInterestingDecl(DeclGroupRef(Each));
    });
  }
  void HandleTagDeclDefinition(TagDecl *D) override {
    later([this, D] {
      if (lowerable(D))
        CodeGen->HandleTagDeclDefinition(D);
    });
  }
  void HandleTagDeclRequiredDefinition(const TagDecl *D) override {
    later(&ASTConsumer::HandleTagDeclRequiredDefinition, D);
  }
  void HandleCXXImplicitFunctionInstantiation(FunctionDecl *D) override {
    later(&ASTConsumer::HandleCXXImplicitFunctionInstantiation, D);
  }
  void CompleteTentativeDefinition(VarDecl *D) override {
    later(&ASTConsumer::CompleteTentativeDefinition, D);
  }
  void CompleteExternalDeclaration(DeclaratorDecl *D) override {
    later(&ASTConsumer::CompleteExternalDeclaration, D);
  }
  void AssignInheritanceModel(CXXRecordDecl *D) override {
    later(&ASTConsumer::AssignInheritanceModel, D);
  }
  void HandleCXXStaticMemberVarInstantiation(VarDecl *D) override {
    later(&ASTConsumer::HandleCXXStaticMemberVarInstantiation, D);
  }
  void HandleVTable(CXXRecordDecl *D) override { later(&ASTConsumer::HandleVTable, D); }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    CompileErrors Errors(Ctx, Log.get());
    if (Errors.any()) {
      dropBodiesWithErrors(Ctx, Errors);
      // What is left compiles: CodeGen must not see the errors of what was dropped.
      Diags.Reset(/*soft=*/true);
    }
    for (const std::function<void()> &Step : Pending)
      Step();
    CodeGen->HandleTranslationUnit(Ctx);
  }

private:
  void later(std::function<void()> Step) { Pending.push_back(std::move(Step)); }
  /// The callbacks that take one declaration and need no filter.
  template <class D> void later(void (ASTConsumer::*Handle)(D *), D *Decl) {
    later([this, Handle, Decl] { (CodeGen.get()->*Handle)(Decl); });
  }

  /// An invalid declaration, or a variable whose initializer has an error, has nothing to lower.
  static bool lowerable(const Decl *D) {
    if (D->isInvalidDecl())
      return false;
    const auto *Var = dyn_cast<VarDecl>(D);
    return !Var || !Var->getInit() || !Var->getInit()->containsErrors();
  }

  void dropBodiesWithErrors(ASTContext &Ctx, const CompileErrors &Errors) {
    ASTNameGenerator Names(Ctx);
    for (FunctionDecl *F : Errors.functionsWithErrors()) {
      F->setBody(nullptr);
      if (F->isDependentContext())
        continue;
      std::vector<std::string> Variants = Names.getAllManglings(F);
      if (Variants.empty())
        Variants.push_back(Names.getName(F));
      Dropped.insert(Dropped.end(), Variants.begin(), Variants.end());
    }
  }

  std::unique_ptr<ASTConsumer> CodeGen;
  std::shared_ptr<const CompileErrors::Log> Log;
  DiagnosticsEngine &Diags;
  std::vector<std::string> &Dropped;
  std::vector<std::function<void()>> Pending;
};

/// CodeGen's module dies with its action, which the tooling layer owns: take it when the action
/// ends, with the functions whose bodies were dropped marked.
class EmitDeviceModuleAction : public EmitLLVMOnlyAction {
public:
  EmitDeviceModuleAction(llvm::LLVMContext &Context, std::unique_ptr<llvm::Module> &Out)
      : EmitLLVMOnlyAction(&Context), Out(Out) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::unique_ptr<ASTConsumer> CodeGen = EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!CodeGen)
      return nullptr;
    return std::make_unique<ValidCodeOnly>(std::move(CodeGen),
                                           CompileErrors::recordFor(CI.getPreprocessor()),
                                           CI.getDiagnostics(), Dropped);
  }

  void EndSourceFileAction() override {
    EmitLLVMOnlyAction::EndSourceFileAction();
    Out = takeModule();
    if (Out)
      for (const std::string &Name : Dropped)
        if (llvm::Function *F = Out->getFunction(Name))
          F->addFnAttr(model::BodyWithCompileErrors);
  }

private:
  std::unique_ptr<llvm::Module> &Out;
  std::vector<std::string> Dropped;
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
llvm::Expected<DeviceModule> lower(const std::vector<std::string> &CommandLine) {
  DeviceModule Result;
  Result.Context = std::make_unique<llvm::LLVMContext>();
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), llvm::vfs::getRealFileSystem());
  tooling::ToolInvocation Invocation(
      CommandLine, std::make_unique<EmitDeviceModuleAction>(*Result.Context, Result.Module),
      Files.get());
  FirstError Errors;
  Invocation.setDiagnosticConsumer(&Errors);
  // The unit's own errors leave the valid code lowered; CodeGen's leave no module.
  Invocation.run();
  if (!Result.Module)
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
  return lower(CommandLine);
}

} // namespace coopcheck::analysis
