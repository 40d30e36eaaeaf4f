//===- tools/Yaml.cpp - A small YAML document reader ----------------------===//
#include "tools/Yaml.h"

#include <yaml.h>

#include <cstdio>
#include <memory>

namespace vcdpor {

namespace {

class Reader {
public:
  explicit Reader(FILE *F) {
    yaml_parser_initialize(&P), yaml_parser_set_input_file(&P, F);
  }
  ~Reader() { yaml_parser_delete(&P); }

  /// The first document's root.
  bool document(Node &Root, std::string &Error) {
    yaml_event_t E;
    for (;;) {
      if (!next(E, Error))
        return false;
      yaml_event_type_t T = E.type;
      yaml_event_delete(&E);
      if (T == YAML_DOCUMENT_START_EVENT)
        return node(Root, Error);
      if (T == YAML_STREAM_END_EVENT) {
        Error = "empty document";
        return false;
      }
    }
  }

private:
  bool next(yaml_event_t &E, std::string &Error) {
    if (yaml_parser_parse(&P, &E))
      return true;
    Error = std::string(P.problem ? P.problem : "malformed YAML") +
            " at line " + std::to_string(P.problem_mark.line + 1);
    return false;
  }

  bool node(Node &N, std::string &Error) {
    yaml_event_t E;
    if (!next(E, Error))
      return false;
    bool Ok = fill(N, E, Error);
    yaml_event_delete(&E);
    return Ok;
  }

  // N from the event that starts it (E).
  bool fill(Node &N, const yaml_event_t &E, std::string &Error) {
    switch (E.type) {
    case YAML_SCALAR_EVENT:
      N.K = Node::Scalar;
      N.Text.assign(reinterpret_cast<const char *>(E.data.scalar.value),
                    E.data.scalar.length);
      return true;
    case YAML_SEQUENCE_START_EVENT:
      N.K = Node::Sequence;
      for (;;) {
        yaml_event_t X;
        if (!next(X, Error))
          return false;
        if (X.type == YAML_SEQUENCE_END_EVENT) {
          yaml_event_delete(&X);
          return true;
        }
        N.Items.emplace_back();
        bool Ok = fill(N.Items.back(), X, Error);
        yaml_event_delete(&X);
        if (!Ok)
          return false;
      }
    case YAML_MAPPING_START_EVENT:
      N.K = Node::Mapping;
      for (;;) {
        yaml_event_t X;
        if (!next(X, Error))
          return false;
        if (X.type == YAML_MAPPING_END_EVENT) {
          yaml_event_delete(&X);
          return true;
        }
        Node Key;
        bool Ok = fill(Key, X, Error);
        yaml_event_delete(&X);
        if (!Ok)
          return false;
        if (Key.K != Node::Scalar) {
          Error = "a mapping key that is not a scalar";
          return false;
        }
        N.Fields.emplace_back(Key.Text, Node());
        if (!node(N.Fields.back().second, Error))
          return false;
      }
    case YAML_ALIAS_EVENT:
      Error = "YAML aliases are not supported";
      return false;
    default:
      Error = "unexpected YAML structure";
      return false;
    }
  }

  yaml_parser_t P;
};

} // namespace

bool readYaml(const std::string &Path, Node &Root, std::string &Error) {
  std::unique_ptr<FILE, int (*)(FILE *)> F(std::fopen(Path.c_str(), "rb"),
                                           std::fclose);
  if (!F) {
    Error = "cannot read the file";
    return false;
  }
  Reader R(F.get());
  return R.document(Root, Error);
}

} // namespace vcdpor
