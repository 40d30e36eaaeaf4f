//===- dpor/VcSiblings.cpp - Siblings that stand for no trace ------------===//
//
// A node with frontier events f1..fk branches into child families: in
// family i, f1..f(i-1) observe none of X's writes (lock grants) and fi
// observes one. Where the fi are independent (threads locking distinct
// mutexes, reading locations nobody else writes: SV-COMP's indexer), every
// family after the first stands for no trace, but the search only learns
// it at the leaves, where the excluded f1 is still pending: the work per
// class grew exponentially with the threads (indexer: 417 closure calls at
// 2 threads, 422,217 at 5). visit() therefore explores family 1 first and
// watches it: unless some event of another thread that could give f1 a
// write (grant) outside X is met there, the later families are left out.
//
// Why that loses no trace. Let N have no excluded frontier event (but see
// the last paragraph), no atomic section start or exit() among its
// frontier events, and no live thread that may call exit() or abort(); let f1
// (thread t) be a read, RMW or CAS of location l, or a pthread_mutex_lock of a
// mutex m whose grant chain in X is empty or ends with a release. Take a trace
// tau of N in which f1 observes no write of X: it observes a write outside X,
// or (lock) is granted after an operation of m outside X, or it never runs
// because a failure ends the process first. In the first two cases let e be the
// first event of tau, outside X, that writes l (operates on m); e is not
// t's (t's events before f1 are in X). Let Q be X plus the events of tau
// that happen before e (program order, reads-from, lock order), minus e,
// in tau's order. Q is closed under happens-before (no event of X follows
// one outside X), so it is a run of the program in which every event
// observes what it observed in tau; it holds no write of l (operation on m)
// outside X, since e was the first. So f1 can run right after Q and
// observes a write of X (is granted after the chain's end, m being free):
// X's orders, its annotated reads and (no exclusions) every constraint of
// N hold in Q.f1, which extends to a maximal trace tau' of N in family 1.
// For a read, RMW or CAS, e still runs right after f1 (a write is always
// enabled); for a lock, e is thread u's acquire of m, now pending: it runs
// later in tau' or stays pending for good. The search explores an
// execution of tau''s class in family 1 (a class fixes every thread's
// events and values; merging final writes and leaving out unread writes
// keep them too), so it meets e: appended to a node's X, or pending in a
// node's frontier (Vc::recordFrontier()). A failure that ends tau before f1
// runs: f1 inserted just before it observes the last write of l in tau; if
// that is in X the failing run is in family 1, else the first write of l
// outside X is an e as above.
//
// So a family-1 exploration that meets no such e proves families 2..k
// empty, and with them the terminal child's traces (a lock f1 whose mutex
// is free is granted in every trace). Any event of another thread that
// accesses l other than by a plain read, or names m, counts as met (more
// than needed). Several workers hand nodes to each other, so a family's
// exploration is not one worker's: the pruning is for one worker only.
//
// An exclusion that constrains nothing any more does not count: a lock is
// placed right after its chain's end in X, so once the chain has grown
// past the operations its exclusion names, no trace of N places it there
// (constrains()).
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

namespace vcdpor::vc {

bool Vc::siblingsMayBeEmpty(const Node &N, const std::vector<ThreadId> &F,
                            bool SectionsOrExits) {
  if (C.Workers > 1 || Sh.Order || SectionsOrExits || F.size() < 2)
    return false;
  for (ThreadId U = 0; U < N.Th.size(); ++U) {
    const Front &Fr = N.Th[U].F;
    if (constrains(N, Fr))
      return false;
    if (!N.Th[U].Done && Fr.K != FrontKind::None && Fr.MayExit)
      return false;
  }
  for (ThreadId U : F) {
    FrontKind K = N.Th[U].F.K;
    if (K != FrontKind::Read && K != FrontKind::Rmw && K != FrontKind::Cas &&
        K != FrontKind::Lock)
      return false;
  }
  const Front &F1 = N.Th[F.front()].F;
  if (F1.K == FrontKind::Lock) {
    if (F1.P.Kind != EventKind::Lock)
      return false; // a condition wait's re-acquire
    auto Ch = chain(N, F1.P.Addr);
    if (!Ch.empty() && N.PO.event(Ch.back()).Kind != cl::EventKind::Unlock)
      return false;
  }
  return true;
}

bool Vc::constrains(const Node &N, const Front &F) {
  if (!F.Excluded)
    return false;
  // A lock (or condition operation) is placed right after its chain's end
  // in X: once the chain has grown past the Excl operations the exclusion
  // names, no trace of N places it there, and the exclusion says nothing.
  // (A failed trylock may still fall in an excluded interval.)
  if (F.K == FrontKind::Lock || F.K == FrontKind::CvOp)
    return chain(N, F.P.Addr).size() <= F.Excl;
  return true;
}

void Vc::noteConflicts(ThreadId T, const Event &E) {
  if (E.Kind == EventKind::Read)
    return; // gives no location a value
  uint64_t Lo = E.Addr, Hi = E.Addr + std::max<uint32_t>(E.Size, 1);
  for (Watch &W : Watches) {
    if (W.Met || W.T == T)
      continue;
    if (W.Mutex)
      W.Met = E.Addr == W.Addr || E.Addr2 == W.Addr;
    else
      W.Met = Lo < W.Addr + W.Size && W.Addr < Hi;
    if (!W.Met && E.Addr2 && !W.Mutex) {
      // A block copy: its other range too.
      uint64_t Lo2 = E.Addr2, Hi2 = E.Addr2 + std::max<uint32_t>(E.Size, 1);
      W.Met = Lo2 < W.Addr + W.Size && W.Addr < Hi2;
    }
  }
}

} // namespace vcdpor::vc
