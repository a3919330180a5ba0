/* SPDX-License-Identifier: GPL-2.0 */
/*
 * suspend-block: what the command-line parts (suspend-block.c) and the
 * read-out parts (blockers.c) share.
 */
#ifndef SUSPEND_BLOCK_TOOL_H
#define SUSPEND_BLOCK_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROG	"suspend-block"

/* Exit statuses, as the man page lists them. */
#define EXIT_RUNTIME		1	/* an error at run time */
#define EXIT_USAGE		2	/* bad command line */
#define EXIT_CANNOT_EXEC	126	/* COMMAND found but not runnable */
#define EXIT_NOT_FOUND		127	/* COMMAND not found */

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define NSEC_PER_MSEC	UINT64_C(1000000)
#define NSEC_PER_SEC	UINT64_C(1000000000)

/* "suspend-block: MESSAGE" on stderr. */
void error_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A duration for people: 0s, 250ms, 1.500s, 12m03s, 3h07m, 2d05h. */
void format_duration(uint64_t ns, char *buf, size_t size);

/* suspend-block list: returns the exit status. */
int blockers_list(bool all, bool json);
/* suspend-block why: 0 if nothing blocks suspend, 1 if something does. */
int blockers_why(void);

#endif /* SUSPEND_BLOCK_TOOL_H */
