"""Access-pattern analysis of one site's faults, and the hint it suggests.

Statistics (per site, from its faults in time order, per thread):
  forward_runs / backward_runs  runs of faults on page p, p+1, p+2... (or p,
                                p-1, ...), at least two pages long. Up to 8
                                runs are followed at once, so a site that
                                walks several arrays in step (memcpy's source
                                and destination) still shows its runs
  mean_run_pages                mean length of those runs in pages
  seq_share                     share of faults that continue a run
  stride_pages                  the most common page distance between
                                consecutive faults (0 when there is none)
  distinct_pages                pages faulted at least once
  reuse                         share of faults on a page this site had
                                faulted before (1 - distinct / faults)
  alloc_bytes                   median size of the allocations the faults
                                fall in (0 when unknown)
  written_later                 share of this site's read faults whose page
                                then took a write-protect fault (at any site)
                                before it was faulted again

Rules for the suggested hint:
  mut      writes and write-protect faults are at least 25% of the site's
           faults (a read-modify-write line faults as a read, then a write),
           or at least half the pages it reads are written soon after
           (qsort's partition scan reads what swap() then writes): mapping
           them writable at once saves a write-protect fault or ioctl each
  seq      at least 4 faults and at least half of them continue a run
  rdahead  with seq: 16 pages (or the mean run length, if shorter, but at
           least 2), or 256 when runs are at least 64 pages long on average
           (a long scan that stops at every short window's end waits a
           round trip each time, and a scan at memory speed reaches a
           64-page window's end while it is being filled),
           in the direction of most runs; 0 without seq
  ev_prio  -1 (keep) when the site scans what it scanned before (seq, runs
           of at least 4 pages, and reuse at least 50%: a range re-scanned
           while larger than local memory, as CRONO bfs's and sssp's
           adjacency lists are, level after level): the runtime keeps an
           evenly spread part of it resident, so each pass finds that part
           local. Not objects of a few pages each, read whole and often
           again (a server's hot objects): the recency lists keep those
           better than a sample spread over all of them. 1 (reclaim first)
           when pages are rarely faulted again (reuse below 5%): scanned
           once, not worth keeping; else 0
  size     0: the access's own width (the pass knows it)
"""

import bisect
import statistics
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

PAGE = 4096
READ_AHEAD = 16
READ_AHEAD_LONG = 256  # the unhinted read-ahead's largest window too (control.c)
LONG_RUN = 64  # runs at least this long on average get READ_AHEAD_LONG
EV_KEEP = -1  # ev_prio of a re-scanned range (FARHINT_EV_KEEP)
RESCAN_REUSE = 0.5
RESCAN_RUN = 4  # pages a run of a re-scanned range has at least, on average


@dataclass
class Pattern:
    forward_runs: int = 0
    backward_runs: int = 0
    mean_run_pages: float = 0.0
    stride_pages: int = 0
    distinct_pages: int = 0
    reuse: float = 0.0
    alloc_bytes: int = 0
    seq_share: float = 0.0  # share of faults that continue a run
    written_later: float = 0.0


@dataclass
class Suggestion:
    mut: bool = False
    size: int = 0
    seq: bool = False
    rdahead: int = 0
    ev_prio: int = 0


@dataclass
class SiteFaults:
    """A site's faults: (thread, page, kind) in time order, and allocation sizes."""

    pages_by_thread: dict = field(default_factory=dict)
    kinds: Counter = field(default_factory=Counter)
    hinted: int = 0
    reads_written_later: int = 0
    alloc_sizes: list = field(default_factory=list)

    def add(self, tid, page, kind, hinted, alloc_size, weight=1):
        """weight: the faults this recorded one stands for (sampling); the
        pattern is read from the recorded pages, the counts are estimates."""
        self.pages_by_thread.setdefault(tid, []).append(page)
        self.kinds[kind] += weight
        self.hinted += hinted * weight
        if alloc_size:
            self.alloc_sizes.append(alloc_size)

    @property
    def total(self):
        """Faults, estimated: each record counted for those it stands for."""
        return sum(self.kinds.values())

    @property
    def recorded(self):
        return sum(len(pages) for pages in self.pages_by_thread.values())


STREAMS = 8


def _runs(pages):
    """Runs followed through interleaved streams: (length, direction) of each
    run of two or more pages, and how many faults continued a run."""
    live = []  # [last page, length, direction], most recent last
    done, continued = [], 0
    for p in pages:
        for i, (last, length, direction) in enumerate(live):
            d = p - last
            if d in (1, -1) and direction in (0, d):
                live.pop(i)
                live.append([p, length + 1, d])
                continued += 1
                break
        else:
            live.append([p, 1, 0])
            if len(live) > STREAMS:
                done.append(live.pop(0))
    runs = [(length, d) for _, length, d in done + live if length > 1]
    return runs, continued


def analyze(sf: SiteFaults, footprint_pages: int = 0, spatial_rate: int = 1) -> Pattern:
    """footprint_pages: the program's peak in pages, when known: a site
    cannot fault on more distinct pages than that. spatial_rate: a trace
    that sampled 1 page in each aligned group of this many: its pages are
    numbered by group, so a scan's sampled pages, one per group, read as the
    run they are, and each run page or stride stands for this many."""
    p = Pattern()
    deltas, runs, all_pages, continued = [], [], set(), 0
    for real in sf.pages_by_thread.values():
        pages = [page // spatial_rate for page in real] if spatial_rate > 1 else real
        deltas += [b - a for a, b in pairwise(pages)]
        thread_runs, thread_continued = _runs(pages)
        runs += thread_runs
        continued += thread_continued
        all_pages.update(pages)
    # Shares of the recorded faults, not of the weighted total: in a sampled
    # trace one record stands for many faults, but runs and repeats can only
    # be seen among the records (dividing by the estimate made CRONO's long
    # scans look 6% sequential and 94% re-faulted).
    recorded = sf.recorded
    p.distinct_pages = len(all_pages)
    p.reuse = round(1 - p.distinct_pages / recorded, 4) if recorded else 0.0
    # A sample's bursts are too short to see a page faulted again a pass
    # later, so repeats among the records miss them; but a site with more
    # faults than the program has pages re-faults at least the excess
    # (CRONO bfs's adjacency scan: 38 M faults over 0.3 M pages, 0.99 where
    # its records showed almost none, which cost it the kept part).
    if footprint_pages and sf.total > footprint_pages:
        p.reuse = max(p.reuse, round(1 - footprint_pages / sf.total, 4))
    p.forward_runs = sum(1 for _, d in runs if d == 1)
    p.backward_runs = sum(1 for _, d in runs if d == -1)
    p.mean_run_pages = (
        round(spatial_rate * statistics.fmean(n for n, _ in runs), 2) if runs else 0.0
    )
    nonzero = [d for d in deltas if d != 0]
    p.stride_pages = spatial_rate * Counter(nonzero).most_common(1)[0][0] if nonzero else 0
    p.seq_share = round(continued / recorded, 4) if recorded else 0.0
    p.alloc_bytes = int(statistics.median(sf.alloc_sizes)) if sf.alloc_sizes else 0
    reads = sf.kinds["read"]
    p.written_later = round(sf.reads_written_later / reads, 4) if reads else 0.0
    return p


def suggest(sf: SiteFaults, p: Pattern) -> Suggestion:
    s = Suggestion()
    total, recorded = sf.total, sf.recorded
    writes = sf.kinds["write"] + sf.kinds["write_protect"]
    s.mut = total > 0 and (writes >= 0.25 * total or p.written_later >= 0.5)
    s.seq = recorded >= 4 and p.seq_share >= 0.5
    if s.seq:
        pages = READ_AHEAD
        if p.mean_run_pages >= LONG_RUN:
            pages = READ_AHEAD_LONG
        elif p.mean_run_pages:
            pages = max(2, min(READ_AHEAD, round(p.mean_run_pages)))
        s.rdahead = -pages if p.backward_runs > p.forward_runs else pages
    if s.seq and p.reuse >= RESCAN_REUSE and p.mean_run_pages >= RESCAN_RUN:
        s.ev_prio = EV_KEEP
    elif recorded >= 4 and p.reuse < 0.05:
        s.ev_prio = 1
    return s


class AllocationIndex:
    """Which recorded allocation an address falls in, at a given time."""

    def __init__(self, allocs, frees):
        self.events = sorted(
            [(t, 0, a, s) for t, a, s in allocs] + [(t, 1, a, 0) for t, a in frees]
        )
        self.live = {}  # start -> size
        self.starts = []
        self.pos = 0

    def advance(self, time_ns):
        while self.pos < len(self.events) and self.events[self.pos][0] <= time_ns:
            _, is_free, addr, size = self.events[self.pos]
            self.pos += 1
            if is_free:
                if self.live.pop(addr, None) is not None:
                    self.starts.remove(addr)
            elif addr not in self.live:
                bisect.insort(self.starts, addr)
                self.live[addr] = size
            else:
                self.live[addr] = size

    def size_at(self, addr) -> int:
        i = bisect.bisect_right(self.starts, addr) - 1
        if i >= 0:
            start = self.starts[i]
            if addr < start + self.live[start]:
                return self.live[start]
        return 0
