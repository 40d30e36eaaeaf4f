//===- tools/Yaml.h - A small YAML document reader --------------*- C++ -*-===//
//
// Reads the first document of a YAML file (libyaml) into scalars, sequences
// and mappings: SV-COMP task definitions and YAML witnesses.
//
//===----------------------------------------------------------------------===//
#ifndef VCDPOR_TOOLS_YAML_H
#define VCDPOR_TOOLS_YAML_H

#include <string>
#include <utility>
#include <vector>

namespace vcdpor {

/// A YAML node: a scalar, a sequence or a mapping (no aliases).
struct Node {
  enum Kind { Scalar, Sequence, Mapping } K = Scalar;
  std::string Text;
  std::vector<Node> Items;                          // Sequence
  std::vector<std::pair<std::string, Node>> Fields; // Mapping
  const Node *field(const std::string &Name) const {
    for (const auto &[Key, V] : Fields)
      if (Key == Name)
        return &V;
    return nullptr;
  }
};

/// Reads the first document of the YAML file at Path into Root. On failure
/// returns false with Error saying what is wrong and where (without the path).
bool readYaml(const std::string &Path, Node &Root, std::string &Error);

} // namespace vcdpor

#endif
