/* fh_uffd_wp_vec.h -- UFFDIO_WRITEPROTECT_VEC, write-protect over an array
 * of ranges with one mmap-lock acquisition and one TLB flush: not in
 * mainline, added by kernel-patch/0001. A kernel that has it says so in
 * uffdio_register.ioctls; the runtime uses it there (evict.c). */
#ifndef FH_UFFD_WP_VEC_H
#define FH_UFFD_WP_VEC_H

#include <linux/userfaultfd.h>

#ifndef UFFDIO_WRITEPROTECT_VEC
struct uffdio_writeprotect_vec {
  __u64 ranges; /* struct uffdio_range[count] */
  __u64 count;
  __u64 mode; /* as UFFDIO_WRITEPROTECT's */
  __s64 done; /* out: the ranges done before the one that failed */
};
#define UFFDIO_WRITEPROTECT_VEC_MAX 1024
#define _UFFDIO_WRITEPROTECT_VEC (0x0A)
#define UFFDIO_WRITEPROTECT_VEC                                                                    \
  _IOWR(UFFDIO, _UFFDIO_WRITEPROTECT_VEC, struct uffdio_writeprotect_vec)
#endif

#endif /* FH_UFFD_WP_VEC_H */
