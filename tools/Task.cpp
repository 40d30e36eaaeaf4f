#include "tools/Task.h"
#include "tools/Yaml.h"

namespace vcdpor {

bool readTask(const std::string &Path, Task &T, std::string &Error) {
  Node Root;
  std::string E;
  if (!readYaml(Path, Root, E)) {
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
