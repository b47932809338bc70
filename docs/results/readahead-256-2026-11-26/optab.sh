#!/bin/bash
# usage: optab.sh REPS "OPTS_A" "OPTS_B" -- farhint run args...  (alternates two option sets, same runtime)
reps=$1; a=$2; b=$3; shift 4
for i in $(seq $reps); do for v in A B; do o=$a; [ $v = B ] && o=$b; t0=$(date +%s.%N); /work/main/build/bin/farhint run $o "$@" >/dev/null 2>&1; t1=$(date +%s.%N); printf "%s %.3f\n" $v $(echo "$t1 - $t0" | bc); done; done | sort -k1,1 -k2n | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | sort
