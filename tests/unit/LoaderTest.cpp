// Loader: lowering to the compact IR and rejection of what we do not run.
#include "interpreter/Loader.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace vcdpor;

static std::string input(const char *Name) {
  return std::string(VCDPOR_UNIT_INPUTS) + "/" + Name;
}

TEST(Loader, LowersGlobalsWithInitialisersAndPointers) {
  LoadResult R = loadProgram(input("two_writers.ll"), LoadOptions());
  ASSERT_TRUE(R.Prog) << R.Error;
  const Program &P = *R.Prog;
  ASSERT_EQ(P.Globals.size(), 3u);
  EXPECT_EQ(P.Globals[0].Name, "x");
  EXPECT_EQ(P.Globals[1].Size, 12u);
  int32_t Tbl[3];
  std::memcpy(Tbl, P.Globals[1].Init.data(), 12);
  EXPECT_EQ(Tbl[2], 3);
  // @ptr points 8 bytes into @tbl (global #1): object id and offset encoded.
  uint64_t Ptr;
  std::memcpy(&Ptr, P.Globals[2].Init.data(), 8);
  EXPECT_EQ(Ptr, makePtr(FirstGlobalId + 1, 8));
}

TEST(Loader, ResolvesCallsOnceAndFindsMain) {
  LoadResult R = loadProgram(input("two_writers.ll"), LoadOptions());
  ASSERT_TRUE(R.Prog) << R.Error;
  const Program &P = *R.Prog;
  ASSERT_GE(P.Main, 0);
  const Function &Main = P.Functions[P.Main];
  EXPECT_EQ(Main.Name, "main");
  unsigned Creates = 0, Joins = 0;
  for (const CallInfo &C : Main.Calls) {
    Creates += C.Ext == Builtin::PthreadCreate;
    Joins += C.Ext == Builtin::PthreadJoin;
  }
  EXPECT_EQ(Creates, 2u);
  EXPECT_EQ(Joins, 2u);
  // The declarations get entries too, so function pointers to them resolve.
  bool SawWriter = false;
  for (const Function &F : P.Functions)
    SawWriter |= F.Name == "writer" && !F.Insts.empty();
  EXPECT_TRUE(SawWriter);
}

TEST(Loader, RejectsVectorInstructionsNamingThem) {
  LoadResult R = loadProgram(input("vector.ll"), LoadOptions());
  ASSERT_FALSE(R.Prog);
  EXPECT_NE(R.Error.find("unsupported"), std::string::npos) << R.Error;
  EXPECT_NE(R.Error.find("in function 'main'"), std::string::npos) << R.Error;
}

TEST(Loader, RejectsUnsupportedExternalFunctions) {
  LoadResult R = loadProgram(input("external.ll"), LoadOptions());
  ASSERT_FALSE(R.Prog);
  EXPECT_NE(R.Error.find("unsupported external function 'rand'"), std::string::npos)
      << R.Error;
}

TEST(Loader, ReportsMissingFilesAndUnknownKinds) {
  LoadResult R = loadProgram(input("no_such_file.ll"), LoadOptions());
  ASSERT_FALSE(R.Prog);
  EXPECT_NE(R.Error.find("no such file"), std::string::npos);
  R = loadProgram(input("../LoaderTest.cpp"), LoadOptions());
  ASSERT_FALSE(R.Prog);
  EXPECT_NE(R.Error.find("unknown input kind"), std::string::npos) << R.Error;
}

TEST(Loader, ReportsParseErrorsWithTheFileName) {
  LoadResult R = loadProgramFromIR("define i32 @main( {", "broken.ll");
  ASSERT_FALSE(R.Prog);
  EXPECT_NE(R.Error.find("broken.ll: cannot parse"), std::string::npos) << R.Error;
}

TEST(Loader, MarksGlobalsNoInstructionReads) {
  LoadResult R = loadProgram(input("unread_globals.ll"), LoadOptions());
  ASSERT_TRUE(R.Prog) << R.Error;
  unsigned Seen = 0;
  for (const Global &G : R.Prog->Globals) {
    // w_*: only stored to (plainly, atomically, through constant and
    // computed element addresses, compared); r_*: read, or its address
    // goes where reads may follow it.
    bool Want = G.Name.rfind("w_", 0) == 0;
    EXPECT_EQ(G.Unread, Want) << G.Name;
    ++Seen;
  }
  EXPECT_EQ(Seen, 13u);
}

TEST(Loader, SummarizesCodeNoOtherThreadSees) {
  LoadResult R = loadProgram(input("quiet.ll"), LoadOptions());
  ASSERT_TRUE(R.Prog) << R.Error;
  auto Fn = [&](const char *Name) -> const Function & {
    for (const Function &F : R.Prog->Functions)
      if (F.Name == Name)
        return F;
    ADD_FAILURE() << Name;
    return R.Prog->Functions[0];
  };
  EXPECT_EQ(Fn("quiet_fn").BlockQuiet, (std::vector<uint8_t>{1, 1, 1}));
  EXPECT_EQ(Fn("loud_load").BlockQuiet, (std::vector<uint8_t>{0}));
  EXPECT_EQ(Fn("loud_join").BlockQuiet, (std::vector<uint8_t>{0}));
  EXPECT_EQ(Fn("calls_loud").BlockQuiet, (std::vector<uint8_t>{0}));
  const Function &LQ = Fn("loud_then_quiet");
  EXPECT_EQ(LQ.BlockQuiet, (std::vector<uint8_t>{0, 1}));
  EXPECT_EQ(LQ.BlockTailQuiet, (std::vector<uint8_t>{1, 1}));
}
