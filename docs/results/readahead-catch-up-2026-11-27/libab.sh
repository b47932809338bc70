#!/bin/bash
# usage: libab.sh REPS NAME -- farhint run args; alternates the base runtime (/tmp/ab/base) and the build's
reps=$1 name=$2; shift 3
for i in $(seq $reps); do for v in base new; do d=/work/main/build; [ $v = base ] && d=${BASE:-/tmp/ab/base}
  t0=$(date +%s.%N); FARHINT_BUILD_DIR=$d /work/main/build/bin/farhint run --stats "$@" >/tmp/df/ab-$v.out 2>&1 || echo "$v FAILED"; t1=$(date +%s.%N)
  printf "%-12s %s %6.2f s %s %s %s\n" $name $v $(echo "$t1 - $t0" | bc) "$(grep -o 'evicted [0-9]*' /tmp/df/ab-$v.out | head -1)" "$(grep -o 'faulting threads [0-9]*' /tmp/df/ab-$v.out)" "$(grep -h checksum /tmp/df/ab-$v.out | head -1)"
done; done
