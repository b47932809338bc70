/* pipeline -- a deduplicating compressor in the manner of PARSEC's dedup,
 * shaped as allocation-heavy programs are (issue 22): a generated input
 * stream is cut into content-defined chunks (a gear rolling hash, 4-64 KiB,
 * ~16 KiB on average); each chunk is copied into a buffer of its own,
 * fingerprinted and looked up in an index. A unique chunk is compressed
 * (zlib) into the current container, a duplicate refers to the stored one.
 * Containers (1 MiB) stay until the store holds STORE_MiB of them; the
 * oldest is then read back as a restore would -- each chunk decompressed
 * and checked against its fingerprint -- and freed. Every chunk, container
 * and restore buffer is allocated once, filled once, read once and freed.
 * USAGE: pipeline MiB [STORE_MiB]   prints counts and "checksum <hex>" */
#include "workload.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define MIN_CHUNK (4 << 10)
#define MAX_CHUNK (64 << 10)
#define BOUNDARY_MASK 0xfffc000000000000ULL /* 14 bits: 16 KiB on average */
#define CONTAINER_BYTES (1 << 20)
#define SEGMENT_MIN (8 << 10) /* the stream is made of segments, some repeated */
#define SEGMENT_SPAN (56 << 10)
#define RECENT_SEGMENTS 4096 /* a repeat copies one of the last ones */

static uint64_t gear[256];

static void die(const char *what) {
  fprintf(stderr, "pipeline: %s\n", what);
  exit(1);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    die("out of memory");
  return p;
}

/* ---- the input stream: text-like segments, a third of them repeats ---- */

struct stream {
  uint64_t rng, left;          /* bytes still to produce */
  uint64_t seg_seed, seg_left; /* the segment being produced */
  uint64_t recent[RECENT_SEGMENTS], nrecent;
};

static void next_segment(struct stream *s) {
  uint64_t r = xorshift(&s->rng);
  if (s->nrecent && r % 3 == 0) { /* a repeat of a recent segment */
    uint64_t n = s->nrecent < RECENT_SEGMENTS ? s->nrecent : RECENT_SEGMENTS;
    s->seg_seed = s->recent[xorshift(&s->rng) % n];
  } else {
    s->seg_seed = mix(r);
    s->recent[s->nrecent++ % RECENT_SEGMENTS] = s->seg_seed;
  }
  s->seg_left = SEGMENT_MIN + s->seg_seed % SEGMENT_SPAN; /* length from the seed */
}

/* Words of a 256-word vocabulary: compresses about 3:1, as text does. */
static size_t stream_read(struct stream *s, uint8_t *buf, size_t cap) {
  size_t n = 0;
  while (n < cap && s->left) {
    if (!s->seg_left) {
      next_segment(s);
      s->seg_left = s->seg_left > s->left ? s->left : s->seg_left;
    }
    uint64_t w = mix(s->seg_seed++) & 0xff;
    size_t len = 3 + w % 6;
    for (size_t i = 0; i < len && n < cap && s->seg_left; i++, n++, s->seg_left--, s->left--)
      buf[n] = i + 1 == len ? ' ' : (uint8_t)('a' + (w * 7 + i * 13) % 26);
  }
  return n;
}

/* ---- the index of stored chunks: open addressing by fingerprint ---- */

struct entry {
  uint64_t fp; /* 0: empty */
  uint32_t container, len;
};
static struct entry *index_table;
static uint64_t index_cap, index_used;

static void index_grow(void) {
  struct entry *old = index_table;
  uint64_t old_cap = index_cap;
  index_cap = old_cap ? 2 * old_cap : 1 << 16;
  index_table = calloc(index_cap, sizeof *index_table);
  if (!index_table)
    die("out of memory");
  for (uint64_t i = 0; i < old_cap; i++)
    if (old[i].fp) {
      uint64_t j = old[i].fp & (index_cap - 1);
      while (index_table[j].fp)
        j = (j + 1) & (index_cap - 1);
      index_table[j] = old[i];
    }
  free(old);
}

/* The entry for fp, or the empty slot where it belongs. */
static struct entry *index_find(uint64_t fp) {
  if (2 * (index_used + 1) > index_cap)
    index_grow();
  uint64_t j = fp & (index_cap - 1);
  while (index_table[j].fp && index_table[j].fp != fp)
    j = (j + 1) & (index_cap - 1);
  return &index_table[j];
}

/* ---- containers of compressed chunks, and their restore ---- */

struct container {
  uint8_t *data;
  size_t used;
  uint32_t nchunks, cap;
  struct stored {
    uint64_t fp;
    uint32_t offset, clen, len;
  } *chunks;
};

static uint64_t fingerprint(const uint8_t *p, size_t n) {
  uint64_t h = n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = mix(h ^ w);
  }
  for (; i < n; i++)
    h = mix(h ^ p[i]);
  return h | 1; /* never 0, the index's empty mark */
}

static struct container *container_new(void) {
  struct container *c = xmalloc(sizeof *c);
  c->data = xmalloc(CONTAINER_BYTES);
  c->used = 0;
  c->nchunks = 0;
  c->cap = 64;
  c->chunks = xmalloc(c->cap * sizeof *c->chunks);
  return c;
}

/* Decompresses every chunk and checks its fingerprint: a lost or corrupted
 * byte anywhere stops the program. Returns what the chunks fold into. */
static uint64_t container_restore(struct container *c) {
  uint64_t sum = 0;
  for (uint32_t i = 0; i < c->nchunks; i++) {
    struct stored *s = &c->chunks[i];
    uint8_t *out = xmalloc(s->len);
    uLongf len = s->len;
    if (uncompress(out, &len, c->data + s->offset, s->clen) != Z_OK || len != s->len ||
        fingerprint(out, len) != s->fp)
      die("a stored chunk does not restore to what was stored");
    sum = mix(sum ^ s->fp);
    free(out);
  }
  free(c->data);
  free(c->chunks);
  free(c);
  return sum;
}

/* ---- the pipeline ---- */

static struct {
  struct container **ring; /* containers in the store, oldest first */
  uint32_t first, count, max;
  uint32_t next_id; /* id of the container being filled */
  struct container *open;
  uint64_t chunks, unique, bytes_in, bytes_stored, checksum;
} p;

static void store_close_open(void) {
  if (p.count == p.max) { /* the store is full: restore the oldest */
    p.checksum = mix(p.checksum ^ container_restore(p.ring[p.first]));
    p.first = (p.first + 1) % p.max;
    p.count--;
  }
  p.ring[(p.first + p.count++) % p.max] = p.open;
  p.open = container_new();
  p.next_id++;
}

static void store_chunk(const uint8_t *chunk, uint32_t len, uint64_t fp) {
  uLongf clen = compressBound(len);
  if (p.open->used + clen > CONTAINER_BYTES)
    store_close_open();
  struct container *c = p.open;
  if (compress2(c->data + c->used, &clen, chunk, len, 1) != Z_OK)
    die("zlib cannot compress a chunk");
  if (c->nchunks == c->cap) {
    c->cap *= 2;
    c->chunks = realloc(c->chunks, c->cap * sizeof *c->chunks);
    if (!c->chunks)
      die("out of memory");
  }
  c->chunks[c->nchunks++] = (struct stored){fp, (uint32_t)c->used, (uint32_t)clen, len};
  c->used += clen;
  p.bytes_stored += clen;
}

static void process_chunk(const uint8_t *data, uint32_t len) {
  uint8_t *chunk = xmalloc(len); /* a buffer per chunk, as a stage hands it on */
  memcpy(chunk, data, len);
  uint64_t fp = fingerprint(chunk, len);
  struct entry *e = index_find(fp);
  if (!e->fp) {
    *e = (struct entry){fp, p.next_id, len};
    index_used++;
    p.unique++;
    store_chunk(chunk, len, fp);
  }
  p.checksum = mix(p.checksum ^ fp ^ ((uint64_t)e->container << 40));
  p.chunks++;
  p.bytes_in += len;
  free(chunk);
}

/* Content-defined boundaries: where the gear hash's top bits are zero. */
static size_t cut(const uint8_t *buf, size_t n, bool last) {
  if (n <= MIN_CHUNK)
    return last ? n : 0;
  uint64_t h = 0;
  size_t limit = n < MAX_CHUNK ? n : MAX_CHUNK;
  for (size_t i = MIN_CHUNK; i < limit; i++) {
    h = (h << 1) + gear[buf[i]];
    if (!(h & BOUNDARY_MASK))
      return i + 1;
  }
  return limit == MAX_CHUNK || last ? limit : 0;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s MiB [STORE_MiB]\n", argv[0]);
    return 2;
  }
  uint64_t mib = strtoull(argv[1], NULL, 10);
  uint64_t store_mib = argc > 2 ? strtoull(argv[2], NULL, 10) : mib / 4;
  if (!mib || !store_mib) {
    fprintf(stderr, "pipeline: MiB and STORE_MiB must be positive\n");
    return 2;
  }
  for (int i = 0; i < 256; i++)
    gear[i] = mix(0x6765617200ULL + (uint64_t)i);
  struct stream s = {.rng = 0x9e3779b97f4a7c15ULL, .left = mib << 20};
  p.max = (uint32_t)store_mib;
  p.ring = xmalloc(p.max * sizeof *p.ring);
  p.open = container_new();
  size_t cap = 4 * MAX_CHUNK, have = 0;
  uint8_t *buf = xmalloc(cap);
  for (;;) {
    have += stream_read(&s, buf + have, cap - have);
    bool last = s.left == 0;
    size_t off = 0, n;
    while ((n = cut(buf + off, have - off, last)) > 0) {
      process_chunk(buf + off, (uint32_t)n);
      off += n;
    }
    memmove(buf, buf + off, have - off);
    have -= off;
    if (last && !have)
      break;
  }
  free(buf);
  store_close_open();
  while (p.count) {
    p.checksum = mix(p.checksum ^ container_restore(p.ring[p.first]));
    p.first = (p.first + 1) % p.max;
    p.count--;
  }
  container_restore(p.open); /* empty: frees it */
  printf("chunks %lu, unique %lu (%.1f%%), %lu MiB in, %lu MiB stored, index %lu entries\n",
         (unsigned long)p.chunks, (unsigned long)p.unique, 100.0 * p.unique / p.chunks,
         (unsigned long)(p.bytes_in >> 20), (unsigned long)(p.bytes_stored >> 20),
         (unsigned long)index_used);
  printf("checksum %016lx\n", (unsigned long)p.checksum);
  free(index_table);
  free(p.ring);
  return 0;
}
