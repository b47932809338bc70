/* kvstore -- a memcached-like key-value store: a chained hash table of
 * items (key, value of 64-1024 bytes), loaded with N items, then a workload
 * of GETs (Zipf 1.0 over the keys) and 5% SETs, on T threads. A SET
 * replaces an item with a new allocation of the same contents, so the
 * checksum of the GETs does not depend on how the threads interleave.
 * USAGE: kvstore MiB OPS [THREADS]   prints hits and "checksum <hex>" */
#include "workload.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
  struct item *next;
  uint64_t key;
  uint32_t len;
  unsigned char value[];
};

static struct item **buckets;
static uint64_t nbuckets, nkeys;
static pthread_mutex_t locks[256];
static struct zipf keys;

static struct item *make_item(uint64_t key, uint64_t version) {
  uint32_t len = 64 + (uint32_t)(mix(key) % 961);
  struct item *it = malloc(sizeof *it + len);
  it->key = key;
  it->len = len;
  for (uint32_t i = 0; i < len; i++)
    it->value[i] = (unsigned char)(mix(key + version) >> (i % 56));
  return it;
}

static void set(uint64_t key, uint64_t version) {
  struct item *it = make_item(key, version);
  uint64_t b = mix(key) % nbuckets;
  pthread_mutex_lock(&locks[b % 256]);
  struct item **p = &buckets[b];
  MANUAL_HINT(p, 1, sizeof *p, 0, 0, 0);
  while (*p && (*p)->key != key) {
    MANUAL_HINT(*p, 1, sizeof **p, 0, 0, 0);
    p = &(*p)->next;
  }
  struct item *old = *p;
  it->next = old ? old->next : *p;
  *p = it;
  pthread_mutex_unlock(&locks[b % 256]);
  free(old);
}

static uint64_t get(uint64_t key) {
  uint64_t b = mix(key) % nbuckets, sum = 0;
  pthread_mutex_lock(&locks[b % 256]);
  MANUAL_HINT(&buckets[b], 0, sizeof *buckets, 0, 0, 0);
  for (struct item *it = buckets[b]; it; it = it->next) {
    MANUAL_HINT(it, 0, sizeof *it, 0, 0, 0);
    if (it->key == key) {
      MANUAL_HINT(it->value, 0, it->len, 0, 0, 0);
      for (uint32_t i = 0; i < it->len; i += 8)
        sum += it->value[i];
      break;
    }
  }
  pthread_mutex_unlock(&locks[b % 256]);
  return sum;
}

static void *run(void *arg) {
  struct workload_share *w = arg;
  uint64_t x = w->seed;
  for (long i = 0; i < w->ops; i++) {
    uint64_t key = mix(zipf_draw(&keys, &x) % nkeys); /* ranks are spread over the table */
    if (x % 100 < 5)
      set(key, 0); /* a fresh item with the same contents: GETs stay deterministic */
    else
      w->sum += get(key);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s MiB OPS [THREADS]\n", argv[0]);
    return 2;
  }
  nkeys = (uint64_t)(atol(argv[1]) << 20) / (sizeof(struct item) + 544 + 16);
  long ops = atol(argv[2]);
  int threads = workload_threads(argc, argv, 3);
  nbuckets = nkeys;
  buckets = calloc(nbuckets, sizeof *buckets);
  for (int i = 0; i < 256; i++)
    pthread_mutex_init(&locks[i], NULL);
  zipf_init(&keys, nkeys, 1.0);
  for (uint64_t k = 0; k < nkeys; k++)
    set(mix(k), 0);
  uint64_t sum = workload_run(threads, ops, run);
  printf("items %llu ops %ld\nchecksum %016llx\n", (unsigned long long)nkeys, ops,
         (unsigned long long)sum);
  return 0;
}
