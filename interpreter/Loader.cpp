//===- interpreter/Loader.cpp - Files to verified modules to Programs
//------===//
#include "interpreter/Loader.h"
#include "interpreter/CompileCache.h"
#include "interpreter/Lower.h"
#include "interpreter/Uninit.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#ifndef VCDPOR_RUNTIME_INCLUDE
#define VCDPOR_RUNTIME_INCLUDE ""
#endif

using namespace llvm;

namespace vcdpor {
namespace {

LoadResult failure(std::string Msg) {
  LoadResult R;
  R.Error = std::move(Msg);
  return R;
}

/// Runs the program Args[0] with Args, its output to a temporary file that
/// becomes Error (prefixed with What) when it fails.
bool runTool(const std::vector<std::string> &Args, const std::string &What,
             std::string &Error) {
  SmallString<128> ErrFile;
  sys::fs::createTemporaryFile("vcdpor", "err", ErrFile);
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  Optional<StringRef> Redirects[] = {None, StringRef(ErrFile),
                                     StringRef(ErrFile)};
  std::string ExecErr;
  int RC = sys::ExecuteAndWait(Refs[0], Refs, None, Redirects, 0, 0, &ExecErr);
  if (RC != 0) {
    auto Buf = MemoryBuffer::getFile(ErrFile);
    Error = What + (Buf ? ":\n" + (*Buf)->getBuffer().str() : ExecErr);
  }
  sys::fs::remove(ErrFile);
  return RC == 0;
}

/// The functions whose calls are the checked program's interface to the
/// checker, recognised by name: error functions and atomic sections.
bool interfaceFunction(StringRef Name) {
  return Name == "reach_error" || Name == "__VERIFIER_error" ||
         Name.startswith("__VERIFIER_atomic_");
}

/// Whether Ptr designates a local of its function that no other thread can
/// reach: its address is never captured (stored, passed, returned).
bool threadLocalAddress(const Value *Ptr) {
  const auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
  return AI && !PointerMayBeCaptured(AI, /*ReturnCaptures=*/true,
                                     /*StoreCaptures=*/true);
}

/// Makes every access that another thread may see volatile, so that the
/// optimiser checks the program as written: it may not merge, move or
/// remove a shared access (clang at -O1 forwards a racy load from an
/// earlier one, hoists a spin loop's load out of the loop). Locals nobody
/// else can reach stay as they are, for mem2reg.
bool protectSharedAccesses(llvm::Function &F) {
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    if (auto *L = dyn_cast<LoadInst>(&I)) {
      if (!L->isVolatile() && !threadLocalAddress(L->getPointerOperand()))
        L->setVolatile(Changed = true);
    } else if (auto *S = dyn_cast<StoreInst>(&I)) {
      if (!S->isVolatile() && !threadLocalAddress(S->getPointerOperand()))
        S->setVolatile(Changed = true);
    } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
      if (!X->isVolatile())
        X->setVolatile(Changed = true);
    } else if (auto *R = dyn_cast<AtomicRMWInst>(&I)) {
      if (!R->isVolatile())
        R->setVolatile(Changed = true);
    } else if (auto *M = dyn_cast<MemIntrinsic>(&I)) {
      bool Local = threadLocalAddress(M->getRawDest());
      if (auto *T = dyn_cast<MemTransferInst>(M))
        Local &= threadLocalAddress(T->getRawSource());
      if (!M->isVolatile() && !Local) {
        M->setVolatile(ConstantInt::getTrue(F.getContext()));
        Changed = true;
      }
    }
  }
  return Changed;
}

/// Keeps the optimiser from inlining the interface functions the program
/// defines (an inlined __VERIFIER_atomic_* body is no longer a section) or
/// deleting calls to them (an empty reach_error() looks side-effect free).
bool protectInterface(const std::string &BcPath, std::string &Error) {
  LLVMContext Ctx;
  auto BufOr = MemoryBuffer::getFile(BcPath);
  if (!BufOr) {
    Error = BcPath + ": cannot read: " + BufOr.getError().message();
    return false;
  }
  Expected<std::unique_ptr<Module>> MOr =
      parseBitcodeFile((*BufOr)->getMemBufferRef(), Ctx);
  if (!MOr) {
    Error = toString(MOr.takeError());
    return false;
  }
  bool Changed = false;
  for (llvm::Function &F : **MOr) {
    if (F.isDeclaration())
      continue;
    // Before the optimiser folds branches on them.
    Changed |= promoteScalarLocals(F);
    Changed |= nondetUninitialised(F);
    Changed |= protectSharedAccesses(F);
    if (!interfaceFunction(F.getName()))
      continue;
    F.removeFnAttr(Attribute::AlwaysInline);
    F.addFnAttr(Attribute::NoInline);
    F.addFnAttr(Attribute::OptimizeNone);
    Changed = true;
  }
  if (!Changed)
    return true;
  std::error_code EC;
  raw_fd_ostream OS(BcPath, EC);
  if (EC) {
    Error = BcPath + ": cannot write: " + EC.message();
    return false;
  }
  WriteBitcodeToFile(**MOr, OS);
  return true;
}

/// Compiles a C file to bitcode with clang; returns the bitcode path. Above
/// -O0 in two steps: unoptimised bitcode, the interface functions and every
/// shared access protected (protectInterface), then clang's pipeline at
/// that level.
bool compileC(const std::string &Path, const LoadOptions &Opts,
              std::string &BcPath, bool &Cached, std::string &Error) {
  Cached = false;
  SmallString<128> Tmp;
  if (sys::fs::createTemporaryFile("vcdpor", "bc", Tmp)) {
    Error = "cannot create a temporary file";
    return false;
  }
  BcPath = Tmp.str().str();
  auto ClangOr = sys::findProgramByName(Opts.Clang);
  if (!ClangOr) {
    Error = "cannot find the C compiler '" + Opts.Clang + "'";
    return false;
  }
  const bool O0 = Opts.OptLevel == "0";
  // Loop vectorisation, SLP and unrolling make accesses wide or many.
  const std::vector<std::string> Backend = {
      "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"};
  std::vector<std::string> Args = {
      *ClangOr,     "-g", "-O" + Opts.OptLevel, "-c",
      "-emit-llvm", "-w", "-fgnu89-inline",     "-fno-builtin-printf"};
  Args.insert(Args.end(), Backend.begin(), Backend.end());
  Args.insert(Args.end(),
              {"-Xclang", O0 ? "-disable-O0-optnone" : "-disable-llvm-passes"});
  if (!Opts.RuntimeInclude.empty())
    Args.push_back("-I" + Opts.RuntimeInclude);
  else if (*VCDPOR_RUNTIME_INCLUDE)
    Args.push_back(std::string("-I") + VCDPOR_RUNTIME_INCLUDE);
  for (const std::string &F : Opts.CFlags)
    Args.push_back(F);
  // The key covers both steps: the second's command line follows from the
  // level, which the first's holds.
  CompileCache Cache(Opts.CacheDir, Opts.CacheSalt);
  const std::string Key =
      Opts.CacheDir.empty() ? "" : Cache.key(Path, Args);
  if (std::string Hit = Cache.lookup(Key); !Hit.empty()) {
    sys::fs::remove(BcPath);
    BcPath = Hit;
    Cached = true;
    return true;
  }
  SmallString<128> DepFile;
  if (!Key.empty() &&
      !sys::fs::createTemporaryFile("vcdpor", "d", DepFile))
    Args.insert(Args.end(), {"-MD", "-MF", std::string(DepFile)});
  Args.insert(Args.end(), {"-o", BcPath, Path});
  bool Ok = runTool(Args, Path + ": compilation failed", Error);
  if (Ok && !O0) {
    Ok = protectInterface(BcPath, Error);
    std::vector<std::string> Opt = {*ClangOr, "-O" + Opts.OptLevel, "-c",
                                    "-emit-llvm", "-w"};
    Opt.insert(Opt.end(), Backend.begin(), Backend.end());
    // The target (ILP32: -m32) is the first step's.
    for (const std::string &F : Opts.CFlags)
      if (F == "-m32")
        Opt.push_back(F);
    Opt.insert(Opt.end(), {"-o", BcPath, BcPath});
    Ok = Ok && runTool(Opt, Path + ": optimisation failed", Error);
  }
  if (Ok && !DepFile.empty())
    Cache.store(Key, BcPath, std::string(DepFile));
  if (!DepFile.empty())
    sys::fs::remove(DepFile);
  if (!Ok)
    sys::fs::remove(BcPath);
  return Ok;
}

/// The text of an IR string constant, with LLParser's escapes (\\, \XX)
/// undone.
std::string unescapeIR(StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '\\' && I + 1 < S.size() && S[I + 1] == '\\') {
      Out.push_back('\\');
      ++I;
    } else if (S[I] == '\\' && I + 2 < S.size() && isHexDigit(S[I + 1]) &&
               isHexDigit(S[I + 2])) {
      Out.push_back(
          char(hexDigitValue(S[I + 1]) * 16 + hexDigitValue(S[I + 2])));
      I += 2;
    } else {
      Out.push_back(S[I]);
    }
  }
  return Out;
}

/// One token of textual IR, split as LLVM's lexer splits it as far as
/// `target datalayout = "..."` is concerned.
struct IRToken {
  enum Kind { Word, String, Punct, End } K;
  StringRef Text; ///< a string's contents, without quotes
};

/// The next token of Text, skipping whitespace (NUL included, as in
/// LLLexer) and `;` comments.
IRToken nextIRToken(StringRef &Text) {
  auto IsSpace = [](char C) {
    return C == 0 || C == ' ' || C == '\t' || C == '\n' || C == '\r';
  };
  auto IsWord = [](char C) {
    return isAlnum(C) || C == '-' || C == '$' || C == '.' || C == '_';
  };
  while (!Text.empty()) {
    if (IsSpace(Text[0])) {
      Text = Text.drop_front();
    } else if (Text[0] == ';') {
      size_t E = Text.find_first_of("\n\r");
      Text = E == StringRef::npos ? StringRef() : Text.substr(E);
    } else {
      break;
    }
  }
  if (Text.empty())
    return {IRToken::End, {}};
  if (Text[0] == '"') {
    size_t E = Text.find('"', 1);
    if (E == StringRef::npos) {
      Text = StringRef();
      return {IRToken::End, {}};
    }
    IRToken T{IRToken::String, Text.substr(1, E - 1)};
    Text = Text.substr(E + 1);
    return T;
  }
  size_t N = 1;
  if (IsWord(Text[0]))
    while (N < Text.size() && IsWord(Text[N]))
      ++N;
  IRToken T{IsWord(Text[0]) ? IRToken::Word : IRToken::Punct,
            Text.take_front(N)};
  Text = Text.drop_front(N);
  return T;
}

/// LLVM 14's IR parser hands `target datalayout` to DataLayout::reset,
/// which aborts through report_fatal_error on a malformed string, and parses
/// inline-asm constraints with InlineAsm::ConstraintInfo::Parse, which reads
/// past the string on a `^` or `@` constraint cut short. Finds both in
/// textual IR, as LLVM's lexer would, before the parser sees them, so bad
/// input is an error here. `^` and `@` constraints are refused outright:
/// only fences and compiler barriers, which have neither, can be run.
std::string checkParserTraps(StringRef Text, const std::string &Name) {
  std::vector<IRToken> Toks;
  for (IRToken T = nextIRToken(Text); T.K != IRToken::End;
       T = nextIRToken(Text))
    Toks.push_back(T);
  auto Is = [&](size_t I, IRToken::Kind K, StringRef S = "") {
    return I < Toks.size() && Toks[I].K == K &&
           (S.empty() || Toks[I].Text == S);
  };
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (Is(I, IRToken::Word, "target") &&
        Is(I + 1, IRToken::Word, "datalayout") &&
        Is(I + 2, IRToken::Punct, "=") && Is(I + 3, IRToken::String)) {
      Expected<DataLayout> Parsed =
          DataLayout::parse(unescapeIR(Toks[I + 3].Text));
      if (!Parsed)
        return Name +
               ": invalid target datalayout: " + toString(Parsed.takeError());
    }
    if (Is(I, IRToken::Word, "asm")) {
      // asm <modifier words> "text", "constraints"
      size_t J = I + 1;
      while (Is(J, IRToken::Word))
        ++J;
      if (Is(J, IRToken::String) && Is(J + 1, IRToken::Punct, ",") &&
          Is(J + 2, IRToken::String)) {
        std::string Constraints = unescapeIR(Toks[J + 2].Text);
        if (Constraints.find_first_of("^@") != std::string::npos)
          return Name + ": unsupported inline assembly constraints \"" +
                 Constraints + "\"";
      }
    }
  }
  return "";
}

LoadResult lowerVerified(Module &M, const std::string &Name,
                         const LoadOptions *Opts) {
  std::string VErr;
  raw_string_ostream VS(VErr);
  if (verifyModule(M, &VS))
    return failure(Name + ": invalid module: " + VS.str());
  // Memory holds values little-endian and pointers as 64-bit (object,
  // offset) pairs or, in ILP32 modules, as 32-bit addresses (Program.h):
  // any other layout would be run with wrong semantics.
  const DataLayout &DL = M.getDataLayout();
  unsigned PtrBits = DL.getPointerSizeInBits(0);
  if (!DL.isLittleEndian() || (PtrBits != 64 && PtrBits != 32))
    return failure(Name + ": unsupported target datalayout '" +
                   DL.getStringRepresentation() +
                   "' (vcdpor runs little-endian modules with 64-bit or "
                   "32-bit pointers)");
  // Also for modules given as IR, and for undef the optimiser left.
  uninitialisedLocalsAsNondet(M);
  if (Opts && !Opts->EmitLL.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Opts->EmitLL, EC);
    if (EC)
      return failure(Opts->EmitLL + ": cannot write: " + EC.message());
    M.print(OS, nullptr);
  }
  LoadResult R;
  R.Prog = std::make_unique<Program>();
  R.Prog->SourceName = sys::path::filename(Name).str();
  R.Prog->Ptr32 = PtrBits == 32;
  std::string Err;
  if (!lowerModule(M, *R.Prog, Err))
    return failure(Err);
  return R;
}

/// Parses textual IR or bitcode held in Buf.
LoadResult parseAndLower(MemoryBufferRef Buf, const std::string &Name,
                         const LoadOptions *Opts) {
  if (!isBitcode(reinterpret_cast<const unsigned char *>(Buf.getBufferStart()),
                 reinterpret_cast<const unsigned char *>(Buf.getBufferEnd()))) {
    std::string Err = checkParserTraps(Buf.getBuffer(), Name);
    if (!Err.empty())
      return failure(Err);
  }
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIR(Buf, Diag, Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, false);
    return failure(Name +
                   ": cannot parse: " + StringRef(OS.str()).trim().str());
  }
  return lowerVerified(*M, Name, Opts);
}

} // namespace

LoadResult loadProgram(const std::string &Path, const LoadOptions &Opts) {
  if (!sys::fs::exists(Path))
    return failure(Path + ": no such file");
  if (sys::fs::is_directory(Path))
    return failure(Path + ": is a directory");
  StringRef Ext = sys::path::extension(Path);
  std::string IRPath = Path;
  std::string TmpBc;
  bool Cached = false;
  if (Ext == ".c" || Ext == ".i") {
    std::string Err;
    if (!compileC(Path, Opts, TmpBc, Cached, Err))
      return failure(Err);
    IRPath = TmpBc;
    if (Cached)
      TmpBc.clear(); // the cache's file: read, never removed
  } else if (Ext != ".ll" && Ext != ".bc") {
    return failure(Path + ": unknown input kind '" + Ext.str() +
                   "' (expected .c, .ll or .bc)");
  }
  auto BufOr = MemoryBuffer::getFile(IRPath);
  if (!BufOr && Cached) {
    // Another run removed the entry after the look-up: compile afresh.
    LoadOptions Fresh = Opts;
    Fresh.CacheDir.clear();
    return loadProgram(Path, Fresh);
  }
  if (!TmpBc.empty())
    sys::fs::remove(TmpBc);
  if (!BufOr)
    return failure(Path + ": cannot read: " + BufOr.getError().message());
  LoadResult R = parseAndLower((*BufOr)->getMemBufferRef(), Path, &Opts);
  R.FromCache = Cached;
  return R;
}

LoadResult loadProgramFromIR(const std::string &IR, const std::string &Name) {
  return parseAndLower(MemoryBufferRef(IR, Name), Name, nullptr);
}

} // namespace vcdpor
