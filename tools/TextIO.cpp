//===- tools/TextIO.cpp - Files and markup for the tool's outputs ---------===//
#include "tools/TextIO.h"

#include <fstream>
#include <sstream>

namespace vcdpor {

std::string xmlEscape(const std::string &S) {
  std::string O;
  for (char C : S)
    switch (C) {
    case '&':
      O += "&amp;";
      break;
    case '<':
      O += "&lt;";
      break;
    case '>':
      O += "&gt;";
      break;
    case '"':
      O += "&quot;";
      break;
    default:
      O += C;
    }
  return O;
}

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream F(Path, std::ios::binary);
  if (!F)
    return false;
  std::stringstream SS;
  SS << F.rdbuf();
  Out = SS.str();
  return true;
}

bool writeFile(const std::string &Path, const std::string &Text,
               const std::string &Option, std::string &Error) {
  std::ofstream F(Path, std::ios::binary);
  F << Text;
  F.close();
  if (!F) {
    Error = Option + " " + Path + ": cannot write the file";
    return false;
  }
  return true;
}

} // namespace vcdpor
