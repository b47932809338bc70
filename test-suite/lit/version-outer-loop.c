// Hints in a hash probe loop and in the loop that probes once per key: the
// key loop calls nothing, so it is versioned as a whole (one test of the live
// word per call of count_all, none per key). Where the key loop makes a call
// (which could allocate and make memory run short), only the probe loop is
// versioned, and the key loop's hints test the word themselves. A quicksort
// partition loop (two scans in a loop that swaps) is versioned as a whole.
// RUN: %clang -O2 -g %plugin -fplugin-arg-farhint-profile=%inputs/version-outer-loop.fhprof -S -emit-llvm %s -o - | FileCheck %s
// CHECK-LABEL: define{{.*}} void @count_all(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
// CHECK-NOT: @__farhint_live_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 1)
// CHECK-NOT: @__farhint_live_word
// CHECK-LABEL: define{{.*}} void @count_all_noted(
// CHECK: load volatile i32, ptr @__farhint_live_word
// CHECK: load volatile i32, ptr @__farhint_live_word
// CHECK-LABEL: define{{.*}} i64 @partition(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
// CHECK-NOT: @__farhint_live_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 {{5|6}})
struct entry {
  unsigned long key;
  long count;
};
void note(unsigned long key);

void count_all(struct entry *t, unsigned long mask, const unsigned long *keys, long n) {
  for (long i = 0; i < n; i++) {
    unsigned long h = (keys[i] * 0x9e3779b97f4a7c15UL) & mask;
    while (t[h].key && t[h].key != keys[i])
      h = (h + 1) & mask;
    t[h].key = keys[i];
    t[h].count++;
  }
}

void count_all_noted(struct entry *t, unsigned long mask, const unsigned long *keys, long n) {
  for (long i = 0; i < n; i++) {
    note(keys[i]);
    unsigned long h = (keys[i] * 0x9e3779b97f4a7c15UL) & mask;
    while (t[h].key && t[h].key != keys[i])
      h = (h + 1) & mask;
    t[h].key = keys[i];
    t[h].count++;
  }
}

// The partition loop of a quicksort: j, set in an inner loop, is used after
// the outer loop that is versioned, so the inner loops must be closed (LCSSA)
// before it is cloned, or the IR is broken.
long partition(long *a, long n, long p) {
  long i = 0, j = n - 1;
  for (;;) {
    while (a[i] < p)
      i++;
    while (a[j] > p)
      j--;
    if (i >= j)
      return j;
    long t = a[i];
    a[i] = a[j], a[j] = t;
  }
}

// A chained-bucket insert: p, set in the walk, is used by the hints after
// the loop, which must read it through the loop's exit phi (the hinted loop
// or its twin may have set it).
struct node {
  struct node *next;
  long key;
};
void insert(struct node **head, struct node *n, long key) {
  struct node **p = head;
  while (*p && (*p)->key != key)
    p = &(*p)->next;
  n->next = *p;
  *p = n;
}
// CHECK-LABEL: define{{.*}} void @insert(
// CHECK: %fh.live = load volatile i32, ptr @__farhint_live_word
// CHECK: call preserve_mostcc void @farhint_hint_slow_preserve_most(ptr %{{.*}}, i64 8, i32 {{[0-9]+}}, i32 8)
