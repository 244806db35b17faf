#include "ParsedSource.h"
#include "analysis/launch/CrossUnitFacts.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

TEST(Facts, KernelsAndLaunchesOfAUnit) {
  test::ParsedSource S(R"(
#include <cooperative_groups.h>
__global__ void syncs(int *p) { cooperative_groups::this_grid().sync(); }
__global__ void elsewhere(int *p);
void host(int *p) { elsewhere<<<2, 32>>>(p); syncs<<<2, 32>>>(p); }
)");
  ASSERT_TRUE(S.ok());
  UnitFacts Facts = collectUnitFacts(S.analysis(), "/src/input.cu");
  ASSERT_EQ(Facts.Kernels.size(), 1u);
  EXPECT_EQ(Facts.Kernels[0].Name, "syncs");
  ASSERT_TRUE(Facts.Kernels[0].GridBarrier.has_value());
  EXPECT_EQ(Facts.Kernels[0].GridBarrier->Where.Line, 3u);
  EXPECT_EQ(Facts.Kernels[0].ParamTypes, std::vector<std::string>{"int *"});
  ASSERT_EQ(Facts.Launches.size(), 2u);
  EXPECT_FALSE(Facts.Launches[0].KernelDefinedHere);
  EXPECT_TRUE(Facts.Launches[1].KernelDefinedHere);
  EXPECT_EQ(Facts.Launches[0].Coop, Cooperation::None);
}

UnitFacts unit(const char *File, std::vector<KernelFact> Kernels,
               std::vector<LaunchFact> Launches) {
  return UnitFacts{File, std::move(Kernels), std::move(Launches)};
}

TEST(Facts, JoinFindsCrossUnitProblemsAndRoundTrips) {
  KernelFact Kernel{"c:@F@solve",     "solve",
                    {"/a.cu", 3, 17}, BarrierFact{"grid.sync()", {"/a.cu", 5, 3}},
                    std::nullopt,     {"float *"}};
  LaunchFact Bad{"c:@F@solve",      "solve", {"/b.cu", 9, 3}, "<<<...>>>",
                 Cooperation::None, false,   std::nullopt,    std::nullopt};
  LaunchFact Good{"c:@F@solve",        "solve", {"/c.cu", 9, 3}, "cudaLaunchCooperativeKernel",
                  Cooperation::Single, false,   std::nullopt,    std::nullopt};
  CrossUnitFacts Index;
  Index.add(unit("/a.cu", {Kernel}, {}));
  Index.add(unit("/b.cu", {}, {Bad}));
  Index.add(unit("/c.cu", {}, {Good}));
  EXPECT_EQ(Index.filesWithCrossUnitLaunchProblems(), std::vector<std::string>{"/b.cu"});

  auto Again = CrossUnitFacts::fromJson(Index.toJson());
  ASSERT_TRUE(static_cast<bool>(Again)) << llvm::toString(Again.takeError());
  const KernelFact *Read = Again->kernel("c:@F@solve");
  ASSERT_NE(Read, nullptr);
  EXPECT_EQ(Read->GridBarrier->Where.Line, 5u);
  EXPECT_EQ(Again->units()[2].Launches[0].Coop, Cooperation::Single);
  EXPECT_EQ(Again->filesWithCrossUnitLaunchProblems(), std::vector<std::string>{"/b.cu"});
}

TEST(Facts, MalformedFactsAreAnError) {
  auto Bad = CrossUnitFacts::fromJson("{\"units\": [{\"kernels\": 3}]}");
  EXPECT_FALSE(static_cast<bool>(Bad));
  llvm::consumeError(Bad.takeError());
  auto Missing = CrossUnitFacts::load("/nonexistent/facts.json");
  ASSERT_FALSE(static_cast<bool>(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("cannot read facts file"), std::string::npos);
}

} // namespace
