// The device side of a translation unit as LLVM IR, for the executor: lowered in process by Clang
// CodeGen with the same arguments the static rules parsed it with, at -O0 with line tables (every
// instruction maps back to source), then SROA and mem2reg so that locals become SSA values. When
// the rules' own parse had those arguments, its AST is lowered where the rules leave it, instead
// of parsing the unit a second time. Either way only the functions a replay reaches get their
// locals promoted: a unit of many kernels replays a few of them.
#pragma once
#include "analysis/frontend/CompileErrors.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coopcheck::analysis {

struct DeviceModule {
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> Module;

  /// Turns the locals of each of Functions (of Module) that has not had it yet into SSA values,
  /// keeping the control flow as written (branches map to source): what the executor interprets.
  void promoteLocals(llvm::ArrayRef<const llvm::Function *> Functions);
  /// The same for every function of Module.
  void promoteAllLocals();

private:
  llvm::DenseSet<const llvm::Function *> Promoted;
};

/// ParseArguments are the compiler arguments of the device-side parse (ParseSetup), without the
/// file. No function's locals are promoted yet. A unit with compile errors is lowered as far as it
/// is valid: a function a compile error is in (as CompileErrors finds them) is only declared, and
/// carries the attribute model::BodyWithCompileErrors. Fails with CodeGen's first error, or Clang's
/// when nothing could be lowered; prints nothing.
llvm::Expected<DeviceModule> lowerToDeviceIR(const std::string &File,
                                             const std::vector<std::string> &ParseArguments);

/// What the parser hands its consumers for CodeGen, in order, kept while the unit is parsed (a
/// few pointers a declaration), so that CodeGen can be given it once the unit is parsed and the
/// bodies that compile errors are in are known.
class ParsedDeclarations : public clang::ASTConsumer {
public:
  bool HandleTopLevelDecl(clang::DeclGroupRef D) override;
  void HandleInterestingDecl(clang::DeclGroupRef D) override;
  void HandleTagDeclDefinition(clang::TagDecl *D) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl *D) override;
  void HandleTagDeclRequiredDefinition(const clang::TagDecl *D) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *D) override;
  void CompleteTentativeDefinition(clang::VarDecl *D) override;
  void CompleteExternalDeclaration(clang::DeclaratorDecl *D) override;
  void AssignInheritanceModel(clang::CXXRecordDecl *D) override;
  void HandleCXXStaticMemberVarInstantiation(clang::VarDecl *D) override;
  void HandleVTable(clang::CXXRecordDecl *D) override;

  /// The instances of one kernel template that are lowered: the replays try a finding in the
  /// first few instances only (checks/confirmation), and lowering a unit that instantiates a
  /// kernel a hundred times cost several times its parse.
  static constexpr unsigned KernelInstancesLowered = 4;

  /// Gives CodeGen (initialized on Ctx) what was recorded, less invalid declarations, the bodies
  /// of the functions with Errors dropped (their mangled names into Dropped), then the end of the
  /// unit.
  void lowerInto(clang::ASTConsumer &CodeGen, clang::ASTContext &Ctx, const CompileErrors &Errors,
                 std::vector<std::string> &Dropped);

private:
  void record(std::function<void(clang::ASTConsumer &)> Step);
  /// Whether D is an instance of a kernel template past the first KernelInstancesLowered.
  bool isKernelInstanceNotLowered(const clang::Decl *D);
  template <class D> void recordCall(void (clang::ASTConsumer::*Handle)(D *), D *Decl) {
    record([Handle, Decl](clang::ASTConsumer &CodeGen) { (CodeGen.*Handle)(Decl); });
  }

  std::vector<std::function<void(clang::ASTConsumer &)>> Steps;
  clang::ASTConsumer *Lowering = nullptr; ///< CodeGen, while lowerInto runs
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> KernelInstances; ///< by template
};

/// Lowers the device side of the unit CI has parsed with the arguments lowerToDeviceIR would be
/// given, from what Parsed recorded of the parse: called once the rules are done with the AST
/// and before CI frees it (the functions compile errors are in lose their bodies). Errors: where
/// the parse reported compile errors (CompileErrors::recordFor). Neither the unit's diagnostics
/// nor their error count see anything of the lowering. No function's locals are promoted yet.
llvm::Expected<DeviceModule> lowerParsedUnit(clang::CompilerInstance &CI,
                                             ParsedDeclarations &Parsed,
                                             const CompileErrors::Log *Errors);

} // namespace coopcheck::analysis
