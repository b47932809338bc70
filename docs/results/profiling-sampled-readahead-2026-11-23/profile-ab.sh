#!/bin/bash
# Profiling time, old (sweep install, e0e247a) vs new (this tree), alternating.
cd /tmp/profcmp
for prog in connected_components triangle_counting dfs; do
  case $prog in
    connected_components) args="0 2 4194304 32";;
    triangle_counting) args="0 2 4194304 24";;
    dfs) args="0 2 4194304 16";;
  esac
  bin=/tmp/sweep10/out/$prog-native
  for which in old new; do
    if [ $which = old ]; then F=/tmp/fh-sweep/bin/farhint; else F=/work/main/build/bin/farhint; fi
    t0=$(date +%s.%N)
    $F profile --local 10% --peak $(python3 -c "import json;print(json.load(open(\"/tmp/sweep10/out/$prog-peak.json\"))[\"peak_resident_pages\"]*4096)") -o $prog-$which.fhprof -- $bin $args > $prog-$which.out 2> $prog-$which.err
    rc=$?
    t1=$(date +%s.%N)
    echo "$prog $which rc=$rc $(echo "$t1 - $t0" | bc) s"
  done
done
