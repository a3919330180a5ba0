/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the suspend-block class shared by its core and its
 * read-outs (debugfs, sysfs).
 */
#ifndef _KERNEL_POWER_QOS_SUSPEND_BLOCK_H
#define _KERNEL_POWER_QOS_SUSPEND_BLOCK_H

#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/pm_qos_suspend_block.h>

#include "qos_registry_walk.h"

/*
 * A timeout given in nanoseconds by user space, in jiffies: rounded up, at
 * most MAX_JIFFY_OFFSET (what the timer code treats as "longest"), and
 * without the overflow of adding TICK_NSEC - 1 first, so that U64_MAX
 * ("forever") stays the longest timeout instead of wrapping to one jiffy.
 */
static inline unsigned long suspend_block_ns_to_jiffies(u64 ns)
{
	u64 j = div_u64(ns, TICK_NSEC);

	if (j * TICK_NSEC < ns)
		j++;
	return min_t(u64, j, MAX_JIFFY_OFFSET);
}

/*
 * The registry: every added request, for read-outs only.  Add and remove
 * take the lock with interrupts off; a reader walking it may take each
 * request's timer_lock inside it (never the other way round).  Read-outs
 * user space can trigger walk it in batches, with a cursor.
 */
extern raw_spinlock_t suspend_block_registry_lock;
extern struct list_head suspend_block_registry;

/*
 * A read-out's cursor in the registry (qos_registry_walk.h): a request that
 * is never added, told apart by its name pointer, which points at the
 * registry's head (no request's name can be there).
 */
#define SUSPEND_BLOCK_CURSOR_MARK	((const char *)&suspend_block_registry)

static inline bool suspend_block_is_cursor(const struct list_head *node)
{
	return list_entry(node, struct suspend_block_request, node)->name ==
		SUSPEND_BLOCK_CURSOR_MARK;
}

/* The first registered request at or after @pos, cursors skipped. */
static inline struct suspend_block_request *
suspend_block_registered_from(struct list_head *pos)
{
	for (; pos != &suspend_block_registry; pos = pos->next)
		if (!suspend_block_is_cursor(pos))
			return list_entry(pos, struct suspend_block_request, node);
	return NULL;
}

/*
 * Every registered request, under the registry lock, cursors skipped:
 * for (req = suspend_block_first(); req; req = suspend_block_next(req)).
 */
static inline struct suspend_block_request *suspend_block_first(void)
{
	return suspend_block_registered_from(suspend_block_registry.next);
}

static inline struct suspend_block_request *
suspend_block_next(struct suspend_block_request *req)
{
	return suspend_block_registered_from(req->node.next);
}

/* A batched walk of the registry: see qos_registry_walk.h. */
struct suspend_block_walk {
	struct qos_walk walk;
	struct suspend_block_request cursor;
};

static inline void suspend_block_walk_start(struct suspend_block_walk *sw)
{
	sw->cursor.name = SUSPEND_BLOCK_CURSOR_MARK;
	qos_walk_start(&sw->walk, &suspend_block_registry_lock,
		       &suspend_block_registry, &sw->cursor.node,
		       suspend_block_is_cursor);
}

static inline struct suspend_block_request *
suspend_block_walk_next(struct suspend_block_walk *sw)
{
	struct list_head *pos = qos_walk_next(&sw->walk);

	return pos ? list_entry(pos, struct suspend_block_request, node) : NULL;
}

static inline void suspend_block_walk_end(struct suspend_block_walk *sw)
{
	qos_walk_end(&sw->walk);
}

/* Statistics of removed requests, summed, under the registry lock. */
extern struct suspend_block_stats suspend_block_deleted;

/*
 * What the read-outs print of one request: its statistics (closed
 * intervals), and as of the time asked for, the open interval.
 */
struct suspend_block_snapshot {
	struct suspend_block_stats stats;
	bool active;
	bool overdue;			/* timed, and its deadline has passed */
	u64 open;			/* ns into the open active interval */
	u64 open_prevent;		/* ns of it preventing autosleep */
	unsigned long expires_in;	/* jiffies to a pending timeout or 0 */
};

void suspend_block_snapshot(struct suspend_block_request *req, u64 now,
			    struct suspend_block_snapshot *snap);

/*
 * For code built into the kernel (the torture test, the KUnit suites): not
 * exported, since no module has a use for them.
 */
unsigned int suspend_block_active_count(void);
int suspend_block_add_notifier(struct notifier_block *nb);
int suspend_block_remove_notifier(struct notifier_block *nb);
void suspend_block_flush_notifiers(void);

/*
 * Rare conditions the suspend-block hot path must know about, in one word
 * it reads once per call instead of one flag and one tracepoint key each:
 * bits are set and cleared with atomic bit operations.
 */
extern unsigned long suspend_block_rare;
#define SB_RARE_SUSPENDING	0	/* activations now are wakeups */
#define SB_RARE_AUTOSLEEP	1	/* active time prevents autosleep */
#define SB_RARE_TRACING		2	/* a hot-path event is enabled */

#endif /* _KERNEL_POWER_QOS_SUSPEND_BLOCK_H */
