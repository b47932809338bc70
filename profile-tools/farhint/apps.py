"""The bundled benchmark applications (apps/): how to build and run each,
with a small input (tests, the demo) and a large one (benchmarks). Every app
prints "checksum <hex>" as its last line."""

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLAGS = ["-O2", "-g", "-pthread", f"-I{ROOT / 'apps/common'}"]  # as apps/CMakeLists.txt
LIBS = ["-lm", "-lz"]


@dataclass(frozen=True)
class App:
    name: str
    source: str
    small: tuple
    large: tuple
    what: str
    manual: bool = False  # has hand hints (MANUAL_HINT, built with -DFARHINT_MANUAL)

    @property
    def source_path(self) -> Path:
        return ROOT / self.source

    @property
    def cxx(self) -> bool:
        return self.source.endswith(".cpp")

    def args(self, size: str) -> list:
        return list(self.small if size == "small" else self.large)


APPS = {a.name: a for a in [
    App("qsort", "apps/qsort/qsort.c", ("48",), ("512",),
        "quicksort of random 64-bit keys (PFA's Qsort)"),
    App("gen", "apps/gen/gen.c", ("8",), ("256",),
        "de-novo assembly through a k-mer hash table (PFA's Gen)"),
    App("kvstore", "apps/kvstore/kvstore.c", ("32", "200000", "2"), ("512", "4000000", "2"),
        "memcached-like chained hash table, Zipf 1.0 GETs and 5% SETs", manual=True),
    App("graph", "apps/graph/graph.c", ("16", "2"), ("21", "2"),
        "BFS, PageRank, SSSP, connected components and triangles on an R-MAT graph (CRONO)"),
    App("blackscholes", "apps/blackscholes/blackscholes.c", ("48", "3"), ("512", "3"),
        "Black-Scholes pricing over a large option array (PARSEC)"),
    App("psort", "apps/psort/psort.c", ("48", "2"), ("512", "2"),
        "parallel sort by regular sampling (Eden A.4)"),
    App("websvc", "apps/websvc/websvc.c", ("32", "40000", "2"), ("512", "400000", "2"),
        "32 hash-table lookups then an 8 KiB object per request, Zipf 0.8 (AIFM/Eden)",
        manual=True),
    App("kmedian", "apps/kmedian/kmedian.c", ("48", "16", "2"), ("512", "16", "2"),
        "streaming k-median clustering in chunks (PARSEC streamcluster)"),
    App("dataframe", "apps/dataframe/dataframe.cpp", ("48",), ("512",),
        "columnar table of taxi trips: filter, group-by, sort, select (Eden DataFrame)"),
    App("pipeline", "apps/pipeline/pipeline.c", ("32", "8"), ("1024", "256"),
        "deduplicating compressor: content-defined chunks, an index, zlib (PARSEC dedup)"),
]}


def checksum_of(stdout: str):
    for line in reversed(stdout.strip().splitlines()):
        if line.startswith("checksum "):
            return line.split()[1]
    return None
