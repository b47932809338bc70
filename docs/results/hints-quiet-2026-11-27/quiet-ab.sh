#!/bin/bash
# usage: quiet-ab.sh BUILDS PCT REPS [APP...]
# BUILDS: a `farhint bench --out` folder holding each app's <app>-native and
# <app>-auto builds. Runs, alternated, each app natively, then its hinted
# build under farhint at PCT% of its native peak (budgets.txt) with hints
# never quiet (--hints-quiet-below 0) and with the default; prints seconds.
builds=$1 pct=$2 reps=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd)
farhint=${FARHINT:-/work/main/build/bin/farhint}
declare -A ARGS=([qsort]="1024" [gen]="256" [kvstore]="1024 16000000 2" [blackscholes]="1024 3"
  [psort]="1024 2" [websvc]="1024 400000 2" [kmedian]="1024 16 2" [dataframe]="1024"
  [pipeline]="1024 256")
apps=${*:-qsort gen kvstore blackscholes psort websvc kmedian dataframe pipeline}
secs() { local t0=$(date +%s.%N); "$@" > /tmp/quiet-ab.out 2>&1 || echo "FAILED: $*" >&2; echo "$(date +%s.%N) - $t0" | bc; }
for app in $apps; do
  budget=$(( $(awk -v a=$app '$1 == a {print $2}' "$here/budgets.txt") * pct / 100 ))
  for i in $(seq $reps); do
    nat=$(secs "$builds/$app-native" ${ARGS[$app]})
    off=$(secs "$farhint" run --local $budget --hints-quiet-below 0 -- "$builds/$app-auto" ${ARGS[$app]})
    on=$(secs "$farhint" run --stats --local $budget -- "$builds/$app-auto" ${ARGS[$app]})
    quiet=$(grep -o 'hints quiet [0-9]* times, [0-9.]* s' /tmp/quiet-ab.out)
    printf "%-12s %3d%% native %6.2f  never quiet %6.2f  default %6.2f  (%s)\n" $app $pct $nat $off $on "$quiet"
  done
done
