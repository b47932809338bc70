/* interpose.h -- what every interposer of libfarmem shares: the next
 * definition of a function it stands in for (glibc's), looked up once. */
#pragma once

#include <dlfcn.h>

#define REAL(name)                                                                                 \
  ({                                                                                               \
    static __typeof__(name) *real_;                                                                \
    if (!real_)                                                                                    \
      real_ = (__typeof__(name) *)dlsym(RTLD_NEXT, #name);                                         \
    real_;                                                                                         \
  })
