"""The plots `farhint bench` draws from its runs (profile-tools/farhint/bench_plot.py)."""

import warnings

from farhint import bench_plot


def run(app, config, pct, seconds, status="ok"):
    return {
        "app": app,
        "config": config,
        "local_pct": str(pct),
        "repeat": "1",
        "seconds": str(seconds),
        "status": status,
    }


def test_the_legend_names_configurations_drawn_in_any_panel(tmp_path, monkeypatch):
    """At 10% the first program finished under neither configuration (both
    stopped at the timeout) and the second under both: the legend, in the
    first panel, still names both (it named none, with a warning, when it
    was taken from the first panel's lines alone)."""
    rows = [
        run("dataframe", "native", 100, 6.6),
        run("dataframe", "kswap", 10, 204.6, "timeout"),
        run("dataframe", "auto", 10, 204.3, "timeout"),
        run("kvstore", "native", 100, 6.9),
        run("kvstore", "kswap", 10, 94.1),
        run("kvstore", "auto", 10, 79.0),
    ]
    legends = {}
    save = bench_plot._save

    def keep_legend(fig, base):
        legend = fig.axes[0].get_legend()
        legends[base.name] = [t.get_text() for t in legend.get_texts()] if legend else []
        save(fig, base)

    monkeypatch.setattr(bench_plot, "_save", keep_legend)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="No artists with labels")
        bench_plot.plot_all(rows, [0.1], tmp_path)
    assert legends["time-vs-local"] == ["kswap", "auto"]
    assert (tmp_path / "time-vs-local.png").stat().st_size > 0
