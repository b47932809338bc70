#!/usr/bin/env bash
# Compile time and text size of each app built with the FarHint plugin and
# its profile, against the same build without the plugin.
# Usage: test-suite/bench/compile-overhead.sh PROFILE_DIR [REPS]
#   PROFILE_DIR holds APP.fhprof for each app (e.g. a farhint bench --out folder).
set -euo pipefail
dir=$1; reps=${2:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
plugin="$root/build/lib/farhint.so"
clang="$("$root/scripts/llvm-dir.sh" "$root/build")/bin/clang"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seconds() { # command... -> total seconds of reps runs
  local t0 t1
  t0=$(date +%s.%N)
  for ((i = 0; i < reps; i++)); do "$@" >/dev/null 2>&1; done
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f", b-a}'
}
text() { size -A "$1" | awk '$1==".text"{print $2}'; }
printf '| app | compile s (plain) | compile s (plugin) | time overhead | .text bytes plain | .text bytes hinted | size overhead |\n|---|---|---|---|---|---|---|\n'
for src in "$root"/apps/*/*.c; do
  app=$(basename "$src" .c)
  [[ -f "$dir/$app.fhprof" ]] || continue
  flags=(-O2 -g -pthread -c "$src")
  plain=$(seconds "$clang" "${flags[@]}" -o "$tmp/p.o")
  hinted=$(seconds "$clang" "${flags[@]}" -fplugin="$plugin" -fplugin-arg-farhint-profile="$dir/$app.fhprof" -o "$tmp/h.o")
  sp=$(text "$tmp/p.o"); sh=$(text "$tmp/h.o")
  awk -v a="$app" -v p="$plain" -v h="$hinted" -v r="$reps" -v sp="$sp" -v sh="$sh" \
    'BEGIN{printf "| %s | %.3f | %.3f | %+.1f%% | %d | %d | %+.1f%% |\n", a, p/r, h/r, 100*(h-p)/p, sp, sh, 100*(sh-sp)/sp}'
done
