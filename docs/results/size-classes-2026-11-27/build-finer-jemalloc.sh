#!/bin/bash
# usage: build-finer-jemalloc.sh WORKTREE
# Builds Debian 12's jemalloc 5.3.0 source with 16 size classes a doubling
# (SC_LG_NGROUP 4; Debian's build has 4, and 5.3.0 has no configure option
# for it) and Debian's configure options, then links WORKTREE's runtime
# against it (WORKTREE: a `git worktree add` of main, built with `make build`).
set -e
tree=$(cd "$1" && pwd)
src=/tmp/jemalloc-finer
mkdir -p $src && cd $src
pool=http://deb.debian.org/debian/pool/main/j/jemalloc
curl -sf -O $pool/jemalloc_5.3.0.orig.tar.bz2
echo "2db82d1e7119df3e71b7640219b6dfe84789bc0537983c3b7ac4f7189aecfeaa  jemalloc_5.3.0.orig.tar.bz2" | sha256sum -c
tar xf jemalloc_5.3.0.orig.tar.bz2 && cd jemalloc-5.3.0
sed -i 's/^#define SC_LG_NGROUP 2$/#define SC_LG_NGROUP 4/' include/jemalloc/internal/sc.h
./configure --with-version=5.3.0-0-g0 --with-lg-page=12 --with-lg-hugepage=21 --disable-doc > configure.log
make -j"$(nproc)" build_lib_static > make.log
cmake "$tree/build" -DJEMALLOC_PIC=$src/jemalloc-5.3.0/lib/libjemalloc_pic.a > /dev/null
cmake --build "$tree/build" --target farmem
