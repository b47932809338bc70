"""How far to trust the site shares of a sampled trace.

Past its first faults the recorder keeps bursts of FARHINT_TRACE_BURST
consecutive faults, one burst in every w (w grows as the run goes on), and
weighs each record by w. A site's estimated faults in a phase of weight w is
then w times its records in the phase's bursts: the total of a sample of
bursts. Taking the bursts as a simple random sample of the phase's bursts
(cluster sampling), that total's variance is n w^2 (1 - 1/w) s^2, with n the
bursts sampled and s^2 the variance of the site's records per burst; the
phases are independent, and the faults recorded in full add nothing.

The bound this gives follows the program: a site spread evenly over the run
varies little from burst to burst, one that comes and goes varies a lot.
(The earlier bound took each burst as one draw that could be all one site's:
+-13.9 points for a connected_components profile whose shares were within
1.1 points of one recorded with six times as many records.)
"""

from collections import Counter, defaultdict

BURST = 1024  # FARHINT_TRACE_BURST (runtime/include/farhint/trace.h)
Z95 = 1.96


def bursts(sampled):
    """(weight, [site keys]) of each burst, from (weight, site key) of the
    sampled records in time order: a burst is BURST records of one weight."""
    out = []
    for weight, key in sampled:
        if not out or out[-1][0] != weight or len(out[-1][1]) >= BURST:
            out.append((weight, []))
        out[-1][1].append(key)
    return out


def _spread(counts, n):
    """Sample variance of a site's records per burst over n bursts (counts:
    where it had any; the other bursts had none)."""
    total, squares = sum(counts), sum(c * c for c in counts)
    return (squares - total * total / n) / (n - 1)


def _counts_by_site(counters):
    """Site key -> its records in each burst where it had any."""
    out = defaultdict(list)
    for c in counters:
        for key, count in c.items():
            out[key].append(count)
    return out


def share_error(sampled, estimated_total) -> float:
    """The largest 95% bound, in percentage points, on any site's share of
    all faults; sampled: (weight, site key) of each sampled record in time
    order; estimated_total: all faults, each record counted for its weight.
    A phase of one burst has no spread of its own to measure: it takes the
    site's spread over all bursts."""
    phases = defaultdict(list)  # weight -> [Counter of site keys per burst]
    for weight, keys in bursts(sampled):
        phases[weight].append(Counter(keys))
    all_bursts = [c for counters in phases.values() for c in counters]
    if len(all_bursts) < 2 or not estimated_total:
        return 100.0 if estimated_total else 0.0
    everywhere = _counts_by_site(all_bursts)
    variance = Counter()
    for weight, counters in phases.items():
        per_site, n = _counts_by_site(counters), len(counters)
        for key in everywhere:
            s2 = _spread(per_site[key], n) if n >= 2 else _spread(everywhere[key], len(all_bursts))
            variance[key] += n * weight * weight * (1 - 1 / weight) * s2
    return round(100 * Z95 * max(variance.values()) ** 0.5 / estimated_total, 2)
