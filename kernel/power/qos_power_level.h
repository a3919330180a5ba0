/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the power-level class shared by its core and its read-outs
 * (debugfs, /proc/wakelocks).
 */
#ifndef _KERNEL_POWER_QOS_POWER_LEVEL_H
#define _KERNEL_POWER_QOS_POWER_LEVEL_H

#include <linux/pm_qos_power_level.h>
#include <linux/spinlock.h>

#include "qos_registry_walk.h"

/*
 * The class's lock (raw, irqsave): it serialises every change to a timed
 * request's state and guards the registry of requests (which only
 * read-outs walk), the counts of timed requests by level and the removed
 * requests' totals.  Untimed updates do not take it: they change a
 * request's state word by compare-and-exchange (see qos_power_level.c).
 */
extern raw_spinlock_t power_level_lock;
extern struct list_head power_level_registry;

/*
 * power_level_first(), _next(), _is_cursor() and the batched walk
 * (struct power_level_walk, power_level_walk_start(), _next(), _end()):
 * see qos_registry_walk.h.
 */
QOS_REGISTRY_DEFINE(power_level, struct power_level_request,
		    &power_level_lock, &power_level_registry)

/*
 * For code built into the kernel (the KUnit suite): not exported, since no
 * module has a use for them.
 */
int power_level_add_notifier(struct notifier_block *nb);
int power_level_remove_notifier(struct notifier_block *nb);

/* The summed statistics of removed requests. */
void power_level_deleted_stats(struct power_level_stats *st);

#endif /* _KERNEL_POWER_QOS_POWER_LEVEL_H */
