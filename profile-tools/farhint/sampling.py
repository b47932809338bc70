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


def _page_variance(pages, rate):
    """Site key -> the variance, from which pages were sampled, of its
    estimated faults less its share of all the estimated faults (a share's
    error, times the total), or None with fewer than two pages. pages:
    (page, site key, burst weight) of each record.

    The runtime samples one page in each aligned group of rate (a
    stratified sample by address), so the variance is the successive
    differences estimator of systematic sampling: neighbouring sampled
    pages, in address order, stand for each other's strata. And it is of
    the ratio: per page, the site's faults less its share of the page's,
    so that what varies with every site at once (how many of a page's
    faults the bursts kept) does not count as the site's error."""
    per_page = defaultdict(Counter)  # page -> site key -> faults there
    for page, key, weight in pages:
        per_page[page][key] += weight
    n = len(per_page)
    if n < 2:
        return None
    ordered = [per_page[p] for p in sorted(per_page)]
    totals = [sum(c.values()) for c in ordered]
    grand = sum(totals)
    site_totals = Counter()
    for c in ordered:
        site_totals.update(c)
    variance = Counter()
    for key, site_total in site_totals.items():
        share = site_total / grand
        d = [c[key] - share * t for c, t in zip(ordered, totals)]
        s2 = sum((b - a) ** 2 for a, b in zip(d, d[1:])) / (2 * (n - 1))
        variance[key] = n * rate * rate * (1 - 1 / rate) * s2
    return variance


def share_error(sampled, estimated_total, rate=1, pages=()) -> float:
    """The largest 95% bound, in percentage points, on any site's share of
    all faults. sampled: (burst weight, site key) of each record in time
    order (weight 1: recorded in full); estimated_total: all faults, each record counted
    for its weight; rate, pages: with spatial sampling, 1 page in rate was
    far, and (page, site key, burst weight) of every record. The two
    samplings are independent: their variances add."""
    if not estimated_total:
        return 0.0
    variance = Counter()
    for part, scale in (
        (sampled and _burst_variance(sampled), rate * rate),
        (rate > 1 and _page_variance(pages, rate), 1),
    ):
        if part is None:
            return 100.0
        for key, v in (part or {}).items():
            variance[key] += v * scale
    if not variance:
        return 0.0
    return round(100 * Z95 * max(variance.values()) ** 0.5 / estimated_total, 2)
