//===- tools/Witness.cpp - SV-COMP violation witnesses
//---------------------===//
#include "tools/Witness.h"
#include "tools/TextIO.h"
#include "tools/Yaml.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/SHA256.h>

#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace vcdpor {

#ifndef VCDPOR_VERSION
#define VCDPOR_VERSION "0"
#endif

namespace {

/// A YAML double-quoted scalar.
std::string yq(const std::string &S) {
  std::string O = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      O += '\\';
    if (C == '\n') {
      O += "\\n";
      continue;
    }
    O += C;
  }
  return O + "\"";
}

std::string nowUtc() {
  std::time_t T = std::time(nullptr);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&T));
  return Buf;
}

std::string uuid4() {
  std::random_device Rd;
  std::mt19937_64 G(Rd());
  uint8_t B[16];
  for (uint8_t &X : B)
    X = uint8_t(G());
  B[6] = (B[6] & 0x0f) | 0x40;
  B[8] = (B[8] & 0x3f) | 0x80;
  std::string H = llvm::toHex(llvm::ArrayRef<uint8_t>(B), /*LowerCase=*/true);
  return H.substr(0, 8) + "-" + H.substr(8, 4) + "-" + H.substr(12, 4) + "-" +
         H.substr(16, 4) + "-" + H.substr(20);
}

/// The steps of a trace (output lines left out) with witness thread ids:
/// main is 0, each created thread the next number in creation order.
struct Renumbered {
  std::vector<const TraceEntry *> Steps;
  std::map<ThreadId, unsigned> Id{{0, 0}};
  unsigned of(ThreadId T) {
    auto It = Id.find(T);
    return It == Id.end() ? Id.emplace(T, unsigned(Id.size())).first->second
                          : It->second;
  }
};

Renumbered renumber(const ErrorReport &R) {
  Renumbered N;
  for (const TraceEntry &E : R.Trace) {
    if (E.Kind == "output")
      continue;
    N.Steps.push_back(&E);
    N.of(E.Thread);
    if (E.Kind == "create" && E.Other != NoThread)
      N.of(E.Other);
  }
  N.of(R.F.Thread);
  return N;
}

std::string findingName(const ErrorReport &R) {
  return std::string(findingKindName(R.F.Kind));
}

void writeGraphml(std::ostream &O, const ErrorReport &R, const WitnessTask &T) {
  Renumbered N = renumber(R);
  O << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
       "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
       "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
  struct Key {
    const char *Id, *For, *Type;
  };
  static const Key Keys[] = {
      {"witness-type", "graph", "string"},
      {"sourcecodelang", "graph", "string"},
      {"producer", "graph", "string"},
      {"specification", "graph", "string"},
      {"programfile", "graph", "string"},
      {"programhash", "graph", "string"},
      {"architecture", "graph", "string"},
      {"creationtime", "graph", "string"},
      {"vcdpor-finding", "graph", "string"},
      {"entry", "node", "boolean"},
      {"violation", "node", "boolean"},
      {"threadId", "edge", "string"},
      {"createThread", "edge", "string"},
      {"startline", "edge", "int"},
      {"assumption", "edge", "string"},
      {"assumption.scope", "edge", "string"},
      {"vcdpor-nondet", "edge", "long"},
      {"vcdpor-wakes", "edge", "string"},
  };
  for (const Key &K : Keys) {
    O << " <key attr.name=\"" << K.Id << "\" attr.type=\"" << K.Type
      << "\" for=\"" << K.For << "\" id=\"" << K.Id << "\"";
    if (!std::strcmp(K.Type, "boolean"))
      O << ">\n  <default>false</default>\n </key>\n";
    else
      O << "/>\n";
  }
  O << " <graph edgedefault=\"directed\">\n";
  auto GData = [&](const char *K, const std::string &V) {
    O << "  <data key=\"" << K << "\">" << xmlEscape(V) << "</data>\n";
  };
  GData("witness-type", "violation_witness");
  GData("sourcecodelang", "C");
  GData("producer", std::string("vcdpor ") + VCDPOR_VERSION);
  GData("specification", T.Specification);
  GData("programfile", T.ProgramFile);
  GData("programhash", fileSha256(T.ProgramFile));
  GData("architecture", T.Arch32 ? "32bit" : "64bit");
  GData("creationtime", nowUtc());
  GData("vcdpor-finding", findingName(R));
  O << "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n";
  size_t Node = 0;
  auto Edge = [&](unsigned Thread, unsigned Line, const std::string &Extra,
                  bool Violation) {
    size_t To = Node + 1;
    O << "  <node id=\"N" << To << "\"";
    if (Violation)
      O << ">\n   <data key=\"violation\">true</data>\n  </node>\n";
    else
      O << "/>\n";
    // An operation the compiler left without a line (clang gives merged
    // and hoisted instructions line 0) has no startline.
    O << "  <edge source=\"N" << Node << "\" target=\"N" << To << "\">\n"
      << "   <data key=\"threadId\">" << Thread << "</data>\n";
    if (Line)
      O << "   <data key=\"startline\">" << Line << "</data>\n";
    O << Extra << "  </edge>\n";
    Node = To;
  };
  for (const TraceEntry *E : N.Steps) {
    std::string Extra;
    if (E->Kind == "create" && E->Other != NoThread)
      Extra += "   <data key=\"createThread\">" +
               std::to_string(N.of(E->Other)) + "</data>\n";
    if (E->Kind == "signal" && E->Other != NoThread)
      Extra += "   <data key=\"vcdpor-wakes\">" +
               std::to_string(N.of(E->Other)) + "</data>\n";
    if (E->Kind == "nondet") {
      std::string V = std::to_string(E->NumValue);
      Extra += "   <data key=\"assumption\">\\result == " + V +
               ";</data>\n"
               "   <data key=\"assumption.scope\">" +
               xmlEscape(E->Src.Function) +
               "</data>\n"
               "   <data key=\"vcdpor-nondet\">" +
               V + "</data>\n";
    }
    Edge(N.of(E->Thread), E->Src.Line, Extra, false);
  }
  // The failing statement: the finding's thread at the finding's line.
  Edge(N.of(R.F.Thread), R.Where.Line, "", true);
  O << " </graph>\n</graphml>\n";
}

void writeYaml(std::ostream &O, const ErrorReport &R, const WitnessTask &T) {
  std::string File = T.ProgramFile;
  O << "- entry_type: \"violation_sequence\"\n"
       "  metadata:\n"
       "    format_version: \"2.0\"\n"
    << "    uuid: " << yq(uuid4()) << "\n"
    << "    creation_time: " << yq(nowUtc()) << "\n"
    << "    producer:\n"
       "      name: \"vcdpor\"\n"
    << "      version: " << yq(VCDPOR_VERSION) << "\n"
    << "    task:\n"
       "      input_files:\n"
    << "        - " << yq(File) << "\n"
    << "      input_file_hashes:\n"
    << "        " << yq(File) << ": " << yq(fileSha256(File)) << "\n"
    << "      specification: " << yq(T.Specification) << "\n"
    << "      data_model: " << (T.Arch32 ? "\"ILP32\"" : "\"LP64\"") << "\n"
    << "      language: \"C\"\n"
    << "  content:\n";
  auto Waypoint = [&](const char *Type, const SourceLoc &S, unsigned Line,
                      const std::string &Constraint) {
    O << "    - segment:\n"
         "        - waypoint:\n"
      << "            type: \"" << Type << "\"\n"
      << "            action: \"follow\"\n";
    if (!Constraint.empty())
      O << "            constraint:\n"
        << "              value: " << yq(Constraint) << "\n"
        << "              format: \"c_expression\"\n";
    O << "            location:\n"
      << "              file_name: " << yq(File) << "\n"
      << "              line: " << Line << "\n";
    if (!S.Function.empty())
      O << "              function: " << yq(S.Function) << "\n";
  };
  for (const TraceEntry &E : R.Trace)
    if (E.Kind == "nondet")
      Waypoint("function_return", E.Src, E.Src.Line,
               "\\result == " + std::to_string(E.NumValue));
  Waypoint("target", R.Where, R.Where.Line, "");
}

//===-- Reading back -----------------------------------------------------===//

/// The elements of an XML document that witnesses use: a tree of elements
/// with attributes and text. No DTDs, processing instructions are skipped,
/// entities are the five predefined ones and character references.
struct XmlElem {
  std::string Name;
  std::map<std::string, std::string> Attrs;
  std::string Text;
  std::vector<XmlElem> Kids;
  const XmlElem *kid(const std::string &N) const {
    for (const XmlElem &K : Kids)
      if (K.Name == N)
        return &K;
    return nullptr;
  }
};

class XmlParser {
public:
  explicit XmlParser(const std::string &S) : S(S) {}

  bool parse(XmlElem &Root, std::string &Error) {
    skipMisc();
    if (!element(Root)) {
      Error = Err.empty() ? "malformed XML" : Err;
      Error += " (at byte " + std::to_string(I) + ")";
      return false;
    }
    return true;
  }

private:
  void skipMisc() {
    for (;;) {
      while (I < S.size() && std::isspace((unsigned char)S[I]))
        ++I;
      if (S.compare(I, 2, "<?") == 0) {
        size_t E = S.find("?>", I);
        I = E == std::string::npos ? S.size() : E + 2;
      } else if (S.compare(I, 4, "<!--") == 0) {
        size_t E = S.find("-->", I);
        I = E == std::string::npos ? S.size() : E + 3;
      } else {
        return;
      }
    }
  }

  bool fail(const std::string &Why) {
    if (Err.empty())
      Err = Why;
    return false;
  }

  std::string name() {
    size_t B = I;
    while (I < S.size() &&
           (std::isalnum((unsigned char)S[I]) || strchr("_:-.", S[I])))
      ++I;
    return S.substr(B, I - B);
  }

  bool decode(const std::string &In, std::string &Out) {
    for (size_t K = 0; K < In.size(); ++K) {
      if (In[K] != '&') {
        Out += In[K];
        continue;
      }
      size_t E = In.find(';', K);
      if (E == std::string::npos)
        return fail("an entity without ';'");
      std::string Ent = In.substr(K + 1, E - K - 1);
      if (Ent == "amp")
        Out += '&';
      else if (Ent == "lt")
        Out += '<';
      else if (Ent == "gt")
        Out += '>';
      else if (Ent == "quot")
        Out += '"';
      else if (Ent == "apos")
        Out += '\'';
      else if (!Ent.empty() && Ent[0] == '#') {
        long C = Ent.size() > 1 && Ent[1] == 'x'
                     ? std::strtol(Ent.c_str() + 2, nullptr, 16)
                     : std::strtol(Ent.c_str() + 1, nullptr, 10);
        if (C <= 0 || C > 127)
          return fail("a character reference outside ASCII");
        Out += char(C);
      } else
        return fail("unknown entity &" + Ent + ";");
      K = E;
    }
    return true;
  }

  bool element(XmlElem &El) {
    if (I >= S.size() || S[I] != '<')
      return fail("expected an element");
    ++I;
    El.Name = name();
    if (El.Name.empty())
      return fail("an element without a name");
    for (;;) {
      while (I < S.size() && std::isspace((unsigned char)S[I]))
        ++I;
      if (I >= S.size())
        return fail("unterminated element <" + El.Name + ">");
      if (S.compare(I, 2, "/>") == 0) {
        I += 2;
        return true;
      }
      if (S[I] == '>') {
        ++I;
        break;
      }
      std::string A = name();
      if (A.empty() || I >= S.size() || S[I] != '=')
        return fail("a malformed attribute in <" + El.Name + ">");
      ++I;
      if (I >= S.size() || (S[I] != '"' && S[I] != '\''))
        return fail("an unquoted attribute in <" + El.Name + ">");
      char Q = S[I++];
      size_t E = S.find(Q, I);
      if (E == std::string::npos)
        return fail("an unterminated attribute in <" + El.Name + ">");
      if (!decode(S.substr(I, E - I), El.Attrs[A]))
        return false;
      I = E + 1;
    }
    for (;;) {
      size_t Lt = S.find('<', I);
      if (Lt == std::string::npos)
        return fail("<" + El.Name + "> is not closed");
      if (!decode(S.substr(I, Lt - I), El.Text))
        return false;
      I = Lt;
      if (S.compare(I, 2, "</") == 0) {
        I += 2;
        if (name() != El.Name)
          return fail("mismatched closing tag for <" + El.Name + ">");
        while (I < S.size() && std::isspace((unsigned char)S[I]))
          ++I;
        if (I >= S.size() || S[I] != '>')
          return fail("a malformed closing tag");
        ++I;
        return true;
      }
      if (S.compare(I, 4, "<!--") == 0 || S.compare(I, 2, "<?") == 0) {
        skipMisc();
        continue;
      }
      El.Kids.emplace_back();
      if (!element(El.Kids.back()))
        return false;
    }
  }

  const std::string &S;
  size_t I = 0;
  std::string Err;
};

bool toInt(const std::string &S, int64_t &V) {
  llvm::StringRef R = llvm::StringRef(S).trim();
  return !R.getAsInteger(10, V);
}

/// "\result == V;" (spaces and the semicolon optional).
bool resultValue(const std::string &A, int64_t &V) {
  llvm::StringRef R = llvm::StringRef(A).trim();
  if (!R.consume_front("\\result"))
    return false;
  R = R.ltrim();
  if (!R.consume_front("=="))
    return false;
  R = R.trim();
  R.consume_back(";");
  R = R.rtrim();
  return !R.getAsInteger(10, V);
}

bool readGraphml(const std::string &Text, WitnessPath &W, std::string &Error) {
  XmlElem Root;
  if (!XmlParser(Text).parse(Root, Error))
    return false;
  if (Root.Name != "graphml")
    return Error = "the root element is <" + Root.Name + ">, not <graphml>",
           false;
  const XmlElem *G = Root.kid("graph");
  if (!G)
    return Error = "no <graph> element", false;
  std::map<std::string, std::map<std::string, std::string>> NodeData;
  std::map<std::string, std::vector<const XmlElem *>> Out;
  std::string Entry;
  auto Data = [](const XmlElem &E) {
    std::map<std::string, std::string> D;
    for (const XmlElem &K : E.Kids)
      if (K.Name == "data")
        D[K.Attrs.count("key") ? K.Attrs.at("key") : ""] = K.Text;
    return D;
  };
  for (const XmlElem &K : G->Kids) {
    if (K.Name == "data" && K.Attrs.count("key")) {
      const std::string &Key = K.Attrs.at("key");
      if (Key == "witness-type" && K.Text != "violation_witness")
        return Error = "witness-type '" + K.Text +
                       "': only violation "
                       "witnesses are validated",
               false;
      if (Key == "vcdpor-finding")
        W.Finding = K.Text;
      if (Key == "programhash")
        W.ProgramHash = K.Text;
    } else if (K.Name == "node") {
      if (!K.Attrs.count("id"))
        return Error = "a <node> without an id", false;
      NodeData[K.Attrs.at("id")] = Data(K);
      if (NodeData[K.Attrs.at("id")]["entry"] == "true")
        Entry = K.Attrs.at("id");
    } else if (K.Name == "edge") {
      if (!K.Attrs.count("source") || !K.Attrs.count("target"))
        return Error = "an <edge> without source or target", false;
      Out[K.Attrs.at("source")].push_back(&K);
    }
  }
  if (Entry.empty())
    return Error = "no entry node", false;
  // The path from the entry node: one outgoing edge per node (vcdpor's
  // witnesses are paths), ending at the violation node.
  std::string At = Entry;
  std::set<std::string> Seen;
  while (NodeData[At]["violation"] != "true") {
    if (!Seen.insert(At).second)
      return Error = "the witness's path returns to node " + At, false;
    auto It = Out.find(At);
    if (It == Out.end() || It->second.empty())
      return Error = "node " + At +
                     " has no outgoing edge and is no "
                     "violation node",
             false;
    if (It->second.size() > 1)
      return Error = "node " + At +
                     " branches: only witnesses that are one "
                     "path are validated",
             false;
    const XmlElem &E = *It->second[0];
    auto D = Data(E);
    WitnessStep S;
    int64_t V = 0;
    if (!toInt(D["threadId"], V) || V < 0)
      return Error = "an edge from " + At + " without a threadId", false;
    S.Thread = unsigned(V);
    // Without a startline the step is the thread's next operation,
    // wherever it is (WitnessStep::Line 0).
    V = 0;
    if (D.count("startline") && (!toInt(D["startline"], V) || V <= 0))
      return Error = "an edge from " + At + " with a bad startline", false;
    S.Line = unsigned(V);
    if (D.count("createThread")) {
      if (!toInt(D["createThread"], V) || V < 0)
        return Error = "createThread '" + D["createThread"] + "'", false;
      S.Creates = unsigned(V);
    }
    if (D.count("vcdpor-wakes")) {
      if (!toInt(D["vcdpor-wakes"], V) || V < 0)
        return Error = "vcdpor-wakes '" + D["vcdpor-wakes"] + "'", false;
      S.Wakes = unsigned(V);
    }
    if (D.count("vcdpor-nondet")) {
      if (!toInt(D["vcdpor-nondet"], V))
        return Error = "vcdpor-nondet '" + D["vcdpor-nondet"] + "'", false;
      S.Nondet = V;
    } else if (D.count("assumption") && resultValue(D["assumption"], V)) {
      S.Nondet = V;
    }
    At = E.Attrs.at("target");
    if (NodeData[At]["violation"] == "true") {
      W.TargetLine = S.Line;
      W.TargetThread = S.Thread;
      break;
    }
    W.Steps.push_back(S);
  }
  W.Schedule = true;
  return true;
}

bool readYamlWitness(const std::string &Path, WitnessPath &W,
                     std::string &Error) {
  Node Root;
  if (!readYaml(Path, Root, Error))
    return false;
  if (Root.K != Node::Sequence)
    return Error = "a YAML witness is a list of entries", false;
  for (const Node &E : Root.Items) {
    const Node *T = E.field("entry_type");
    if (!T || T->Text != "violation_sequence")
      continue;
    if (const Node *M = E.field("metadata")) {
      const Node *V = M->field("format_version");
      if (!V || V->Text != "2.0")
        return Error = "format_version " + (V ? V->Text : "(none)") +
                       ": 2.0 expected",
               false;
    }
    const Node *C = E.field("content");
    if (!C || C->K != Node::Sequence)
      return Error = "a violation_sequence without content", false;
    for (const Node &Seg : C->Items) {
      const Node *S = Seg.field("segment");
      if (!S || S->K != Node::Sequence)
        return Error = "content: each item is a segment", false;
      for (const Node &WpN : S->Items) {
        const Node *Wp = WpN.field("waypoint");
        const Node *Ty = Wp ? Wp->field("type") : nullptr;
        const Node *Loc = Wp ? Wp->field("location") : nullptr;
        const Node *Line = Loc ? Loc->field("line") : nullptr;
        int64_t L = 0;
        if (!Ty || !Line || !toInt(Line->Text, L) || L <= 0)
          return Error = "a waypoint without type or location line", false;
        if (Ty->Text == "target") {
          W.TargetLine = unsigned(L);
        } else if (Ty->Text == "function_return") {
          const Node *Co = Wp->field("constraint");
          const Node *Val = Co ? Co->field("value") : nullptr;
          int64_t V = 0;
          if (!Val || !resultValue(Val->Text, V))
            return Error = "a function_return waypoint at line " +
                           std::to_string(L) +
                           " whose constraint is not "
                           "'\\result == N'",
                   false;
          W.ValuesAt[unsigned(L)].push_back(V);
        } else {
          return Error = "waypoint type '" + Ty->Text + "' at line " +
                         std::to_string(L) +
                         " is not supported (vcdpor "
                         "follows function_return values and the target)",
                 false;
        }
      }
    }
    if (!W.TargetLine)
      return Error = "the violation_sequence has no target waypoint", false;
    return true;
  }
  return Error = "no violation_sequence entry", false;
}

} // namespace

std::string fileSha256(const std::string &Path) {
  std::string Bytes;
  if (!readFile(Path, Bytes))
    return "";
  llvm::SHA256 H;
  H.update(llvm::StringRef(Bytes));
  return llvm::toHex(H.final(), /*LowerCase=*/true);
}

bool writeWitness(const std::string &Path, const ErrorReport &R,
                  const WitnessTask &T, std::string &Error) {
  std::ostringstream O;
  llvm::StringRef P(Path);
  if (P.endswith(".yml") || P.endswith(".yaml"))
    writeYaml(O, R, T);
  else
    writeGraphml(O, R, T);
  return writeFile(Path, O.str(), "--witness", Error);
}

bool readWitness(const std::string &Path, WitnessPath &W, std::string &Error) {
  llvm::StringRef P(Path);
  if (P.endswith(".yml") || P.endswith(".yaml"))
    return readYamlWitness(Path, W, Error);
  std::string Text;
  if (!readFile(Path, Text))
    return Error = "cannot read the file", false;
  return readGraphml(Text, W, Error);
}

} // namespace vcdpor
