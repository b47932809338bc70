/* store_writes.c -- the lock that holds back writes to the memory server's
 * store while a fork copies it (fork.c) or mlockall works (mlock.c).
 * Evictions and drops take it shared; a fork or mlockall takes it alone.
 * Writers first, so a stream of evictions cannot hold one off.
 * Design: docs/design/process.md. */
#include "core/store_writes.h"

#include <pthread.h>

static pthread_rwlock_t store_writes = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;

void fm_store_writes_begin(void) { pthread_rwlock_rdlock(&store_writes); }

void fm_store_writes_end(void) { pthread_rwlock_unlock(&store_writes); }

void fm_store_writes_stop(void) { pthread_rwlock_wrlock(&store_writes); }

void fm_store_writes_resume(void) { pthread_rwlock_unlock(&store_writes); }
