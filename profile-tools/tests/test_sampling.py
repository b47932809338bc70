"""The error bound on a sampled profile's site shares (farhint/sampling.py)."""

from collections import Counter

from farhint.sampling import BURST, bursts, share_error


def burst_of(weight, **sites):
    """One burst's records: so many of each site, BURST in all."""
    keys = [k for k, n in sites.items() for _ in range(n)]
    assert len(keys) == BURST
    return [(weight, k) for k in keys]


def test_records_group_into_bursts_of_one_weight():
    sampled = burst_of(4, a=BURST) + burst_of(4, b=BURST) + burst_of(16, a=10, b=BURST - 10)
    assert [(w, len(keys)) for w, keys in bursts(sampled)] == [(4, BURST), (4, BURST), (16, BURST)]


def test_a_site_spread_evenly_is_known_exactly():
    sampled = [r for _ in range(50) for r in burst_of(16, a=512, b=512)]
    assert share_error(sampled, 50 * 16 * BURST) == 0.0


def test_a_site_that_comes_and_goes_is_known_less_well():
    even = [r for _ in range(50) for r in burst_of(16, a=512, b=512)]
    phases = [
        r for i in range(50) for r in (burst_of(16, a=BURST) if i % 2 else burst_of(16, b=BURST))
    ]
    total = 50 * 16 * BURST
    error = share_error(phases, total)
    assert share_error(even, total) < 1 < error < 15
    # Four times the bursts: about half the error.
    longer = phases * 4
    assert 0.4 < share_error(longer, 4 * total) / error < 0.6


def test_one_burst_is_no_measure_of_anything():
    assert share_error(burst_of(4, a=BURST), 4 * BURST) == 100.0


def test_a_phase_of_one_burst_takes_the_spread_of_all_bursts():
    # The last burst of a run is often alone at its weight.
    phases = [
        r for i in range(50) for r in (burst_of(16, a=BURST) if i % 2 else burst_of(16, b=BURST))
    ]
    alone = burst_of(64, a=BURST)
    total = (50 * 16 + 64) * BURST
    assert share_error(phases, total) < share_error(phases + alone, total) < 20


def pages_of(**sites):
    """(page, site, burst weight 1) records: sites map to {page: records}."""
    return [
        (b, k, 1) for k, per_page in sites.items() for b, n in per_page.items() for _ in range(n)
    ]


def test_sampled_pages_alike_give_a_tight_share():
    # Every page holds both sites in the same proportion: which pages were
    # sampled cannot change a share.
    pages = pages_of(a=dict.fromkeys(range(100), 30), b=dict.fromkeys(range(100), 10))
    assert share_error([], 8 * 4000, rate=8, pages=pages) < 0.01


def test_a_site_in_a_few_scattered_pages_is_known_less_well():
    # Site b lives in 5 of the 100 sampled pages, far apart: structures
    # smaller than a group of pages, each sampled by chance; another sample
    # could hold none of them, or twice as many.
    a = dict.fromkeys(range(100), 30)
    scattered = pages_of(a=a, b=dict.fromkeys(range(0, 100, 20), 200))
    # In 5 neighbouring pages: one structure spanning 5 groups, each group
    # sampled once, so its sampled share is its share.
    together = pages_of(a=a, b=dict.fromkeys(range(5), 200))
    total = 8 * 4000
    assert share_error([], total, 8, scattered) > 5 > share_error([], total, 8, together)


def test_the_bursts_error_grows_with_the_spatial_rate():
    # A burst stands for rate times the faults it did without spatial sampling.
    phases = [
        r for i in range(50) for r in (burst_of(16, a=BURST) if i % 2 else burst_of(16, b=BURST))
    ]
    pages = [(i % 64, k, w) for i, (w, k) in enumerate(phases)]
    total = 50 * 16 * BURST
    assert share_error(phases, 4 * total, rate=4, pages=pages) >= share_error(phases, total)


def test_one_sampled_page_is_no_measure_of_anything():
    assert share_error([], 800, rate=8, pages=pages_of(a={0: 100})) == 100.0


def test_a_lone_burst_takes_the_spread_of_the_faults_recorded_in_full():
    # 20 bursts' worth recorded in full, then one burst of weight 4.
    full = [r for i in range(20) for r in burst_of(1, a=BURST // 2, b=BURST // 2)]
    lone = burst_of(4, a=BURST // 2, b=BURST // 2)
    assert share_error(full + lone, (20 + 4) * BURST) < 1
    assert share_error(lone, 4 * BURST) == 100.0  # nothing to measure it by


def test_windows_alike_give_a_tight_share_and_windows_apart_a_loose_one():
    # Ten recorded windows of a run traced a third of the time: a site with
    # the same share in each is known well; one seen in a few is not.
    alike = [Counter(a=300, b=100) for _ in range(10)]
    apart = [Counter(a=400) if i % 3 else Counter(b=400) for i in range(10)]
    total = 4000
    assert share_error([], total, windows=(alike, 1 / 3)) < 0.01
    assert share_error([], total, windows=(apart, 1 / 3)) > 10


def test_one_recorded_window_is_no_measure_of_anything():
    assert share_error([], 400, windows=([Counter(a=300, b=100)], 1 / 3)) == 100.0
