/* fh_uffd_move.h -- Linux 6.8's UFFDIO_MOVE, for headers older than the
 * running kernel (Debian 12's are 6.1's): the runtime's frame pool and the
 * primitives benchmark use it where the kernel has it. */
#ifndef FH_UFFD_MOVE_H
#define FH_UFFD_MOVE_H

#include <linux/userfaultfd.h>

#ifndef UFFD_FEATURE_MOVE
#define UFFD_FEATURE_MOVE (1 << 16)
struct uffdio_move {
  __u64 dst, src, len, mode;
  __s64 move;
};
#define _UFFDIO_MOVE (0x05)
#define UFFDIO_MOVE _IOWR(UFFDIO, _UFFDIO_MOVE, struct uffdio_move)
#define UFFDIO_MOVE_MODE_DONTWAKE ((__u64)1 << 0)
#endif

#endif /* FH_UFFD_MOVE_H */
