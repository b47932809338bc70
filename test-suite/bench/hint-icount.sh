#!/usr/bin/env bash
# Instructions per hint on each fast path, counted by callgrind: the loop runs
# at two lengths and the difference per iteration, minus the bare loop's, is
# the hint's cost. Deterministic for a given binary.
# Usage: test-suite/bench/hint-icount.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
bin="$build/bin/hint_icount"
n1=200000
n2=400000

irs() { # kind n -> total instructions executed
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1)
  grep -oE 'Collected : [0-9]+' <<<"$out" | grep -oE '[0-9]+$'
}
per_iter() { echo $(( ($(irs "$1" $n2) - $(irs "$1" $n1)) * 100 / (n2 - n1) )); }

bare=$(per_iter bare)
printf '%-10s %18s\n' path "instructions/hint"
for kind in aligned present seq outside notlive; do
  v=$(per_iter "$kind")
  printf '%-10s %18s\n' "$kind" "$(awk -v a="$v" -v b="$bare" 'BEGIN{printf "%.2f", (a-b)/100}')"
done
