/* memcached.h -- what the memcached backend (backend/memcached.c) and the
 * process deleting its items after the program (memcached_reaper.c)
 * share. */
#ifndef FARHINT_MEMCACHED_H
#define FARHINT_MEMCACHED_H

#include <libmemcached/memcached.h>
#include <stdbool.h>
#include <stdint.h>

#define FM_MC_KEY_MAX 40

/* The configured handle every connection is cloned from. */
extern memcached_st fm_mc_proto[1];

/* The key of the page at far offset off; its length. */
int fm_mc_key_of(char *key, uint64_t off);

/* Whether every server in `touched` (NULL: all) has answered a get sent
 * after the requests before it on mc. */
bool fm_mc_barrier(memcached_st *mc, const bool *touched);

/* A clone of the configured handle into `into` that waits for every
 * reply (for stats requests); NULL when out of memory. */
memcached_st *fm_mc_replying_clone(memcached_st *into);

/* The reaper: started before the program's connections are opened
 * (fm_mc_reaper_start), told which sockets they are once open
 * (fm_mc_reaper_record_connections) and how far the stored pages reach,
 * before they are sent (fm_mc_reaper_storing). 0, or -1 logged. */
int fm_mc_reaper_start(void);
int fm_mc_reaper_record_connections(void);
void fm_mc_reaper_storing(uint64_t end);

#endif /* FARHINT_MEMCACHED_H */
