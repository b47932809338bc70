/* fh_iov.h -- iovec bookkeeping shared by the runtime's vectored calls
 * (process_madvise, readv of a pipe) and the tcp transport's sendmsg. */
#ifndef FH_IOV_H
#define FH_IOV_H

#include <stddef.h>
#include <sys/uio.h>

/* Skips the first `done` bytes of the *n entries at iov, as a short
 * vectored call leaves them: returns the first entry with bytes left (its
 * base and length moved past what was done) and sets *n to the entries
 * left from there. */
static inline struct iovec *fh_iov_advance(struct iovec *iov, size_t *n, size_t done) {
  while (*n > 0 && done >= iov->iov_len) {
    done -= iov->iov_len;
    iov++;
    (*n)--;
  }
  if (*n > 0) {
    iov->iov_base = (char *)iov->iov_base + done;
    iov->iov_len -= done;
  }
  return iov;
}

#endif /* FH_IOV_H */
