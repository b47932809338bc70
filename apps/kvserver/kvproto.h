/* kvproto.h -- what kvserver and its load generator kvload share: the wire
 * format and the values.
 *
 * A request is three 32-bit words {op, key, seed}. INFO answers with the
 * number of keys; GET with the value (a 32-bit length, then the bytes); SET
 * stores the value that seed makes and answers with a 32-bit 0. A value
 * is 1-4 KiB: its first words say its key and seed, the rest follows from
 * them, so a client checks every value it reads. */
#ifndef APPS_KVPROTO_H
#define APPS_KVPROTO_H

#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { KV_INFO, KV_GET, KV_SET };
#define KV_SLOT 4096 /* the largest value */

struct kv_request {
  uint32_t op, key, seed;
};

static inline uint32_t kv_length(uint32_t key) { return 1024 + (key * 2654435761u) % 3072; }

static inline unsigned char kv_byte(uint32_t key, uint32_t seed, uint32_t i) {
  return (unsigned char)(key * 31 + seed * 7 + i * 13 + (i >> 8));
}

static inline void kv_fill(unsigned char *v, uint32_t key, uint32_t seed) {
  uint32_t n = kv_length(key);
  memcpy(v, &key, 4);
  memcpy(v + 4, &seed, 4);
  for (uint32_t i = 8; i < n; i++)
    v[i] = kv_byte(key, seed, i);
}

/* The value's seed, or -1 when it is not a whole value of key. */
static inline int64_t kv_check(const unsigned char *v, uint32_t n, uint32_t key) {
  uint32_t k, seed;
  if (n != kv_length(key))
    return -1;
  memcpy(&k, v, 4);
  memcpy(&seed, v + 4, 4);
  if (k != key)
    return -1;
  for (uint32_t i = 8; i < n; i++)
    if (v[i] != kv_byte(key, seed, i))
      return -1;
  return seed;
}

/* A server's arguments after its options, MiB LOOPS [PORT] (n of them at
 * args); exits with 2 saying how to run it when they are not. */
struct kv_server_args {
  long mib;
  int loops, port;
};

static inline struct kv_server_args kv_server_args(const char *usage, int n, char **args) {
  if (n < 2 || n > 3) {
    fprintf(stderr, "usage: %s\n", usage);
    exit(2);
  }
  struct kv_server_args a = {atol(args[0]), atoi(args[1]), n > 2 ? atoi(args[2]) : 0};
  if (a.mib < 1 || a.loops < 1 || a.port < 0 || a.port > 65535) {
    fprintf(stderr, "%.*s: MiB and LOOPS must be positive, PORT 0-65535\n",
            (int)strcspn(usage, " "), usage); /* the server's name */
    exit(2);
  }
  return a;
}

/* A server's table of mib MiB: one KV_SLOT slot per key, each holding its
 * key's first value; *nkeys is set. Exits saying why when it cannot. */
static inline unsigned char *kv_table_new(const char *server, long mib, uint32_t *nkeys) {
  *nkeys = (uint32_t)(((size_t)mib << 20) / KV_SLOT);
  unsigned char *table = malloc((size_t)*nkeys * KV_SLOT);
  if (!table) {
    fprintf(stderr, "%s: cannot allocate %ld MiB\n", server, mib);
    exit(1);
  }
  for (uint32_t k = 0; k < *nkeys; k++)
    kv_fill(table + (size_t)k * KV_SLOT, k, 0);
  return table;
}

/* What a server prints at its end: every value's bytes, mixed. */
static inline uint64_t kv_table_checksum(const unsigned char *table, uint32_t nkeys) {
  uint64_t sum = 0;
  for (uint32_t k = 0; k < nkeys; k++) {
    const unsigned char *v = table + (size_t)k * KV_SLOT;
    uint32_t n = kv_length(k);
    for (uint32_t i = 0; i < n; i += 8) {
      uint64_t w = 0;
      memcpy(&w, v + i, n - i < 8 ? n - i : 8);
      sum = mix(sum ^ w);
    }
  }
  return sum;
}

/* All of n bytes, or -1 (the peer closed, or an error). */
static inline int kv_io(int fd, void *buf, size_t n, int writing) {
  for (size_t done = 0; done < n;) {
    ssize_t r =
        writing ? write(fd, (char *)buf + done, n - done) : read(fd, (char *)buf + done, n - done);
    if (r <= 0)
      return -1;
    done += (size_t)r;
  }
  return 0;
}

#endif
