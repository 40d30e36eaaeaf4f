#include "tools/Task.h"

#include <yaml.h>

#include <cstdio>
#include <map>
#include <memory>

namespace vcdpor {

namespace {

/// A YAML document as scalars, sequences and mappings (no aliases).
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
      Error = "YAML aliases are not supported in task files";
      return false;
    default:
      Error = "unexpected YAML structure";
      return false;
    }
  }

  yaml_parser_t P;
};

} // namespace

bool readTask(const std::string &Path, Task &T, std::string &Error) {
  std::unique_ptr<FILE, int (*)(FILE *)> F(std::fopen(Path.c_str(), "rb"),
                                           std::fclose);
  if (!F) {
    Error = Path + ": cannot read the task file";
    return false;
  }
  Node Root;
  Reader R(F.get());
  std::string E;
  if (!R.document(Root, E)) {
    Error = Path + ": " + E;
    return false;
  }
  auto Fail = [&](const std::string &Why) {
    Error = Path + ": " + Why;
    return false;
  };
  if (Root.K != Node::Mapping)
    return Fail("not a task definition (expected a mapping)");
  const Node *V = Root.field("format_version");
  if (!V || V->K != Node::Scalar ||
      (V->Text.rfind("1.", 0) != 0 && V->Text != "2.0"))
    return Fail("format_version 1.x or 2.0 expected");
  const Node *In = Root.field("input_files");
  if (!In)
    return Fail("no input_files");
  if (In->K == Node::Scalar) {
    T.Input = In->Text;
  } else if (In->K == Node::Sequence && In->Items.size() == 1 &&
             In->Items[0].K == Node::Scalar) {
    T.Input = In->Items[0].Text;
  } else {
    return Fail("input_files: exactly one file is supported");
  }
  const Node *Props = Root.field("properties");
  if (Props && Props->K != Node::Sequence)
    return Fail("properties: expected a list");
  for (const Node &P : Props ? Props->Items : std::vector<Node>()) {
    const Node *File = P.field("property_file");
    if (P.K != Node::Mapping || !File || File->K != Node::Scalar)
      return Fail("properties: each needs a property_file");
    TaskProperty TP;
    TP.File = File->Text;
    if (const Node *X = P.field("expected_verdict")) {
      if (X->Text != "true" && X->Text != "false")
        return Fail("expected_verdict '" + X->Text + "': true or false");
      TP.Expected = X->Text == "true";
    }
    if (const Node *S = P.field("subproperty"))
      TP.SubProperty = S->Text;
    T.Properties.push_back(TP);
  }
  if (const Node *O = Root.field("options"))
    if (const Node *D = O->field("data_model"))
      T.DataModel = D->Text;
  return true;
}

} // namespace vcdpor
