// The operations table describes every intrinsic and every public group member the model headers
// declare, on each platform: a model header that gains a declaration the table lacks fails here.
#include "ParsedSource.h"
#include "analysis/flow/Groups.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Includes = R"(
#include <cooperative_groups.h>
__global__ void k() {}
)";
const char *HipIncludes = R"(
#include <hip/hip_cooperative_groups.h>
__global__ void k() {}
)";
const char *MacaIncludes = R"(
#include <maca_cooperative_groups.h>
__global__ void k() {}
)";

/// The model header of warp, block and lane intrinsics.
bool inIntrinsicsHeader(const clang::Decl *D, const clang::SourceManager &SM) {
  return SM.getFilename(SM.getSpellingLoc(D->getLocation()))
      .ends_with("coopcheck_model/warp_intrinsics.h");
}

struct Declarations : clang::RecursiveASTVisitor<Declarations> {
  const clang::SourceManager *SM = nullptr;
  std::set<std::string> Intrinsics, GroupMembers;
  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (F->getIdentifier() && !llvm::isa<clang::CXXMethodDecl>(F) && inIntrinsicsHeader(F, *SM))
      Intrinsics.insert(F->getName().str());
    return true;
  }
  bool VisitCXXMethodDecl(clang::CXXMethodDecl *M) {
    if (M->getIdentifier() && M->getAccess() == clang::AS_public &&
        groupTypeOf(M->getThisType()->getPointeeType()) && !M->getName().starts_with("_"))
      GroupMembers.insert(M->getName().str());
    return true;
  }
};

void expectDescribed(const char *Source, model::Platform P, const char *File) {
  test::ParsedSource S(Source, P, File);
  ASSERT_TRUE(S.ok()) << model::platformName(P).str();
  Declarations D;
  D.SM = &S.context().getSourceManager();
  D.TraverseDecl(S.context().getTranslationUnitDecl());
  EXPECT_GT(D.Intrinsics.size(), 20u);
  EXPECT_GT(D.GroupMembers.size(), 20u);
  for (const std::string &Name : D.Intrinsics) {
    const model::Operation *Op = model::findIntrinsic(Name);
    EXPECT_TRUE(Op) << Name << " has no row in Operations.def";
    if (Op)
      EXPECT_TRUE(Op->isOn(P)) << Name << " is declared on " << model::platformName(P).str();
  }
  for (const std::string &Name : D.GroupMembers)
    EXPECT_TRUE(model::findGroupMethod(Name))
        << "group member " << Name << " has no row in Operations.def";
}

TEST(OperationsCoverage, CudaModelHeaders) {
  expectDescribed(Includes, model::Platform::Cuda, "input.cu");
}
TEST(OperationsCoverage, HipModelHeaders) {
  expectDescribed(HipIncludes, model::Platform::Hip, "input.hip");
}
TEST(OperationsCoverage, MacaModelHeaders) {
  expectDescribed(MacaIncludes, model::Platform::Maca, "input.maca.cpp");
}

} // namespace
