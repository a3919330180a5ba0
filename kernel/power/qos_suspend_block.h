/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the suspend-block class shared by its core and its
 * read-outs (debugfs, sysfs).
 */
#ifndef _KERNEL_POWER_QOS_SUSPEND_BLOCK_H
#define _KERNEL_POWER_QOS_SUSPEND_BLOCK_H

#include <linux/pm_qos_suspend_block.h>

/*
 * The registry: every added request, for read-outs only.  Add and remove
 * take the lock with interrupts off; a reader walking it may take each
 * request's lock inside it (never the other way round).
 */
extern spinlock_t suspend_block_registry_lock;
extern struct list_head suspend_block_registry;

/* Statistics of removed requests, summed, under the registry lock. */
extern struct suspend_block_stats suspend_block_deleted;

#endif /* _KERNEL_POWER_QOS_SUSPEND_BLOCK_H */
