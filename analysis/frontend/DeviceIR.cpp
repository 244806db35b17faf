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

/// An invalid declaration, or a variable whose initializer has an error, has nothing to lower.
bool lowerable(const Decl *D) {
  if (D->isInvalidDecl())
    return false;
  const auto *Var = dyn_cast<VarDecl>(D);
  return !Var || !Var->getInit() || !Var->getInit()->containsErrors();
}

/// Takes a compile error's function out of what CodeGen lowers: it is only declared, and its
/// mangled names go to Dropped.
void dropBodiesWithErrors(ASTContext &Ctx, const CompileErrors &Errors,
                          std::vector<std::string> &Dropped) {
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

/// CodeGen's module dies with its action, which the tooling layer owns: take it when the action
/// ends, with the functions whose bodies were dropped marked.
class EmitDeviceModuleAction : public EmitLLVMOnlyAction {
public:
  EmitDeviceModuleAction(llvm::LLVMContext &Context, std::unique_ptr<llvm::Module> &Out)
      : EmitLLVMOnlyAction(&Context), Out(Out) {}

  /// Lowers what Parsed recorded of the unit CI has parsed and still holds.
  void lowerParsed(CompilerInstance &CI, ParsedDeclarations &Parsed,
                   const CompileErrors::Log *Errors) {
    setCompilerInstance(&CI);
    std::unique_ptr<ASTConsumer> CodeGen =
        EmitLLVMOnlyAction::CreateASTConsumer(CI, CI.getFrontendOpts().Inputs[0].getFile());
    if (!CodeGen)
      return;
    CodeGen->Initialize(CI.getASTContext());
    Parsed.lowerInto(*CodeGen, CI.getASTContext(), CompileErrors(CI.getASTContext(), Errors),
                     Dropped);
    EndSourceFileAction();
  }

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
  /// The separate parse's consumer: CodeGen gets the unit once it is parsed. CodeGen emits nothing
  /// once its diagnostics have seen an error, and the valid functions can still be lowered.
  class ValidCodeOnly : public ParsedDeclarations {
  public:
    ValidCodeOnly(std::unique_ptr<ASTConsumer> CodeGen,
                  std::shared_ptr<const CompileErrors::Log> Log, DiagnosticsEngine &Diags,
                  std::vector<std::string> &Dropped)
        : CodeGen(std::move(CodeGen)), Log(std::move(Log)), Diags(Diags), Dropped(Dropped) {}
    void Initialize(ASTContext &Ctx) override { CodeGen->Initialize(Ctx); }
    void HandleTranslationUnit(ASTContext &Ctx) override {
      CompileErrors Errors(Ctx, Log.get());
      // What is left compiles: CodeGen must not see the errors of what is dropped.
      Diags.Reset(/*soft=*/true);
      lowerInto(*CodeGen, Ctx, Errors, Dropped);
    }

  private:
    std::unique_ptr<ASTConsumer> CodeGen;
    std::shared_ptr<const CompileErrors::Log> Log;
    DiagnosticsEngine &Diags;
    std::vector<std::string> &Dropped;
  };

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
  return Result;
}

/// CodeGen's options of the separate lowering's command line (lowerToDeviceIR), which only
/// CodeGen reads: a parse for the rules has the same AST.
void setLoweringOptions(CodeGenOptions &Options) {
  Options.OptimizationLevel = 0;
  Options.DisableO0ImplyOptNone = true;
  Options.DiscardValueNames = false;
  Options.setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
  Options.DwarfVersion = 2; // the driver's choice for NVPTX
  // The AST outlives the lowering: the rules' front door frees it.
  Options.ClearASTBeforeBackend = false;
}

} // namespace

void DeviceModule::promoteLocals(llvm::ArrayRef<const llvm::Function *> Functions) {
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
  llvm::FunctionPassManager Passes;
  Passes.addPass(llvm::SROAPass(llvm::SROAOptions::PreserveCFG));
  Passes.addPass(llvm::PromotePass());
  for (const llvm::Function *F : Functions)
    if (!F->isDeclaration() && Promoted.insert(F).second)
      // The module is this object's own: the functions a replay reaches are handed over const.
      Passes.run(const_cast<llvm::Function &>(*F), FAM);
}

void DeviceModule::promoteAllLocals() {
  std::vector<const llvm::Function *> Functions;
  for (const llvm::Function &F : *Module)
    Functions.push_back(&F);
  promoteLocals(Functions);
}

void ParsedDeclarations::record(std::function<void(ASTConsumer &)> Step) {
  // Declarations a precompiled prefix hands over while CodeGen is running go straight to it.
  if (Lowering)
    Step(*Lowering);
  else
    Steps.push_back(std::move(Step));
}

bool ParsedDeclarations::HandleTopLevelDecl(DeclGroupRef D) {
  if (D.isSingleDecl() && isKernelInstanceNotLowered(D.getSingleDecl()))
    return true;
  record([D](ASTConsumer &CodeGen) {
    for (Decl *Each : D)
      if (lowerable(Each))
        CodeGen.HandleTopLevelDecl(DeclGroupRef(Each));
  });
  return true;
}

bool ParsedDeclarations::isKernelInstanceNotLowered(const Decl *D) {
  const auto *Kernel = dyn_cast<FunctionDecl>(D);
  const FunctionDecl *Pattern =
      Kernel && Kernel->hasAttr<CUDAGlobalAttr>() && Kernel->doesThisDeclarationHaveABody()
          ? Kernel->getTemplateInstantiationPattern()
          : nullptr;
  return Pattern && ++KernelInstances[Pattern->getCanonicalDecl()] > KernelInstancesLowered;
}

void ParsedDeclarations::HandleInterestingDecl(DeclGroupRef D) {
  record([D](ASTConsumer &CodeGen) {
    for (Decl *Each : D)
      if (lowerable(Each))
        CodeGen.HandleInterestingDecl(DeclGroupRef(Each));
  });
}

void ParsedDeclarations::HandleTagDeclDefinition(TagDecl *D) {
  record([D](ASTConsumer &CodeGen) {
    if (lowerable(D))
      CodeGen.HandleTagDeclDefinition(D);
  });
}

void ParsedDeclarations::HandleInlineFunctionDefinition(FunctionDecl *D) {
  recordCall(&ASTConsumer::HandleInlineFunctionDefinition, D);
}
void ParsedDeclarations::HandleTagDeclRequiredDefinition(const TagDecl *D) {
  recordCall(&ASTConsumer::HandleTagDeclRequiredDefinition, D);
}
void ParsedDeclarations::HandleCXXImplicitFunctionInstantiation(FunctionDecl *D) {
  recordCall(&ASTConsumer::HandleCXXImplicitFunctionInstantiation, D);
}
void ParsedDeclarations::CompleteTentativeDefinition(VarDecl *D) {
  recordCall(&ASTConsumer::CompleteTentativeDefinition, D);
}
void ParsedDeclarations::CompleteExternalDeclaration(DeclaratorDecl *D) {
  recordCall(&ASTConsumer::CompleteExternalDeclaration, D);
}
void ParsedDeclarations::AssignInheritanceModel(CXXRecordDecl *D) {
  recordCall(&ASTConsumer::AssignInheritanceModel, D);
}
void ParsedDeclarations::HandleCXXStaticMemberVarInstantiation(VarDecl *D) {
  recordCall(&ASTConsumer::HandleCXXStaticMemberVarInstantiation, D);
}
void ParsedDeclarations::HandleVTable(CXXRecordDecl *D) {
  recordCall(&ASTConsumer::HandleVTable, D);
}

void ParsedDeclarations::lowerInto(ASTConsumer &CodeGen, ASTContext &Ctx,
                                   const CompileErrors &Errors, std::vector<std::string> &Dropped) {
  if (Errors.any())
    dropBodiesWithErrors(Ctx, Errors, Dropped);
  Lowering = &CodeGen;
  for (const std::function<void(ASTConsumer &)> &Step : Steps)
    Step(CodeGen);
  CodeGen.HandleTranslationUnit(Ctx);
  Lowering = nullptr;
  Steps.clear();
}

llvm::Expected<DeviceModule> lowerParsedUnit(CompilerInstance &CI, ParsedDeclarations &Parsed,
                                             const CompileErrors::Log *Errors) {
  DeviceModule Result;
  Result.Context = std::make_unique<llvm::LLVMContext>();
  setLoweringOptions(CI.getCodeGenOpts());
  // CodeGen stops at the first error its diagnostics engine has counted, and the unit's has
  // counted the compile errors: it gets an engine of its own, which also keeps what it says out
  // of the unit's diagnostics.
  IntrusiveRefCntPtr<DiagnosticsEngine> UnitDiags = CI.getDiagnosticsPtr();
  FirstError Messages;
  auto Own = llvm::makeIntrusiveRefCnt<DiagnosticsEngine>(
      UnitDiags->getDiagnosticIDs(), UnitDiags->getDiagnosticOptions(), &Messages,
      /*ShouldOwnClient=*/false);
  Own->setSourceManager(&CI.getSourceManager());
  Own->setIgnoreAllWarnings(true);
  CI.setDiagnostics(Own);
  // The rules may have narrowed traversals to the unit's own declarations.
  CI.getASTContext().setTraversalScope({CI.getASTContext().getTranslationUnitDecl()});
  EmitDeviceModuleAction(*Result.Context, Result.Module).lowerParsed(CI, Parsed, Errors);
  CI.setDiagnostics(UnitDiags);
  if (!Result.Module)
    return llvm::createStringError(Messages.Message.empty() ? "the device code could not be lowered"
                                                            : Messages.Message);
  return Result;
}

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
