#!/usr/bin/env bash
# Prints the LLVM 19 installation a build was configured with (CMake's
# FARHINT_LLVM_DIR), so that scripts name no LLVM path of their own.
# Usage: scripts/llvm-dir.sh [BUILD_DIR]
set -euo pipefail
cache="${1:-$(cd "$(dirname "$0")/.." && pwd)/build}/CMakeCache.txt"
dir=$(sed -n 's/^FARHINT_LLVM_DIR:[A-Z]*=//p' "$cache" 2>/dev/null || true)
if [[ -z $dir ]]; then
  echo "llvm-dir.sh: no FARHINT_LLVM_DIR in $cache: configure the build first (make)" >&2
  exit 2
fi
echo "$dir"
