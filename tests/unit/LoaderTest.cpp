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
  EXPECT_NE(R.Error.find("unsupported external function 'rand'"),
            std::string::npos)
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
  EXPECT_NE(R.Error.find("broken.ll: cannot parse"), std::string::npos)
      << R.Error;
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
  EXPECT_EQ(Seen, 14u);
}

TEST(Loader, MarksGlobalsNoInstructionAccesses) {
  LoadResult R = loadProgram(input("unread_globals.ll"), LoadOptions());
  ASSERT_TRUE(R.Prog) << R.Error;
  // d_msg is only an assertion's message and compared; w_init has no use.
  // Every other global is loaded, stored, updated, or its address becomes
  // a value (an argument, a stored value, a select, an integer, another
  // global's initializer).
  for (const Global &G : R.Prog->Globals)
    EXPECT_EQ(G.Unaccessed, G.Name == "d_msg" || G.Name == "w_init")
        << G.Name;
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

/// How many nondet draws (Builtin::NondetInt or NondetBool) function Name
/// makes, as lowered.
static unsigned draws(const Program &P, const std::string &Name,
                      Builtin Kind = Builtin::NondetInt) {
  for (const Function &F : P.Functions)
    if (F.Name == Name) {
      unsigned N = 0;
      for (const CallInfo &C : F.Calls)
        N += C.Ext == Kind;
      return N;
    }
  return ~0u;
}

// Uninit.h: a local read before it is written is a nondet draw; one always
// written first, or an undef nobody reads, draws nothing.
TEST(Loader, UninitialisedLocalsAreNondetDraws) {
  const char *IR = R"(
@g = global i32 0

define i32 @one_path(i1 %c) {
entry:
  %x = alloca i32
  br i1 %c, label %set, label %join
set:
  store i32 1, i32* %x
  br label %join
join:
  %v = load i32, i32* %x
  ret i32 %v
}

define i32 @always_set(i1 %c) {
entry:
  %x = alloca i32
  store i32 2, i32* %x
  %v = load i32, i32* %x
  ret i32 %v
}

define void @phi_undef(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %p = phi i32 [ undef, %entry ], [ 1, %a ]
  %q = phi i1 [ undef, %entry ], [ true, %a ]
  store i32 %p, i32* @g
  br i1 %q, label %done, label %done
done:
  ret void
}

define internal void @ignores(i32 %unused) {
  ret void
}

define i32 @main() {
  %r = call i32 @one_path(i1 false)
  %s = call i32 @always_set(i1 false)
  call void @phi_undef(i1 false)
  call void @ignores(i32 undef)
  ret i32 0
}
)";
  LoadResult R = loadProgramFromIR(IR, "uninit.ll");
  ASSERT_TRUE(R.Prog) << R.Error;
  const Program &P = *R.Prog;
  EXPECT_EQ(draws(P, "one_path"), 1u);
  EXPECT_EQ(draws(P, "always_set"), 0u);
  EXPECT_EQ(draws(P, "phi_undef"), 1u);
  EXPECT_EQ(draws(P, "phi_undef", Builtin::NondetBool), 1u);
  EXPECT_EQ(draws(P, "main"), 0u);
}

/// The id of global Name in P.
static uint32_t globalId(const Program &P, const std::string &Name) {
  for (uint32_t I = 0; I < P.Globals.size(); ++I)
    if (P.Globals[I].Name == Name)
      return I;
  ADD_FAILURE() << Name;
  return ~0u;
}

/// What the entry block of function Name, and the code reachable from it,
/// may store to.
static WriteSet entryWrites(const Program &P, const std::string &Name) {
  for (const Function &F : P.Functions)
    if (F.Name == Name && !F.BlockWrites.empty())
      return F.BlockWrites[0];
  ADD_FAILURE() << Name;
  return WriteSet();
}

// WriteSummary.cpp: a store through a phi or select of addresses in global
// arrays writes those arrays, not any memory; one through a pointer loaded
// from memory may write anything.
TEST(Loader, SummarizesStoresThroughPhisOfGlobalAddresses) {
  const char *IR = R"(
@table = global [8 x i32] zeroinitializer
@other = global [8 x i32] zeroinitializer
@slot = global i32* null

define void @probe(i64 %h0, i1 %c) {
entry:
  %first = getelementptr [8 x i32], [8 x i32]* @table, i64 0, i64 %h0
  br label %loop
loop:
  %p = phi i32* [ %first, %entry ], [ %next, %loop ]
  %h = phi i64 [ %h0, %entry ], [ %h1, %loop ]
  %o = getelementptr [8 x i32], [8 x i32]* @other, i64 0, i64 %h
  %q = select i1 %c, i32* %p, i32* %o
  store i32 1, i32* %q
  %h1 = add i64 %h, 1
  %next = getelementptr [8 x i32], [8 x i32]* @table, i64 0, i64 %h1
  br i1 %c, label %loop, label %done
done:
  ret void
}

define void @through_memory() {
  %p = load i32*, i32** @slot
  store i32 2, i32* %p
  ret void
}

define i32 @main() {
  call void @probe(i64 0, i1 false)
  call void @through_memory()
  ret i32 0
}
)";
  LoadResult R = loadProgramFromIR(IR, "writes.ll");
  ASSERT_TRUE(R.Prog) << R.Error;
  const Program &P = *R.Prog;
  WriteSet Probe = entryWrites(P, "probe");
  EXPECT_FALSE(Probe.Any);
  uint32_t Table = globalId(P, "table"), Other = globalId(P, "other");
  EXPECT_EQ(Probe.Globals, (std::vector<uint32_t>{std::min(Table, Other),
                                                  std::max(Table, Other)}));
  EXPECT_TRUE(entryWrites(P, "through_memory").Any);
}

// WriteSummary.cpp: at -O0 a parameter is spilled to a local and loaded
// back before each use; a store through it writes what the callers pass
// (a thread's argument: pthread_create's fourth). A function whose address
// escapes may be called with anything, and main by the runtime.
TEST(Loader, SummarizesStoresThroughParameters) {
  const char *IR = R"(
@table = global [8 x i32] zeroinitializer
@slot = global i32 0
@fp = global void (i32*)* null

define void @cas(i32* %tab, i64 %h) {
  %tab.addr = alloca i32*
  store i32* %tab, i32** %tab.addr
  %t = load i32*, i32** %tab.addr
  %p = getelementptr i32, i32* %t, i64 %h
  store i32 1, i32* %p
  ret void
}

define void @escapes(i32* %q) {
  store i32 2, i32* %q
  ret void
}

define i8* @worker(i8* %arg) {
  %a = bitcast i8* %arg to i32*
  store i32 3, i32* %a
  call void @cas(i32* getelementptr ([8 x i32], [8 x i32]* @table, i64 0, i64 0), i64 2)
  ret i8* null
}

define i32 @main(i32 %argc, i8** %argv) {
  %t = alloca i64
  store i8* null, i8** %argv
  store void (i32*)* @escapes, void (i32*)** @fp
  %c = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @worker, i8* bitcast (i32* @slot to i8*))
  ret i32 0
}

declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)
)";
  LoadResult R = loadProgramFromIR(IR, "params.ll");
  ASSERT_TRUE(R.Prog) << R.Error;
  const Program &P = *R.Prog;
  WriteSet Cas = entryWrites(P, "cas");
  EXPECT_FALSE(Cas.Any);
  EXPECT_EQ(Cas.Globals, std::vector<uint32_t>{globalId(P, "table")});
  WriteSet Worker = entryWrites(P, "worker");
  EXPECT_FALSE(Worker.Any);
  EXPECT_EQ(Worker.Globals,
            (std::vector<uint32_t>{
                std::min(globalId(P, "table"), globalId(P, "slot")),
                std::max(globalId(P, "table"), globalId(P, "slot"))}));
  EXPECT_TRUE(entryWrites(P, "escapes").Any);
  // main's parameters come from the runtime.
  EXPECT_TRUE(entryWrites(P, "main").Any);
}
