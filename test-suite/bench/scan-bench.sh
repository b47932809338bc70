#!/usr/bin/env bash
# Sequential scan at 25% local: hinted (seq, rdahead) against unhinted, both
# under farhint run with the default modelled link, interleaved REPS times in
# one run; prints each time, the medians and the ratio.
# Usage: test-suite/bench/scan-bench.sh [BUILD_DIR] [MiB] [REPS] [RDAHEAD]
set -euo pipefail
build=${1:-build}; mib=${2:-256}; reps=${3:-3}; rdahead=${4:-16}
local_kb=$((mib * 1024 / 4))
one() { # hint|nohint -> seconds
  local t0 t1
  t0=$(date +%s.%N)
  "$build/bin/farhint" run --local "${local_kb}K" -- "$build/bin/fm_scan" "$mib" 2 "$1" "$rdahead" >/dev/null
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}'
}
median() { sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }
h=(); u=()
for ((r = 1; r <= reps; r++)); do
  u+=("$(one nohint)"); h+=("$(one hint)")
  echo "rep $r: unhinted ${u[-1]} s, hinted ${h[-1]} s" >&2
done
mu=$(printf '%s\n' "${u[@]}" | median); mh=$(printf '%s\n' "${h[@]}" | median)
echo "scan ${mib} MiB x2 passes at 25% local (${local_kb} KiB), rdahead ${rdahead}"
echo "median unhinted ${mu} s, hinted ${mh} s, hinted speed-up $(awk -v a="$mu" -v b="$mh" 'BEGIN{printf "%.2f", a/b}')x"
