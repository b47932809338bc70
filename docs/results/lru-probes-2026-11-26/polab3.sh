#!/bin/bash
OPT=/work/main/docs/results/readahead-256-2026-11-26/optab.sh
B3=/tmp/sweep-b3; BU=/tmp/sweep-bundled; C=/tmp/sweep-crono2
run() { name=$1; shift; echo "== $name"; $OPT $REPS "--policy fifo" "--policy lru" -- "$@"; }
cd /tmp/df
REPS=${REPS:-2}
run kmedian --local 271847915 -- $B3/kmedian-auto 1024 16 2
run pipeline --local 67463475 -- $B3/pipeline-auto 1024 256
run psort --local 610019573 -- $BU/psort-auto 1024 2
run qsort-nohint --local 271715532 -- $B3/qsort-native 1024
run pagerank --local 781403484 -- $C/pagerank-auto 0 2 4194304 32
run dfs --local 492265144 -- $C/dfs-auto 0 2 4194304 16
run cc --local 572818995 -- $C/connected_components-auto 0 2 4194304 32
run sssp --local 123882301 -- $C/sssp-auto 0 2 1048576 16
