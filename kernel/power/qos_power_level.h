/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the power-level class shared by its core and the read-outs
 * of other files (/proc/wakelocks).
 */
#ifndef _KERNEL_POWER_QOS_POWER_LEVEL_H
#define _KERNEL_POWER_QOS_POWER_LEVEL_H

#include <linux/pm_qos_power_level.h>
#include <linux/spinlock.h>

#include "qos_registry_walk.h"

/*
 * The class's lock (raw, irqsave): it protects every request's fields and
 * the registry of requests, which only read-outs walk.
 */
extern raw_spinlock_t power_level_lock;
extern struct list_head power_level_registry;

/*
 * A read-out's cursor in the registry (qos_registry_walk.h): a request that
 * is never added, told apart by its name pointer, which points at the
 * registry's head (no request's name can be there).
 */
#define POWER_LEVEL_CURSOR_MARK	((const char *)&power_level_registry)

static inline bool power_level_is_cursor(const struct list_head *node)
{
	return list_entry(node, struct power_level_request, node)->name ==
		POWER_LEVEL_CURSOR_MARK;
}

/* The first registered request at or after @pos, cursors skipped. */
static inline struct power_level_request *
power_level_registered_from(struct list_head *pos)
{
	for (; pos != &power_level_registry; pos = pos->next)
		if (!power_level_is_cursor(pos))
			return list_entry(pos, struct power_level_request, node);
	return NULL;
}

/*
 * Every registered request, under the registry lock, cursors skipped:
 * for (req = power_level_first(); req; req = power_level_next(req)).
 */
static inline struct power_level_request *power_level_first(void)
{
	return power_level_registered_from(power_level_registry.next);
}

static inline struct power_level_request *
power_level_next(struct power_level_request *req)
{
	return power_level_registered_from(req->node.next);
}

/* A batched walk of the registry: see qos_registry_walk.h. */
struct power_level_walk {
	struct qos_walk walk;
	struct power_level_request cursor;
};

static inline void power_level_walk_start(struct power_level_walk *pw)
{
	pw->cursor.name = POWER_LEVEL_CURSOR_MARK;
	qos_walk_start(&pw->walk, &power_level_lock, &power_level_registry,
		       &pw->cursor.node, power_level_is_cursor);
}

static inline struct power_level_request *
power_level_walk_next(struct power_level_walk *pw)
{
	struct list_head *pos = qos_walk_next(&pw->walk);

	return pos ? list_entry(pos, struct power_level_request, node) : NULL;
}

static inline void power_level_walk_end(struct power_level_walk *pw)
{
	qos_walk_end(&pw->walk);
}

/*
 * For code built into the kernel (the KUnit suite): not exported, since no
 * module has a use for them.
 */
int power_level_add_notifier(struct notifier_block *nb);
int power_level_remove_notifier(struct notifier_block *nb);

/* Statistics of removed requests, summed, under power_level_lock. */
extern struct power_level_stats power_level_deleted;

#endif /* _KERNEL_POWER_QOS_POWER_LEVEL_H */
