"""`farhint report --html`: one self-contained page with the site table, a
fault-density flame graph (widths are faults, outermost frame at the top)
and the coverage curve (matplotlib, inlined as SVG)."""

import html
import io

from farhint import report

ROW = 18
WIDTH = 1200


def flame_svg(stacks) -> str:
    """An icicle graph of the recorded stacks, outermost frame at the top."""
    root = {"n": 0, "kids": {}}
    for st in stacks:
        node = root
        node["n"] += st["faults"]
        for name in st["frames"]:
            node = node["kids"].setdefault(name, {"n": 0, "kids": {}})
            node["n"] += st["faults"]
    total = root["n"] or 1
    rects, depth_max = [], 0

    def walk(node, x, depth):
        nonlocal depth_max
        depth_max = max(depth_max, depth)
        for name, kid in sorted(node["kids"].items(), key=lambda kv: -kv[1]["n"]):
            w = WIDTH * kid["n"] / total
            if w >= 1:
                hue = 20 + (hash(name) % 40)
                rects.append(
                    f"<g><title>{html.escape(name)}: {kid['n']} faults "
                    f"({100 * kid['n'] / total:.1f}%)</title>"
                    f'<rect x="{x:.1f}" y="{depth * ROW}" width="{w:.1f}" height="{ROW - 1}" '
                    f'fill="hsl({hue},80%,60%)"/>'
                    f'<text x="{x + 3:.1f}" y="{depth * ROW + 13}" font-size="11">'
                    f"{html.escape(name[: int(w / 7)])}</text></g>"
                )
                walk(kid, x, depth + 1)
            x += w

    walk(root, 0, 0)
    height = (depth_max + 1) * ROW
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'font-family="monospace">{"".join(rects)}</svg>'
    )


def coverage_svg(profile) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted((report.site_faults(s) for s in profile["sites"]), reverse=True)
    total = profile["run"].get("total_faults") or sum(counts) or 1
    cum, ys = 0, []
    for c in counts:
        cum += c
        ys.append(100 * cum / total)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.plot(range(1, len(ys) + 1), ys, marker="o", markersize=3)
    for level in (90, 95, 99):
        ax.axhline(level, color="grey", linewidth=0.5, linestyle="--")
    ax.set_xlabel("top N sites")
    ax.set_ylabel("% of faults covered")
    ax.set_ylim(0, 101)
    ax.set_xlim(0.5, max(len(ys), 1) + 0.5)
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    svg = buf.getvalue()
    return svg[svg.index("<svg") :]


def write_html(profile, path, top=50):
    rows = report.rows(profile, top)
    cov = report.coverage_summary(profile)
    cells = "".join(
        f"<tr><td>{r['rank']}</td><td>{html.escape(r['site'])}</td>"
        f"<td>{html.escape(r['function'])}</td><td>{r['faults']}</td><td>{r['percent']:.1f}</td>"
        f"<td>{r['cumulative']:.1f}</td><td>{r['kind']}</td><td>{html.escape(r['hint'])}</td>"
        f"<td><code>{html.escape(r['source'])}</code></td></tr>"
        for r in rows
    )
    run = profile["run"]
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>farhint report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 6px;font-size:13px}}th{{background:#eee}}</style></head>
<body><h1>farhint report</h1>
<p>{run.get("total_faults", 0)} faults at {run.get("local_bytes", 0) >> 20} MiB local in
<code>{html.escape(" ".join(run.get("command", [])))}</code>.
Sites covering 90% / 95% / 99% of faults: {cov["90%"]} / {cov["95%"]} / {cov["99%"]}.</p>
<h2>Top sites</h2><table><tr><th>rank</th><th>site</th><th>function</th><th>faults</th>
<th>%</th><th>cum %</th><th>kind</th><th>suggested hint</th><th>source</th></tr>{cells}</table>
<h2>Fault-density flame graph</h2>{flame_svg(profile.get("stacks", []))}
<h2>Coverage</h2>{coverage_svg(profile)}
</body></html>"""
    with open(path, "w") as f:
        f.write(page)
