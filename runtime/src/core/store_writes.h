/* store_writes.h -- the lock that holds back writes to the store (store_writes.c). */
#pragma once

/* Evictions write the store and unmap pages between these, drops unmap;
 * a fork, or mlockall, stops them while it works. */
void fm_store_writes_begin(void);
void fm_store_writes_end(void);
void fm_store_writes_stop(void);
void fm_store_writes_resume(void);
