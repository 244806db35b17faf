// Exchanges through memory between lanes of a warp: which lane reads the element which other lane
// writes, in which order, and that a __syncwarp() between them, elements of the lane's own, or
// exchanges between warps make none.
#include "analysis/rules/WarpExchange.h"
#include "ParsedSource.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

std::vector<WarpRace> racesOf(test::ParsedSource &S, const char *Function) {
  const clang::FunctionDecl *F = S.function(Function);
  EXPECT_NE(F, nullptr) << Function;
  return F ? warpRaces(S.analysis(), F) : std::vector<WarpRace>();
}

TEST(WarpExchange, AButterflyReadsWhatTheOtherLaneOverwritesAfterIt) {
  test::ParsedSource S(R"(
    __global__ void k(float *out) {
      __shared__ float s[256];
      int tid = threadIdx.x;
      s[tid] = out[tid];
      __syncthreads();
      if (tid < 32) {
        s[tid] += s[tid ^ 16];
        s[tid] += s[tid ^ 8];
      }
      if (tid == 0) *out = s[0];
    })");
  ASSERT_TRUE(S.ok());
  std::vector<WarpRace> Races = racesOf(S, "k");
  ASSERT_EQ(Races.size(), 1u); // the first racing read of the array only
  const WarpRace &R = Races[0];
  EXPECT_EQ(R.Array->getName(), "s");
  EXPECT_EQ(R.Reader, 0u);
  EXPECT_EQ(R.Writer, 16u);
  EXPECT_FALSE(R.WriteFirst);
  EXPECT_FALSE(R.Volatile);
  EXPECT_EQ(R.Via, nullptr);
}

TEST(WarpExchange, AVolatileElementWrittenBeforeTheRead) {
  test::ParsedSource S(R"(
    __global__ void k(float *out, const float *in) {
      __shared__ volatile float s[64];
      unsigned tid = threadIdx.x;
      if (tid < 64) s[tid] = in[tid];
      if (tid < 32) {
        s[tid] = s[tid] + s[tid + 16];
        out[tid] = s[tid];
      }
    })");
  ASSERT_TRUE(S.ok());
  std::vector<WarpRace> Races = racesOf(S, "k");
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_TRUE(Races[0].WriteFirst);
  EXPECT_TRUE(Races[0].Volatile);
  EXPECT_EQ(Races[0].Reader, 0u);
  EXPECT_EQ(Races[0].Writer, 16u);
}

TEST(WarpExchange, NoRaceWithASyncwarpOwnElementsOrAcrossWarps) {
  test::ParsedSource S(R"(
    __global__ void synced(float *out) {
      __shared__ float s[64];
      int lane = threadIdx.x % 32;
      s[threadIdx.x] = out[threadIdx.x];
      __syncwarp();
      float v = s[threadIdx.x ^ 1];
      __syncwarp();
      s[threadIdx.x] = v;
    }
    __global__ void own(float *out) {
      __shared__ float s[64];
      s[threadIdx.x] = out[threadIdx.x];
      out[threadIdx.x] = s[threadIdx.x] * 2;
    }
    __global__ void otherWarp(float *out) {
      __shared__ float s[128];
      s[threadIdx.x] = out[threadIdx.x];
      out[threadIdx.x] = s[(threadIdx.x + 32) % 128];
    })");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(racesOf(S, "synced").empty());
  EXPECT_TRUE(racesOf(S, "own").empty());
  EXPECT_TRUE(racesOf(S, "otherWarp").empty());
}

TEST(WarpExchange, AHelpersRaceThroughTheLanesAndIndicesOfItsCall) {
  test::ParsedSource S(R"(
    __device__ void warpReduce(volatile int *s, int tid) {
      s[tid] += s[tid + 16];
      s[tid] += s[tid + 8];
    }
    __global__ void k(int *out) {
      __shared__ int s[64];
      int tid = threadIdx.x;
      s[tid] = out[tid];
      __syncthreads();
      if (tid < 32) warpReduce(s, tid);
    })");
  ASSERT_TRUE(S.ok());
  std::vector<WarpRace> Races = racesOf(S, "warpReduce");
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Via, S.call("k", "warpReduce"));
  EXPECT_EQ(Races[0].Reader, 0u);
  EXPECT_EQ(Races[0].Writer, 16u);
  EXPECT_TRUE(Races[0].Volatile);
}

} // namespace
