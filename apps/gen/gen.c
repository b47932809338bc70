/* gen -- de-novo assembly of overlapping reads through a big k-mer hash
 * table, the PFA evaluation's Gen benchmark: count every 31-mer of the
 * reads with the bases seen after it, then walk contigs through k-mers
 * with one unambiguous successor.
 *
 * USAGE: gen MiB [SEED]             reads of a random genome, generated here
 *        gen --write FILE MiB [SEED] write the reads to FILE (one per line)
 *        gen --read FILE            assemble the reads in FILE
 * prints "contigs N bases M" and "checksum <hex>" */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K 31
#define READ_LEN 100
#define COVERAGE 8
#define KMASK ((1ULL << (2 * K)) - 1)

struct entry {
  uint64_t kmer; /* 2 bits a base; 0 = empty slot (kmer + 1 is stored) */
  uint32_t count;
  uint8_t next_seen; /* bit b: base b followed this k-mer */
  uint8_t used;      /* already part of a contig */
};

static struct entry *table;
static uint64_t table_mask;

static uint64_t hash64(uint64_t x) {
  x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33;
  return x;
}

static struct entry *slot(uint64_t kmer, int insert) {
  for (uint64_t i = hash64(kmer) & table_mask;; i = (i + 1) & table_mask) {
    struct entry *e = &table[i];
    if (e->kmer == kmer + 1)
      return e;
    if (!e->kmer) {
      if (!insert)
        return NULL;
      e->kmer = kmer + 1;
      return e;
    }
  }
}

static int code(char c) { return c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : 3; }

static void add_read(const char *r, int len) {
  uint64_t k = 0;
  for (int i = 0; i < len; i++) {
    k = ((k << 2) | (uint64_t)code(r[i])) & KMASK;
    if (i >= K - 1) {
      struct entry *e = slot(k, 1);
      e->count++;
      if (i + 1 < len)
        e->next_seen |= (uint8_t)(1u << code(r[i + 1]));
    }
  }
}

static char *make_genome(long len, uint64_t *x) {
  char *g = malloc(len);
  for (long i = 0; i < len; i++) {
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    g[i] = "ACGT"[*x & 3];
  }
  return g;
}

/* Calls fn on each read of a random genome of about mib MiB of k-mers. */
static void each_read(long mib, uint64_t seed, void (*fn)(const char *, int, void *), void *arg) {
  long entries = (mib << 20) / (long)sizeof(struct entry);
  long genome_len = entries / 2;
  uint64_t x = seed;
  char *g = make_genome(genome_len, &x);
  long reads = genome_len * COVERAGE / READ_LEN;
  for (long r = 0; r < reads; r++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    fn(g + x % (uint64_t)(genome_len - READ_LEN), READ_LEN, arg);
  }
  free(g);
}

static void add_cb(const char *r, int len, void *arg) {
  (void)arg;
  add_read(r, len);
}

static void write_cb(const char *r, int len, void *arg) {
  fwrite(r, 1, len, arg);
  fputc('\n', arg);
}

static uint64_t assemble(long *contigs, long *bases) {
  uint64_t sum = 0;
  for (uint64_t i = 0; i <= table_mask; i++) {
    struct entry *e = &table[i];
    if (!e->kmer || e->used || e->count < 2)
      continue;
    long len = K;
    uint64_t k = e->kmer - 1;
    e->used = 1;
    while (__builtin_popcount(e->next_seen) == 1) { /* extend while unambiguous */
      uint64_t next = ((k << 2) | (uint64_t)__builtin_ctz(e->next_seen)) & KMASK;
      struct entry *n = slot(next, 0);
      if (!n || n->used || n->count < 2)
        break;
      n->used = 1;
      e = n;
      k = next;
      len++;
    }
    (*contigs)++;
    *bases += len;
    sum = sum * 1000003 + (uint64_t)len;
  }
  return sum;
}

static void alloc_table(long entries) {
  uint64_t slots = 1;
  while (slots < (uint64_t)entries * 2) /* load factor at most 1/2 */
    slots <<= 1;
  table = calloc(slots, sizeof *table);
  table_mask = slots - 1;
  if (!table) {
    perror("gen: calloc");
    exit(2);
  }
}

int main(int argc, char **argv) {
  if (argc >= 4 && !strcmp(argv[1], "--write")) {
    FILE *f = fopen(argv[2], "w");
    if (!f) {
      perror(argv[2]);
      return 2;
    }
    each_read(atol(argv[3]), argc > 4 ? strtoull(argv[4], NULL, 0) : 42, write_cb, f);
    return fclose(f) != 0;
  }
  if (argc == 3 && !strcmp(argv[1], "--read")) {
    FILE *f = fopen(argv[2], "r");
    if (!f) {
      perror(argv[2]);
      return 2;
    }
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    rewind(f);
    alloc_table(bytes / (READ_LEN + 1) * (READ_LEN - K + 1) / COVERAGE * 2);
    char line[READ_LEN + 2];
    while (fgets(line, sizeof line, f))
      add_read(line, (int)strcspn(line, "\n"));
    fclose(f);
  } else if (argc >= 2 && argv[1][0] != '-') {
    long mib = atol(argv[1]);
    alloc_table((mib << 20) / (long)sizeof(struct entry) / 2);
    each_read(mib, argc > 2 ? strtoull(argv[2], NULL, 0) : 42, add_cb, NULL);
  } else {
    fprintf(stderr, "usage: %s MiB [SEED] | --write FILE MiB [SEED] | --read FILE\n", argv[0]);
    return 2;
  }
  long contigs = 0, bases = 0;
  uint64_t sum = assemble(&contigs, &bases);
  printf("contigs %ld bases %ld\nchecksum %016llx\n", contigs, bases, (unsigned long long)sum);
  return 0;
}
