#!/bin/bash
# all-local A/B: native, then each variant under farhint run --local 16G, alternated
B=/work/main/build/bin
cd /tmp/df
TIMEFORMAT=%R
reps=$1; shift
while read app args; do
  for i in $(seq $reps); do
    t=$( { time $B/app-$app $args >/dev/null 2>&1; } 2>&1 ); echo "$app native $t"
    for v in "$@"; do
      t=$( { time FARHINT_BUILD_DIR=/tmp/ab/$v $B/farhint run --local 16G -- $B/app-$app $args >/dev/null 2>&1; } 2>&1 ); echo "$app $v $t"
    done
  done
done <<'L'
qsort 1024
gen 256
kvstore 1024 16000000 2
blackscholes 1024 3
psort 1024 2
websvc 1024 400000 2
kmedian 1024 16 2
dataframe 1024
pipeline 1024 256
L
