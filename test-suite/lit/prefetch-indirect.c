// Prefetches ahead of indirect accesses (Prefetch.h). gather's a[idx[i]]
// loads idx 32 iterations ahead -- clamped to the loop's last index, and only
// from a present page -- and asks for the page of a[] it names, with the
// blocking hint still at the access. scatter's targets[fill[src[e]]] goes
// through two loads; walk's items[i]->value through an array of pointers.
// A loop of 16 iterations is shorter than the distance, and an affine scan
// is left to read-ahead: neither gets one. prefetch-distance= moves the
// distance; 0 turns prefetches off.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/prefetch-indirect.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/prefetch-indirect.fhprof -fplugin-arg-farhint-prefetch-distance=8 -S -emit-llvm %s -o - | FileCheck --check-prefix=DIST8 %s
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/prefetch-indirect.fhprof -fplugin-arg-farhint-prefetch-distance=0 -S -emit-llvm %s -o - | FileCheck --check-prefix=OFF %s
// CHECK-LABEL: define{{.*}} double @gather(
// CHECK: [[IDX:%arrayidx[0-9]*]] = getelementptr inbounds i32, ptr %idx
// CHECK: %fh.pf.idx = getelementptr i8, ptr [[IDX]], i64 128
// CHECK: icmp ule ptr %fh.pf.idx, [[LAST:%[a-z0-9.]+]]
// CHECK: %fh.pf.bounded = select i1 %{{.*}}, ptr %fh.pf.idx, ptr [[LAST]]
// CHECK: %fh.pf.meta = load volatile i64
// CHECK: %fh.pf.from = select i1 %fh.pf.here, ptr %fh.pf.bounded, ptr [[IDX]]
// CHECK: %fh.pf.load = load i32, ptr %fh.pf.from
// CHECK: %fh.pf.addr = select i1 %fh.pf.here, ptr %fh.pf{{[0-9]*}}, ptr %fh.pf.bounded
// CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 1)
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 1)
// CHECK-LABEL: define{{.*}} void @scatter(
// CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 1, i32 2)
// CHECK-LABEL: define{{.*}} i64 @walk(
// CHECK: call preserve_mostcc void @farhint_prefetch_preserve_most(ptr %{{.*}}, i64 8, i32 0, i32 3)
// CHECK-LABEL: define{{.*}} double @short_gather(
// CHECK-NOT: farhint_prefetch
// CHECK: ret double
// CHECK-LABEL: define{{.*}} i64 @scan(
// CHECK-NOT: farhint_prefetch
// CHECK: ret i64
// CHECK: declare extern_weak preserve_mostcc void @farhint_prefetch_preserve_most(ptr, i64, i32, i32) #[[ATTR:[0-9]+]]
// CHECK: attributes #[[ATTR]] = { nonlazybind }
// REPORT: location: "prefetch-indirect.c:56:10"
// REPORT: prefetch ahead: indirect through 1 load(s), 32 iterations ahead (prefetch-distance=), index clamped to the loop's last
// REPORT: location: "prefetch-indirect.c:63:29"
// REPORT: prefetch ahead: indirect through 2 load(s)
// REPORT: location: "prefetch-indirect.c:70:20"
// REPORT: prefetch ahead: indirect through 1 load(s)
// REPORT: location: "prefetch-indirect.c:78:10"
// REPORT: no prefetch ahead: the loop runs 16 times, not more than the distance 32
// REPORT: location: "prefetch-indirect.c:86:10"
// REPORT: no prefetch ahead: no load in the address (affine: read-ahead covers it)
// DIST8-LABEL: define{{.*}} double @gather(
// DIST8: getelementptr i8, ptr %{{.*}}, i64 32
// DIST8: call preserve_mostcc void @farhint_prefetch_preserve_most(
// OFF-NOT: farhint_prefetch
struct item { long key, value; };

double gather(const double *a, const int *idx, long n) {
  double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; i++)
    s += a[idx[i]];
  return s;
}

void scatter(long *targets, long *fill, const long *src, const long *dst, long ne) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (long e = 0; e < ne; e++)
    targets[fill[src[e]]++] = dst[e];
}

long walk(struct item **items, long n) {
  long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; i++)
    s += items[i]->value;
  return s;
}

double short_gather(const double *a, const int *idx) {
  double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < 16; i++)
    s += a[idx[i]];
  return s;
}

long scan(const long *a, long n) {
  long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; i++)
    s += a[i];
  return s;
}
