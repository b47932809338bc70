/* fork.h -- fork of a program whose heap is far (fork.c). */
#pragma once

#include <sys/types.h>

pid_t fm_fork(pid_t (*real_fork)(void));
