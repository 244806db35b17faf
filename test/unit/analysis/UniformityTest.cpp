#include "ParsedSource.h"
#include "analysis/Uniformity.h"

using namespace coopcheck;
using namespace coopcheck::analysis;
using model::Scope;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__device__ int helper(int x);
__global__ void k(const int *in, int *out, int n) {
  int tid = threadIdx.x;
  int block = blockIdx.x;
  int global = blockIdx.x * blockDim.x + threadIdx.x;
  int width = blockDim.x * gridDim.x;
  int param = n * 2 + 1;
  int counter = 0;
  for (int i = 0; i < n; ++i) counter += 2;
  int divergent = 0;
  if (tid == 0) divergent = 1;
  int uniform_branch = 0;
  if (n > 4) uniform_branch = 1;
  int loaded = in[0];
  int loaded_by_thread = in[tid];
  out[tid] = loaded;
  int stored_then_read = out[0];
  int atomic = atomicAdd(out, 1);
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int meta = tile.meta_group_rank();
  int rank = tile.thread_rank();
  int vote = tile.any(tid > 3);
  int unknown_call = helper(n);
  int sum = cg::reduce(tile, tid, cg::plus<int>());
  int m = min(n, 7);
}
)";

class UniformityTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(Parsed.ok()); }
  Scope scopeOf(const char *Var) {
    const clang::FunctionDecl *K = Parsed.function("k");
    const clang::Expr *Init = Parsed.init("k", Var);
    EXPECT_NE(Init, nullptr) << Var;
    return Parsed.analysis().uniformityOf(K).uniformScope(Init);
  }
  Scope scopeOfVariable(const char *Var) {
    // The value a variable holds after all its definitions: read through a DeclRefExpr.
    const clang::FunctionDecl *K = Parsed.function("k");
    struct Ref : clang::RecursiveASTVisitor<Ref> {
      llvm::StringRef Name;
      const clang::DeclRefExpr *Found = nullptr;
      bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
        if (E->getDecl()->getName() == Name)
          Found = E;
        return true;
      }
    } R;
    R.Name = Var;
    R.TraverseStmt(K->getBody());
    EXPECT_NE(R.Found, nullptr) << Var;
    return Parsed.analysis().uniformityOf(K).uniformScope(R.Found);
  }
  test::ParsedSource Parsed{Source};
};

TEST_F(UniformityTest, Sources) {
  EXPECT_EQ(scopeOf("tid"), Scope::Thread);
  EXPECT_EQ(scopeOf("block"), Scope::Block);
  EXPECT_EQ(scopeOf("global"), Scope::Thread);
  EXPECT_EQ(scopeOf("width"), Scope::Grid);
  EXPECT_EQ(scopeOf("param"), Scope::Grid);
  EXPECT_EQ(scopeOf("meta"), Scope::Tile);
  EXPECT_EQ(scopeOf("rank"), Scope::Thread);
  EXPECT_EQ(scopeOf("atomic"), Scope::Thread);
  EXPECT_EQ(scopeOf("unknown_call"), Scope::Thread);
  EXPECT_EQ(scopeOf("m"), Scope::Grid);
}

TEST_F(UniformityTest, CollectiveResultsAreUniformInTheirGroup) {
  EXPECT_EQ(scopeOf("vote"), Scope::Tile);
  EXPECT_EQ(scopeOf("sum"), Scope::Tile);
}

TEST_F(UniformityTest, VariablesFollowTheirDefinitionsAndBranches) {
  EXPECT_EQ(scopeOfVariable("counter"), Scope::Grid);
  EXPECT_EQ(scopeOfVariable("divergent"), Scope::Thread);
  EXPECT_EQ(scopeOfVariable("uniform_branch"), Scope::Grid);
}

TEST_F(UniformityTest, LoadsDependOnAddressAndWrites) {
  EXPECT_EQ(scopeOf("loaded"), Scope::Grid);
  EXPECT_EQ(scopeOf("loaded_by_thread"), Scope::Thread);
  EXPECT_EQ(scopeOf("stored_then_read"), Scope::Thread);
}

} // namespace
