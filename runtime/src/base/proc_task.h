/* proc_task.h -- a thread's files under /proc (proc_task.c). */
#pragma once

#include <stddef.h>
#include <sys/types.h>

/* The file name of /proc/self/task/TID, NUL-terminated in buf (at most
 * size - 1 bytes of it); its length, or -1 (proc_task.c). */
ssize_t fm_proc_task_read(pid_t tid, const char *name, char *buf, size_t size);
