//===- interpreter/CompileCache.cpp - Compiled .c inputs, kept ------------===//
#include "interpreter/CompileCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace vcdpor {

namespace {

/// "size mtime-in-ns" of a file, or empty when it cannot be read.
std::string stamp(const std::string &Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || !sys::fs::is_regular_file(St))
    return "";
  auto Ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                St.getLastModificationTime().time_since_epoch())
                .count();
  return std::to_string(St.getSize()) + " " + std::to_string(Ns);
}

/// The files of a Makefile dependency rule as clang -MD writes it
/// ("target: dep dep \\\n dep"; spaces in names escaped with '\').
std::vector<std::string> depFiles(StringRef Text) {
  std::vector<std::string> Out;
  size_t Colon = Text.find(": ");
  if (Colon == StringRef::npos)
    return Out;
  std::string Cur;
  for (size_t I = Colon + 2; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() &&
        (Text[I + 1] == '\n' || Text[I + 1] == '\r')) {
      ++I;
      continue;
    }
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == ' ') {
      Cur += ' ';
      ++I;
      continue;
    }
    if (C == ' ' || C == '\n' || C == '\t' || C == '\r') {
      if (!Cur.empty())
        Out.push_back(Cur);
      Cur.clear();
      continue;
    }
    Cur += C;
  }
  if (!Cur.empty())
    Out.push_back(Cur);
  return Out;
}

/// Writes Data to Path through a temporary file renamed into place.
bool writeAtomically(const std::string &Path, StringRef Data) {
  std::string Tmp =
      Path + ".tmp" + std::to_string(sys::Process::getProcessId());
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC);
    if (EC)
      return false;
    OS << Data;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Tmp);
      return false;
    }
  }
  if (sys::fs::rename(Tmp, Path)) {
    sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

} // namespace

CompileCache::CompileCache(std::string Dir, std::string Salt)
    : Dir(std::move(Dir)), Salt(std::move(Salt)) {}

std::string CompileCache::key(const std::string &Source,
                              const std::vector<std::string> &Args) const {
  auto Buf = MemoryBuffer::getFile(Source);
  if (!Buf)
    return "";
  SHA256 H;
  auto Field = [&](StringRef S) {
    H.update(std::to_string(S.size()) + ":");
    H.update(S);
  };
  Field("vcdpor-compile-cache-1");
  Field(Salt);
  SmallString<256> Abs(Source);
  sys::fs::make_absolute(Abs);
  Field(Abs);
  for (const std::string &A : Args)
    Field(A);
  Field((*Buf)->getBuffer());
  return toHex(H.final(), /*LowerCase=*/true);
}

std::string CompileCache::lookup(const std::string &Key) const {
  if (Dir.empty() || Key.empty())
    return "";
  std::string Base = Dir + "/" + Key;
  auto Deps = MemoryBuffer::getFile(Base + ".deps");
  if (!Deps || !sys::fs::exists(Base + ".bc"))
    return "";
  // Each line: "size mtime path"; every file must be as it was.
  SmallVector<StringRef, 16> Lines;
  (*Deps)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    auto [Size, Rest] = L.split(' ');
    auto [Time, Path] = Rest.split(' ');
    if (Path.empty() || stamp(Path.str()) != (Size + " " + Time).str())
      return "";
  }
  return Base + ".bc";
}

void CompileCache::store(const std::string &Key, const std::string &Bitcode,
                         const std::string &DepFile) const {
  if (Dir.empty() || Key.empty())
    return;
  auto Deps = MemoryBuffer::getFile(DepFile);
  auto Bc = MemoryBuffer::getFile(Bitcode);
  if (!Deps || !Bc)
    return;
  std::string Lines;
  auto Now = std::chrono::system_clock::now();
  for (const std::string &F : depFiles((*Deps)->getBuffer())) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::fs::file_status St;
    if (sys::fs::status(Abs, St))
      return;
    if (Now - St.getLastModificationTime() < std::chrono::seconds(2))
      return; // a change within the clock's resolution could go unseen
    Lines += stamp(std::string(Abs)) + " " + std::string(Abs) + "\n";
  }
  if (Lines.empty() || sys::fs::create_directories(Dir))
    return;
  // The bitcode first: an entry exists once its .deps does.
  std::string Base = Dir + "/" + Key;
  if (!writeAtomically(Base + ".bc", (*Bc)->getBuffer()) ||
      !writeAtomically(Base + ".deps", Lines))
    return;
  // Bounded size: past MaxEntries, the older half goes.
  std::vector<std::pair<sys::TimePoint<>, std::string>> Entries;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".deps")
      continue;
    sys::fs::file_status St;
    if (!sys::fs::status(It->path(), St))
      Entries.push_back({St.getLastModificationTime(), It->path()});
  }
  if (Entries.size() <= MaxEntries)
    return;
  std::sort(Entries.begin(), Entries.end());
  for (size_t I = 0; I < Entries.size() / 2; ++I) {
    SmallString<256> P(Entries[I].second);
    sys::fs::remove(P); // the .deps first: the entry is gone at once
    sys::path::replace_extension(P, ".bc");
    sys::fs::remove(P);
  }
}

} // namespace vcdpor
