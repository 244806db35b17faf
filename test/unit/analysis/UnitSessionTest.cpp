#include "analysis/flow/UnitSession.h"
#include "analysis/frontend/ParseSetup.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <thread>

using namespace coopcheck;
using namespace clang;

namespace {

/// What the analysis of one unit saw through its session.
struct UnitSeen {
  std::vector<std::string> Kernels;
  bool CompileErrors = false;
  bool OutOfTime = false;
  /// Whether a second lookup in the unit (a second check) found the same session.
  bool OneSessionPerUnit = false;
  /// A front door's record of the stage, and what it said during the analysis.
  const analysis::StageRecord *FrontDoorStages = nullptr;
  std::string StageDuringAnalysis;
};

class SessionConsumer : public ASTConsumer {
public:
  SessionConsumer(analysis::UnitSession &Session, UnitSeen &Seen) : Session(Session), Seen(Seen) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    analysis::AnalysisStage Stage(Session.stages(), "the test's analysis");
    if (Seen.FrontDoorStages)
      Seen.StageDuringAnalysis = Seen.FrontDoorStages->current();
    analysis::UnitCache &TU = Session.analysis(Ctx);
    for (const FunctionDecl *K : TU.kernels())
      Seen.Kernels.push_back(K->getNameAsString());
    Seen.CompileErrors = TU.compileErrors().any();
    Seen.OutOfTime = TU.outOfTime();
  }

private:
  analysis::UnitSession &Session;
  UnitSeen &Seen;
};

/// Starts the unit's session as a check does, at the start of the unit, with no clean-up of any
/// earlier unit's state.
class SessionAction : public ASTFrontendAction {
public:
  SessionAction(analysis::UnitSessions &Sessions, analysis::SessionOptions Options, UnitSeen &Seen)
      : Sessions(Sessions), Options(Options), Seen(Seen) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    analysis::UnitSession &Session = Sessions.sessionOf(CI.getPreprocessor(), Options);
    Seen.OneSessionPerUnit = &Sessions.sessionOf(CI.getPreprocessor()) == &Session;
    return std::make_unique<SessionConsumer>(Session, Seen);
  }

private:
  analysis::UnitSessions &Sessions;
  analysis::SessionOptions Options;
  UnitSeen &Seen;
};

UnitSeen analyse(analysis::UnitSessions &Sessions, llvm::StringRef Code,
                 analysis::SessionOptions Options = {}) {
  UnitSeen Seen;
  Seen.FrontDoorStages = Options.Stages;
  std::vector<std::string> Args =
      analysis::parseArguments(model::Platform::Cuda, analysis::ParseOptions(), nullptr);
  (void)tooling::runToolOnCodeWithArgs(std::make_unique<SessionAction>(Sessions, Options, Seen),
                                       Code, Args, "input.cu");
  return Seen;
}

const char *BrokenUnit = R"cu(
__global__ void first(int *p) { p[threadIdx.x] = 1; }
void host() { undeclared_on_the_host(); }
)cu";
const char *CleanUnit = "__global__ void second(int *p) { p[threadIdx.x] = 2; }\n";

std::vector<std::string> names(std::initializer_list<const char *> Names) {
  return std::vector<std::string>(Names.begin(), Names.end());
}

// A unit's state (its analysis, compile errors and deadline) is its session's: the next unit on
// the same thread starts afresh without anyone forgetting the last one.
TEST(UnitSession, UnitsOneAfterTheOtherGetTheirOwnSessions) {
  analysis::UnitSessions Sessions;
  analysis::SessionOptions NoTime;
  NoTime.TimeLimit = std::chrono::milliseconds(0);
  UnitSeen First = analyse(Sessions, BrokenUnit, NoTime);
  UnitSeen Second = analyse(Sessions, CleanUnit);
  EXPECT_TRUE(First.OneSessionPerUnit);
  EXPECT_EQ(First.Kernels, names({"first"}));
  EXPECT_TRUE(First.CompileErrors);
  EXPECT_TRUE(First.OutOfTime);
  EXPECT_TRUE(Second.OneSessionPerUnit);
  EXPECT_EQ(Second.Kernels, names({"second"}));
  EXPECT_FALSE(Second.CompileErrors);
  EXPECT_FALSE(Second.OutOfTime);
}

TEST(UnitSession, UnitsOnTwoThreadsAtOnceGetTheirOwnSessions) {
  analysis::UnitSessions Sessions;
  for (int Round = 0; Round < 2; ++Round) {
    UnitSeen First, Second;
    std::thread A([&] { First = analyse(Sessions, BrokenUnit); });
    std::thread B([&] { Second = analyse(Sessions, CleanUnit); });
    A.join();
    B.join();
    EXPECT_EQ(First.Kernels, names({"first"}));
    EXPECT_TRUE(First.CompileErrors);
    EXPECT_EQ(Second.Kernels, names({"second"}));
    EXPECT_FALSE(Second.CompileErrors);
  }
}

// The front door that reports crashes reads the stage from the record it handed the session.
TEST(UnitSession, RecordsTheStageWhereTheFrontDoorAsked) {
  analysis::UnitSessions Sessions;
  analysis::StageRecord Stages;
  analysis::SessionOptions Options;
  Options.Stages = &Stages;
  UnitSeen Seen = analyse(Sessions, CleanUnit, Options);
  EXPECT_EQ(Seen.StageDuringAnalysis, "the test's analysis");
  EXPECT_EQ(Stages.current(), "clang's front end");
}

} // namespace
