"""The access-pattern statistics and suggestion rules (farhint/analysis.py)
on synthetic fault sequences."""

import random

from farhint.analysis import AllocationIndex, SiteFaults, analyze, suggest


def site(pages, kind="read", tid=1, alloc=0):
    sf = SiteFaults()
    for p in pages:
        sf.add(tid, p, kind, False, alloc)
    return sf


def test_forward_scan_is_seq_with_positive_readahead():
    sf = site(range(100, 400))
    p = analyze(sf)
    s = suggest(sf, p)
    assert p.forward_runs == 1 and p.mean_run_pages == 300 and p.stride_pages == 1
    assert s.seq and s.rdahead == 256 and not s.mut and s.ev_prio == 1  # a long run


def test_a_scan_sampled_one_page_in_a_group_is_still_a_long_run():
    # Spatial sampling of 1 page in each group of 32: a scan over 3200
    # pages shows as one page per group, 32 apart.
    pages = [g * 32 + (g * 7) % 32 for g in range(100)]
    sf = site(pages)
    assert not suggest(sf, analyze(sf)).seq  # read as pages, no two are neighbours
    p = analyze(sf, spatial_rate=32)
    assert p.forward_runs == 1 and p.mean_run_pages == 3200
    assert suggest(sf, p).seq and suggest(sf, p).rdahead == 256


def test_backward_scan_reads_ahead_backwards():
    sf = site(range(400, 100, -1))
    s = suggest(sf, analyze(sf))
    assert s.seq and s.rdahead == -256


def test_runs_shorter_than_the_long_window_read_16_ahead():
    sf = site(runs(40, 80))
    p = analyze(sf)
    assert p.mean_run_pages == 40 and suggest(sf, p).rdahead == 16


def runs(length, count):
    """count runs of length pages each, 100 pages apart."""
    return [p for start in range(0, 100 * count, 100) for p in range(start, start + length)]


def test_short_runs_shorten_readahead():
    sf = site(runs(4, 40))
    p = analyze(sf)
    s = suggest(sf, p)
    assert s.seq and s.rdahead == 4 and p.mean_run_pages == 4


def test_random_probes_are_not_seq():
    rng = random.Random(7)
    sf = site([rng.randrange(1 << 20) for _ in range(2000)])
    p = analyze(sf)
    s = suggest(sf, p)
    assert not s.seq and s.rdahead == 0 and p.seq_share < 0.05


def test_interleaved_streams_are_followed():
    # memcpy: source page, destination page, next source page, ...
    pages = [x for k in range(500) for x in (1000 + k, 50000 + k)]
    sf = site(pages, kind="write")
    p = analyze(sf)
    assert p.forward_runs == 2 and p.seq_share > 0.99
    assert suggest(sf, p).seq


def test_writes_make_mut_and_reads_do_not():
    w = site(range(10), kind="write")
    assert suggest(w, analyze(w)).mut
    rmw = SiteFaults()  # a read-modify-write line: read, then write-protect fault
    for p in range(10):
        rmw.add(1, p, "read", False, 0)
        rmw.add(1, p, "write_protect", False, 0)
    assert suggest(rmw, analyze(rmw)).mut
    r = site(range(10))
    assert not suggest(r, analyze(r)).mut


def test_a_rescanned_range_is_kept():
    sf = site(list(range(50)) * 4)  # scanned four times, every page faulted each time
    p = analyze(sf)
    assert p.reuse == 0.75 and suggest(sf, p).ev_prio == -1


def test_objects_of_a_few_pages_read_again_and_again_are_not_kept():
    # A server's hot objects: 3-page objects read whole, drawn again and again.
    rng = random.Random(5)
    pages = []
    for _ in range(300):
        first = 3 * rng.randrange(40)
        pages += [first, first + 1, first + 2]
    sf = site(pages)
    p = analyze(sf)
    s = suggest(sf, p)
    assert p.reuse >= 0.5 and s.seq and p.mean_run_pages < 4 and s.ev_prio == 0


def test_reused_random_pages_keep_normal_eviction_priority():
    rng = random.Random(3)
    sf = site([rng.randrange(50) for _ in range(400)])  # reused, in no order
    p = analyze(sf)
    assert p.reuse > 0.5 and not suggest(sf, p).seq and suggest(sf, p).ev_prio == 0


def test_threads_are_analyzed_separately():
    sf = SiteFaults()
    for k in range(200):  # two threads scanning different halves, interleaved
        sf.add(1, k, "read", False, 0)
        sf.add(2, 100000 + k, "read", False, 0)
    assert suggest(sf, analyze(sf)).seq


def test_allocation_index_follows_allocs_and_frees():
    idx = AllocationIndex(allocs=[(10, 0x1000, 0x4000), (30, 0x9000, 0x1000)], frees=[(20, 0x1000)])
    idx.advance(15)
    assert idx.size_at(0x2FFF) == 0x4000 and idx.size_at(0x5000) == 0
    idx.advance(35)
    assert idx.size_at(0x2000) == 0 and idx.size_at(0x9800) == 0x1000


def test_median_allocation_size_is_reported():
    sf = SiteFaults()
    for size in (100, 300, 300):
        sf.add(1, 1, "read", False, size)
    assert analyze(sf).alloc_bytes == 300


def test_reads_that_are_written_later_suggest_mut():
    sf = site(range(100))
    sf.reads_written_later = 80  # another site wrote 80 of the 100 pages it read
    p = analyze(sf)
    assert p.written_later == 0.8 and suggest(sf, p).mut
    sf.reads_written_later = 10
    assert not suggest(sf, analyze(sf)).mut


def test_a_sampled_scan_is_still_seq():
    # A sampled trace keeps bursts of consecutive faults, each record
    # standing for many: runs and repeats are shares of the records.
    sf = SiteFaults()
    for p in list(range(100, 400)) + list(range(9000, 9300)):
        sf.add(1, p, "read", False, 0, weight=64)
    p = analyze(sf)
    s = suggest(sf, p)
    assert sf.total == 600 * 64
    assert p.seq_share > 0.99 and p.reuse == 0
    assert s.seq and s.rdahead == 256 and s.ev_prio == 1


def test_one_heavy_record_is_too_few_to_judge():
    sf = SiteFaults()
    sf.add(1, 5, "read", False, 0, weight=4096)
    s = suggest(sf, analyze(sf))
    assert not s.seq and s.ev_prio == 0


def test_a_sampled_rescan_is_known_by_its_faults_over_the_footprint():
    # Bursts of a scan re-run level after level: no page twice among the
    # records, but 64 times more faults than the program has pages.
    sf = SiteFaults()
    for p in range(4096):
        sf.add(1, p, "read", False, 0, weight=1024)
    assert analyze(sf).reuse == 0
    p = analyze(sf, footprint_pages=65536)
    s = suggest(sf, p)
    assert p.reuse > 0.98 and s.seq and s.ev_prio == -1
