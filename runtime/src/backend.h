/* backend.h -- the transports behind fm_backend_* (backend.c): the shared
 * store of a farmem-server on this machine (backend_shm.c) and a
 * farmem-server over tcp (backend_tcp.c). */
#ifndef FM_BACKEND_H
#define FM_BACKEND_H

#include "fm.h"
#include <farmem/protocol.h>

/* One request and its reply on the unix control socket, with the fd the
 * reply may carry (backend.c). */
int fm_backend_call(struct farmem_msg *req, struct farmem_msg *rep, int *fd);

int fm_shm_attach(int memfd, uint64_t capacity);
const void *fm_shm_fetch(uintptr_t page);
void fm_shm_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_shm_forget(void);
void fm_shm_unlock(void);

/* 0, or -1 after saying why. Sets the link model to none: it is real. */
int fm_tcp_connect(const char *url, const char *token_file);
const void *fm_tcp_fetch(uintptr_t page, size_t len, struct fm_far_src *src);
void fm_tcp_release(struct fm_far_src *src);
void fm_tcp_store(const uintptr_t *pages, const uintptr_t *srcs, unsigned n);
void fm_tcp_read_into(uintptr_t page, void *dst, size_t len);
int fm_tcp_fd(void);
void fm_tcp_forget(void);

#endif /* FM_BACKEND_H */
