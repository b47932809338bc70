/* threads.h -- the runtime's own threads (threads.c). */
#pragma once

#include <stdbool.h>

/* Starts a runtime thread (before the heap moves to far memory). */
int fm_thread_start(void *(*fn)(void *), const char *name);
/* The same, with an argument. runtime_thread: it blocks every signal and its
 * CPU counts as the runtime's (not so the workers that run the program's
 * user-level threads). */
int fm_thread_start_arg(void *(*fn)(void *), void *arg, const char *name, bool runtime_thread);
