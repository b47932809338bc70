#!/bin/bash
# usage: run.sh REPS VARIANTS... -- farhint args
reps=$1; shift; vars=(); while [ "$1" != "--" ]; do vars+=($1); shift; done; shift
TIMEFORMAT=%R
for i in $(seq $reps); do for v in "${vars[@]}"; do cp /tmp/var/$v.so /work/main/build/lib/libfarmem.so; t=$( { time /work/main/build/bin/farhint run "$@" >/dev/null 2>&1; } 2>&1 ); echo "$v $t"; done; done | sort -k1,1 -k2n | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | sort
