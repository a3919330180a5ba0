/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the power-level class shared by its core and the read-outs
 * of other files (/proc/wakelocks).
 */
#ifndef _KERNEL_POWER_QOS_POWER_LEVEL_H
#define _KERNEL_POWER_QOS_POWER_LEVEL_H

#include <linux/pm_qos_power_level.h>
#include <linux/spinlock.h>

/*
 * The class's lock (raw, irqsave): it protects every request's fields and
 * the registry of requests, which only read-outs walk.
 */
extern raw_spinlock_t power_level_lock;
extern struct list_head power_level_registry;

/* Statistics of removed requests, summed, under power_level_lock. */
extern struct power_level_stats power_level_deleted;

#endif /* _KERNEL_POWER_QOS_POWER_LEVEL_H */
