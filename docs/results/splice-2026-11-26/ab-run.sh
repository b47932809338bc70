#!/bin/bash
# usage: run.sh REPS VARIANTS... -- farhint args   (variant V: /tmp/ab/V, lib/libfarmem.so its own)
reps=$1; shift; vars=(); while [ "$1" != "--" ]; do vars+=($1); shift; done; shift
TIMEFORMAT=%R
for i in $(seq $reps); do for v in "${vars[@]}"; do t=$( { time FARHINT_BUILD_DIR=/tmp/ab/$v /work/main/build/bin/farhint run "$@" >/dev/null 2>&1; } 2>&1 ); echo "$v $t"; done; done | sort -k1,1 -k2n | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | sort
