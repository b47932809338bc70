/* memcached.c -- far pages as items in a memcached cluster users
 * already run (memcached://a:11211,b:11211), through libmemcached: each page
 * one item, its key this run's random region id and the page's index,
 * placed on a server by consistent hashing (ketama), so the cluster can grow
 * without moving most keys. A run of pages is one pipelined multi-get; a
 * write-back batch is pipelined sets without replies, then one get per
 * server it touched: memcached serves a connection's requests in order, so
 * when that get is answered the sets are stored, and a fetch on another
 * connection reads them.
 *
 * memcached is a cache: by default it evicts items when full. A lost page
 * must never read as zeros, so every server must run with -M (refuse rather
 * than evict), checked at connect; a set it refuses also deletes the old
 * item (memcached's rule for a failed set), so whatever was not stored is
 * missing, and a missing item when fetched stops the program with that
 * error. The items are deleted once the program has ended
 * (memcached_reaper.c).
 *
 * libmemcached allocates as it works (result buffers): from glibc's own
 * allocator, in local memory -- not from jemalloc, whose far heap it serves
 * and whose first call on a thread (the control thread's, in a fault)
 * would set up that thread's cache in far memory. Its structures live here,
 * so none comes from jemalloc either.
 * Design: docs/design/backends.md. */
#include "backend/memcached.h"
#include "base/libc.h"
#include "base/log.h"
#include "base/state.h"
#include "base/stats.h"
#include "backend/backend.h"
#include "backend/transport.h"

#include "fh_tcp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#define MAX_SERVERS FM_MAX_SERVERS
#define CONNS 4
#define RUN_MAX FM_ZERO_PAGES /* the largest fetch */

struct conn {
  memcached_st mc[1];
  pthread_mutex_t lock;
  uint8_t *buf; /* RUN_MAX pages */
};

memcached_st fm_mc_proto[1]; /* configured; the connections are its clones */

static struct {
  struct conn conns[CONNS];
  memcached_st child[1]; /* a forked child's own (fm_memcached_read_into) */
  bool child_connected;
  uint64_t region; /* in every key: runs sharing a cluster never meet */
  unsigned servers;
  char barrier[MAX_SERVERS][FM_MC_KEY_MAX]; /* a key on each server, never stored */
} mcd;

/* libmemcached's waits are the runtime's, not the program's (ult_caller). */
__thread bool fm_in_client_library;

int fm_mc_key_of(char *key, uint64_t off) {
  return snprintf(key, FM_MC_KEY_MAX, "fh:%016lx:%lx", (unsigned long)mcd.region,
                  (unsigned long)(off / FM_PAGE));
}

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_calloc(size_t, size_t);

static void *local_malloc(const memcached_st *m, size_t n, void *ctx) {
  (void)m, (void)ctx;
  return __libc_malloc(n);
}
static void local_free(const memcached_st *m, void *p, void *ctx) {
  (void)m, (void)ctx;
  __libc_free(p);
}
static void *local_realloc(const memcached_st *m, void *p, size_t n, void *ctx) {
  (void)m, (void)ctx;
  return __libc_realloc(p, n);
}
static void *local_calloc(const memcached_st *m, size_t k, size_t n, void *ctx) {
  (void)m, (void)ctx;
  return __libc_calloc(k, n);
}

static void lost(memcached_st *mc, const char *what) {
  fm_log("memcached: %s: %s", what, memcached_last_error_message(mc));
  fm_backend_lost();
}

/* Adds each server of "memcached://h:p,h:p". */
static int add_servers(const char *list) {
  struct fm_server_addr addrs[MAX_SERVERS];
  int n = fm_servers_parse(list, "memcached", addrs, MAX_SERVERS);
  for (int k = 0; k < n; k++)
    if (memcached_server_add(fm_mc_proto, addrs[k].host, (in_port_t)atoi(addrs[k].port)) !=
        MEMCACHED_SUCCESS) {
      fm_log("FARHINT_BACKEND: %s: %s", addrs[k].url, memcached_last_error_message(fm_mc_proto));
      return -1;
    }
  mcd.servers = n > 0 ? (unsigned)n : 0;
  return n > 0 ? 0 : -1;
}

static int configure(void) {
  const struct {
    memcached_behavior_t what;
    uint64_t value;
  } behaviours[] = {
      {MEMCACHED_BEHAVIOR_DISTRIBUTION, MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA},
      {MEMCACHED_BEHAVIOR_TCP_NODELAY, 1},
      {MEMCACHED_BEHAVIOR_NOREPLY, 1}, /* sets and deletes: the barrier get answers */
      {MEMCACHED_BEHAVIOR_BUFFER_REQUESTS, 1},
      {MEMCACHED_BEHAVIOR_CONNECT_TIMEOUT, fm_server_deadline_ms()},
      {MEMCACHED_BEHAVIOR_POLL_TIMEOUT, fm_server_deadline_ms()},
      {MEMCACHED_BEHAVIOR_SND_TIMEOUT, fm.cfg.server_deadline_ns / 1000}, /* us */
      {MEMCACHED_BEHAVIOR_RCV_TIMEOUT, fm.cfg.server_deadline_ns / 1000},
  };
  for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
    if (memcached_behavior_set(fm_mc_proto, behaviours[i].what, behaviours[i].value) !=
        MEMCACHED_SUCCESS) {
      fm_log("memcached backend: %s", memcached_last_error_message(fm_mc_proto));
      return -1;
    }
  return 0;
}

struct evicting {
  char servers[MAX_SERVERS * 300];
  size_t len;
};

/* `stats settings`: "evictions off" is a server started with -M. */
static memcached_return_t check_setting(const memcached_instance_st *sv, const char *key,
                                        size_t klen, const char *value, size_t vlen, void *ctx) {
  struct evicting *e = ctx;
  if (klen == 9 && !memcmp(key, "evictions", 9) && !(vlen == 3 && !memcmp(value, "off", 3)))
    e->len += (size_t)snprintf(e->servers + e->len, sizeof e->servers - e->len, " %s:%u",
                               memcached_server_name(sv), (unsigned)memcached_server_port(sv));
  return MEMCACHED_SUCCESS;
}

/* Buffered, a stats request would not be answered before it returns. */
memcached_st *fm_mc_replying_clone(memcached_st *into) {
  memcached_st *mc = memcached_clone(into, fm_mc_proto);
  if (mc &&
      (memcached_behavior_set(mc, MEMCACHED_BEHAVIOR_NOREPLY, 0) != MEMCACHED_SUCCESS ||
       memcached_behavior_set(mc, MEMCACHED_BEHAVIOR_BUFFER_REQUESTS, 0) != MEMCACHED_SUCCESS)) {
    memcached_free(mc);
    return NULL;
  }
  return mc;
}

static int check_no_eviction(void) {
  struct evicting e = {.len = 0};
  static memcached_st probe_st;
  memcached_st *probe = fm_mc_replying_clone(&probe_st);
  memcached_return_t rc = MEMCACHED_MEMORY_ALLOCATION_FAILURE;
  if (probe)
    rc = memcached_stat_execute(probe, "settings", check_setting, &e);
  if (rc != MEMCACHED_SUCCESS)
    fm_log("cannot reach the memcached servers %s (%s); is memcached running there, started "
           "with -M?",
           fm.cfg.backend, probe ? memcached_last_error_message(probe) : "out of memory");
  else if (e.len)
    fm_log("memcached at%s evicts items when full, which would lose far pages: start it with -M "
           "(return errors instead of evicting)",
           e.servers);
  memcached_free(probe);
  return rc != MEMCACHED_SUCCESS || e.len ? -1 : 0;
}

/* A key on each server for the write-back's barrier get. */
static void pick_barriers(void) {
  unsigned found = 0;
  for (unsigned k = 0; found < mcd.servers; k++) {
    char key[FM_MC_KEY_MAX];
    snprintf(key, sizeof key, "fh:%016lx:b%u", (unsigned long)mcd.region, k);
    uint32_t s = memcached_generate_hash(fm_mc_proto, key, strlen(key));
    if (s < MAX_SERVERS && !mcd.barrier[s][0]) {
      memcpy(mcd.barrier[s], key, sizeof key);
      found++;
    }
  }
}

/* Reads the replies to a multi-get of keys never stored; its end code. */
static memcached_return_t drain(memcached_st *mc) {
  memcached_result_st result;
  memcached_result_create(mc, &result);
  memcached_return_t rc;
  while (memcached_fetch_result(mc, &result, &rc))
    ;
  memcached_result_free(&result);
  return rc;
}

bool fm_mc_barrier(memcached_st *mc, const bool *touched) {
  const char *keys[MAX_SERVERS];
  size_t lens[MAX_SERVERS];
  unsigned n = 0;
  for (unsigned s = 0; s < mcd.servers; s++)
    if (!touched || touched[s]) {
      keys[n] = mcd.barrier[s];
      lens[n++] = strlen(mcd.barrier[s]);
    }
  if (!n)
    return true;
  memcached_return_t rc = memcached_mget(mc, keys, lens, n);
  if (rc == MEMCACHED_SUCCESS)
    rc = drain(mc);
  return rc == MEMCACHED_END || rc == MEMCACHED_NOTFOUND;
}

/* mc, a clone with every server connected now: later, in the data path,
 * connecting would resolve names with the program's allocator. */
static memcached_st *connected_clone(memcached_st *into) {
  memcached_st *mc = memcached_clone(into, fm_mc_proto);
  if (!mc)
    return NULL;
  if (!fm_mc_barrier(mc, NULL)) {
    fm_log("cannot reach the memcached servers %s: %s", fm.cfg.backend,
           memcached_last_error_message(mc));
    memcached_free(mc);
    return NULL;
  }
  return mc;
}

int fm_memcached_connect(const char *list) {
  if (!memcached_create(fm_mc_proto) ||
      memcached_set_memory_allocators(fm_mc_proto, local_malloc, local_free, local_realloc,
                                      local_calloc, NULL) != MEMCACHED_SUCCESS ||
      configure() < 0 || add_servers(list + strlen("memcached://")) < 0 || check_no_eviction() < 0)
    return -1;
  if (getrandom(&mcd.region, sizeof mcd.region, 0) != sizeof mcd.region)
    mcd.region = (uint64_t)getpid() << 32 ^ (uint64_t)fm_stats_now_ns();
  pick_barriers();
  if (fm_mc_reaper_start() < 0)
    return -1;
  for (int i = 0; i < CONNS; i++) {
    struct conn *c = &mcd.conns[i];
    fm_libc.pthread_mutex_init(&c->lock, NULL);
    c->buf = fm_libc.mmap(NULL, (size_t)RUN_MAX * FM_PAGE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (c->buf == MAP_FAILED || !connected_clone(c->mc))
      return -1;
  }
  if (fm_mc_reaper_record_connections() < 0)
    return -1;
  fm_link_is_the_network();
  return 0;
}

static struct conn *take(void) {
  return &mcd.conns[fm_conn_take(&mcd.conns[0].lock, sizeof mcd.conns[0], CONNS)];
}

/* The n pages from far offset off into dst, one multi-get; every one must
 * be there. */
static void get_pages(memcached_st *mc, uint64_t off, unsigned n, uint8_t *dst) {
  char keys[RUN_MAX][FM_MC_KEY_MAX];
  const char *kp[RUN_MAX];
  size_t kl[RUN_MAX];
  for (unsigned i = 0; i < n; i++) {
    kl[i] = (size_t)fm_mc_key_of(keys[i], off + (uint64_t)i * FM_PAGE);
    kp[i] = keys[i];
  }
  fm_in_client_library = true;
  memcached_return_t rc = memcached_mget(mc, kp, kl, n);
  if (rc != MEMCACHED_SUCCESS)
    lost(mc, "fetching far pages");
  memcached_result_st result;
  memcached_result_create(mc, &result);
  unsigned got = 0;
  while (memcached_fetch_result(mc, &result, &rc)) {
    char key[FM_MC_KEY_MAX];
    size_t klen = memcached_result_key_length(&result);
    memcpy(key, memcached_result_key_value(&result),
           klen < FM_MC_KEY_MAX ? klen : FM_MC_KEY_MAX - 1);
    key[klen < FM_MC_KEY_MAX ? klen : FM_MC_KEY_MAX - 1] = 0;
    char *colon = strrchr(key, ':');
    uint64_t at = colon ? strtoull(colon + 1, NULL, 16) * FM_PAGE : UINT64_MAX;
    if (at < off || at >= off + (uint64_t)n * FM_PAGE ||
        memcached_result_length(&result) != FM_PAGE) {
      memcached_result_free(&result);
      fm_log_die("memcached returned an item this program did not ask for (%s): is another "
                 "client writing to the cluster under farhint's keys?",
                 key);
    }
    memcpy(dst + (at - off), memcached_result_value(&result), FM_PAGE);
    got++;
  }
  memcached_result_free(&result);
  fm_in_client_library = false;
  if (rc != MEMCACHED_END && rc != MEMCACHED_NOTFOUND)
    lost(mc, "fetching far pages");
  if (got < n)
    fm_log_die("far pages at %#lx..%#lx are missing from memcached (%u of %u): a server lost "
               "them (restarted, flushed, or ran out of memory: give it more -m); the program "
               "cannot go on correctly, stopping",
               (unsigned long)(fm.far_base + off),
               (unsigned long)(fm.far_base + off + (uint64_t)n * FM_PAGE), n - got, n);
}

const void *fm_memcached_fetch(uintptr_t page, size_t len, struct fm_far_src *src) {
  struct conn *c = take();
  src->conn = (int)(c - mcd.conns);
  get_pages(c->mc, page - fm.far_base, (unsigned)(len / FM_PAGE), c->buf);
  return c->buf;
}

void fm_memcached_release(struct fm_far_src *src) {
  fm_libc.pthread_mutex_unlock(&mcd.conns[src->conn].lock);
  src->conn = -1;
}

void fm_memcached_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n) {
  if (!n)
    return;
  /* Before a set can be stored; pages ascend. */
  fm_mc_reaper_storing(pages[n - 1] + FM_PAGE - fm.far_base);
  struct conn *c = take();
  bool touched[MAX_SERVERS] = {false};
  fm_in_client_library = true;
  for (unsigned i = 0; i < n; i++) {
    char key[FM_MC_KEY_MAX];
    int klen = fm_mc_key_of(key, pages[i] - fm.far_base);
    memcached_return_t rc =
        memcached_set(c->mc, key, (size_t)klen, (const char *)srcs[i], FM_PAGE, 0, 0);
    if (rc != MEMCACHED_SUCCESS && rc != MEMCACHED_BUFFERED)
      lost(c->mc, "writing far pages back");
    touched[memcached_generate_hash(c->mc, key, (size_t)klen)] = true;
  }
  if (!fm_mc_barrier(c->mc, touched))
    lost(c->mc, "writing far pages back");
  fm_in_client_library = false;
  fm_libc.pthread_mutex_unlock(&c->lock);
}

/* In a forked child: its own connections (the parent's streams may be in
 * the middle of its requests). */
void fm_memcached_read_into(uintptr_t page, void *dst, size_t len) {
  if (!mcd.child_connected && !(mcd.child_connected = connected_clone(mcd.child)))
    fm_backend_lost();
  for (size_t done = 0; done < len;) {
    unsigned n = (unsigned)((len - done) / FM_PAGE < RUN_MAX ? (len - done) / FM_PAGE : RUN_MAX);
    get_pages(mcd.child, page - fm.far_base + done, n, (uint8_t *)dst + done);
    done += (size_t)n * FM_PAGE;
  }
}

/* In a forked child, done with far memory: the parent's connections are
 * dropped, not closed (closing says "quit" on the parent's streams). */
void fm_memcached_forget(void) {
  if (mcd.child_connected)
    memcached_free(mcd.child);
  mcd.child_connected = false;
}
