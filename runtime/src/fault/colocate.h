/* colocate.h -- the control thread beside a lone faulting thread (colocate.c). */
#pragma once

#include <stdbool.h>
#include <sys/types.h>

/* The control thread beside a lone faulting thread (colocate.c): init on
 * the main thread before the control thread starts; per unhinted fault,
 * from the control thread, whether it now serves from the faulting
 * thread's core (and so must not spin there). */
void fm_colocate_init(void);
bool fm_colocate_fault(pid_t tid);
bool fm_colocated(void);
/* While other processes keep the CPUs busy (priority.c), from the control
 * thread: it serves apart, unpinned, and the servers park; resumed as it
 * was once the machine is quiet. */
void fm_colocate_pause(void);
void fm_colocate_resume(void);
bool fm_colocate_each(void);
bool fm_colocate_mine(pid_t tid);
void fm_colocate_priority(bool normal);
void *fm_colocate_wrap_start(void *(**fn)(void *), void **arg);
void fm_colocate_unwrap_start(void *wrapped);
void fm_colocate_server(int cpu);
unsigned fm_colocate_server_cpus(int *cpus, unsigned max);
