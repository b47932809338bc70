"""How far to trust the site shares of a sampled trace.

Past its first faults the recorder keeps bursts of FARHINT_TRACE_BURST
consecutive faults, one burst in every w (w grows as the run goes on), and
weighs each record by w. A site's estimated faults in a phase of weight w is
then w times its records in the phase's bursts: the total of a sample of
bursts. Taking the bursts as a simple random sample of the phase's bursts
(cluster sampling), that total's variance is n w^2 (1 - 1/w) s^2, with n the
bursts sampled and s^2 the variance of the site's records per burst; the
phases are independent, and the faults recorded in full add nothing.

With spatial sampling (1 page in each aligned group of R far, the rest
local: farhint/trace.h) which pages were sampled is a second, independent
sample: pages as clusters, one per stratum, each site's faults per page
measured; its variance adds to the bursts'.

Traced in windows of time (farhint/trace.h), each recorded window stands
for the time up to the next one: the windows are a third sample, a
systematic one of the run's time, whose variance adds too, measured as
the pages' is, from neighbouring windows.

The bound this gives follows the program: a site spread evenly over the run
varies little from burst to burst, one that comes and goes varies a lot.
(The earlier bound took each burst as one draw that could be all one site's:
+-13.9 points for a connected_components profile whose shares were within
1.1 points of one recorded with six times as many records.)
"""

from collections import Counter, defaultdict
from itertools import pairwise

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


def _burst_variance(sampled):
    """Site key -> the variance of its estimated faults from the bursts
    sampled (in faults of the sampled pages), or None when there is no
    spread to measure. The faults recorded in full (weight 1) add nothing
    but, cut into bursts, lend their spread to a phase of one burst, which
    takes the site's spread over all bursts (a trace with spatial sampling
    often has one burst past its 20,000 full records)."""
    phases = defaultdict(list)  # weight -> [Counter of site keys per burst]
    for weight, keys in bursts(sampled):
        phases[weight].append(Counter(keys))
    all_bursts = [c for counters in phases.values() for c in counters]
    if len(all_bursts) < 2:
        return None
    everywhere = _counts_by_site(all_bursts)
    variance = Counter()
    for weight, counters in phases.items():
        per_site, n = _counts_by_site(counters), len(counters)
        for key in everywhere:
            s2 = _spread(per_site[key], n) if n >= 2 else _spread(everywhere[key], len(all_bursts))
            variance[key] += n * weight * weight * (1 - 1 / weight) * s2
    return variance


def _systematic_variance(ordered, scale):
    """Site key -> the variance of its estimated faults less its share of
    all of them, from a systematic sample of units in order (a Counter of
    site key -> faults for each unit sampled), or None with fewer than two:
    the successive differences estimator, neighbouring units standing for
    each other's strata, times scale (the sampling's own factor). Of the
    ratio: per unit, the site's faults less its share of the unit's, so
    that what varies with every site at once does not count as its error."""
    n = len(ordered)
    if n < 2:
        return None
    totals = [sum(c.values()) for c in ordered]
    grand = sum(totals)
    site_totals = Counter()
    for c in ordered:
        site_totals.update(c)
    variance = Counter()
    for key, site_total in site_totals.items():
        share = site_total / grand
        d = [c[key] - share * t for c, t in zip(ordered, totals, strict=False)]
        s2 = sum((b - a) ** 2 for a, b in pairwise(d)) / (2 * (n - 1))
        variance[key] = n * scale * s2
    return variance


def _page_variance(pages, rate):
    """Site key -> the variance, from which pages were sampled, of its
    estimated faults less its share of all the estimated faults (a share's
    error, times the total), or None with fewer than two pages. pages:
    (page, site key, burst weight) of each record. The runtime samples one
    page in each aligned group of rate (a stratified sample by address):
    pages in address order, and what the bursts kept of a page's faults
    varies with every site at once."""
    per_page = defaultdict(Counter)  # page -> site key -> faults there
    for page, key, weight in pages:
        per_page[page][key] += weight
    ordered = [per_page[p] for p in sorted(per_page)]
    return _systematic_variance(ordered, rate * rate * (1 - 1 / rate))


def _window_variance(windows, recorded_share):
    """Site key -> the variance, from which stretches of time were
    recorded, of its estimated faults less its share of all of them, or
    None with fewer than two recorded windows. windows: a Counter of site
    key -> estimated faults for each recorded window, in time order;
    recorded_share: of the run's time."""
    return _systematic_variance(windows, 1 - recorded_share)


def share_error(sampled, estimated_total, rate=1, pages=(), windows=None) -> float:
    """The largest 95% bound, in percentage points, on any site's share of
    all faults. sampled: (burst weight, site key) of each record in time
    order (weight 1: recorded in full); estimated_total: all faults, each record counted
    for its weight; rate, pages: with spatial sampling, 1 page in rate was
    far, and (page, site key, burst weight) of every record; windows:
    traced in windows of time, (a Counter of site key -> estimated faults
    for each recorded window, the recorded share of the run's time), the
    other variances then scaled up as the windows' weights scale the
    records. The samplings are independent: their variances add."""
    if not estimated_total:
        return 0.0
    variance = Counter()
    counts, recorded = windows or ([], 1.0)
    stretch = 1 / recorded if recorded else 1.0
    for part, scale in (
        (sampled and _burst_variance(sampled), (rate * stretch) ** 2),
        (rate > 1 and _page_variance(pages, rate), stretch**2),
        (windows is not None and _window_variance(counts, recorded), 1),
    ):
        if part is None:
            return 100.0
        for key, v in (part or {}).items():
            variance[key] += v * scale
    if not variance:
        return 0.0
    return round(100 * Z95 * max(variance.values()) ** 0.5 / estimated_total, 2)
