//===- tools/TextIO.h - Files and markup for the tool's outputs -*- C++ -*-===//
//
// What the writers of reports, witnesses and trace pages share: XML/HTML
// escaping, whole-file reads and writes with the tool's error messages.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_TOOLS_TEXTIO_H
#define VCDPOR_TOOLS_TEXTIO_H

#include <string>

namespace vcdpor {

/// S with &, <, > and " escaped for XML text and attribute values.
std::string xmlEscape(const std::string &S);
/// The bytes of the file at Path; false when it cannot be read.
bool readFile(const std::string &Path, std::string &Out);
/// Writes Text to Path; on failure Error names Option and Path.
bool writeFile(const std::string &Path, const std::string &Text,
               const std::string &Option, std::string &Error);

} // namespace vcdpor

#endif
