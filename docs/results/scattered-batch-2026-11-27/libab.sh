#!/bin/bash
# usage: libab.sh REPS -- farhint run args; alternates the base runtime (/tmp/ab/base) and the build's
reps=$1; shift 2
for i in $(seq $reps); do for v in base new; do d=/work/main/build; [ $v = base ] && d=/tmp/ab/base; t0=$(date +%s.%N); FARHINT_BUILD_DIR=$d /work/main/build/bin/farhint run --stats-file /tmp/df/ab-$v.json "$@" >/tmp/df/ab-$v.out 2>&1 || echo "$v FAILED"; t1=$(date +%s.%N); x=$(python3 -c "import json;d=json.load(open('/tmp/df/ab-$v.json'));l=d['latency_ns'];c=d['counters'];print('p99 h/u', l['hinted']['p99']/1000,l['unhinted']['p99']/1000,'unmaps',c['unmap_syscalls'])"); printf "%s %.3f %s %s\n" $v $(echo "$t1 - $t0" | bc) "$x" "$(grep -h checksum /tmp/df/ab-$v.out | head -1)"; done; done
