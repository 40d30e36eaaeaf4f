//===- interpreter/Loader.cpp - Files to verified modules to Programs ------===//
#include "interpreter/Loader.h"
#include "interpreter/Lower.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
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

/// Compiles a C file to bitcode with clang; returns the bitcode path.
bool compileC(const std::string &Path, const LoadOptions &Opts,
              std::string &BcPath, std::string &Error) {
  SmallString<128> Tmp;
  if (sys::fs::createTemporaryFile("vcdpor", "bc", Tmp)) {
    Error = "cannot create a temporary file";
    return false;
  }
  BcPath = Tmp.str().str();
  SmallString<128> ErrFile;
  sys::fs::createTemporaryFile("vcdpor", "err", ErrFile);
  auto ClangOr = sys::findProgramByName(Opts.Clang);
  if (!ClangOr) {
    Error = "cannot find the C compiler '" + Opts.Clang + "'";
    return false;
  }
  std::vector<std::string> Args = {*ClangOr, "-g", "-O" + Opts.OptLevel,
                                   "-c", "-emit-llvm", "-w",
                                   "-fgnu89-inline", "-fno-vectorize",
                                   "-fno-slp-vectorize", "-fno-unroll-loops",
                                   "-fno-builtin-printf"};
  if (Opts.OptLevel == "0")
    Args.insert(Args.end(), {"-Xclang", "-disable-O0-optnone"});
  if (*VCDPOR_RUNTIME_INCLUDE)
    Args.push_back(std::string("-I") + VCDPOR_RUNTIME_INCLUDE);
  for (const std::string &F : Opts.CFlags)
    Args.push_back(F);
  Args.insert(Args.end(), {"-o", BcPath, Path});
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  Optional<StringRef> Redirects[] = {None, StringRef(ErrFile), StringRef(ErrFile)};
  std::string ExecErr;
  int RC = sys::ExecuteAndWait(Refs[0], Refs, None, Redirects, 0, 0, &ExecErr);
  if (RC != 0) {
    auto Buf = MemoryBuffer::getFile(ErrFile);
    Error = Path + ": compilation failed" +
            (Buf ? ":\n" + (*Buf)->getBuffer().str() : ExecErr);
    sys::fs::remove(ErrFile);
    sys::fs::remove(BcPath);
    return false;
  }
  sys::fs::remove(ErrFile);
  return true;
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
      Out.push_back(char(hexDigitValue(S[I + 1]) * 16 + hexDigitValue(S[I + 2])));
      I += 2;
    } else {
      Out.push_back(S[I]);
    }
  }
  return Out;
}

/// LLVM 14's IR parser hands `target datalayout` to DataLayout::reset,
/// which aborts through report_fatal_error on a malformed string. Checks
/// each such line of textual IR with DataLayout::parse first, so bad input
/// is an error here. (Only the plain `target datalayout = "..."` form is
/// seen; the tool's fatal-error handler catches anything stranger.)
std::string checkDataLayouts(StringRef Text, const std::string &Name) {
  static const Regex DL("target[ \t\r\n]+datalayout[ \t\r\n]*=[ \t\r\n]*\"([^\"]*)\"");
  SmallVector<StringRef, 2> Match;
  while (DL.match(Text, &Match)) {
    Expected<DataLayout> Parsed = DataLayout::parse(unescapeIR(Match[1]));
    if (!Parsed)
      return Name + ": invalid target datalayout: " +
             toString(Parsed.takeError());
    Text = Text.substr(Match[0].data() + Match[0].size() - Text.data());
  }
  return "";
}

LoadResult lowerVerified(Module &M, const std::string &Name,
                         const LoadOptions *Opts) {
  std::string VErr;
  raw_string_ostream VS(VErr);
  if (verifyModule(M, &VS))
    return failure(Name + ": invalid module: " + VS.str());
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
    std::string Err = checkDataLayouts(Buf.getBuffer(), Name);
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
    return failure(Name + ": cannot parse: " + StringRef(OS.str()).trim().str());
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
  if (Ext == ".c" || Ext == ".i") {
    std::string Err;
    if (!compileC(Path, Opts, TmpBc, Err))
      return failure(Err);
    IRPath = TmpBc;
  } else if (Ext != ".ll" && Ext != ".bc") {
    return failure(Path + ": unknown input kind '" + Ext.str() +
                   "' (expected .c, .ll or .bc)");
  }
  auto BufOr = MemoryBuffer::getFile(IRPath);
  if (!TmpBc.empty())
    sys::fs::remove(TmpBc);
  if (!BufOr)
    return failure(Path + ": cannot read: " + BufOr.getError().message());
  return parseAndLower((*BufOr)->getMemBufferRef(), Path, &Opts);
}

LoadResult loadProgramFromIR(const std::string &IR, const std::string &Name) {
  return parseAndLower(MemoryBufferRef(IR, Name), Name, nullptr);
}

} // namespace vcdpor
