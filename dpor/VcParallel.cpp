//===- dpor/VcParallel.cpp - VC-DPOR on several workers ------------------===//
//
// The children of a VC-DPOR node stand for disjoint sets of traces, so
// their subtrees can be explored independently: a worker that reaches a
// node while another worker has nothing to do hands a copy of it over
// (Vc::descend(); a FIFO queue, earliest first) and goes on with its
// siblings. What the workers share is in vc::Shared: the registry of ids,
// the class signatures (so a class reached in two subtrees counts once, as
// in one worker), the budget and the stop flag. Without a finding or a limit,
// the classes and every count but the effort figures (replays, continuations,
// events, times, nodes handed over) do not depend on the number of workers;
// stopping at the first finding, the ledger (VcLedger.h) makes the report
// that of one worker.
//
//===----------------------------------------------------------------------===//
#include "dpor/VcSearch.h"

#include <condition_variable>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

namespace vcdpor::vc {

void exploreParallel(Shared &Sh, System &Sys,
                     std::vector<std::unique_ptr<System>> &Systems,
                     std::vector<std::unique_ptr<Vc>> &Workers) {
  const unsigned N = Sh.C.Workers;
  // N threads of TBB's own do the work (none is reserved for this thread,
  // which only waits: a thread waiting inside the arena may sleep through
  // the work others hand over). The search recurses as deep as an
  // execution has choices: give them the room a main thread has.
  tbb::global_control Parallelism(tbb::global_control::max_allowed_parallelism,
                                  N + 1);
  tbb::global_control Stack(tbb::global_control::thread_stack_size,
                            SearchStackBytes);
  tbb::task_arena Arena(int(N), 0);
  Workers.resize(N);
  Systems.resize(N);
  std::mutex Make;
  // A worker per arena slot, made by the first task that runs there; only
  // that slot's thread touches it. Slot 0 explores on the system given.
  auto Here = [&]() -> Vc & {
    int I = tbb::this_task_arena::current_thread_index();
    if (!Workers[I]) {
      std::lock_guard<std::mutex> L(Make);
      System *S = &Sys;
      if (I != 0) {
        Systems[I] = Sh.C.NewSystem();
        S = Systems[I].get();
      }
      Workers[I] = std::make_unique<Vc>(Sh, *S, uint64_t(I + 1) << 40);
      Workers[I]->setUp();
    }
    return *Workers[I];
  };
  std::mutex DoneM;
  std::condition_variable Done;
  size_t Outstanding = 1; // the root task
  auto Finish = [&] {
    std::lock_guard<std::mutex> L(DoneM);
    if (--Outstanding == 0)
      Done.notify_all();
  };
  // Enqueued tasks run oldest first: the nodes handed over earliest, the
  // shallowest (largest) subtrees, go first.
  Sh.Spawn = [&](std::shared_ptr<Task> Nd) {
    {
      std::lock_guard<std::mutex> L(DoneM);
      ++Outstanding;
    }
    Sh.Queued.fetch_add(1, std::memory_order_acq_rel);
    Arena.enqueue([&, Nd] {
      Sh.Busy.fetch_add(1, std::memory_order_relaxed);
      Sh.Queued.fetch_sub(1, std::memory_order_acq_rel);
      Here().task(*Nd);
      Sh.Busy.fetch_sub(1, std::memory_order_relaxed);
      Finish();
    });
  };
  Arena.enqueue([&] {
    Sh.Busy.fetch_add(1, std::memory_order_relaxed);
    Here().run();
    Sh.Busy.fetch_sub(1, std::memory_order_relaxed);
    Finish();
  });
  std::unique_lock<std::mutex> L(DoneM);
  Done.wait(L, [&] { return Outstanding == 0; });
  Sh.Spawn = nullptr;
}

} // namespace vcdpor::vc
