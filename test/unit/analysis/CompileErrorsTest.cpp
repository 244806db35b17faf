#include "analysis/frontend/CompileErrors.h"
#include "ParsedSource.h"

using namespace coopcheck;

namespace {

// The functions a compile error is in, host and device code alike; the device IR leaves out their
// bodies.
TEST(CompileErrors, CountsTheFunctionsErrorsAreIn) {
  test::ParsedSource HostOnly(R"cu(
__global__ void k(int *p) { p[threadIdx.x] = 1; }
void host() { undeclared_on_the_host(); }
)cu");
  analysis::CompileErrors::Counts Host = HostOnly.analysis().compileErrors().counts();
  EXPECT_EQ(Host.Functions, 2u);
  EXPECT_EQ(Host.WithErrors, 1u);

  test::ParsedSource Device(R"cu(
__device__ int helper(int v) { return undeclared_on_the_device(v); }
__global__ void k(int *p) { p[threadIdx.x] = helper(1); }
void host() {}
)cu");
  analysis::CompileErrors::Counts Dev = Device.analysis().compileErrors().counts();
  EXPECT_EQ(Dev.Functions, 3u);
  EXPECT_EQ(Dev.WithErrors, 1u);
  ASSERT_EQ(Device.analysis().compileErrors().functionsWithErrors().size(), 1u);
  EXPECT_EQ(Device.analysis().compileErrors().functionsWithErrors().front()->getName(), "helper");
}

} // namespace
