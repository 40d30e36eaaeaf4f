//===- interpreter/Loader.cpp - Files to verified modules to Programs ------===//
#include "interpreter/Loader.h"
#include "interpreter/Lower.h"

#include "llvm/Bitcode/BitcodeReader.h"
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
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(IRPath, Diag, Ctx);
  if (!TmpBc.empty())
    sys::fs::remove(TmpBc);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, false);
    return failure(Path + ": cannot parse: " + StringRef(OS.str()).trim().str());
  }
  return lowerVerified(*M, Path, &Opts);
}

LoadResult loadProgramFromIR(const std::string &IR, const std::string &Name) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  auto Buf = MemoryBuffer::getMemBuffer(IR, Name);
  std::unique_ptr<Module> M = parseIR(Buf->getMemBufferRef(), Diag, Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, false);
    return failure(Name + ": cannot parse: " + StringRef(OS.str()).trim().str());
  }
  return lowerVerified(*M, Name, nullptr);
}

} // namespace vcdpor
