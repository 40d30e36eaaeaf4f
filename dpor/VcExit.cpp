//===- dpor/VcExit.cpp - exit() under VC-DPOR
//------------------------------===//
//
// exit() and abort() end the process: the other threads never run again. In
// the traces where a thread's pending exit runs before every other frontier
// event of a node, the process ends after a part C of X: every event of the
// exiting thread, and of each other thread the events up to some point. C is
// closed under the node's defining constraints (program order, the edges
// the search added, N.Raw), no other thread is cut inside an atomic section,
// and every read of C observes one of its good writes that is in C. Each
// such part is one complete execution; the order of C is rebuilt from those
// constraints alone (the closure's inferences for X may rest on events C
// leaves out), closed, linearized and replayed, then the exit is run. The
// same part can be reached from a node and its descendants, so executions
// are deduplicated by their value-happens-before signature.
//
//===----------------------------------------------------------------------===//
#include "dpor/Hash.h"
#include "dpor/VcSearch.h"
#include "dpor/VhbClasses.h"

#include "closure/Linearize.h"

namespace vcdpor::vc {

namespace {
// Candidate parts beyond this are refused rather than enumerated.
constexpr double MaxParts = 1 << 16;
} // namespace

void Vc::branchExit(const Node &N, ThreadId T) {
  unsigned K = N.PO.numThreads();
  std::vector<uint32_t> Min(K, 0), Max(K);
  for (cl::ThreadId CT = 0; CT < K; ++CT)
    Max[CT] = N.PO.threadSize(CT);
  Min[InitC] = Max[InitC];
  Min[COf[T]] = Max[COf[T]];
  // Inside an open section: what was ordered after the section never runs.
  if (N.Atomic == T)
    for (cl::EventId G : N.After)
      Max[G.Thread] = std::min(Max[G.Thread], G.Index);
  // The least closed part: what the exiting thread's events need.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto [A, B] : N.Raw)
      if (B.Index < Min[B.Thread] && A.Index >= Min[A.Thread]) {
        Min[A.Thread] = A.Index + 1;
        Changed = true;
      }
  }
  for (cl::ThreadId CT = 0; CT < K; ++CT)
    if (Min[CT] > Max[CT])
      return; // it needs an event that runs after the section
  // A deferred finding (System::setDeferFindings()) is the failing
  // thread's, the same whatever part of the others ran before it: the
  // largest part stands for them all (every error is still met: the other
  // threads' events before it are this node's other children).
  const bool OnlyLargest = N.Th[T].F.P.Flag;
  bool Found = false;
  double Parts = 1;
  for (cl::ThreadId CT = 0; CT < K; ++CT)
    Parts *= Max[CT] - Min[CT] + 1;
  if (!OnlyLargest && Parts > MaxParts) {
    refuse("exit() or abort() after too many events of other threads to "
           "cut",
           N.Th[T].F.P);
    return;
  }
  // Every vector Min <= Len <= Max closed under N.Raw (the other parts are
  // not parts), in odometer order: thread 0 varies fastest. Threads are
  // fixed from the last down, and an edge is checked as soon as both its
  // threads are fixed, so a prefix that breaks one is not extended. For
  // OnlyLargest, lengths count down and the first part found ends it.
  std::vector<std::vector<std::pair<cl::EventId, cl::EventId>>> Edges(K);
  for (auto [A, B] : N.Raw)
    Edges[std::min(A.Thread, B.Thread)].push_back({A, B});
  std::vector<uint32_t> Len = Min;
  std::function<void(cl::ThreadId)> Fix = [&](cl::ThreadId CT) {
    for (uint32_t J = 0; J <= Max[CT] - Min[CT] && !Found && !stopped(); ++J) {
      uint32_t L = OnlyLargest ? Max[CT] - J : Min[CT] + J;
      Len[CT] = L;
      // A cut inside a section: the exit cannot run there.
      if (CT != InitC && L && L < N.PO.threadSize(CT) &&
          N.Steps[ProgOf[CT]][L].E.InAtomic)
        continue;
      bool Closed = true;
      for (auto [A, B] : Edges[CT])
        Closed &= !(B.Index < Len[B.Thread] && A.Index >= Len[A.Thread]);
      if (!Closed)
        continue;
      if (CT > 0) {
        Fix(CT - 1);
        continue;
      }
      if (B.limitReached()) {
        Stop = true;
        return;
      }
      exitAfter(N, T, Len);
      Found = OnlyLargest;
    }
  };
  Fix(K - 1);
}

void Vc::exitAfter(const Node &N, ThreadId T,
                   const std::vector<uint32_t> &Len) {
  // (branchExit() passes only parts closed under N.Raw and cut outside
  // sections.)
  auto In = [&](cl::EventId E) { return E.Index < Len[E.Thread]; };
  // What the part's execution depends on (below: its events, the defining
  // edges and leaf-leaf orders inside it, the good writes in it) was met
  // before, from an ancestor of N or another node: it ran then.
  if (!tick())
    return;
  const std::pair<uint64_t, uint64_t> Key = partKey(N, T, Len);
  // An ordered search runs a part again where it is met before where it
  // ran: one worker would have run it there.
  const Position At = Sh.Order ? encodePosition(Path) : Position();
  if (Sh.Order) {
    if (Sh.Order->partBefore(Key, At)) {
      ++Stat.RedundantClasses;
      return;
    }
  } else {
    std::lock_guard<std::mutex> L(Sh.ClassesM);
    if (Sh.ExitParts.count(Key)) {
      ++Stat.RedundantClasses;
      return;
    }
  }
  Node M = N;
  M.PO = cl::AnnotatedPO(N.PO.numThreads());
  for (cl::ThreadId CT = 0; CT < N.PO.numThreads(); ++CT)
    for (uint32_t I = 0; I < Len[CT]; ++I)
      (void)M.PO.addEvent(CT, N.PO.event({CT, I}));
  for (auto [A, B] : N.Raw)
    if (In(A) && In(B))
      (void)M.PO.addEdge(A, B);
  // Conflicting leaf events keep X's order (it defines the class, and the
  // closure needs each location's leaf writes in a chain): orderings() did
  // not add the pairs the closure had already ordered, from inferences that
  // may rest on events C leaves out.
  leafPairs(N, In, [&](cl::EventId A, cl::EventId B) {
    if (!M.PO.ordered(A, B))
      (void)M.PO.addEdge(A, B);
  });
  for (cl::ThreadId CT = 0; CT < N.PO.numThreads(); ++CT)
    for (uint32_t I = 0; I < Len[CT]; ++I) {
      cl::EventId R{CT, I};
      if (!cl::readsMemory(N.PO.event(R).Kind))
        continue;
      std::vector<cl::EventId> Good;
      for (cl::EventId W : N.PO.goodWrites(R))
        if (In(W))
          Good.push_back(W);
      if (Good.empty())
        return; // the write it observes is cut off
      (void)M.PO.setGoodWrites(R, std::move(Good), N.PO.side(R));
    }
  if (N.Atomic == T) {
    // The exit runs inside T's open section: every other event of the part
    // ran before the section started (those that conflict with it were
    // ordered so; the rest commute with it).
    for (cl::ThreadId CT = 0; CT < N.PO.numThreads(); ++CT)
      for (uint32_t I = 0; CT != COf[T] && CT != InitC && I < Len[CT]; ++I)
        if (!M.PO.before({CT, I}, N.SecBegin) &&
            !M.PO.addEdge({CT, I}, N.SecBegin))
          return;
  }
  if (!close(M) || !replay(M, nullptr))
    return;
  if (!Sys.enabled(T)) {
    internal("exit: thread " + std::to_string(T) + " cannot run its exit");
    return;
  }
  Exec.push_back(Sys.step(T, 0));
  ++StateNo;
  ++Stat.Events;
  ExecutionEnd End = Sys.end();
  if (End == ExecutionEnd::Running) {
    internal("the process runs on after exit()");
    return;
  }
  if (Sh.Order) {
    Sh.Order->partRun(Key, At);
  } else {
    std::lock_guard<std::mutex> L(Sh.ClassesM);
    Sh.ExitParts.insert(Key);
  }
  auto Sig = C.VhbExact ? vhbSignature(Exec, Root)
                        : vhbSignature(Exec, Root, [&](uint64_t Addr) {
                            return Sys.unread(Addr);
                          });
  record(nullptr, 1, &Sig, End);
}

std::pair<uint64_t, uint64_t>
Vc::partKey(const Node &N, ThreadId T, const std::vector<uint32_t> &Len) const {
  // Everything exitAfter() builds the part's order from, and the steps its
  // replay follows, named by closure thread and index (the registry gives
  // every worker the same names). Sets (edges, pairs, reads) are summed, so
  // the order in which N came to hold them does not matter.
  Sig128 H;
  auto Add2 = [&](uint64_t A, uint64_t B) { H.add2(A, B); };
  auto Name = [](cl::EventId E) { return uint64_t(E.Thread) << 32 | E.Index; };
  auto In = [&](cl::EventId E) { return E.Index < Len[E.Thread]; };
  Add2(T, N.Atomic == T ? Name(N.SecBegin) + 1 : 0);
  const cl::ThreadId K = N.PO.numThreads();
  uint64_t Reads1 = 0, Reads2 = 0;
  for (cl::ThreadId CT = 0; CT < K; ++CT) {
    Add2(CT, Len[CT]);
    for (uint32_t I = 0; I < Len[CT]; ++I) {
      cl::EventId E{CT, I};
      const cl::Event &CE = N.PO.event(E);
      Add2(uint64_t(CE.Kind) << 32 | CE.Loc, CE.ReadValue);
      Add2(CE.WriteValue, 0);
      if (CT != InitC) {
        const Step &S = N.Steps[ProgOf[CT]][I];
        Add2(uint64_t(S.E.Kind) | uint64_t(S.E.Flag) << 8 |
                 uint64_t(S.S) << 16 | uint64_t(S.Choice) << 24,
             S.E.Value);
      }
      if (!cl::readsMemory(CE.Kind))
        continue;
      uint64_t R = hashMix(Name(E), uint64_t(N.PO.side(E)));
      for (cl::EventId W : N.PO.goodWrites(E))
        if (In(W))
          R = hashMix(R, Name(W));
      Reads1 += R;
      Reads2 += hashMix(R, 0x3c6ef372fe94f82bull);
    }
  }
  Add2(Reads1, Reads2);
  PairSum Edges, Leaf;
  for (auto [A, B] : N.Raw)
    if (In(A) && In(B))
      Edges.add(Name(A), Name(B));
  H.add2(Edges.S1, Edges.S2);
  leafPairs(N, In, [&](cl::EventId A, cl::EventId B) {
    Leaf.add(Name(A), Name(B));
  });
  H.add2(Leaf.S1, Leaf.S2);
  return H.value();
}

} // namespace vcdpor::vc
