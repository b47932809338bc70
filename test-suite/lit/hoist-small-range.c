// An access that covers a few bytes over a constant trip count, in a loop
// that does not move it, is hinted once before both loops for its whole
// range (64 floats: 256 bytes), not once per iteration; the loops keep no
// hint. A long scan (2,000 floats span 2 pages) keeps its hint in the loop,
// which is versioned on the live word: a plain twin runs while it is 0, and
// the hinted loop's hint need not test it again.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/hoist-small-range.fhprof -fplugin-arg-farhint-report=%t.yaml -S -emit-llvm %s -o - | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT %s < %t.yaml
// CHECK-LABEL: define{{.*}} i32 @nearest(
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 256, i32 {{[0-9]+}}, i32 3)
// CHECK-NOT: farhint_hint_slow
// CHECK: ret i32
// CHECK-LABEL: define{{.*}} float @long_sum(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
// CHECK: br i1 %fh.islive, label %[[HINTED:[a-z.]+]], label %[[PLAIN:[a-z.]+]]
// CHECK: [[PLAIN]]:
// CHECK-NOT: farhint_hint_slow
// CHECK: [[HINTED]]:
// CHECK: [[LOOP:for.body]]:
// CHECK-NOT: @__farhint_live_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 {{[0-9]+}}, i32 {{[0-9]+}}, i32 4)
// CHECK: br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]]
// REPORT: hoisted out of 2 loop(s): one hint for 256 bytes
// REPORT-NOT: hoisted
#define DIM 64
int nearest(const float *p, float (*centers)[DIM], int k) {
  int best = 0;
  float bd = 1e30f;
  for (int c = 0; c < k; c++) {
    float d = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < DIM; j++) {
      float t = p[j] - centers[c][j];
      d += t * t;
    }
    if (d < bd)
      bd = d, best = c;
  }
  return best;
}

float long_sum(const float *a) {
  float s = 0;
  for (int i = 0; i < 2000; i++)
    s += a[i];
  return s;
}
