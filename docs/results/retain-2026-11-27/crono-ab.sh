#!/bin/bash
# usage: [PROGRAMS="pagerank ..."] crono-ab.sh BUILDS REPS
# BUILDS: the --out folder of `farhint bench --suite crono --src CRONO --size large
# --programs pagerank,connected_components,sssp --configs native,auto --local 25`.
# Runs each program's hinted build at 25% of its native peak (that bench's summary.md:
# 2951, 2163 and 467 MiB) under the runtime before this change ($BEFORE, a build
# of 1dde9b9) and under this one ($AFTER), alternated, beside a native run.
builds=$1 reps=$2
before=${BEFORE:-/tmp/base/build/bin/farhint}
after=${AFTER:-/work/main/build/bin/farhint}
declare -A ARGS=([pagerank]="0 2 4194304 32" [connected_components]="0 2 4194304 32" [sssp]="0 2 1048576 16")
declare -A PEAK_MIB=([pagerank]=2951 [connected_components]=2163 [sssp]=467)
work=$(mktemp -d); cd "$work" || exit 1
secs() { local t0=$(date +%s.%N); "$@" > run.out 2>&1 || echo "FAILED: $*" >&2; echo "$(date +%s.%N) - $t0" | bc; }
for p in ${PROGRAMS:-pagerank connected_components sssp}; do
  budget=$(( PEAK_MIB[$p] * 1048576 / 4 ))
  for i in $(seq $reps); do
    nat=$(secs "$builds/$p-native" ${ARGS[$p]})
    old=$(secs "$before" run --local $budget -- "$builds/$p-auto" ${ARGS[$p]})
    new=$(secs "$after" run --local $budget -- "$builds/$p-auto" ${ARGS[$p]})
    printf "%-22s 25%% native %6.2f  before %6.2f  after %6.2f\n" $p $nat $old $new
  done
done
rm -rf "$work"
