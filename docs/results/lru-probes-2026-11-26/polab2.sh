#!/bin/bash
OPT=/work/main/docs/results/readahead-256-2026-11-26/optab.sh
B3=/tmp/sweep-b3; BU=/tmp/sweep-bundled
run() { name=$1; shift; echo "== $name"; $OPT $REPS "--policy fifo" "--policy lru" -- "$@"; }
cd /tmp/df
REPS=${REPS:-2}
run blackscholes --local 271715532 -- $B3/blackscholes-auto 1024 3
run qsort --local 271715532 -- $B3/qsort-auto 1024
run kvstore --local 345254133 -- $BU/kvstore-auto 1024 4000000 2
run websvc --local 321954775 -- $BU/websvc-auto 1024 400000 2
run dataframe --local 312978606 -- $B3/dataframe-auto 1024
