#!/usr/bin/env bash
# Installs the Debian and Python packages farhint needs, only those missing.
# Usage: scripts/install-deps.sh BUILD_DIR
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)

debs=(clang-19 llvm-19-dev llvm-19-tools libclang-19-dev libpolly-19-dev
      cmake ninja-build python3 python3-venv
      libunwind-dev libjemalloc-dev libibverbs-dev librdmacm-dev libpfm4-dev
      libbenchmark-dev libgtest-dev libgmock-dev valgrind linux-perf zlib1g-dev
      libmemcached-dev memcached libevent-dev gdb liblz4-dev libzstd-dev kmod
      qemu-system-x86 rdma-core ibverbs-providers busybox-static perftest clang-format-19)

missing=()
for p in "${debs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "farhint: installing Debian packages: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "farhint: need root to install packages (run as root, or install them: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python packages live in a virtual environment inside the build folder.
venv="$build/venv"
req="$here/profile-tools/requirements.txt"
stamp="$venv/.requirements.sha256"
want=$(sha256sum "$req" | cut -d' ' -f1)
if [[ ! -x "$venv/bin/python" ]]; then
  echo "farhint: creating Python environment in $venv"
  mkdir -p "$build"
  /usr/bin/python3 -m venv "$venv" 2>/dev/null || python3 -m venv "$venv"
fi
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  echo "farhint: installing Python packages from $req"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$req"
  echo "$want" >"$stamp"
fi
