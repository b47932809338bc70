// What the runtime's kernel primitives cost on this machine, per page and
// per batch of 1..512 pages: userfaultfd's COPY, ZEROPAGE, WRITEPROTECT (one
// range, or one call per scattered page) and MOVE, unmapping with madvise
// per page, one process_madvise over an iovec, or one madvise per range,
// MADV_PAGEOUT, MADV_POPULATE_WRITE against a first touch per page, an empty
// read of the userfaultfd, a whole fault round trip, and switching a thread
// pointer (what a user-level thread switch adds for its TLS: wrfsbase, or
// arch_prctl where the kernel does not allow it). Each op is timed
// alone (manual time); the state it needs is rebuilt untimed in between.
// Batch sizes and mechanisms in the runtime cite these numbers
// (docs/results, "Kernel primitives").
//
// USAGE: build/bin/bench_primitives [--busy] [Google Benchmark flags]
//   --busy: a sibling thread spins on the other core in this address space,
//   as the program's threads do, so every TLB flush must interrupt it.
#include <benchmark/benchmark.h>

#include <asm/prctl.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <fh_uffd_move.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif

namespace {

constexpr size_t kPage = 4096;
constexpr size_t kMaxPages = 1024; // room for 512 scattered pages

int uffd = -1;
bool have_move;
char *region;  // registered with uffd (missing + write-protect)
char *staging; // plain anonymous memory: sources of moves, madvise targets
char *source;  // data for copies

void die(const char *what) {
  std::fprintf(stderr, "bench_primitives: %s: %s\n", what, std::strerror(errno));
  std::exit(1);
}

char *map(size_t pages) {
  void *p =
      mmap(nullptr, pages * kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    die("mmap");
  return static_cast<char *>(p);
}

void setup() {
  uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
  if (uffd < 0)
    die("userfaultfd (run as root, or set vm.unprivileged_userfaultfd=1)");
  uffdio_api api{};
  api.api = UFFD_API;
  api.features = UFFD_FEATURE_PAGEFAULT_FLAG_WP | UFFD_FEATURE_MOVE;
  have_move = ioctl(uffd, UFFDIO_API, &api) == 0;
  if (!have_move) { // an fd takes UFFDIO_API once: a kernel before 6.8 needs a new one
    close(uffd);
    uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
    api = {};
    api.api = UFFD_API;
    api.features = UFFD_FEATURE_PAGEFAULT_FLAG_WP;
    if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api) < 0)
      die("UFFDIO_API");
  }
  region = map(kMaxPages);
  staging = map(kMaxPages);
  source = map(kMaxPages);
  std::memset(source, 0x5a, kMaxPages * kPage);
  uffdio_register reg{};
  reg.range = {(uintptr_t)region, kMaxPages * kPage};
  reg.mode = UFFDIO_REGISTER_MODE_MISSING | UFFDIO_REGISTER_MODE_WP;
  if (ioctl(uffd, UFFDIO_REGISTER, &reg) < 0)
    die("UFFDIO_REGISTER");
}

using Clock = std::chrono::steady_clock;

// Runs op timed and reset untimed; reports time per page.
template <class Op, class Reset> void run(benchmark::State &state, Op op, Reset reset) {
  size_t n = (size_t)state.range(0);
  for (auto _ : state) {
    reset(n);
    auto t0 = Clock::now();
    op(n);
    auto t1 = Clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
  }
  state.counters["per_page"] = benchmark::Counter(
      (double)(state.iterations() * n), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void unmap_region(size_t pages) {
  if (madvise(region, pages * kPage, MADV_DONTNEED) < 0)
    die("madvise");
}

int copy_page_run(uintptr_t dst, size_t pages, bool wp) {
  uffdio_copy c{};
  c.dst = dst;
  c.src = (uintptr_t)source;
  c.len = pages * kPage;
  c.mode = wp ? UFFDIO_COPY_MODE_WP : 0;
  return ioctl(uffd, UFFDIO_COPY, &c);
}

void copy_in(size_t pages, bool wp) {
  if (copy_page_run((uintptr_t)region, pages, wp) < 0)
    die("UFFDIO_COPY");
}

void write_protect(char *p, size_t pages, bool wp) {
  uffdio_writeprotect w = {.range = {.start = (uintptr_t)p, .len = pages * kPage},
                           .mode = wp ? UFFDIO_WRITEPROTECT_MODE_WP : 0};
  if (ioctl(uffd, UFFDIO_WRITEPROTECT, &w) < 0)
    die("UFFDIO_WRITEPROTECT");
}

void touch(char *p, size_t pages, size_t stride) {
  for (size_t i = 0; i < pages; i++)
    p[i * stride * kPage] = 1;
}

void BM_UffdCopy(benchmark::State &state) {
  run(state, [](size_t n) { copy_in(n, false); }, unmap_region);
}

void BM_UffdZeropage(benchmark::State &state) {
  run(
      state,
      [](size_t n) {
        uffdio_zeropage z{};
        z.range = {(uintptr_t)region, n * kPage};
        if (ioctl(uffd, UFFDIO_ZEROPAGE, &z) < 0)
          die("UFFDIO_ZEROPAGE");
      },
      unmap_region);
}

// Dirty pages, as eviction finds them: one range.
void BM_UffdWriteProtectRange(benchmark::State &state) {
  run(
      state, [](size_t n) { write_protect(region, n, true); },
      [](size_t n) {
        unmap_region(n);
        copy_in(n, false);
      });
}

// Scattered dirty victims (every other page): one call each, as today.
void BM_UffdWriteProtectScattered(benchmark::State &state) {
  run(
      state,
      [](size_t n) {
        for (size_t i = 0; i < n; i++)
          write_protect(region + 2 * i * kPage, 1, true);
      },
      [](size_t n) {
        unmap_region(2 * n);
        copy_in(2 * n, false);
      });
}

void BM_UffdMove(benchmark::State &state) {
  if (!have_move) {
    state.SkipWithError("UFFDIO_MOVE needs Linux 6.8");
    return;
  }
  run(
      state,
      [](size_t n) {
        uffdio_move m = {.dst = (uintptr_t)region,
                         .src = (uintptr_t)staging,
                         .len = n * kPage,
                         .mode = 0,
                         .move = 0};
        if (ioctl(uffd, UFFDIO_MOVE, &m) < 0)
          die("UFFDIO_MOVE");
      },
      [](size_t n) {
        unmap_region(n);
        touch(staging, n, 1);
      });
}

long process_madvise_iov(const iovec *iov, size_t n, int advice) {
  static int self = (int)syscall(SYS_pidfd_open, getpid(), 0);
  return syscall(SYS_process_madvise, self, iov, n, advice, 0);
}

// Unmap n scattered pages (every other one, so no two merge).
void BM_MadviseDontneedScattered(benchmark::State &state) {
  run(
      state,
      [](size_t n) {
        for (size_t i = 0; i < n; i++)
          madvise(staging + 2 * i * kPage, kPage, MADV_DONTNEED);
      },
      [](size_t n) { touch(staging, n, 2); });
}

void BM_ProcessMadviseDontneedScattered(benchmark::State &state) {
  std::vector<iovec> iov(kMaxPages);
  run(
      state,
      [&](size_t n) {
        for (size_t i = 0; i < n; i++)
          iov[i] = {staging + 2 * i * kPage, kPage};
        if (process_madvise_iov(iov.data(), n, MADV_DONTNEED) < 0)
          die("process_madvise");
      },
      [](size_t n) { touch(staging, n, 2); });
}

// Neighbouring victims: one range, one call.
void BM_MadviseDontneedRange(benchmark::State &state) {
  run(
      state, [](size_t n) { madvise(staging, n * kPage, MADV_DONTNEED); },
      [](size_t n) { touch(staging, n, 1); });
}

// Without swap the kernel only scans; with swap it writes the pages out.
void BM_MadvisePageoutRange(benchmark::State &state) {
  run(
      state, [](size_t n) { madvise(staging, n * kPage, MADV_PAGEOUT); },
      [](size_t n) { touch(staging, n, 1); });
}

void BM_MadvisePopulateWrite(benchmark::State &state) {
  run(
      state,
      [](size_t n) {
        if (madvise(staging, n * kPage, MADV_POPULATE_WRITE) < 0)
          die("MADV_POPULATE_WRITE");
      },
      [](size_t n) { madvise(staging, n * kPage, MADV_DONTNEED); });
}

// The kernel's own first touch: a minor fault per page.
void BM_FirstTouch(benchmark::State &state) {
  run(
      state, [](size_t n) { touch(staging, n, 1); },
      [](size_t n) { madvise(staging, n * kPage, MADV_DONTNEED); });
}

// What the control thread pays per look while it spins.
void BM_UffdEmptyRead(benchmark::State &state) {
  run(
      state,
      [](size_t n) {
        uffd_msg msg[32];
        for (size_t i = 0; i < n; i++)
          if (read(uffd, msg, sizeof msg) >= 0 || errno != EAGAIN)
            die("an empty userfaultfd read");
      },
      [](size_t) {});
}

// A missing fault served by a handler thread that polls the userfaultfd:
// the thread touching the page waits for the read, the UFFDIO_COPY and the
// wake-up. n faults in a row on neighbouring pages.
void BM_FaultRoundTrip(benchmark::State &state) {
  std::atomic<bool> stop{false};
  std::thread handler([&] {
    uffd_msg msg[32];
    while (!stop.load(std::memory_order_relaxed)) {
      ssize_t got = read(uffd, msg, sizeof msg);
      for (ssize_t i = 0; i < got / (ssize_t)sizeof msg[0]; i++) {
        uintptr_t page = msg[i].arg.pagefault.address & ~(kPage - 1);
        copy_page_run(page, 1, false);
      }
    }
  });
  run(state, [](size_t n) { touch(region, n, 1); }, unmap_region);
  stop = true;
  handler.join();
}

void batch_sizes(benchmark::internal::Benchmark *b) {
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
  for (int n : {1, 4, 16, 64, 256, 512})
    b->Arg(n);
}

BENCHMARK(BM_UffdCopy)->Apply(batch_sizes);
BENCHMARK(BM_UffdZeropage)->Apply(batch_sizes);
BENCHMARK(BM_UffdWriteProtectRange)->Apply(batch_sizes);
BENCHMARK(BM_UffdWriteProtectScattered)->Apply(batch_sizes);
BENCHMARK(BM_UffdMove)->Apply(batch_sizes);
BENCHMARK(BM_MadviseDontneedScattered)->Apply(batch_sizes);
BENCHMARK(BM_ProcessMadviseDontneedScattered)->Apply(batch_sizes);
BENCHMARK(BM_MadviseDontneedRange)->Apply(batch_sizes);
BENCHMARK(BM_MadvisePageoutRange)->Apply(batch_sizes);
BENCHMARK(BM_MadvisePopulateWrite)->Apply(batch_sizes);
BENCHMARK(BM_FirstTouch)->Apply(batch_sizes);
// Setting %fs to another thread pointer and back, n times: two per
// user-level thread switch.
__attribute__((target("fsgsbase"))) void BM_WriteFsBase(benchmark::State &state) {
  uint64_t mine = __builtin_ia32_rdfsbase64();
  for (auto _ : state) {
    __builtin_ia32_wrfsbase64(mine + 4096);
    __builtin_ia32_wrfsbase64(mine);
  }
}

void BM_ArchPrctlSetFs(benchmark::State &state) {
  uint64_t mine;
  syscall(SYS_arch_prctl, ARCH_GET_FS, &mine);
  for (auto _ : state) {
    syscall(SYS_arch_prctl, ARCH_SET_FS, mine + 4096);
    syscall(SYS_arch_prctl, ARCH_SET_FS, mine);
  }
}

BENCHMARK(BM_WriteFsBase);
BENCHMARK(BM_ArchPrctlSetFs);
BENCHMARK(BM_UffdEmptyRead)->UseManualTime()->Unit(benchmark::kMicrosecond)->Arg(64);
BENCHMARK(BM_FaultRoundTrip)->UseManualTime()->Unit(benchmark::kMicrosecond)->Arg(1)->Arg(64);

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  bool busy = false;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--busy") == 0) {
      busy = true;
    } else {
      std::fprintf(stderr,
                   "bench_primitives: unknown argument %s\nusage: %s [--busy] "
                   "[Google Benchmark flags]\n",
                   argv[i], argv[0]);
      return 2;
    }
  }
  setup();
  std::atomic<bool> stop{false};
  std::thread sibling;
  if (busy) // touches this address space, so flushes must reach its core
    sibling = std::thread([&] {
      volatile char sink;
      while (!stop.load(std::memory_order_relaxed))
        sink = source[0];
      (void)sink;
    });
  benchmark::RunSpecifiedBenchmarks();
  stop = true;
  if (sibling.joinable())
    sibling.join();
  benchmark::Shutdown();
  return 0;
}
