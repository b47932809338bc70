#!/bin/bash
# usage: sbab.sh REPS "SB values" -- farhint run args; alternates FM_SB values
reps=$1; vals=$2; shift 3
for i in $(seq $reps); do for v in $vals; do t0=$(date +%s.%N); FM_SB=$v /work/main/build/bin/farhint run --stats-file /tmp/df/sb-$v.json "$@" >/dev/null 2>&1; t1=$(date +%s.%N); p99=$(python3 -c "import json;d=json.load(open('/tmp/df/sb-$v.json'));l=d['latency_ns'];c=d['counters'];print(l['hinted']['p99']/1000,l['unhinted']['p99']/1000,c['unmap_syscalls'],c['sync_reclaims'])"); printf "%s %.3f %s\n" $v $(echo "$t1 - $t0" | bc) "$p99"; done; done
