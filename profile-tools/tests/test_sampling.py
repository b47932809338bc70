"""The error bound on a sampled profile's site shares (farhint/sampling.py)."""

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
