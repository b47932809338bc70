"""Plots of a bench run: normalized time against local memory per app (as
Eden's Fig. 6/7 and the PFA figure), faults by path, and fault latency with
runtime CPU. PNG and SVG each."""

from farhint.bench import medians

STYLE = {
    "kswap": ("tab:red", "s"),
    "nohint": ("tab:orange", "^"),
    "auto": ("tab:green", "o"),
    "auto-noprefetch": ("tab:olive", "v"),
    "auto-nobuffer": ("tab:gray", "v"),
    "manual": ("tab:blue", "D"),
    "ult": ("tab:purple", "P"),
    "nohint-ult": ("tab:brown", "P"),
    "compress": ("tab:cyan", "*"),
    "nohint-compress": ("tab:pink", "*"),
    # --ab: the same configurations on the other build's runtime
    "nohint@base": ("tab:orange", "x"),
    "auto@base": ("tab:green", "x"),
    "auto-noprefetch@base": ("tab:olive", "x"),
    "auto-nobuffer@base": ("tab:gray", "x"),
    "manual@base": ("tab:blue", "x"),
}


def _save(fig, base):
    for ext in ("png", "svg"):
        fig.savefig(f"{base}.{ext}", dpi=120)


def plot_all(rows, fractions, out_dir):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    apps_ = sorted({r["app"] for r in rows})
    _time_vs_local(plt, rows, fractions, apps_, out_dir)
    _faults_latency_cpu(plt, rows, apps_, out_dir)


def _plain_log_ticks(ax):
    """Ratios as plain numbers (0.9, 2, 10), not powers of ten: every minor
    tick labelled on a panel less than a decade tall, 2, 3 and 5 of each
    decade on a taller one, so neither is bare nor crowded."""
    from matplotlib import ticker

    low, high = ax.get_ylim()
    every = high / low < 10

    def minor(y, _):
        return f"{y:g}" if every or f"{y:.1e}"[0] in "235" else ""

    ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda y, _: f"{y:g}"))
    ax.yaxis.set_minor_formatter(ticker.FuncFormatter(minor))


def _time_vs_local(plt, rows, fractions, apps_, out_dir):
    """Each program's time over native's against local memory, one panel each."""
    med = medians(rows)
    pcts = sorted({round(f * 100) for f in fractions}, reverse=True)

    # Budgets evenly spaced, largest first; five panels a row.
    at = {p: i for i, p in enumerate(pcts)}
    cols = min(5, len(apps_))
    rows_ = -(-len(apps_) // cols)
    fig, axes = plt.subplots(rows_, cols, figsize=(3.2 * cols, 3.2 * rows_), squeeze=False)
    for ax in axes.flat[len(apps_) :]:
        ax.set_visible(False)
    for ax, app in zip(axes.flat, apps_, strict=False):
        base = med.get((app, "native", 100), (None,))[0]
        for nth, (config, (color, marker)) in enumerate(STYLE.items()):
            xs, ys, failed, skipped = [], [], [], []
            for p in pcts:
                t, statuses, every = med.get((app, config, p), (None, [], None))
                if t is not None and base:
                    xs.append(at[p])
                    ys.append(t / base)
                elif every is not None and base:
                    failed.append((at[p], every / base, ", ".join(statuses)))
                elif statuses:
                    skipped.append(at[p])
            if xs:
                ax.plot(xs, ys, color=color, marker=marker, label=config)
            # A run that did not finish (timeout, OOM) is drawn where it was
            # stopped, named: never as a time it did not take.
            for p, stopped, status in failed:
                ax.plot([p], [stopped], color=color, marker="x", markersize=10, linestyle="none")
                ax.annotate(
                    f"{status}\n> {stopped:.1f}x",
                    (p, stopped),
                    textcoords="offset points",
                    xytext=(0, -8 - 12 * nth),  # configs stopped alike stay legible
                    ha="center",
                    va="top",
                    fontsize=7,
                    color=color,
                )
            # Not run after it did not finish at a larger budget: named at the
            # panel's foot, without a time.
            for p in skipped:
                ax.annotate(
                    "not run",
                    (p, 0.02 + 0.06 * nth),
                    xycoords=("data", "axes fraction"),
                    ha="center",
                    fontsize=7,
                    color=color,
                )
        ax.axhline(1, color="grey", linewidth=0.6)
        ax.set_title(app)
        ax.set_xlabel("local memory (% of native peak)")
        ax.set_xticks(range(len(pcts)), [str(p) for p in pcts])
        ax.set_xlim(-0.5, len(pcts) - 0.5)
        ax.set_yscale("log")
        _plain_log_ticks(ax)
    for row in axes:
        row[0].set_ylabel("time / native")
    # One legend, in the first panel, for the configurations drawn in any
    # (the first may have none: every run there stopped).
    drawn = {}
    for ax in axes.flat:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            drawn.setdefault(label, handle)
    if drawn:
        axes.flat[0].legend(list(drawn.values()), list(drawn), fontsize=8)
    fig.tight_layout()
    _save(fig, out_dir / "time-vs-local")
    plt.close(fig)


def _count(n):
    """2.5M, 400K, 0: a count a reader takes in at a glance."""
    for scale, unit in ((1e6, "M"), (1e3, "K")):
        if n >= scale:
            return f"{n / scale:g}{unit}"
    return f"{n:g}"


def _faults_latency_cpu(plt, rows, apps_, out_dir):
    """Faults by path, fault latency and the runtime's CPU at the lowest budget."""
    farmem = [
        r
        for r in rows
        if r["config"] in ("nohint", "auto")
        and r["status"] == "ok"
        and r.get("faults_hinted") not in (None, "")
    ]
    if not farmem:
        return
    low = min(int(r["local_pct"]) for r in farmem)
    labels, hinted, unhinted, p50, p99, cpu = [], [], [], [], [], []
    for app in apps_:
        for config in ("nohint", "auto"):
            rs = [
                r
                for r in farmem
                if r["app"] == app and r["config"] == config and int(r["local_pct"]) == low
            ]
            if not rs:
                continue
            # the run of median time, as the summary's median
            r = sorted(rs, key=lambda r: float(r["seconds"]))[len(rs) // 2]
            labels.append(f"{app} {config}")
            hinted.append(float(r["faults_hinted"]))
            unhinted.append(float(r["faults_unhinted"]))
            key = "hinted" if config == "auto" else "unhinted"
            p50.append(float(r[f"latency_{key}_p50_us"]))
            p99.append(float(r[f"latency_{key}_p99_us"]))
            cpu.append(float(r["runtime_cpu_ms"]))
    from matplotlib import ticker

    # One panel above another, so a sweep of many programs stays legible.
    fig, (a1, a2, a3) = plt.subplots(3, 1, figsize=(max(6, 0.9 * len(labels)), 9))
    x = range(len(labels))
    a1.bar(x, hinted, label="hinted", color="tab:green")
    a1.bar(x, unhinted, bottom=hinted, label="unhinted", color="tab:orange")
    a1.set_title(f"faults by path at {low}% local")
    a1.legend(fontsize=8)
    a2.bar([i - 0.2 for i in x], p50, width=0.4, label="p50")
    a2.bar([i + 0.2 for i in x], p99, width=0.4, label="p99")
    a2.set_title("fault latency (us, main path)")
    a2.legend(fontsize=8)
    a3.bar(x, [ms / 1000 for ms in cpu], color="tab:purple")
    a3.set_title("runtime CPU (s)")
    a1.yaxis.set_major_formatter(ticker.FuncFormatter(lambda n, _: _count(n)))
    for a in (a1, a2, a3):
        a.set_xticks(list(x))
        a.set_xticklabels(labels, fontsize=7, rotation=30, ha="right")
    fig.tight_layout()
    _save(fig, out_dir / "faults-latency-cpu")
    plt.close(fig)
