/* detach.h -- processes started beside the program, never its children (detach.c). */
#pragma once

#include <sys/types.h>

/* A process that is no child of the program (detach.c): 0 in it, its pid
 * in the caller, -1 (errno) if it could not be started. */
pid_t fm_fork_detached(void);
