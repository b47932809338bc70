/* backend.h -- far pages on the memory server (backend.c), over shared memory, tcp,
 * memcached or rdma (transport.h).
 * Design: docs/design/backends.md. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether FARHINT_BACKEND names a backend and its servers' addresses (and
 * token) are well formed: -1 after saying why, a configuration error. */
int fm_backend_check(void);
int fm_backend_connect(void);
/* The far copy of [page, page + len) (len at most FM_ZERO_PAGES pages), to
 * read until fm_backend_release(src): a pointer into the shared store, or
 * a buffer the transfer filled. */
struct fm_far_src {
  int conn; /* the tcp connection whose buffer holds it, or -1 */
};
const void *fm_backend_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_backend_release(struct fm_far_src *src);
/* Stores the local pages (ascending addresses, FM_PAGE each) as their far
 * copies, reading page i from srcs[i] (NULL: from the pages themselves);
 * returns once the server holds them. */
void fm_backend_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
/* In a forked child, before fm_backend_forget: copies the far copy of
 * [page, page + len) into dst, over a connection of its own (fork.c);
 * false if the transport cannot give a child one (rdma: the kernel lets
 * only the process that opened a device use it), and the parent must read
 * for it. */
bool fm_backend_read_into(uintptr_t page, void *dst, size_t len);
/* Whether the transport can store pages straight from a pipe, and doing it:
 * the n pages fd holds, in order, become the far copies of pages[]. */
bool fm_backend_stores_fd(void);
void fm_backend_store_fd(int fd, const uintptr_t *pages, unsigned n);
/* A read of one far page that nobody waits for in place (a parked
 * user-level thread's, ult/fetch.c): start returns a ticket, or -1 when the
 * transport cannot (only rdma can: its READ runs while the caller goes on)
 * or has no room; poll gives the page once it has arrived, else NULL; end
 * gives the ticket back. */
bool fm_backend_reads_in_flight(void); /* whether the transport has such reads */
int fm_backend_read_start(uintptr_t page);
const void *fm_backend_read_poll(int ticket);
void fm_backend_read_end(int ticket);
/* Sleeps until the read may have arrived, at most a millisecond: an idle
 * thread that spun instead would hold off a software transport's (soft-RoCE)
 * work on the same core. */
void fm_backend_read_wait(int ticket);
/* overwritten is told of the pages each store writes, before it writes
 * them (a read in flight of one of them is stale: ult/fetch.c). */
void fm_backend_on_store(void (*overwritten)(const uintptr_t *pages, unsigned n));
int fm_backend_fd(void); /* to poll for server death */
/* A backend that keeps far pages in this process (compress): true, and the
 * pages it holds and the bytes they take there. */
bool fm_backend_pool(uint64_t *pages, uint64_t *bytes);
/* The pages the pool has sent on to the remote tier behind it (two tiers). */
uint64_t fm_backend_pool_remote_pages(void);
/* A backend whose far copies take this machine's memory (compress) keeps
 * a page in one place, as zswap's exclusive loads do: a page fetched from
 * it is mapped dirty and its copy dropped (fm_backend_discard), so it is
 * written again when it goes. */
bool fm_backend_drops_fetched(void);
/* Forgets the far copy of page, whose lock the caller holds, where it takes
 * this machine's memory; elsewhere it stays until overwritten. */
void fm_backend_discard(uintptr_t page);
/* Returns to the kernel the memory a pool in this process no longer uses. */
void fm_backend_trim(void);
int fm_backend_pid(void);
void fm_backend_lost(void) __attribute__((noreturn));
/* In a forked child: drop the connection and the store (fork.c). */
void fm_backend_forget(void);
void fm_backend_unlock_store(void); /* after the program's mlockall (mlock.c) */
/* Set while this thread is in a client library a transport calls
 * (libmemcached): the calls it makes are the runtime's, not the program's. */
extern __thread bool fm_in_client_library;
