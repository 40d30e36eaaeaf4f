//===- tests/unit/closure/TestSupport.h - Instances and oracles -*- C++ -*-===//
//
// Test-only machinery for the closure library, independent of its internals:
//   - Instance: a plain description of an annotated partial order;
//   - randomInstance(): well-formed random instances, built from random traces
//     so that many (not all) are realizable;
//   - enumerate(): a brute-force oracle over all linearizations;
//   - checkClosedNaively(): rules 1-3 evaluated straight from the paper's
//     definitions on an explicit relation matrix.
//
//===----------------------------------------------------------------------===//

#ifndef VCDPOR_TESTS_UNIT_CLOSURE_TESTSUPPORT_H
#define VCDPOR_TESTS_UNIT_CLOSURE_TESTSUPPORT_H

#include "closure/AnnotatedPO.h"

#include <cstdint>
#include <random>
#include <vector>

namespace vcdpor::closure::test {

struct Annotation {
  EventId Read;
  std::vector<EventId> Good;
  Side S = Side::Unset;
};

struct Instance {
  unsigned K = 2;
  std::vector<std::vector<Event>> Threads;
  std::vector<std::pair<EventId, EventId>> Edges;
  std::vector<Annotation> Annotations;
  bool ReadsFrom = false;

  unsigned numEvents() const;
  /// Flat numbering: threads in order, events in program order.
  unsigned flat(EventId E) const;
  EventId id(unsigned Flat) const;
  const Event &event(EventId E) const { return Threads[E.Thread][E.Index]; }
};

/// Builds the annotated partial order (events, then edges, then annotations).
AnnotatedPO build(const Instance &I);

struct GenParams {
  unsigned MinThreads = 2, MaxThreads = 5;
  unsigned MaxEvents = 12;
  unsigned MaxLocations = 3;
  int MaxValue = 2;
  bool ReadsFrom = false;
  /// Probability that the annotation comes from the trace that fixed the
  /// leaf-leaf order (such instances are always realizable).
  double SameTrace = 0.45;
  /// Per read: probability of dropping its observed write from the good
  /// writes, and (separately) of choosing a random side for a root read.
  double Perturb = 0.04;
  /// Probability of initial writes (one per location) at the root's start.
  double InitialWrites = 0.5;
};

/// A random well-formed instance. The generating trace T1 orders the
/// conflicting leaf events (Mwidth = 1) and a few random pairs; the good
/// writes contain (usually) what each read observes in a trace T2 that is T1,
/// another linearization of P, or merely of program order.
Instance randomInstance(std::mt19937_64 &Rng, const GenParams &P);

/// A random linear extension of program order plus Edges.
std::vector<EventId> randomLinearization(std::mt19937_64 &Rng,
                                         const Instance &I);

/// What brute force knows about an instance (at most 16 events).
struct OracleAnswer {
  bool Realizable = false;
  /// CanPrecede[v] has bit u iff some realization runs v before u.
  std::vector<uint32_t> CanPrecede;
  uint64_t States = 0;
  /// U precedes V in every realization (vacuously true if unrealizable).
  bool mustPrecede(unsigned U, unsigned V) const {
    return !(CanPrecede[V] >> U & 1);
  }
};
OracleAnswer enumerate(const Instance &I);

/// A relation over at most 64 flat-indexed events: bit B of Rows[A] is A < B.
struct Relation {
  std::vector<uint64_t> Rows;
  bool operator()(unsigned A, unsigned B) const { return Rows[A] >> B & 1; }
};

/// The strict order of I alone (program order + edges), transitively closed.
Relation instanceOrder(const Instance &I);

/// Checks that Trace is a realization of I: a permutation respecting I's
/// order in which every read observes one of its good writes.
Status checkRealization(const Instance &I, const std::vector<EventId> &Trace);

/// Checks from the definitions that A's order is a strict partial order that
/// refines I's, and that A is closed (rules 1-3 for every read). Also compares
/// A's VisibleW/MinW/MaxW queries with the definitions.
Status checkClosedNaively(const Instance &I, const AnnotatedPO &A);

} // namespace vcdpor::closure::test

#endif // VCDPOR_TESTS_UNIT_CLOSURE_TESTSUPPORT_H
