#include "analysis/frontend/LineVisibility.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace coopcheck;

namespace {

/// The lines the preprocessor skips in Code, compiled with Args (a -D stands for a side).
analysis::LineVisibility skippedLines(const std::string &Code, std::vector<std::string> Args,
                                      std::map<std::string, std::string> Headers = {}) {
  struct Action : clang::PreprocessOnlyAction {
    explicit Action(analysis::LineVisibility &Out) : Out(Out) {}
    bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
      CI.getPreprocessor().addPPCallbacks(
          analysis::recordLineVisibility(CI.getSourceManager(), Out));
      return true;
    }
    analysis::LineVisibility &Out;
  };
  analysis::LineVisibility Lines;
  Args.push_back("-I/project");
  clang::tooling::FileContentMappings Mapped;
  for (const auto &[Name, Text] : Headers)
    Mapped.emplace_back("/project/" + Name, Text);
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>(Lines), Code, Args, "/project/unit.cpp", "clang-tool",
      std::make_shared<clang::PCHContainerOperations>(), Mapped));
  return Lines;
}

const std::vector<std::string> Device = {"-DDEVICE_SIDE=700"}, Host = {};

TEST(LineVisibility, ABranchOnlyTheOtherSideTakesIsSeen) {
  const char *Code = R"cpp(
#ifndef DEVICE_SIDE
void launch();
#endif
int shared_code;
)cpp";
  EXPECT_TRUE(analysis::seesLinesHiddenFrom(skippedLines(Code, Host), skippedLines(Code, Device)));
  EXPECT_FALSE(analysis::seesLinesHiddenFrom(skippedLines(Code, Device), skippedLines(Code, Host)));
}

TEST(LineVisibility, CodeBothSidesSkipOrThatOnlyOneSideKeepsIsNotNew) {
  // The host (DEVICE_SIDE undefined, so 0) skips what the device keeps, and both skip the rest.
  const char *Code = R"cpp(
#if DEVICE_SIDE >= 700
void device_only();
#endif
#if DEVICE_SIDE >= 800
void newer_device_only();
#endif
#if !defined(DEVICE_SIDE) || DEVICE_SIDE >= 600
#else
void fallback();
#endif
)cpp";
  EXPECT_FALSE(analysis::seesLinesHiddenFrom(skippedLines(Code, Host), skippedLines(Code, Device)));
}

TEST(LineVisibility, BlankAndCommentLinesAreNotCode) {
  const char *Code = R"cpp(
#ifdef DEVICE_SIDE
void device_only();
#else
  // nothing to do on the host

#endif
)cpp";
  EXPECT_FALSE(analysis::seesLinesHiddenFrom(skippedLines(Code, Host), skippedLines(Code, Device)));
}

TEST(LineVisibility, AProjectHeaderCountsAndASecondInclusionHidesNothing) {
  // The header's guard skips all of it the second time: that hides no line from the device.
  std::map<std::string, std::string> Headers = {{"kernels.h", R"cpp(#ifndef KERNELS_H
#define KERNELS_H
#ifndef DEVICE_SIDE
void host_launch();
#endif
#endif
)cpp"}};
  const char *Code = "#include \"kernels.h\"\n#include \"kernels.h\"\n";
  EXPECT_TRUE(analysis::seesLinesHiddenFrom(skippedLines(Code, Host, Headers),
                                            skippedLines(Code, Device, Headers)));
  const char *Once = "#include \"kernels.h\"\n#include \"kernels.h\"\n";
  std::map<std::string, std::string> Same = {{"kernels.h", "#pragma once\nint k;\n"}};
  EXPECT_FALSE(analysis::seesLinesHiddenFrom(skippedLines(Once, Host, Same),
                                             skippedLines(Once, Device, Same)));
}

} // namespace
