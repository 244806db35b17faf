// What the guards before a point make a variable a multiple of, and what each argument of a
// kernel's launches is a multiple of once those guards are read.
#include "analysis/flow/Preconditions.h"
#include "ParsedSource.h"
#include "analysis/launch/LaunchConfig.h"

using namespace coopcheck;
using namespace coopcheck::analysis;

namespace {

const char *Guards = R"(
[[noreturn]] void fail(const char *why);
#define REQUIRE(c) do { if (!(c)) fail(#c); } while (0)
__global__ void k(int n) {}
void leavesThroughEachForm(int n) {
  if (n % 4 != 0) fail("n");
  REQUIRE(n % 6 == 0);
  if (!(n % 5 == 0)) throw 1;
  k<<<1, 32>>>(n);
}
void needsEveryConjunct(int n, int m) {
  if (n % 8 != 0 || m < 0) return;
  k<<<1, 32>>>(n);
}
void oneDisjunctIsNoGuard(int n, int m) {
  if (n % 8 != 0 && m < 0) return;
  k<<<1, 32>>>(n);
}
void guardAfterThePoint(int n) {
  k<<<1, 32>>>(n);
  if (n % 8) return;
}
void guardThatStays(int n, int *log) {
  if (n % 8) *log = 1;
  k<<<1, 32>>>(n);
}
void guardWithAnElse(int n, int *log) {
  if (n % 8) return; else *log = 1;
  k<<<1, 32>>>(n);
}
void guardOfAnotherVariable(int n, int m) {
  if (m % 8) return;
  k<<<1, 32>>>(n);
}
)";

/// What the guards of Host make its parameter `n` a multiple of at its launch of `k`.
uint64_t multipleAtLaunch(test::ParsedSource &S, llvm::StringRef Host) {
  const clang::FunctionDecl *F = S.function(Host);
  const clang::CallExpr *Launch = S.call(Host, "k");
  if (!F || !Launch)
    return 0;
  return multipleGuardedBefore(F->getBody(), F->getParamDecl(0), Launch->getBeginLoc(),
                               S.context());
}

TEST(Preconditions, EachLeavingFormOfAGuardAddsItsFactor) {
  test::ParsedSource S(Guards);
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(multipleAtLaunch(S, "leavesThroughEachForm"), 60u); // lcm(4, 6, 5)
  EXPECT_EQ(multipleAtLaunch(S, "needsEveryConjunct"), 8u);
}

TEST(Preconditions, GuardsThatDoNotEstablishTheFactor) {
  test::ParsedSource S(Guards);
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(multipleAtLaunch(S, "oneDisjunctIsNoGuard"), 1u);
  EXPECT_EQ(multipleAtLaunch(S, "guardAfterThePoint"), 1u);
  EXPECT_EQ(multipleAtLaunch(S, "guardThatStays"), 1u);
  EXPECT_EQ(multipleAtLaunch(S, "guardWithAnElse"), 1u);
  EXPECT_EQ(multipleAtLaunch(S, "guardOfAnotherVariable"), 1u);
}

const char *Launches = R"(
[[noreturn]] void fail();
__global__ void both(int n, int m) {}
__global__ void changed(int n) {}
__global__ void unlaunched(int n) {}
void host(int n, int m) {
  if (n % 128) fail();
  both<<<1, 32>>>(n, m);
  both<<<1, 32>>>(96, m);
  if (m % 64) fail();
  m += 64;
  changed<<<1, 32>>>(m);
}
)";

TEST(Preconditions, ArgumentMultiplesAreAgreedByEveryLaunch) {
  test::ParsedSource S(Launches);
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(launchedArgumentMultiples(S.analysis(), S.function("both")),
            (std::vector<uint64_t>{32, 1})); // gcd(128, 96); m unchecked there
  EXPECT_EQ(launchedArgumentMultiples(S.analysis(), S.function("changed")),
            (std::vector<uint64_t>{1})); // assigned after its check
  EXPECT_TRUE(launchedArgumentMultiples(S.analysis(), S.function("unlaunched")).empty());
}

} // namespace
