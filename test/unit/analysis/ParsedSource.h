// Small CUDA sources parsed from strings with the hermetic arguments coopcheck itself uses, and
// lookups of the functions and calls in them, for the analysis unit tests.
#pragma once
#include "analysis/flow/UnitSession.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

namespace coopcheck::test {

class ParsedSource {
public:
  explicit ParsedSource(llvm::StringRef Code, model::Platform P = model::Platform::Cuda,
                        const char *FileName = "input.cu") {
    analysis::ParseOptions Options;
    std::vector<std::string> Args = analysis::parseArguments(P, Options, nullptr);
    AST = clang::tooling::buildASTFromCodeWithArgs(Code, Args, FileName);
    if (AST)
      Session = std::make_unique<analysis::UnitSession>(AST->getPreprocessor());
  }

  bool ok() const { return AST && !AST->getDiagnostics().hasErrorOccurred(); }
  clang::ASTContext &context() { return AST->getASTContext(); }
  analysis::UnitCache &analysis() { return Session->analysis(context()); }

  const clang::FunctionDecl *function(llvm::StringRef Name) {
    Finder F;
    F.Name = Name;
    F.TraverseDecl(context().getTranslationUnitDecl());
    return F.Function;
  }

  /// The Nth call (0-based, in source order) of a function or method named Callee inside Within.
  const clang::CallExpr *call(llvm::StringRef Within, llvm::StringRef Callee, unsigned Nth = 0) {
    const clang::FunctionDecl *F = function(Within);
    if (!F)
      return nullptr;
    CallFinder C;
    C.Callee = Callee;
    C.TraverseStmt(F->getBody());
    return Nth < C.Calls.size() ? C.Calls[Nth] : nullptr;
  }

  /// The initializer of the local variable Var in function Within.
  const clang::Expr *init(llvm::StringRef Within, llvm::StringRef Var) {
    const clang::FunctionDecl *F = function(Within);
    VarFinder V;
    V.Name = Var;
    if (F)
      V.TraverseStmt(F->getBody());
    return V.Init;
  }

private:
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::StringRef Name;
    const clang::FunctionDecl *Function = nullptr;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(clang::FunctionDecl *D) {
      if (!Function && D->getDeclName().isIdentifier() && D->getName() == Name &&
          D->doesThisDeclarationHaveABody() && !D->isDependentContext())
        Function = D;
      return true;
    }
  };
  struct CallFinder : clang::RecursiveASTVisitor<CallFinder> {
    llvm::StringRef Callee;
    std::vector<const clang::CallExpr *> Calls;
    bool VisitCallExpr(clang::CallExpr *C) {
      if (const auto *F = C->getDirectCallee())
        if (F->getDeclName().isIdentifier() && F->getName() == Callee)
          Calls.push_back(C);
      return true;
    }
  };
  struct VarFinder : clang::RecursiveASTVisitor<VarFinder> {
    llvm::StringRef Name;
    const clang::Expr *Init = nullptr;
    bool VisitVarDecl(clang::VarDecl *D) {
      if (D->getName() == Name)
        Init = D->getInit();
      return true;
    }
  };

  std::unique_ptr<clang::ASTUnit> AST;
  /// Started once the unit is parsed: only the AST's own marks of compile errors count.
  std::unique_ptr<analysis::UnitSession> Session;
};

} // namespace coopcheck::test
