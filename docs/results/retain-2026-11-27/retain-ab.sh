#!/bin/bash
# usage: retain-ab.sh BUILDS PCT REPS [APP...]
# BUILDS: a `farhint bench --out` folder holding each app's <app>-native and
# <app>-auto builds. Runs, alternated, each app natively, then its hinted
# build under the runtime before this change ($BEFORE, a build of 1dde9b9)
# and under this one ($AFTER), at PCT% of its native peak (budgets.txt);
# prints seconds, and how long hints were quiet and how many pages each
# run evicted and wrote back.
builds=$1 pct=$2 reps=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd)
before=${BEFORE:-/tmp/base/build/bin/farhint}
after=${AFTER:-/work/main/build/bin/farhint}
declare -A ARGS=([qsort]="1024" [gen]="256" [kvstore]="1024 16000000 2" [blackscholes]="1024 3"
  [psort]="1024 2" [websvc]="1024 400000 2" [kmedian]="1024 16 2" [dataframe]="1024"
  [pipeline]="1024 256")
apps=${*:-qsort gen kvstore blackscholes psort websvc kmedian dataframe pipeline}
secs() { local t0=$(date +%s.%N); "$@" > /tmp/retain-ab.out 2>&1 || echo "FAILED: $*" >&2; echo "$(date +%s.%N) - $t0" | bc; }
what() {
  grep -o 'quiet [0-9]* times, [0-9.]* s' /tmp/retain-ab.out | tr '\n' ' '
  grep -o 'evicted [0-9]* (written back [0-9]*)' /tmp/retain-ab.out
}
for app in $apps; do
  budget=$(( $(awk -v a=$app '$1 == a {print $2}' "$here/budgets.txt") * pct / 100 ))
  for i in $(seq $reps); do
    nat=$(secs "$builds/$app-native" ${ARGS[$app]})
    old=$(secs "$before" run --stats --local $budget -- "$builds/$app-auto" ${ARGS[$app]})
    was=$(what)
    new=$(secs "$after" run --stats --local $budget -- "$builds/$app-auto" ${ARGS[$app]})
    now=$(what)
    printf "%-12s %3d%% native %6.2f  before %6.2f  after %6.2f  (before: %s; after: %s)\n" \
      $app $pct $nat $old $new "$was" "$now"
  done
done
