//===- tools/TraceView.cpp - Counterexamples as pictures
//-------------------===//
#include "tools/TraceView.h"
#include "tools/TextIO.h"

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace vcdpor {

namespace {

/// The trace's steps and what the views draw between them. A trace is one
/// sequentially consistent execution, so a read saw the last write of its
/// location before it in the trace (or the initial value).
struct Analysed {
  std::vector<const TraceEntry *> All; ///< steps and output lines, in order
  std::vector<ThreadId> Threads;       ///< columns, in order of appearance
  std::map<size_t, size_t> StepOf;     ///< index in All -> step number (1..)
  std::map<size_t, long> ReadsFrom;    ///< read index -> write index, -1 init
  std::map<size_t, size_t> CoPrev;     ///< write -> previous write there
  std::set<size_t> Racing;             ///< the accesses of a data race
  /// Deadlock: what each blocked thread waits for.
  std::map<ThreadId, std::string> Waits;
};

bool isRead(const TraceEntry &E) {
  return E.Kind == "read" || E.Kind == "read (failed cas)" || E.Kind == "rmw";
}
bool isWrite(const TraceEntry &E) {
  return E.Kind == "write" || E.Kind == "rmw";
}

Analysed analyse(const ErrorReport &R) {
  Analysed A;
  std::set<ThreadId> Seen;
  auto Column = [&](ThreadId T) {
    if (Seen.insert(T).second)
      A.Threads.push_back(T);
  };
  Column(0);
  std::map<std::string, size_t> LastWrite;
  for (const TraceEntry &E : R.Trace) {
    size_t I = A.All.size();
    A.All.push_back(&E);
    if (E.Kind != "output") {
      size_t Step = A.StepOf.size() + 1;
      A.StepOf[I] = Step;
    }
    Column(E.Thread);
    if (E.Kind == "create" && E.Other != NoThread)
      Column(E.Other);
    if (E.Kind == "output" || E.Object.empty())
      continue;
    if (isRead(E)) {
      auto It = LastWrite.find(E.Object);
      A.ReadsFrom[I] = It == LastWrite.end() ? -1 : long(It->second);
    }
    if (isWrite(E)) {
      auto It = LastWrite.find(E.Object);
      if (It != LastWrite.end())
        A.CoPrev[I] = It->second;
      LastWrite[E.Object] = I;
    }
  }
  Column(R.F.Thread);
  const std::string &M = R.F.Message;
  if (R.F.Kind == FindingKind::Deadlock) {
    // "thread 0 waits for mutex m2; thread 1 waits for mutex m"
    std::regex Wait("thread ([0-9]+) (waits[^;]*)");
    for (std::sregex_iterator It(M.begin(), M.end(), Wait), End; It != End;
         ++It) {
      ThreadId T = ThreadId(std::stoul((*It)[1]));
      A.Waits[T] = (*It)[2];
      Column(T);
    }
  }
  if (R.F.Kind == FindingKind::DataRace && !A.All.empty()) {
    // "... by thread A at FILE:LA, ... by thread B at FILE:LB": B is the
    // last step; A the latest earlier access of the same object there.
    size_t Last = A.All.size() - 1;
    A.Racing.insert(Last);
    std::regex Acc("by thread ([0-9]+) at [^,]*:([0-9]+)");
    std::smatch First;
    if (std::regex_search(M, First, Acc)) {
      ThreadId T = ThreadId(std::stoul(First[1]));
      unsigned Line = unsigned(std::stoul(First[2]));
      for (size_t I = Last; I-- > 0;) {
        const TraceEntry &E = *A.All[I];
        if (E.Thread == T && E.Src.Line == Line &&
            E.Object == A.All[Last]->Object) {
          A.Racing.insert(I);
          break;
        }
      }
    }
  }
  return A;
}

std::string base(const std::string &Path) {
  size_t S = Path.rfind('/');
  return S == std::string::npos ? Path : Path.substr(S + 1);
}

/// Source lines by file, read once. A file the debug information names
/// relative to where it was compiled is also looked for beside the program.
class Sources {
public:
  explicit Sources(const std::string &Program) {
    size_t S = Program.rfind('/');
    Dir = S == std::string::npos ? "" : Program.substr(0, S + 1);
  }

  std::string line(const std::string &File, unsigned N) {
    auto It = Files.find(File);
    if (It == Files.end()) {
      std::vector<std::string> Lines;
      std::ifstream F(File);
      if (!F && !Dir.empty())
        F.open(Dir + base(File));
      for (std::string L; std::getline(F, L);)
        Lines.push_back(L);
      It = Files.emplace(File, std::move(Lines)).first;
    }
    if (N == 0 || N > It->second.size())
      return "";
    std::string L = It->second[N - 1];
    size_t B = L.find_first_not_of(" \t");
    return B == std::string::npos ? "" : L.substr(B);
  }

private:
  std::string Dir;
  std::map<std::string, std::vector<std::string>> Files;
};

const char *Style = R"(
body { font-family: sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.2em; margin: 0 0 .3em 0; }
p.finding { margin: 0 0 1em 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; }
th { background: #eee; position: sticky; top: 0; }
td.step { color: #888; text-align: right; font-family: monospace; }
td.empty { border-top: none; border-bottom: none; }
.ev { font-family: monospace; white-space: nowrap; }
.ev .k { font-weight: bold; }
.ev code { display: block; color: #555; font-size: .85em; }
.ev .loc { color: #888; font-size: .85em; }
.ev .rf { color: #06c; font-size: .85em; margin-left: .5em; text-decoration: none; }
.ev.hl { background: #ffe680; }
.ev.src-hl { outline: 2px solid #06c; }
.ev.race { background: #ffd0d0; }
.ev.output { color: #070; }
tr.fail td.fail, td.blocked { background: #ffb3b3; font-weight: bold; }
td.blocked { background: #ffe0b3; }
)";

const char *Script = R"(
document.querySelectorAll('[data-rf]').forEach(function (r) {
  var w = document.getElementById(r.getAttribute('data-rf'));
  if (!w) return;
  r.addEventListener('mouseenter', function () { w.classList.add('hl'); r.classList.add('src-hl'); });
  r.addEventListener('mouseleave', function () { w.classList.remove('hl'); r.classList.remove('src-hl'); });
  r.setAttribute('data-rf-linked', 'yes');
});
document.body.classList.add('ready');
)";

} // namespace

bool writeTraceHtml(const std::string &Path, const ErrorReport &E,
                    const std::string &Title, std::string &Error) {
  Analysed A = analyse(E);
  Sources Src(Title);
  std::map<ThreadId, size_t> Col;
  for (size_t I = 0; I < A.Threads.size(); ++I)
    Col[A.Threads[I]] = I;
  std::ostringstream O;
  std::string Kind(findingKindName(E.F.Kind));
  O << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<title>vcdpor: " << xmlEscape(Kind) << " in " << xmlEscape(base(Title))
    << "</title>\n<style>" << Style << "</style>\n</head>\n<body>\n"
    << "<h1>" << xmlEscape(Kind) << " in " << xmlEscape(base(Title))
    << "</h1>\n"
    << "<p class=\"finding\">" << xmlEscape(E.F.Message) << " at "
    << xmlEscape(base(E.Where.File)) << ":" << E.Where.Line << " in "
    << xmlEscape(E.Where.Function) << ". Time runs downwards, one column per "
    << "thread; a read's arrow names the step whose write it saw.</p>\n"
    << "<table id=\"trace\">\n<thead><tr><th>step</th>";
  for (ThreadId T : A.Threads)
    O << "<th class=\"thread\" data-thread=\"" << T << "\">T" << T
      << (T == 0 ? " (main)" : "") << "</th>";
  O << "</tr></thead>\n<tbody>\n";
  std::map<size_t, size_t> &StepOf = A.StepOf;
  for (size_t I = 0; I < A.All.size(); ++I) {
    const TraceEntry &X = *A.All[I];
    bool Out = X.Kind == "output";
    O << "<tr class=\"event\"><td class=\"step\">"
      << (Out ? "" : std::to_string(StepOf[I])) << "</td>";
    for (size_t C = 0; C < A.Threads.size(); ++C) {
      if (C != Col[X.Thread]) {
        O << "<td class=\"empty\"></td>";
        continue;
      }
      O << "<td><div class=\"ev" << (Out ? " output" : "")
        << (A.Racing.count(I) ? " race" : "") << "\"";
      if (!Out)
        O << " id=\"e" << StepOf[I] << "\" data-step=\"" << StepOf[I] << "\"";
      O << " data-thread=\"" << X.Thread << "\" data-kind=\""
        << xmlEscape(X.Kind) << "\"";
      auto RF = A.ReadsFrom.find(I);
      if (RF != A.ReadsFrom.end() && RF->second >= 0)
        O << " data-rf=\"e" << StepOf[size_t(RF->second)] << "\"";
      std::string Line = Src.line(X.Src.File, X.Src.Line);
      if (!Out)
        O << " title=\"" << xmlEscape(base(X.Src.File)) << ":" << X.Src.Line
          << (Line.empty() ? "" : ": " + xmlEscape(Line)) << "\"";
      O << "><span class=\"k\">" << xmlEscape(X.Kind) << "</span> ";
      std::string Text = traceEntryText(X);
      Text = Text.substr(std::min(Text.size(), X.Kind.size()));
      size_t B = Text.find_first_not_of(' ');
      O << xmlEscape(B == std::string::npos ? "" : Text.substr(B));
      if (RF != A.ReadsFrom.end())
        O << (RF->second < 0
                  ? std::string(
                        "<span class=\"rf\">&larr; initial value</span>")
                  : "<a class=\"rf\" href=\"#e" +
                        std::to_string(StepOf[size_t(RF->second)]) +
                        "\">&larr; step " +
                        std::to_string(StepOf[size_t(RF->second)]) + "</a>");
      if (!Out) {
        O << " <span class=\"loc\">" << xmlEscape(base(X.Src.File)) << ":"
          << X.Src.Line << "</span>";
        if (!Line.empty())
          O << "<code>" << xmlEscape(Line) << "</code>";
      }
      O << "</div></td>";
    }
    O << "</tr>\n";
  }
  // The failure: in the failing thread's column, and for a deadlock what
  // every blocked thread waits for.
  O << "<tr class=\"fail\"><td class=\"step\">&#9888;</td>";
  for (ThreadId T : A.Threads) {
    auto W = A.Waits.find(T);
    if (W != A.Waits.end())
      O << "<td class=\"blocked\" data-thread=\"" << T
        << "\">blocked: " << xmlEscape(W->second) << "</td>";
    else if (T == E.F.Thread && E.F.Kind != FindingKind::Deadlock)
      O << "<td class=\"fail\" id=\"failure\" data-thread=\"" << T << "\">"
        << (E.F.Kind == FindingKind::DataRace ? "race" : "error") << ": "
        << xmlEscape(E.F.Message) << " <span class=\"loc\">"
        << xmlEscape(base(E.Where.File)) << ":" << E.Where.Line
        << "</span></td>";
    else
      O << "<td class=\"empty\"></td>";
  }
  O << "</tr>\n";
  if (E.F.Kind == FindingKind::Deadlock)
    O << "<tr class=\"fail\"><td class=\"step\"></td><td class=\"fail\" "
         "id=\"failure\" colspan=\""
      << A.Threads.size() << "\">" << xmlEscape(E.F.Message) << "</td></tr>\n";
  O << "</tbody>\n</table>\n<script>" << Script
    << "</script>\n</body>\n</html>\n";
  return writeFile(Path, O.str(), "--trace-html", Error);
}

bool writeTraceDot(const std::string &Path, const ErrorReport &E,
                   std::string &Error) {
  Analysed A = analyse(E);
  // A DOT string: quotes and backslashes escaped, runs of spaces (the text
  // report's padding) collapsed, line breaks as \n.
  auto Q = [](const std::string &S) {
    std::string O = "\"";
    for (char C : S) {
      if (C == ' ' && O.back() == ' ')
        continue;
      if (C == '\n') {
        O += "\\n";
        continue;
      }
      if (C == '"' || C == '\\')
        O += '\\';
      O += C;
    }
    return O + "\"";
  };
  std::ostringstream O;
  O << "digraph trace {\n  rankdir=TB;\n  node [shape=box, "
       "fontname=\"monospace\"];\n";
  std::map<size_t, size_t> &StepOf = A.StepOf;
  std::map<ThreadId, std::vector<size_t>> ByThread;
  for (size_t I = 0; I < A.All.size(); ++I)
    if (A.All[I]->Kind != "output")
      ByThread[A.All[I]->Thread].push_back(I);
  for (ThreadId T : A.Threads) {
    O << "  subgraph cluster_T" << T << " {\n    label=\"T" << T
      << (T == 0 ? " (main)" : "") << "\";\n";
    for (size_t I : ByThread[T]) {
      const TraceEntry &X = *A.All[I];
      O << "    e" << StepOf[I] << " [label="
        << Q("#" + std::to_string(StepOf[I]) + " " + traceEntryText(X) + "\n" +
             base(X.Src.File) + ":" + std::to_string(X.Src.Line))
        << (A.Racing.count(I) ? ", color=red, penwidth=2" : "") << "];\n";
    }
    auto W = A.Waits.find(T);
    if (W != A.Waits.end())
      O << "    blocked_T" << T << " [label=" << Q("blocked: " + W->second)
        << ", color=orange, style=dashed];\n";
    O << "  }\n";
  }
  // Program order.
  for (auto &[T, Is] : ByThread) {
    for (size_t K = 1; K < Is.size(); ++K)
      O << "  e" << StepOf[Is[K - 1]] << " -> e" << StepOf[Is[K]] << ";\n";
    if (A.Waits.count(T) && !Is.empty())
      O << "  e" << StepOf[Is.back()] << " -> blocked_T" << T << ";\n";
  }
  // Creation and joins.
  for (size_t I = 0; I < A.All.size(); ++I) {
    const TraceEntry &X = *A.All[I];
    if (X.Other == NoThread || !ByThread.count(X.Other) ||
        ByThread[X.Other].empty())
      continue;
    if (X.Kind == "create")
      O << "  e" << StepOf[I] << " -> e" << StepOf[ByThread[X.Other].front()]
        << " [color=blue, label=\"create\"];\n";
    else if (X.Kind == "join")
      O << "  e" << StepOf[ByThread[X.Other].back()] << " -> e" << StepOf[I]
        << " [color=blue, label=\"join\"];\n";
  }
  for (auto [R, W] : A.ReadsFrom)
    if (W >= 0)
      O << "  e" << StepOf[size_t(W)] << " -> e" << StepOf[R]
        << " [color=darkgreen, style=dashed, label=\"rf\"];\n";
  for (auto [W, Prev] : A.CoPrev)
    O << "  e" << StepOf[Prev] << " -> e" << StepOf[W]
      << " [color=orange, style=dotted, label=\"co\"];\n";
  std::string Kind(findingKindName(E.F.Kind));
  O << "  failure [shape=octagon, color=red, label="
    << Q(Kind + ": " + E.F.Message + "\n" + base(E.Where.File) + ":" +
         std::to_string(E.Where.Line))
    << "];\n";
  if (E.F.Kind == FindingKind::Deadlock) {
    for (auto &[T, W] : A.Waits)
      O << "  blocked_T" << T << " -> failure [color=red];\n";
  } else if (!ByThread[E.F.Thread].empty()) {
    O << "  e" << StepOf[ByThread[E.F.Thread].back()]
      << " -> failure [color=red];\n";
  }
  for (size_t I : A.Racing)
    O << "  e" << StepOf[I] << " -> failure [color=red, style=dashed];\n";
  O << "}\n";
  return writeFile(Path, O.str(), "--trace-dot", Error);
}

} // namespace vcdpor
