// Launches too large to replay are scaled down, keeping their dimensionality.
#include "runtime-model/semantics/LaunchShape.h"
#include "gtest/gtest.h"

using coopcheck::model::Dim3;
using coopcheck::model::scaledDown;

namespace {

TEST(LaunchShape, ShapesWithinTheLimitStayAsLaunched) {
  Dim3 D = scaledDown({4, 1, 1}, 4);
  EXPECT_EQ(D.X, 4u);
  EXPECT_EQ(D.count(), 4u);
}

TEST(LaunchShape, TheLargestExtentIsHalvedFirst) {
  Dim3 D = scaledDown({1024, 1, 1}, 256);
  EXPECT_EQ(D.X, 256u);
  Dim3 Square = scaledDown({32, 32, 1}, 256);
  EXPECT_EQ(Square.X, 16u);
  EXPECT_EQ(Square.Y, 16u);
}

TEST(LaunchShape, OddExtentsRoundUpAndStayAtLeastOne) {
  Dim3 D = scaledDown({264, 1, 1}, 4);
  EXPECT_LE(D.count(), 4u);
  EXPECT_GE(D.X, 1u);
  Dim3 Deep = scaledDown({1, 1, 64}, 8);
  EXPECT_EQ(Deep.Z, 8u);
  EXPECT_EQ(Deep.X, 1u);
}

} // namespace
