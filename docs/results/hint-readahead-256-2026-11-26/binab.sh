#!/bin/bash
# usage: binab.sh REPS LOCAL BIN_A BIN_B -- args   (alternates two binaries under farhint run)
reps=$1; local=$2; a=$3; b=$4; shift 5
for i in $(seq $reps); do for v in A B; do bin=$a; [ $v = B ] && bin=$b; t0=$(date +%s.%N); /work/main/build/bin/farhint run --local $local -- $bin "$@" >/dev/null 2>&1; t1=$(date +%s.%N); printf "%s %.3f\n" $v $(echo "$t1 - $t0" | bc); done; done | sort -k1,1 -k2n | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}' | sort
