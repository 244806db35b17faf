// Generated units that made the recursive uniformity queries blow up (each use re-evaluating
// the conditions of the branches before it, exponentially often): long def-use chains through
// branch conditions, hundreds of branches, nested loops, a template instantiated many times and
// a deep chain of helpers returning into each other, and thousands of reads of an object's field
// between calls of a method that changes it. The analysis must stay linear: the number
// of node evaluations at twice the size stays about twice as large, and the whole unit is
// decided well within a fixed time.
#include "ParsedSource.h"
#include "analysis/flow/Divergence.h"
#include <chrono>
#include <string>

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

/// A kernel `chains` of Size links whose first value is Seed (`n` is uniform, `threadIdx.x` is
/// not), and the helpers and template it calls.
std::string stressUnit(unsigned Size, const std::string &Seed) {
  std::string S = "#include <cooperative_groups.h>\n"
                  "__device__ int depth0(int v) { return v + 1; }\n";
  for (unsigned I = 1; I <= Size; ++I)
    S += "__device__ int depth" + std::to_string(I) + "(int v) { return depth" +
         std::to_string(I - 1) + "(v) * 2; }\n";
  S += "template <int K> __device__ void step(int n, bool sync) {\n"
       "  for (int i = 0; i < n; i += K) { if (sync) __syncthreads(); }\n}\n";
  S += "__global__ void chains(int *out, int n) {\n  int x0 = " + Seed + ", y0 = n;\n";
  for (unsigned I = 1; I <= Size; ++I) {
    std::string Now = std::to_string(I), Before = std::to_string(I - 1);
    // Each link's uses depend on both variables of the link before, through two branches.
    S += "  int x" + Now + " = x" + Before + " + y" + Before + "; int y" + Now + " = y" + Before +
         ";\n";
    S += "  if (x" + Before + " > 3 && y" + Before + " > 3) x" + Now + " = 1;\n";
    S += "  if (x" + Before + " < 5 || y" + Before + " < 2) y" + Now + " = 2;\n";
  }
  std::string Last = std::to_string(Size);
  S += "  for (int a = 0; a < x" + Last + "; ++a)\n    for (int b = 0; b < y" + Last +
       "; ++b) {\n      out[a] += b;\n      __syncthreads();\n    }\n";
  for (unsigned I = 1; I <= Size; ++I)
    S += "  step<" + std::to_string(I) + ">(n, true);\n";
  S += "  if (depth" + Last + "(n) > 0) __syncthreads();\n}\n";
  return S;
}

struct Outcome {
  unsigned Evaluations = 0;
  size_t Divergent = 0;
  double Seconds = 0;
};

/// The divergent collectives of the kernel named Kernel in Source, and the work it took.
Outcome analyseKernel(const std::string &Source, const char *KernelName) {
  test::ParsedSource S(Source);
  EXPECT_TRUE(S.ok());
  Outcome Result;
  if (!S.ok())
    return Result;
  auto Start = std::chrono::steady_clock::now();
  const clang::FunctionDecl *Kernel = S.function(KernelName);
  for (const GuardedEffect &G : S.analysis().get<DivergenceAnalysis>().effectsOf(Kernel))
    Result.Divergent += G.Divergent;
  Result.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Result.Evaluations = S.analysis().uniformityOf(Kernel).evaluations();
  return Result;
}

Outcome analyse(unsigned Size, const std::string &Seed) {
  return analyseKernel(stressUnit(Size, Seed), "chains");
}

TEST(UniformityStress, UniformChainsStayUniformInLinearWork) {
  Outcome Small = analyse(60, "n");
  Outcome Large = analyse(120, "n");
  ::testing::Test::RecordProperty("evaluations_60", std::to_string(Small.Evaluations));
  ::testing::Test::RecordProperty("evaluations_120", std::to_string(Large.Evaluations));
  ::testing::Test::RecordProperty("seconds_120", std::to_string(Large.Seconds));
  EXPECT_EQ(Small.Divergent, 0u);
  EXPECT_EQ(Large.Divergent, 0u);
  ASSERT_GT(Small.Evaluations, 0u);
  // Linear: twice the links, about twice the evaluations (slack for the fixed part).
  EXPECT_LE(Large.Evaluations, 2 * Small.Evaluations + 200)
      << Small.Evaluations << " then " << Large.Evaluations;
  EXPECT_LT(Large.Seconds, 10.0);
}

TEST(UniformityStress, ADivergentSeedReachesTheEndOfTheChain) {
  Outcome Small = analyse(60, "threadIdx.x");
  Outcome Large = analyse(120, "threadIdx.x");
  // The nested loops' barrier: the trip counts follow threadIdx.x through every link.
  EXPECT_EQ(Small.Divergent, 1u);
  EXPECT_EQ(Large.Divergent, 1u);
  EXPECT_LE(Large.Evaluations, 2 * Small.Evaluations + 200)
      << Small.Evaluations << " then " << Large.Evaluations;
  EXPECT_LT(Large.Seconds, 10.0);
}

/// A kernel `objects` reading a field of a local object Size times, each read followed by a
/// call of a method that adds Step to it: each read's value comes from the call before it.
std::string objectUnit(unsigned Size, const std::string &Step) {
  std::string S = "struct Ctx {\n  int n, t;\n"
                  "  __device__ explicit Ctx(int n) : n(n), t(threadIdx.x) {}\n"
                  "  __device__ void step(int k) { n += k; }\n};\n"
                  "__global__ void objects(int n) {\n  Ctx c(n);\n";
  for (unsigned I = 0; I < Size; ++I)
    S += "  if (c.n > " + std::to_string(I) + ") __syncthreads();\n  c.step(" + Step + ");\n";
  return S + "}\n";
}

Outcome analyseObjects(unsigned Size, const std::string &Step) {
  return analyseKernel(objectUnit(Size, Step), "objects");
}

TEST(UniformityStress, FieldsBetweenMethodCallsInLinearWork) {
  Outcome Small = analyseObjects(1000, "2");
  Outcome Large = analyseObjects(2000, "2");
  EXPECT_EQ(Small.Divergent, 0u);
  EXPECT_EQ(Large.Divergent, 0u);
  ASSERT_GT(Small.Evaluations, 0u);
  EXPECT_LE(Large.Evaluations, 2 * Small.Evaluations + 200)
      << Small.Evaluations << " then " << Large.Evaluations;
  EXPECT_LT(Large.Seconds, 10.0);
  // Stepped by the thread's index, every read after the first call differs.
  Outcome PerThread = analyseObjects(1000, "threadIdx.x");
  EXPECT_EQ(PerThread.Divergent, 999u);
  EXPECT_LE(PerThread.Evaluations, 2 * Small.Evaluations + 200);
}

} // namespace
