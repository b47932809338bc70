/* children.h -- the program's children (children.c). */
#pragma once

/* Programs this one starts run without the runtime (LD_PRELOAD edited), or,
 * with follow_children, each with its own. */
void fm_children_prepare(void);
/* report runs before the program execs what runs natively from there. */
void fm_children_on_exec(void (*report)(void));
/* A child was started (fork, posix_spawn): it runs natively unless
 * --follow-children; said once at the end (fm_children_report). */
void fm_children_started(void);
void fm_children_report(void);
