#!/usr/bin/env python3
"""Alternated nohint/auto runs of CRONO programs under farhint run; appends
one line per run to the log: program local config seconds fetched."""

import json
import os
import subprocess
import sys
import tempfile
import time

F = os.environ.get("FARHINT", "farhint")
PROGS = {
    "bfs": ("bfs", "bfs-v8", "bfs-v8.fhprof", "0 2 131072 512"),
    "sssp": ("sssp", "sssp-v8", "sssp-v8.fhprof", "0 2 1048576 16"),
    "pagerank": ("pagerank", "pagerank-v8", "pagerank-v8.fhprof", "0 2 2097152 32"),
    "connected_components": (
        "connected_components_lock",
        "cc-v8",
        "cc-v8.fhprof",
        "0 2 2097152 32",
    ),
    "triangle_counting": ("tri", "tri-auto", "tri.fhprof", "0 2 2097152 16"),
}
log, locals_, repeats, names = (
    sys.argv[1],
    sys.argv[2].split(","),
    int(sys.argv[3]),
    sys.argv[4].split(","),
)
os.chdir(os.environ.get("CRONO_BUILDS", "."))
for local in locals_:
    for name in names:
        plain, auto, prof, args = PROGS[name]
        for r in range(repeats):
            for config, binary in (("nohint", plain), ("auto", auto)):
                stats = tempfile.mktemp(suffix=".json")
                t0 = time.time()
                p = subprocess.run(
                    [
                        F,
                        "run",
                        "--local",
                        local,
                        "--profile",
                        prof,
                        "--stats-file",
                        stats,
                        "--",
                        "./" + binary,
                        *args.split(),
                    ],
                    capture_output=True,
                    text=True,
                )
                dt = time.time() - t0
                c = json.load(open(stats))["counters"] if os.path.exists(stats) else {}
                with open(log, "a") as f:
                    f.write(
                        f"{name} {local} {config} {dt:.2f} rc={p.returncode} fetched={c.get('fetched_pages')} kept={c.get('keep_admitted')}\n"
                    )
