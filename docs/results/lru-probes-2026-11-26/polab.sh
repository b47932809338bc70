#!/bin/bash
# fifo vs lru, hinted builds at 25% of the native peak, alternated
OPT=/work/main/docs/results/readahead-256-2026-11-26/optab.sh
B3=/tmp/sweep-b3; BU=/tmp/sweep-bundled
run() { name=$1; shift; echo "== $name"; $OPT $REPS "--policy fifo" "--policy lru" -- "$@"; }
cd /tmp/df
REPS=${REPS:-2}
run qsort --local 271715532 -- $B3/qsort-auto 1024
run blackscholes --local 271715532 -- $B3/blackscholes-auto 1024 3
run kmedian --local 271847915 -- $B3/kmedian-auto 1024 16 2
run dataframe --local 312978606 -- $B3/dataframe-auto 1024
run pipeline --local 67463475 -- $B3/pipeline-auto 1024 256
run psort --local 610019573 -- $BU/psort-auto 1024 2
run websvc --local 321954775 -- $BU/websvc-auto 1024 400000 2
