#!/usr/bin/env bash
# Prefetches ahead of indirect accesses, side by side in one run: fm_gather
# (a gather a[idx[i]] and a scatter out[pos[key[i]]]++) natively, under the
# runtime unhinted, hinted without prefetches (prefetch-distance=0) and hinted
# with them, at one local budget. Usage: prefetch-gather.sh [MIB] [LOCAL%]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
farhint=$here/build/bin/farhint
mib=${1:-32} local=${2:-25}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$here/test-suite/e2e/fm_gather.c
"$("$here/scripts/llvm-dir.sh" "$here/build")/bin/clang" -O2 -g "$src" -o "$work/plain"
"$farhint" profile --local 10% -o "$work/g.fhprof" -- "$work/plain" 16 1 > /dev/null
"$farhint" cc --profile "$work/g.fhprof" --plugin-arg prefetch-distance=0 -- -O2 -g "$src" -o "$work/noprefetch"
"$farhint" cc --profile "$work/g.fhprof" -- -O2 -g "$src" -o "$work/prefetch"
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
native=$(seconds "$work/plain" "$mib" 1)
echo "fm_gather $mib MiB, ${local}% local, $(date -u +%F), $(nproc) cores"
echo "native        ${native} s"
for config in plain noprefetch prefetch; do
  t=$(seconds "$farhint" run --local "${local}%" --peak "${mib}M" -- "$work/$config" "$mib" 1)
  printf '%-13s %s s = %.2fx native\n' "$config" "$t" "$(echo "$t / $native" | bc -l)"
done
