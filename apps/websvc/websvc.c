/* websvc -- the synthetic web service of AIFM and Eden (§5.3.2): each
 * request looks up 32 keys in a hash table, then reads one 8 KiB object
 * picked by the result and "serves" it (a hash over its bytes, standing in
 * for compression and encryption). Keys and objects follow Zipf 0.8.
 * A quarter of the memory is the table, the rest the objects.
 * USAGE: websvc MiB REQUESTS [THREADS]   prints "checksum <hex>" */
#include "workload.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LOOKUPS 32
#define OBJECT_BYTES 8192

struct entry {
  uint64_t key, value;
};

static struct entry *table; /* open addressing, linear probing, half full */
static uint64_t table_slots, nkeys, nobjects;
static unsigned char *objects;
static struct zipf key_dist, object_dist;

static void insert(uint64_t key, uint64_t value) {
  uint64_t i = mix(key) % table_slots;
  while (table[i].key)
    i = (i + 1) % table_slots;
  table[i] = (struct entry){key, value};
}

static uint64_t lookup(uint64_t key) {
  for (uint64_t i = mix(key) % table_slots;; i = (i + 1) % table_slots) {
    MANUAL_HINT(&table[i], 0, sizeof *table, 0, 0, 0);
    if (table[i].key == key || !table[i].key)
      return table[i].value;
  }
}

static uint64_t serve(const unsigned char *object) {
  uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
  MANUAL_HINT(object, 0, OBJECT_BYTES, 0, 0, 0);
  for (int i = 0; i < OBJECT_BYTES; i++)
    h = (h ^ object[i]) * 0x100000001b3ULL;
  return h;
}

static void *run(void *arg) {
  struct workload_share *w = arg;
  uint64_t x = w->seed;
  for (long r = 0; r < w->ops; r++) {
    uint64_t acc = 0;
    for (int k = 0; k < LOOKUPS; k++)
      acc += lookup(mix(zipf_draw(&key_dist, &x) % nkeys) | 1);
    uint64_t o = (zipf_draw(&object_dist, &x) + acc) % nobjects;
    w->sum += serve(objects + o * OBJECT_BYTES);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s MiB REQUESTS [THREADS]\n", argv[0]);
    return 2;
  }
  uint64_t bytes = (uint64_t)atol(argv[1]) << 20;
  long requests = atol(argv[2]);
  int threads = workload_threads(argc, argv, 3);
  if (bytes < (4 << 20)) {
    fprintf(stderr, "websvc: at least 4 MiB\n");
    return 2;
  }
  table_slots = bytes / 4 / sizeof *table;
  nkeys = table_slots / 2;
  nobjects = bytes * 3 / 4 / OBJECT_BYTES;
  table = calloc(table_slots, sizeof *table);
  for (uint64_t k = 0; k < nkeys; k++)
    insert(mix(k) | 1, mix(k ^ 0x5bd1e995)); /* key 0 marks an empty slot */
  objects = malloc(nobjects * OBJECT_BYTES);
  for (uint64_t i = 0; i < nobjects * OBJECT_BYTES / 8; i++)
    ((uint64_t *)objects)[i] = mix(i);
  zipf_init(&key_dist, nkeys, 0.8);
  zipf_init(&object_dist, nobjects, 0.8);
  uint64_t sum = workload_run(threads, requests, run);
  printf("keys %llu objects %llu requests %ld\nchecksum %016llx\n", (unsigned long long)nkeys,
         (unsigned long long)nobjects, requests, (unsigned long long)sum);
  return 0;
}
