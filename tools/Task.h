//===- tools/Task.h - SV-COMP task definitions (.yml) ------------*- C++
//-*-===//
//
// An SV-COMP task definition names the program to check, the properties
// to check it for with their expected verdicts, and the data model.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_TOOLS_TASK_H
#define VCDPOR_TOOLS_TASK_H

#include <optional>
#include <string>
#include <vector>

namespace vcdpor {

struct TaskProperty {
  std::string File;             ///< property_file, relative to the task
  std::optional<bool> Expected; ///< expected_verdict, when given
  std::string SubProperty;      ///< expected subproperty (valid-memsafety)
};

struct Task {
  std::string Input; ///< the input file, relative to the task's directory
  std::vector<TaskProperty> Properties;
  std::string DataModel; ///< ILP32, LP64 or empty
};

/// Reads the task at Path (format_version 1.x or 2.0). Returns false with Error
/// set (naming the file and what is wrong) on anything else.
bool readTask(const std::string &Path, Task &T, std::string &Error);

} // namespace vcdpor

#endif
