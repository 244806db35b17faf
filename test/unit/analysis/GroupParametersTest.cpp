#include "analysis/rules/GroupParameters.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void by_value(cg::thread_group g) { g.sync(); }
__device__ void by_reference(const cg::thread_group &g) { g.sync(); }
template <int N> __device__ void templated(cg::thread_group g, float (&x)[N]) { g.sync(); }
template <class G> __device__ void generic(G g) { g.sync(); }
__global__ void k() {
  __shared__ float s[8], t[16];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_group any = block;
  by_value(warp);
  by_value(block);
  by_value(any);
  by_reference(block);
  templated(block, s);
  templated(block, t);
  generic(any);
}
)";

TEST(GroupParameters, GenericGroupsByValueWithWhatCallersPass) {
  test::ParsedSource S(Source);
  ASSERT_TRUE(S.ok());
  std::vector<GroupByValueParameter> Params = genericGroupsByValue(S.analysis());
  ASSERT_EQ(Params.size(), 2u);
  EXPECT_EQ(llvm::cast<clang::FunctionDecl>(Params[0].Param->getDeclContext())->getName(),
            "by_value");
  ASSERT_EQ(Params[0].PassedTypes.size(), 2u); // the thread_group variable holds the block again
  EXPECT_EQ(groupTypeSpelling(Params[0].PassedTypes[0]), "thread_block_tile<32>");
  EXPECT_EQ(groupTypeSpelling(Params[0].PassedTypes[1]), "thread_block");
  // One entry for the template's parameter, whatever its instantiations.
  EXPECT_EQ(llvm::cast<clang::FunctionDecl>(Params[1].Param->getDeclContext())->getName(),
            "templated");
  ASSERT_EQ(Params[1].PassedTypes.size(), 1u);
  EXPECT_EQ(groupTypeSpelling(Params[1].PassedTypes[0]), "thread_block");
}

} // namespace
