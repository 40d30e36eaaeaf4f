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
  double Parts = 1;
  for (cl::ThreadId CT = 0; CT < K; ++CT)
    Parts *= Max[CT] - Min[CT] + 1;
  if (Parts > MaxParts) {
    refuse("exit() or abort() after too many events of other threads to "
           "cut",
           N.Th[T].F.P);
    return;
  }
  std::vector<uint32_t> Len = Min;
  // Every vector Min <= Len <= Max, odometer order.
  while (!Stop) {
    if (B.limitReached()) {
      Stop = true;
      return;
    }
    exitAfter(N, T, Len);
    cl::ThreadId CT = 0;
    while (CT < K && Len[CT] == Max[CT])
      Len[CT] = Min[CT], ++CT;
    if (CT == K)
      return;
    ++Len[CT];
  }
}

void Vc::exitAfter(const Node &N, ThreadId T,
                   const std::vector<uint32_t> &Len) {
  auto In = [&](cl::EventId E) { return E.Index < Len[E.Thread]; };
  for (auto [A, B] : N.Raw)
    if (In(B) && !In(A))
      return; // not closed
  for (cl::ThreadId CT = 0; CT < N.PO.numThreads(); ++CT) {
    if (CT == InitC || !Len[CT] || Len[CT] == N.PO.threadSize(CT))
      continue;
    // Cut inside a section: the exit cannot run there.
    if (N.Steps[ProgOf[CT]][Len[CT]].E.InAtomic)
      return;
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
  for (size_t L = 0; L < N.LeafAcc.size(); ++L) {
    auto Acc = N.LeafAcc[L];
    for (size_t I = 0; I < Acc.size(); ++I)
      for (size_t J = I + 1; J < Acc.size(); ++J) {
        cl::EventId A = Acc[I], B = Acc[J];
        if (A.Thread == B.Thread || !In(A) || !In(B) ||
            !cl::conflict(N.PO.event(A), N.PO.event(B)) || M.PO.ordered(A, B))
          continue;
        if (N.PO.before(B, A))
          std::swap(A, B);
        (void)M.PO.addEdge(A, B);
      }
  }
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
  bool Fresh;
  {
    auto Sig = vhbSignature(Exec, Root);
    std::lock_guard<std::mutex> L(Sh.ClassesM);
    Fresh = Sh.ExitClasses.insert(Sig).second;
  }
  if (!Fresh) {
    ++Stat.RedundantClasses;
    return;
  }
  if (C.CountLocalBehaviours && End != ExecutionEnd::Error &&
      End != ExecutionEnd::Interrupted)
    Local.add(Exec);
  if (B.countExecution(Sys, End, Exec) || B.stopAfterExecution())
    Stop = true;
}

} // namespace vcdpor::vc
