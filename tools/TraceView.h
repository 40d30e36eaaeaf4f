//===- tools/TraceView.h - Counterexamples as pictures ----------*- C++ -*-===//
//
// A counterexample as a self-contained HTML page (one column per thread,
// time downwards, reads linked to the writes they saw, the failure at the
// bottom) and as a Graphviz graph of its events (program order, reads-from,
// the order of the writes of each location, creation and joins).
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_TOOLS_TRACEVIEW_H
#define VCDPOR_TOOLS_TRACEVIEW_H

#include "dpor/Explorer.h"

#include <string>

namespace vcdpor {

/// One trace line as the text report prints it ("read   x = 1").
std::string traceEntryText(const TraceEntry &E);

/// Writes the HTML page of E to Path (Title: the program checked).
bool writeTraceHtml(const std::string &Path, const ErrorReport &E,
                    const std::string &Title, std::string &Error);
/// Writes the Graphviz graph of E to Path.
bool writeTraceDot(const std::string &Path, const ErrorReport &E,
                   std::string &Error);

} // namespace vcdpor

#endif
