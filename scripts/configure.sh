#!/usr/bin/env bash
# Configures the CMake build once; later runs leave an existing build alone
# (ninja re-runs CMake itself when a CMakeLists.txt changes).
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
if [[ ! -f "$build/build.ninja" ]]; then
  mkdir -p "$build" # its absolute path names the venv's Python below
  cmake -S "$here" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DFARHINT_PYTHON="$(cd "$build" && pwd)/venv/bin/python" >/dev/null
fi
