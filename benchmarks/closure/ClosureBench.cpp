//===- benchmarks/closure/ClosureBench.cpp - Closure cost -----------------===//
//
// Closure of random feasible annotated partial orders with k threads of n
// events each, from scratch and incrementally after one new read; and the
// copy of a closed order, which a branching explorer makes for every child.
//
// An instance comes from a random interleaving of k threads over 4 locations
// (45% reads, 45% writes, 10% RMWs, written values 0..3), preceded by initial
// writes in the root. Conflicting leaf events are ordered as in the
// interleaving (Mwidth = 1); root-leaf order is left to the closure. Each read
// reads the value it observes in the interleaving, and its good writes are all
// writes of that value (on the side it observes, for a root read), as VC-DPOR
// annotates reads by value. The interleaving is a witness, so every instance
// is feasible.
//
//===----------------------------------------------------------------------===//

#include "closure/AnnotatedPO.h"
#include "closure/Linearize.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <random>

using namespace vcdpor::closure;

namespace {

constexpr unsigned NumLocs = 4;
constexpr int NumValues = 4;

struct Generated {
  AnnotatedPO A{1};
  std::vector<EventId> Trace;
  // Per location: the last write, and the leaf accesses since the last leaf
  // write (for ordering the next leaf event), along the trace.
  std::vector<std::optional<EventId>> LastWrite, LastLeafWrite;
  std::vector<std::vector<EventId>> LeafReadsSince;
};

// Appends E to thread T and orders it after the conflicting leaf events that
// precede it in the trace (only needed for leaf events).
EventId append(Generated &G, ThreadId T, const Event &E) {
  EventId Id = G.A.addEvent(T, E);
  G.Trace.push_back(Id);
  Location L = E.Loc;
  if (T != RootThread) {
    if (G.LastLeafWrite[L])
      (void)G.A.addEdge(*G.LastLeafWrite[L], Id);
    if (writesMemory(E.Kind)) {
      for (EventId R : G.LeafReadsSince[L])
        (void)G.A.addEdge(R, Id);
      G.LeafReadsSince[L].clear();
      G.LastLeafWrite[L] = Id;
    } else {
      G.LeafReadsSince[L].push_back(Id);
    }
  }
  if (writesMemory(E.Kind))
    G.LastWrite[L] = Id;
  return Id;
}

// Good writes of a read of value V on L: every write of V on the right side.
std::vector<EventId> goodWritesByValue(const AnnotatedPO &A, EventId R,
                                       EventId Observed) {
  const Event &RE = A.event(R);
  std::vector<EventId> Good;
  for (ThreadId T = 0; T < A.numThreads(); ++T) {
    if (R.Thread == RootThread &&
        (T == RootThread) != (Observed.Thread == RootThread))
      continue;
    for (uint32_t I = 0; I < A.threadSize(T); ++I) {
      EventId W{T, I};
      const Event &WE = A.event(W);
      if (W != R && writesMemory(WE.Kind) && WE.Loc == RE.Loc &&
          WE.WriteValue == RE.ReadValue)
        Good.push_back(W);
    }
  }
  return Good;
}

Side sideOf(EventId R, EventId Observed) {
  if (R.Thread != RootThread)
    return Side::Unset;
  return Observed.Thread == RootThread ? Side::Local : Side::Remote;
}

std::unique_ptr<Generated> generate(unsigned K, unsigned N, uint64_t Seed) {
  auto G = std::make_unique<Generated>();
  G->A = AnnotatedPO(K);
  G->LastWrite.assign(NumLocs, std::nullopt);
  G->LastLeafWrite.assign(NumLocs, std::nullopt);
  G->LeafReadsSince.assign(NumLocs, {});
  std::mt19937_64 Rng(Seed);
  for (Location L = 0; L < NumLocs; ++L)
    append(*G, RootThread, {EventKind::Write, L, 0, 0});
  EventId LastInit = G->Trace.back();
  std::vector<unsigned> Left(K, N);
  unsigned Total = K * N;
  std::vector<std::pair<EventId, EventId>> Observed;
  while (Total) {
    unsigned Pick = Rng() % Total;
    ThreadId T = 0;
    while (Pick >= Left[T])
      Pick -= Left[T++];
    --Left[T];
    --Total;
    Event E;
    unsigned Kind = Rng() % 20;
    E.Kind = Kind < 9    ? EventKind::Read
             : Kind < 18 ? EventKind::Write
                         : EventKind::ReadModifyWrite;
    E.Loc = Rng() % NumLocs;
    E.WriteValue = Rng() % NumValues;
    EventId Obs = *G->LastWrite[E.Loc];
    if (readsMemory(E.Kind))
      E.ReadValue = G->A.event(Obs).WriteValue;
    EventId Id = append(*G, T, E);
    if (T != RootThread && Id.Index == 0)
      (void)G->A.addEdge(LastInit, Id);
    if (readsMemory(E.Kind))
      Observed.push_back({Id, Obs});
  }
  for (auto [R, Obs] : Observed)
    (void)G->A.setGoodWrites(R, goodWritesByValue(G->A, R, Obs),
                             sideOf(R, Obs));
  return G;
}

// One new read at the end of a random thread, reading the value the trace
// leaves in its location: the trace plus the read is a witness.
struct NewRead {
  ThreadId T;
  Location L;
  Value V;
  std::optional<EventId> LeafEdge; // Mwidth: the last leaf write of L
  std::vector<EventId> Good;
  Side S;
};

NewRead pickNewRead(const AnnotatedPO &A, const Generated &G, uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  NewRead NR;
  NR.T = Rng() % A.numThreads();
  NR.L = Rng() % NumLocs;
  EventId Obs = *G.LastWrite[NR.L];
  NR.V = A.event(Obs).WriteValue;
  if (NR.T != RootThread)
    NR.LeafEdge = G.LastLeafWrite[NR.L];
  // The read's future id, for computing its good writes.
  EventId R{NR.T, A.threadSize(NR.T)};
  AnnotatedPO Probe = A; // cheap enough outside the timed region
  R = Probe.addRead(NR.T, NR.L, NR.V);
  NR.Good = goodWritesByValue(Probe, R, Obs);
  NR.S = sideOf(R, Obs);
  return NR;
}

void addReadAndClose(AnnotatedPO &A, const NewRead &NR) {
  EventId R = A.addRead(NR.T, NR.L, NR.V);
  if (NR.LeafEdge)
    (void)A.addEdge(*NR.LeafEdge, R);
  (void)A.setGoodWrites(R, NR.Good, NR.S);
  if (!A.close())
    std::abort();
}

// Copies and destructions stay outside the timed region.
void BM_CloseFromScratch(benchmark::State &State) {
  unsigned K = State.range(0), N = State.range(1);
  auto G = generate(K, N, 17 * K + N);
  if (!G->A.validate())
    std::abort();
  uint64_t Edges = 0;
  std::optional<AnnotatedPO> A;
  for (auto _ : State) {
    State.PauseTiming();
    A.reset();
    A.emplace(G->A);
    State.ResumeTiming();
    if (!A->close())
      std::abort();
    Edges = A->stats().edges();
  }
  State.counters["edges"] = Edges;
  State.counters["events"] = K * N;
}

void BM_CloseIncrementalNewRead(benchmark::State &State) {
  unsigned K = State.range(0), N = State.range(1);
  auto G = generate(K, N, 17 * K + N);
  if (!G->A.close())
    std::abort();
  std::vector<NewRead> Reads;
  for (uint64_t Seed = 1; Seed <= 16; ++Seed)
    Reads.push_back(pickNewRead(G->A, *G, Seed));
  uint64_t Examined = 0, Edges = 0, Iter = 0;
  std::optional<AnnotatedPO> A;
  for (auto _ : State) {
    State.PauseTiming();
    A.reset();
    A.emplace(G->A);
    A->reserve(1);
    uint64_t Before = A->stats().ReadsExamined,
             EdgesBefore = A->stats().edges();
    const NewRead &NR = Reads[Iter++ % Reads.size()];
    State.ResumeTiming();
    addReadAndClose(*A, NR);
    Examined += A->stats().ReadsExamined - Before;
    Edges += A->stats().edges() - EdgesBefore;
  }
  State.counters["examined"] =
      benchmark::Counter(Examined, benchmark::Counter::kAvgIterations);
  State.counters["edges"] =
      benchmark::Counter(Edges, benchmark::Counter::kAvgIterations);
}

void BM_CopyClosed(benchmark::State &State) {
  unsigned K = State.range(0), N = State.range(1);
  auto G = generate(K, N, 17 * K + N);
  if (!G->A.close())
    std::abort();
  for (auto _ : State) {
    AnnotatedPO Copy = G->A;
    benchmark::DoNotOptimize(Copy);
  }
}

void BM_Linearize(benchmark::State &State) {
  unsigned K = State.range(0), N = State.range(1);
  auto G = generate(K, N, 17 * K + N);
  if (!G->A.close())
    std::abort();
  for (auto _ : State) {
    auto T = linearize(G->A);
    if (!T.ok())
      std::abort();
    benchmark::DoNotOptimize(T);
  }
}

void sizes(benchmark::internal::Benchmark *B) {
  for (int K : {2, 4, 8})
    for (int N : {50, 100, 200, 400, 800})
      B->Args({K, N});
}

BENCHMARK(BM_CloseFromScratch)->Apply(sizes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CloseIncrementalNewRead)
    ->Apply(sizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CopyClosed)->Apply(sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Linearize)->Apply(sizes)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
